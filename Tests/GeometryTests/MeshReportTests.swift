import Testing
@testable import Geometry

/// The validator finds every kind of defect it names.
@Suite struct MeshReportTests {
    static let cube = try! Mesh.box(size: Vector3(1, 1, 1), center: Vector3(0.5, 0.5, 0.5))

    @Test func aCubeIsValid() {
        let r = Self.cube.report()
        #expect(r.isValid && r.problems.isEmpty && r.volume == 1 && r.area == 6 && r.selfIntersections == 0)
    }

    @Test func openMeshes() {
        var m = Self.cube
        m.triangles.removeLast()
        let r = m.report()
        #expect(!r.isClosed && r.openEdges == 3 && !r.isValid)
    }

    @Test func flippedTriangleBreaksOrientation() {
        var m = Self.cube
        m.triangles[0] = m.triangles[0].flipped
        let r = m.report()
        #expect(r.isClosed && !r.isOriented && !r.isValid)
        #expect(Self.cube.flipped.report().isOriented && !Self.cube.flipped.report().isOutward)
    }

    @Test func edgeWithFourTrianglesAndPinchedVertex() {
        // Two cubes sharing an edge by index: non-manifold edge.
        let other = Self.cube.translated(by: Vector3(1, 1, 0))
        var shared = Mesh.merged([Self.cube, other])
        // Weld coincident vertices to create the shared edge.
        var first = [Vector3: UInt32]()
        var remap = [UInt32]()
        for v in shared.vertices {
            if let i = first[v] { remap.append(i) } else { first[v] = UInt32(remap.count); remap.append(UInt32(remap.count)) }
        }
        shared.triangles = shared.triangles.map { Mesh.Triangle(remap[Int($0.a)], remap[Int($0.b)], remap[Int($0.c)]) }
        let r = shared.report()
        #expect(r.nonManifoldEdges == 1 && !r.isManifold)
        // Two cubes sharing only a corner by index: a pinched vertex.
        let corner = Self.cube.translated(by: Vector3(1, 1, 1))
        var pinched = Mesh.merged([Self.cube, corner])
        let a = pinched.vertices.firstIndex(of: Vector3(1, 1, 1))!
        let b = pinched.vertices.lastIndex(of: Vector3(1, 1, 1))!
        pinched.triangles = pinched.triangles.map { t in
            func m(_ i: UInt32) -> UInt32 { Int(i) == b ? UInt32(a) : i }
            return Mesh.Triangle(m(t.a), m(t.b), m(t.c))
        }
        let p = pinched.report()
        #expect(p.nonManifoldVertices == 1 && p.nonManifoldEdges == 0 && !p.isValid)
    }

    @Test func touchingShellsWithDuplicatedVerticesAreValid() {
        // Two cubes meeting along an edge, each with its own vertices: valid, two shells.
        let m = Mesh.merged([Self.cube, Self.cube.translated(by: Vector3(1, 1, 0))])
        let r = m.report()
        #expect(r.isValid && r.shells == 2 && r.selfIntersections == 0)
        // Face to face: still no crossing.
        let stacked = Mesh.merged([Self.cube, Self.cube.translated(by: Vector3(0, 0, 1))]).report()
        #expect(stacked.selfIntersections == 0)
    }

    @Test func overlappingShellsIntersect() {
        let m = Mesh.merged([Self.cube, Self.cube.translated(by: Vector3(0.5, 0.5, 0.5))])
        let r = m.report()
        #expect((r.selfIntersections ?? 0) > 0 && !r.isValid)
        // A corner poking exactly onto a face counts too.
        let tip = try! Mesh.polyhedron(
            points: [Vector3(0.5, 0.5, 1), Vector3(0, 0, 2), Vector3(1, 0, 2), Vector3(0.5, 1, 2)],
            faces: [[0, 2, 1], [0, 3, 2], [0, 1, 3], [1, 2, 3]])
        #expect((Mesh.merged([Self.cube, tip]).report().selfIntersections ?? 0) > 0)
        // Coplanar overlap: a small square lying inside the cube's top face, from a thin box on top.
        let lid = try! Mesh.box(size: Vector3(0.5, 0.5, 0.5), center: Vector3(0.5, 0.5, 1.0))
        #expect((Mesh.merged([Self.cube, lid]).report().selfIntersections ?? 0) > 0)
    }

    @Test func degenerateTrianglesAreCounted() {
        var m = Self.cube
        m.vertices.append(Vector3(0, 0, 0))
        m.vertices.append(Vector3(1, 0, 0))
        m.vertices.append(Vector3(2, 0, 0))
        let n = UInt32(m.vertices.count)
        m.triangles.append(Mesh.Triangle(n - 3, n - 2, n - 1))
        m.triangles.append(Mesh.Triangle(n - 3, n - 3, n - 1))
        #expect(m.report().degenerateTriangles == 2)
    }

    @Test func nonFiniteCoordinates() {
        var m = Self.cube
        m.vertices[0] = Vector3(.nan, 0, 0)
        let r = m.report()
        #expect(r.nonFiniteVertices == 1 && !r.isValid)
    }

    /// The cheap check before writing (`validated`) agrees with the full report on every defect
    /// above, and names the problems in its error.
    @Test func validatedAgreesWithTheReport() throws {
        var open = Self.cube
        open.triangles.removeLast()
        var flipped = Self.cube
        flipped.triangles[0] = flipped.triangles[0].flipped
        var degenerate = Self.cube
        degenerate.vertices += [Vector3(0, 0, 0), Vector3(1, 0, 0), Vector3(2, 0, 0)]
        degenerate.triangles += [Mesh.Triangle(8, 9, 10), Mesh.Triangle(10, 9, 8)]
        var nonFinite = Self.cube
        nonFinite.vertices[0] = Vector3(.infinity, 0, 0)
        let overlapping = Mesh.merged([Self.cube, Self.cube.translated(by: Vector3(0.5, 0.5, 0.5))])
        let touching = Mesh.merged([Self.cube, Self.cube.translated(by: Vector3(1, 1, 0))])
        let sphere = try Mesh.sphere(radius: 3, segments: 64)
        for (name, m) in [("open", open), ("flipped", flipped), ("degenerate", degenerate), ("non-finite", nonFinite), ("overlapping", overlapping),
                          ("inside out", Self.cube.flipped), ("touching", touching), ("sphere", sphere), ("empty", Mesh.empty)] {
            let valid = m.report().isValid
            #expect(m.isValidSolid() == valid, "\(name)")
            if valid {
                #expect(try m.validated(name) == m)
            } else {
                #expect(throws: GeometryError.invalidResult("\(name) is not a valid solid (\(m.report().problems.joined(separator: "; "))); nothing was written")) {
                    try m.validated(name)
                }
            }
        }
        // A boolean's result carries the checked flag; the check before writing does not trust it.
        #expect(!overlapping.markedChecked().isValidSolid())
        #expect(overlapping.selfIntersections().count == overlapping.countSelfIntersections() && overlapping.selfIntersections(stoppingAtFirst: true).first != nil)
    }
}
