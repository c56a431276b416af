import Foundation
import Testing
@testable import Geometry

/// The output simplification on hand-made meshes: a unit cube (corners ±0.5, the faces of
/// `TurnedCubeGearTests.turnedBox`) with one extra vertex (8), as a boolean would have constructed
/// it, and on booleans whose contact curves cross flat faces.
@Suite struct SimplificationTests {
    static func simplified(_ m: Mesh) -> Mesh {
        var simplification = Simplification(m, tolerance: Tolerance.of([m.bounds]))
        simplification.simplify([8])
        return simplification.mesh.compacted()
    }

    /// The cube with vertex 8 at `point` in the middle of its top, joined to the four corners, the
    /// two triangles on the side of 1 and 5 tagged `tag` (0 by default).
    static func cube(withTopPoint point: Vector3, tag: UInt32 = 0) -> Mesh {
        var m = RoundingRepairTests.cube(withTop: [(3, 1, 8), (1, 5, 8), (5, 7, 8), (7, 3, 8)], point: point)
        for i in m.triangles.indices where Set(m.triangles[i].indices) == [1, 5, 8] || Set(m.triangles[i].indices) == [3, 1, 8] {
            m.triangles[i].tag = tag
        }
        return m
    }

    @Test func aPointInsideAFlatFaceGoes() {
        let r = Self.simplified(Self.cube(withTopPoint: Vector3(0.1, 0.2, 0.5)))
        let report = BooleanTests.expectValid(r, "flat point")
        #expect(r.triangles.count == 12 && r.vertices.count == 8 && abs(report.volume - 1) < 1e-15)
    }

    /// A point on the edge between the top and the side y = 0.5: the crease runs straight through
    /// it, so it goes along the crease into one end.
    @Test func aPointOnAStraightCreaseGoes() {
        var m = RoundingRepairTests.cube(withTop: [(1, 5, 8), (5, 7, 8), (1, 8, 3)], point: Vector3(0.1, 0.5, 0.5))
        m.triangles.removeAll { Set($0.indices) == [3, 7, 2] || Set($0.indices) == [7, 6, 2] }
        m.triangles += [Mesh.Triangle(3, 8, 2), Mesh.Triangle(8, 7, 6), Mesh.Triangle(8, 6, 2)]
        #expect(m.report().isValid)
        let r = Self.simplified(m)
        let report = BooleanTests.expectValid(r, "crease point")
        #expect(r.triangles.count == 12 && abs(report.volume - 1) < 1e-15)
    }

    /// A point raised 0.2 over the top is the apex of a pyramid: a corner, which stays.
    @Test func aCornerStays() {
        let m = Self.cube(withTopPoint: Vector3(0.1, 0.2, 0.7))
        #expect(Self.simplified(m) == m.compacted())
    }

    /// A point raised by twice the tolerance stays too: the tolerance is all a collapse may move
    /// the surface.
    @Test func aPointJustOffTheFaceStays() {
        let tolerance = Tolerance.of([Bounds(Vector3(-0.5, -0.5, -0.5), Vector3(0.5, 0.5, 0.5))])
        let m = Self.cube(withTopPoint: Vector3(0.1, 0.2, 0.5 + 4 * tolerance))
        #expect(Self.simplified(m).triangles.count == 14)
        let within = Self.cube(withTopPoint: Vector3(0.1, 0.2, 0.5 + tolerance / 4))
        #expect(Self.simplified(within).triangles.count == 12)
    }

    /// Where two tags meet at the point, it goes only along a straight border, so the border
    /// between the parts stays where it was.
    @Test func aPointOnABorderOfTagsGoesOnlyWhereTheBorderIsStraight() {
        let straight = Self.simplified(Self.cube(withTopPoint: Vector3(0, 0, 0.5), tag: 1))
        _ = BooleanTests.expectValid(straight, "straight border")
        #expect(straight.triangles.count == 12)
        // The top's two triangles still split it along the diagonal from 3 to 5, one of each tag.
        let top = straight.triangles.filter { t in t.indices.allSatisfy { straight.vertices[$0].z == 0.5 } }
        #expect(Set(top.map(\.tag)) == [0, 1])
        let bent = Self.cube(withTopPoint: Vector3(0.1, 0, 0.5), tag: 1)
        #expect(Self.simplified(bent) == bent.compacted())
    }

