import Testing
@testable import Geometry

/// The shortcuts of the exact triangle test (`TriangleIntersection`): where they settle a pair
/// (coplanar round one shared corner, or with none; one triangle touching the other's plane), the
/// full test agrees, on random triangles in three planes or on a small grid (small integer
/// coordinates, so that many pairs touch along rays and edges).
@Suite struct TriangleIntersectionTests {
    /// A point in the plane z = 0, x = 2, or x + y + z = 3 (`plane` 0, 1, 2) with small integer
    /// coordinates (exact in doubles).
    static func point(in plane: Int, using random: inout SeededRandom) -> Vector3 {
        let p = Double(Int.random(in: -4...4, using: &random)), q = Double(Int.random(in: -4...4, using: &random))
        switch plane {
        case 0: return Vector3(p, q, 0)
        case 1: return Vector3(2, p, q)
        default: return Vector3(p, q, 3 - p - q)
        }
    }

    /// Pairs from `pair` (nil to skip one) in `plane`: the shortcuts agree with the full test, and
    /// both outcomes occur often.
    static func expectShortcutsAgree(plane: Int, seed: UInt64, _ pair: (() -> Vector3) -> ((Vector3, Vector3, Vector3), (Vector3, Vector3, Vector3))?) {
        var random = SeededRandom(seed: seed)
        var separated = 0, meeting = 0
        for _ in 0..<20_000 {
            guard let (t, u) = pair({ point(in: plane, using: &random) }) else { continue }
            let fast = TriangleIntersection.intersect(t, u), full = TriangleIntersection.intersect(t, u, shortcuts: false)
            #expect(fast == full, "\(t) \(u)")
            if full { meeting += 1 } else { separated += 1 }
        }
        #expect(separated > 1000 && meeting > 1000)
    }

    /// Coplanar fans round one shared corner.
    @Test(arguments: 0..<3) func theFanShortcutAgreesWithTheFullTest(_ plane: Int) {
        Self.expectShortcutsAgree(plane: plane, seed: 7 + UInt64(plane)) { point in
            let v = point(), t = (v, point(), point()), u = (v, point(), point())
            let axis = TriangleIntersection.Tri(t).projectionAxis
            guard axis == TriangleIntersection.Tri(u).projectionAxis, Predicates.orient2d(t.0, t.1, t.2, droppingAxis: axis) != 0,
                  Predicates.orient2d(u.0, u.1, u.2, droppingAxis: axis) != 0 else { return nil }
            return (t, u)
        }
    }

    /// Coplanar pairs without a shared corner: the separating-edge shortcut.
    @Test(arguments: 0..<3) func theSeparatingEdgeShortcutAgreesWithTheFullTest(_ plane: Int) {
        Self.expectShortcutsAgree(plane: plane, seed: 27 + UInt64(plane)) { point in
            let t = (point(), point(), point()), u = (point(), point(), point())
            return [u.0, u.1, u.2].contains(where: { $0 == t.0 || $0 == t.1 || $0 == t.2 }) ? nil : (t, u)
        }
    }

    /// The shared-edge shortcut of the self-intersection check: where it says two coplanar triangles
    /// on one edge meet only along it, the full test agrees; where their third corners lie on one
    /// side, the full test finds the overlap.
    @Test(arguments: 0..<3) func theSharedEdgeShortcutAgreesWithTheFullTest(_ plane: Int) {
        var random = SeededRandom(seed: 17 + UInt64(plane))
        func point() -> Vector3 { Self.point(in: plane, using: &random) }
        var apart = 0, overlapping = 0
        for _ in 0..<20_000 {
            let p = point(), q = point(), r = point(), s = point()
            let axis = TriangleIntersection.Tri((p, q, r)).projectionAxis
            // (One triangle twice, r == s, is the edge grouping's to find: the full test ignores it.)
            guard r != s, Predicates.orient2d(p, q, r, droppingAxis: axis) != 0, Predicates.orient2d(q, p, s, droppingAxis: axis) != 0 else { continue }
            let full = TriangleIntersection.intersect((p, q, r), (q, p, s))
            if TriangleIntersection.meetOnlyAlongSharedEdge(p, q, r, s) {
                #expect(!full, "\(p) \(q) \(r) \(s)")
                apart += 1
            } else {
                #expect(full, "\(p) \(q) \(r) \(s)")
                overlapping += 1
            }
        }
        #expect(apart > 1000 && overlapping > 1000)
    }

