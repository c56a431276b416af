import Testing
@testable import Geometry

/// The rounding repair on hand-made meshes: a unit cube (corners ±0.5, the faces of
/// `TurnedCubeGearTests.turnedBox`) whose top carries a point the boolean would have constructed
/// (vertex 8), placed a rounding error from where it belongs.
@Suite struct RoundingRepairTests {
    static let cube = TurnedCubeGearTests.turnedBox(Vector3(1, 1, 1), degrees: 0)

    /// The cube with its top triangles (3, 1, 5) and (7, 3, 5) replaced by `top`, and vertex 8 at `point`.
    static func cube(withTop top: [(Int, Int, Int)], point: Vector3) -> Mesh {
        var m = cube
        m.vertices.append(point)
        let vertices = m.vertices
        m.triangles.removeAll { t in t.indices.allSatisfy { vertices[$0].z == 0.5 } }
        m.triangles += top.map { Mesh.Triangle($0.0, $0.1, $0.2) }
        return m
    }

    /// Every triangle lies on a face of the cube: its normal is that face's axis.
    static func faceNormals(_ m: Mesh) -> [Vector3] {
        m.triangles.map { t in
            let c = (m.vertices[Int(t.a)] + m.vertices[Int(t.b)] + m.vertices[Int(t.c)]) / 3
            let k = (0..<3).max { abs(c[$0]) < abs(c[$1]) }!
            var n = Vector3(0, 0, 0)
            n[k] = c[k] > 0 ? 1 : -1
            return n
        }
    }

    static func repaired(_ m: Mesh) throws -> Mesh {
        var repair = RoundingRepair(m, normals: faceNormals(m), origin: { $0 < 8 ? 0 : 2 }, tolerance: Tolerance.of([m.bounds]))
        try repair.repair()
        return repair.mesh.compacted()
    }

    /// A point on the diagonal 3-5 that rounded 3e-16 past corner 3 folds the triangles beside it;
    /// it is merged into the corner.
    @Test func aPointRoundedPastACornerIsMergedIntoIt() throws {
        let d = 0x1p-52
        let m = Self.cube(withTop: [(1, 5, 8), (1, 8, 3), (7, 3, 8), (7, 8, 5)], point: Vector3(-0.5 - d, 0.5 + d, 0.5))
        #expect(!m.report().isValid)
        let r = try Self.repaired(m)
        let report = BooleanTests.expectValid(r, "merged")
        #expect(r.triangles.count == 12 && abs(report.volume - 1) < 1e-15)
    }

    /// The same point rounded 11 tolerances past corner 3: too far for step 1's collapse, so the
    /// top still crosses itself after `repair()`. The last step, for a result that crosses itself,
    /// merges it into the corner. 181 tolerances past is beyond its reach, but the top is flat
    /// there, so merging it moves the surface by nothing, and it is merged too; sunk 300
    /// tolerances below the top as well, it would move the surface farther than the reach, and
    /// nothing changes.
    @Test func aPointFartherPastACornerIsMergedWhereTheResultCrosses() throws {
        let tolerance = Tolerance.of([Self.cube.bounds])
        func repairing(_ d: Double, raised h: Double = 0) throws -> RoundingRepair {
            let m = Self.cube(withTop: [(1, 5, 8), (1, 8, 3), (7, 3, 8), (7, 8, 5)], point: Vector3(-0.5 - d, 0.5 + d, 0.5 + h))
            var repair = RoundingRepair(m, normals: Self.faceNormals(m), origin: { $0 < 8 ? 0 : 2 }, tolerance: tolerance)
            try repair.repair()
            #expect(repair.mesh.compacted().countSelfIntersections() > 0)
            return repair
        }
        for d in [8.0, 128] {
            var repair = try repairing(d * tolerance)
            let crossed = repair.crossesItself(movable: [])
            #expect(crossed)
            let merged = repair.collapseCrossings(movable: [], reach: Tolerance.crossingReach * tolerance)
            #expect(merged, "\(d) tolerances past")
            // The repair's own search, which now tests only the triangles the merge changed, agrees
            // with the full check.
            let crosses = repair.crossesItself(movable: [])
            #expect(!crosses)
            let r = repair.mesh.compacted()
            let report = BooleanTests.expectValid(r, "merged from \(d) tolerances past")
            #expect(r.triangles.count == 12 && abs(report.volume - 1) < 1e-15)
        }
        var sunk = try repairing(128 * tolerance, raised: -300 * tolerance)
        let changed = sunk.collapseCrossings(movable: [], reach: Tolerance.crossingReach * tolerance)
        #expect(!changed)
        let crosses = sunk.crossesItself(movable: [])
        #expect(crosses && sunk.mesh.compacted().countSelfIntersections() > 0)
    }

    /// A point a hair off the middle of the diagonal leaves a cap (5, 3, 8) of height 1e-17: its
    /// long edge is flipped to the corner across it, and no thin triangle is left.
    @Test func aCapIsFlippedAway() throws {
        let m = Self.cube(withTop: [(3, 1, 8), (1, 5, 8), (5, 3, 8), (7, 3, 5)], point: Vector3(-1e-17, -1e-17, 0.5))
        let r = try Self.repaired(m)
        let report = BooleanTests.expectValid(r, "flipped")
        #expect(r.triangles.count == 14 && abs(report.volume - 1) < 1e-15)
        for i in r.triangles.indices {
            let (p, q, s) = r.corners(i)
            let longest = max((q - p).length, (s - q).length, (p - s).length)
            #expect((q - p).cross(s - p).length > 1e-9 * longest, "triangle \(i) is thin")
        }
    }

    /// A flat closed shell beside the cube (four triangles on four points in one plane, one of them
    /// on the opposite edge: a solid of no volume) is dropped.
    @Test func aFlatShellIsDropped() throws {
        var m = Self.cube
        m.vertices += [Vector3(5, 0, 0), Vector3(6, 0, 0), Vector3(5.5, 0, 0), Vector3(5.5, 1, 0)]
        m.triangles += [(8, 9, 10), (8, 10, 11), (8, 11, 9), (9, 11, 10)].map { Mesh.Triangle($0.0, $0.1, $0.2) }
        let r = try Self.repaired(m)
        let report = BooleanTests.expectValid(r, "dropped")
        #expect(r.triangles.count == 12 && abs(report.volume - 1) < 1e-15)
    }
}