    /// Unions of cubes turned 5.625° apart cross each other's top and bottom faces and side
    /// diagonals: every crossing inside a face or along a crease goes. Manifold's own result for
    /// eight has 494 triangles.
    @Test func turnedCubesLeaveNoPointsInsideTheirFaces() throws {
        let angles = (0..<8).map { 5.625 * Double($0) }
        let result = try Mesh.union(angles.map { TurnedCubeGearTests.turnedBox(Vector3(1, 1, 1), degrees: $0) })
        let r = BooleanTests.expectValid(result, "eight turned cubes")
        #expect(abs(r.volume - TurnedCubeGearTests.unionArea(side: 1, degrees: angles)) < 1e-9)
        #expect(result.triangles.count <= 494)
        // No vertex of the top lies inside it but the cubes' own corners: the rest are on the
        // outline, where two cubes' sides meet.
        let corners = Set(angles.flatMap { TurnedCubeGearTests.turnedBox(Vector3(1, 1, 1), degrees: $0).vertices })
        let top = Set(result.triangles.flatMap { t in t.indices.allSatisfy { result.vertices[$0].z == 0.5 } ? t.indices : [] })
        for v in top where !corners.contains(result.vertices[v]) {
            let p = result.vertices[v]
            let inside = angles.contains { a in
                let c = cos(-a * .pi / 180), s = sin(-a * .pi / 180)
                let x = p.x * c - p.y * s, y = p.x * s + p.y * c
                return max(abs(x), abs(y)) < 0.5 - 1e-9
            }
            #expect(!inside, "vertex \(p) lies inside the top")
        }
    }

    /// A 10 x 10 x 1 slab whose top and bottom are grids of 81 x 81 points: the 12,482 points inside
    /// them are more than `slabbingFrom`, so they are collapsed in slabs over the cores, then the
    /// ones between slabs. All but a few go (each face keeps its 320 border points), nothing moves,
    /// and one run gives the same triangles as the next.
    @Test func aFineGridCollapsesInSlabs() {
        let n = 80, step = 10.0 / Double(n)
        var vertices = [Vector3](), triangles = [Mesh.Triangle]()
        func id(_ i: Int, _ j: Int, _ level: Int) -> UInt32 { UInt32(level * (n + 1) * (n + 1) + j * (n + 1) + i) }
        for level in 0..<2 {
            for j in 0...n { for i in 0...n { vertices.append(Vector3(Double(i) * step, Double(j) * step, Double(level))) } }
        }
        for j in 0..<n {
            for i in 0..<n {
                let (a, b, c, d) = (id(i, j, 1), id(i + 1, j, 1), id(i + 1, j + 1, 1), id(i, j + 1, 1))
                triangles += [Mesh.Triangle(a, b, c), Mesh.Triangle(a, c, d)]
                let (e, f, g, h) = (id(i, j, 0), id(i + 1, j, 0), id(i + 1, j + 1, 0), id(i, j + 1, 0))
                triangles += [Mesh.Triangle(e, g, f), Mesh.Triangle(e, h, g)]
            }
        }
        // The border, counter-clockwise seen from above, and the sides between its copies.
        let ring = (0..<n).map { ($0, 0) } + (0..<n).map { (n, $0) } + (0..<n).map { (n - $0, n) } + (0..<n).map { (0, n - $0) }
        for k in ring.indices {
            let (i, j) = ring[k], (i2, j2) = ring[(k + 1) % ring.count]
            triangles += [Mesh.Triangle(id(i, j, 0), id(i2, j2, 0), id(i2, j2, 1)), Mesh.Triangle(id(i, j, 0), id(i2, j2, 1), id(i, j, 1))]
        }
        let mesh = Mesh(vertices: vertices, triangles: triangles)
        #expect(mesh.report().isValid)
        let inside = (0..<vertices.count).filter { v in
            let i = v % (n + 1), j = (v / (n + 1)) % (n + 1)
            return i > 0 && i < n && j > 0 && j < n
        }
        #expect(inside.count == 2 * 79 * 79 && inside.count >= Simplification.slabbingFrom)
        func simplified() -> Mesh {
            var simplification = Simplification(mesh, tolerance: Tolerance.of([mesh.bounds]))
            simplification.simplify(inside)
            return simplification.mesh.compacted()
        }
        let r = simplified()
        let report = BooleanTests.expectValid(r, "fine grid")
        // All but a few: a vertex left with three neighbours stays (one run on one core leaves one).
        #expect(r.vertices.count >= 2 * 4 * n && r.vertices.count <= 2 * 4 * n + 8, "\(r.vertices.count) vertices")
        #expect(r.triangles.count == 2 * r.vertices.count - 4)
        #expect(abs(report.volume - 100) < 1e-12)
        #expect(simplified() == r)
    }
}