    /// Triangles on a 5 x 5 x 5 grid, the second with one corner or one edge in the first's plane and
    /// the rest on one side: the shortcut that tests only that corner or edge.
    @Test func theTouchingThePlaneShortcutAgreesWithTheFullTest() {
        var random = SeededRandom(seed: 41)
        func point() -> Vector3 {
            Vector3(Double(Int.random(in: -2...2, using: &random)), Double(Int.random(in: -2...2, using: &random)),
                    Double(Int.random(in: -2...2, using: &random)))
        }
        var touchings = [0, 0, 0], meeting = 0, apart = 0
        for _ in 0..<60_000 {
            let t = (point(), point(), point()), u = (point(), point(), point())
            let plane = Predicates.Plane(t.0, t.1, t.2)
            let sides = [plane.side(of: u.0), plane.side(of: u.1), plane.side(of: u.2)]
            let zeros = sides.filter { $0 == 0 }.count
            // A flat triangle has no plane (the full test's planes are not defined for it); three
            // zeros are coplanar (the tests above).
            let axis = TriangleIntersection.Tri(t).projectionAxis, uAxis = TriangleIntersection.Tri(u).projectionAxis
            guard Predicates.orient2d(t.0, t.1, t.2, droppingAxis: axis) != 0, Predicates.orient2d(u.0, u.1, u.2, droppingAxis: uAxis) != 0,
                  zeros == 1 || zeros == 2 else { continue }
            let off = sides.filter { $0 != 0 }
            guard off.allSatisfy({ $0 == off[0] }) else { continue }
            touchings[zeros] += 1
            let fast = TriangleIntersection.intersect(t, u), full = TriangleIntersection.intersect(t, u, shortcuts: false)
            #expect(fast == full, "\(t) \(u)")
            if full { meeting += 1 } else { apart += 1 }
        }
        #expect(touchings[1] > 1000 && touchings[2] > 1000 && meeting > 1000 && apart > 1000, "\(touchings) \(meeting) \(apart)")
    }

    @Test func aFanOnAFlatCapDoesNotIntersect() {
        let v = Vector3(0, 0, 0)
        #expect(!TriangleIntersection.intersect((v, Vector3(1, 0, 0), Vector3(1, 1, 0)), (v, Vector3(0, 1, 0), Vector3(-1, 1, 0))))
        // Overlapping wedges round the shared corner do.
        #expect(TriangleIntersection.intersect((v, Vector3(2, 0, 0), Vector3(2, 2, 0)), (v, Vector3(2, 1, 0), Vector3(0, 2, 0))))
    }

    /// The projection drops the axis along which the normal is largest, so that a triangle a
    /// rounding off the vertical keeps its shape in 2D; a projection that is degenerate is never
    /// chosen, whatever the normal's size; a flat triangle falls back to z.
    @Test func theProjectionDropsTheNormalsLargestAxis() {
        // In the plane x = 0 but for one corner a unit in the last place off it: projected along
        // z, a sliver a few units wide (the rule before, z first, chose it).
        let nearlyVertical = TriangleIntersection.Tri((Vector3(0, 0, 0), Vector3(0, 1, 0), Vector3(0x1p-60, 0.5, 1)))
        #expect(nearlyVertical.projectionAxis == 0)
        #expect(TriangleIntersection.Tri((Vector3(0, 0, 5), Vector3(1, 0, 5), Vector3(0, 1, 5))).projectionAxis == 2)
        #expect(TriangleIntersection.Tri((Vector3(0, 0, 0), Vector3(1, 2, 0), Vector3(0, 0, 1))).projectionAxis == 0)
        #expect(TriangleIntersection.Tri((Vector3(0, 0, 0), Vector3(1, 0, 0), Vector3(0, 0.1, 1))).projectionAxis == 1)
        // Collinear corners have no plane.
        #expect(TriangleIntersection.Tri((Vector3(0, 0, 0), Vector3(1, 1, 1), Vector3(2, 2, 2))).projectionAxis == 2)
        // On random triangles: the axis chosen projects them to a triangle with an area, and the
        // normal is not larger along another axis by more than rounding.
        var random = SeededRandom(seed: 31)
        for _ in 0..<10_000 {
            func point() -> Vector3 {
                Vector3(Double.random(in: -1...1, using: &random), Double.random(in: -1...1, using: &random), Double.random(in: -1...1, using: &random))
            }
            let t = TriangleIntersection.Tri((point(), point(), point()))
            let axis = t.projectionAxis
            let n = (t.p1 - t.p0).cross(t.p2 - t.p0)
            #expect(Predicates.orient2d(t.p0, t.p1, t.p2, droppingAxis: axis) != 0)
            #expect(abs(n[axis]) >= max(abs(n.x), abs(n.y), abs(n.z)) * (1 - 1e-12))
        }
    }
}
