/// Exact classification of the pieces of a corefinement with degenerate contact: each piece lies
/// inside or outside the other operand, or on its surface (a coplanar overlap), facing the same way
/// or the opposite way.
extension Corefinement {
    /// Where a piece of one operand lies against the other.
    enum Side: Equatable {
        case outside
        case inside
        /// On the other's surface, with outward normals the same (`sameFacing`) or opposite.
        case onSurface(sameFacing: Bool)
    }

    /// The side of every piece of operand `mesh` (0 for A, 1 for B) against the other, `operands`
    /// being A and B. A piece on the surface is found from its corners: all lie on one coplanar
    /// triangle of the other, found through the features holding them. The other pieces are grouped
    /// into patches that no contact curve crosses, and each patch is tested once with an exact ray:
    /// from a corner off the other surface where it has one, else from the centre of its largest piece.
    func sides(of mesh: Int, _ operands: [Mesh]) -> [Side] {
        let own = operands[mesh], other = operands[1 - mesh], list = pieces[mesh]
        var result = [Side?](repeating: nil, count: list.count)
        // The other's triangles that overlap a coplanar triangle of this one, by corner (all equal
        // corners as one) and by edge.
        var aroundVertex = [UInt32: [Int]](), alongEdge = [Edge: [Int]]()
        for u in Set(coplanar[mesh].values.joined()) {
            let t = other.triangles[u]
            for k in 0..<3 {
                aroundVertex[root(t[k], of: 1 - mesh), default: []].append(u)
                alongEdge[Edge(t[k], t[(k + 1) % 3]), default: []].append(u)
            }
        }
        func holders(_ s: Simplex) -> [Int] {
            switch s {
            case .face(let f): [f]
            case .vertex(let v): aroundVertex[root(v, of: 1 - mesh)] ?? []
            case .edge(let e): alongEdge[e] ?? []
            }
        }
        for (i, t) in list.enumerated() where coplanar[mesh][sources[mesh][i]] != nil {
            // The piece lies on u when all its corners lie on the closed triangle u (it is convex).
            let h0 = allLabels(of: t.a, in: 1 - mesh).flatMap(holders)
            let h1 = allLabels(of: t.b, in: 1 - mesh).flatMap(holders), h2 = allLabels(of: t.c, in: 1 - mesh).flatMap(holders)
            if let u = h0.first(where: { h1.contains($0) && h2.contains($0) }) {
                result[i] = .onSurface(sameFacing: Corefinement.sameFacing(own.corners(sources[mesh][i]), other.corners(u)))
            }
        }
        // Patches of the remaining pieces.
        var byEdge = [Edge: [Int]]()
        for (i, t) in list.enumerated() where result[i] == nil {
            for (u, v) in [(t.a, t.b), (t.b, t.c), (t.c, t.a)] { byEdge[Edge(u, v), default: []].append(i) }
        }
        var patches = UnionFind(count: list.count)
        for (edge, ts) in byEdge where !curveEdges.contains(edge) {
            for k in 1..<ts.count { patches.union(ts[0], ts[k]) }
        }
        var sample = [Int: Vector3]()  // patch root -> a point to test
        var largest = [Int: (area: Double, centre: Vector3)]()
        for (i, t) in list.enumerated() where result[i] == nil {
            let root = patches.find(i)
            guard sample[root] == nil else { continue }
            if let free = [t.a, t.b, t.c].first(where: { label(of: $0, in: 1 - mesh) == nil }) {
                sample[root] = vertices[Int(free)]
                continue
            }
            let (p, q, r) = (vertices[Int(t.a)], vertices[Int(t.b)], vertices[Int(t.c)])
            let area = (q - p).cross(r - p).length
            if area > largest[root]?.area ?? -1 { largest[root] = (area, (p + q + r) / 3) }
        }
        var inside = [Int: Bool]()
        // A patch without a corner off the other surface is bounded by contact curves: its side is
        // decided exactly at one of them, by the other's triangles that hold it.
        if largest.keys.contains(where: { sample[$0] == nil }) {
            let holding = Holders(other, 1 - mesh, of: self)
            var points = [UInt32: HomogeneousPoint]()
            func point(_ id: UInt32) -> HomogeneousPoint {
                if let known = points[id] { return known }
                let new = HomogeneousPoint(definition(of: id))
                points[id] = new
                return new
            }
            for (i, t) in list.enumerated() where result[i] == nil {
                let root = patches.find(i)
                guard sample[root] == nil, inside[root] == nil else { continue }
                for k in 0..<3 where curveEdges.contains(Edge(t[k], t[(k + 1) % 3])) {
                    let (u, v, w) = (t[k], t[(k + 1) % 3], t[(k + 2) % 3])
                    let around = Set(allLabels(of: u, in: 1 - mesh).flatMap { holding.triangles(holding: $0, of: self, mesh: 1 - mesh) })
                        .intersection(allLabels(of: v, in: 1 - mesh).flatMap { holding.triangles(holding: $0, of: self, mesh: 1 - mesh) })
                    if let side = Self.side(of: point(w), against: around.sorted(), of: other) {
                        inside[root] = side
                        break
                    }
                }
            }
        }
        let test = PointInMesh(other, indexed: true)
        for i in 0..<list.count where result[i] == nil {
            let root = patches.find(i)
            if inside[root] == nil { inside[root] = test.contains(sample[root] ?? largest[root]!.centre) }
            result[i] = inside[root]! ? .inside : .outside
        }
        return result.map { $0! }
    }

