/// Where the kept pieces of a corefinement lie round an edge that more than two of them share (solids
/// touching along it), decided exactly, for `Mesh.separatingContacts` to pair them into solid wedges.
///
/// A piece lies in the plane of its input triangle, on one side of the edge: the side that an input
/// corner of that triangle strictly left of the edge (in the piece's own direction round it) marks,
/// found with an exact `orient2d` on the edge's definitions. The line through the edge lies in that
/// plane, so the plane through the edge and that corner is the input triangle's plane, and the order
/// of two pieces round the edge is the side of the second's corner against the first's input
/// triangle: `orient3d` on input coordinates. Nothing rounded is used; the rounded far corners of
/// nearly coincident sheets (a solid minus its copy moved by a few tolerances) tie or swap.
extension Corefinement {
    struct PieceDirections {
        let core: Corefinement
        let operands: [Mesh]
        /// Per kept triangle: its operand and its piece there (the piece's own orientation is its
        /// input triangle's, whether or not the kept triangle was turned round).
        let origins: [(mesh: Int, piece: Int)]

        /// A kept triangle's input triangle, the input corner that marks its side of edge u v, and
        /// +1 if the piece runs u -> v in its input triangle's direction (else -1).
        private struct Mark {
            var corners: (Vector3, Vector3, Vector3)
            var corner: Vector3
            var axis: Int
            var sign: Int
        }

        private func mark(_ x: Int, _ u: HomogeneousPoint, _ v: HomogeneousPoint, _ ids: (UInt32, UInt32)) -> Mark? {
            let (m, i) = origins[x]
            let piece = core.pieces[m][i]
            let corners = operands[m].corners(core.sources[m][i])
            guard let k = (0..<3).first(where: { piece[$0] == ids.0 }) else { return nil }
            // The piece's direction along the edge, in its input triangle's orientation.
            let runsForward = piece[(k + 1) % 3] == ids.1
            let (s, e) = runsForward ? (u, v) : (v, u)
            let axis = TriangleContact.Corners(corners).projectionAxis
            let turn = Predicates.orient2d(corners.0, corners.1, corners.2, droppingAxis: axis)
            guard turn != 0 else { return nil }
            for c in [corners.0, corners.1, corners.2]
            where IndirectPredicates.orient2d(s, e, HomogeneousPoint(.vertex(c)), droppingAxis: axis) == turn {
                return Mark(corners: corners, corner: c, axis: axis, sign: runsForward ? 1 : -1)
            }
            return nil
        }

        /// The kept triangles `around` edge u v (indices into the kept triangles), sorted
        /// counter-clockwise round the axis u -> v from the first. Nil where an input triangle cannot
        /// mark its side (the caller falls back to rounded positions); `.some(nil)` where two lie in
        /// one half-plane, which no pairing can separate.
        func order(round u: UInt32, _ v: UInt32, _ around: [Int]) -> [Int]?? {
            let hu = HomogeneousPoint(core.definition(of: u)), hv = HomogeneousPoint(core.definition(of: v))
            var marks = [Int: Mark]()
            for x in around {
                guard let m = mark(x, hu, hv, (u, v)) else { return nil }
                marks[x] = m
            }
            // The sign of orient3d(u, v, corner of x, corner of y).
            func turn(_ x: Int, _ y: Int) -> Int {
                let a = marks[x]!, b = marks[y]!
                return a.sign * Predicates.orient3d(a.corners.0, a.corners.1, a.corners.2, b.corner)
            }
            let first = around[0], m0 = marks[first]!
            let side0 = IndirectPredicates.orient2d(hu, hv, HomogeneousPoint(.vertex(m0.corner)), droppingAxis: m0.axis)
            // Half-turns from the first: 0 for angles in [0, pi), 1 for [pi, 2 pi).
            func half(_ y: Int) -> Int {
                let s = turn(first, y)
                if s != 0 { return s > 0 ? 0 : 1 }
                // In the first's plane: the same half-plane, or the opposite one.
                let side = IndirectPredicates.orient2d(hu, hv, HomogeneousPoint(.vertex(marks[y]!.corner)), droppingAxis: m0.axis)
                return side == side0 ? 0 : 1
            }
            var ties = false
            let sorted = around.sorted { x, y in
                let hx = half(x), hy = half(y)
                if hx != hy { return hx < hy }
                let s = turn(x, y)
                if s == 0 && x != y { ties = true }
                return s > 0
            }
            return ties ? .some(nil) : .some(sorted)
        }
    }
}