    /// The triangles of one operand round each of its vertices (by the id standing for it) and
    /// along each of its edges.
    private struct Holders {
        var aroundVertex = [UInt32: [Int]]()
        var alongEdge = [Edge: [Int]]()

        /// Operand `index` of `core`, which is `mesh`.
        init(_ mesh: Mesh, _ index: Int, of core: Corefinement) {
            for (i, t) in mesh.triangles.enumerated() {
                for k in 0..<3 {
                    alongEdge[Edge(t[k], t[(k + 1) % 3]), default: []].append(i)
                    aroundVertex[core.root(t[k], of: index), default: []].append(i)
                }
            }
        }

        /// The triangles that hold feature `s` (closed: a face holds its edges and corners).
        func triangles(holding s: Simplex, of core: Corefinement, mesh: Int) -> [Int] {
            switch s {
            case .face(let f): [f]
            case .edge(let e): alongEdge[e] ?? []
            case .vertex(let v): aroundVertex[core.root(v, of: mesh)] ?? []
            }
        }
    }

    /// Whether a point next to a contact curve lies inside the other operand, where `holding` are the
    /// other's triangles that hold the curve there: one (the curve crosses its face), or the two
    /// beside one of its edges (a wedge, convex or not). Nil where the point lies in a plane that
    /// would decide it.
    private static func side(of w: HomogeneousPoint, against holding: [Int], of other: Mesh) -> Bool? {
        func against(_ f: Int) -> Int {
            let (p, q, r) = other.corners(f)
            return IndirectPredicates.orient3d(p, q, r, w)
        }
        switch holding.count {
        case 1:
            let s = against(holding[0])
            return s == 0 ? nil : s < 0
        case 2:
            let (s1, s2) = (against(holding[0]), against(holding[1]))
            // The wedge is convex where the second triangle's far corner lies below the first.
            let t1 = other.triangles[holding[0]], t2 = other.triangles[holding[1]]
            guard let far = [t2.a, t2.b, t2.c].first(where: { $0 != t1.a && $0 != t1.b && $0 != t1.c }) else { return nil }
            let (p, q, r) = other.corners(holding[0])
            if Predicates.orient3d(p, q, r, other.vertices[Int(far)]) < 0 {
                if s1 < 0 && s2 < 0 { return true }
                if s1 > 0 || s2 > 0 { return false }
            } else {
                if s1 < 0 || s2 < 0 { return true }
                if s1 > 0 && s2 > 0 { return false }
            }
            return nil
        default:
            return nil
        }
    }

    /// Whether two coplanar triangles face the same way, exactly.
    private static func sameFacing(_ t: (Vector3, Vector3, Vector3), _ u: (Vector3, Vector3, Vector3)) -> Bool {
        let axis = TriangleContact.Corners(t).projectionAxis
        return Predicates.orient2d(t.0, t.1, t.2, droppingAxis: axis) == Predicates.orient2d(u.0, u.1, u.2, droppingAxis: axis)
    }
}
