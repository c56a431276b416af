import Testing
import Foundation
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

    /// Neighbours (sharing an edge or one corner) are first told apart by the filtered side of the
    /// other's far corners, then by the projection of one (which maps it one to one), and only then
    /// by exact `orient3d`: a fan turned out of every axis plane has no crossing, and two triangles
    /// on one corner that cross each other beyond it still do.
    @Test func neighboursAreToldApartByTheirProjection() throws {
        let outline = (0..<12).map { k in Vector3(10 * cos(Double(k) * .pi / 6), 10 * sin(Double(k) * .pi / 6), 0) }
        let cap = Mesh(vertices: outline, triangles: (1..<11).map { Mesh.Triangle(0, UInt32($0), UInt32($0 + 1)) })
        let turned = cap.rotated(degrees: Vector3(37, -21, 64))
        #expect(turned.selfIntersections().count == 0)
        let plate = try Mesh.cylinder(radius: 10, height: 2, segments: 48).rotated(degrees: Vector3(37, -21, 64))
        #expect(plate.report().selfIntersections == 0)
        // (0, 0, 0) is the one corner the two share; the second crosses the first's plane inside it.
        let crossing = Mesh(vertices: [Vector3(0, 0, 0), Vector3(2, 0, 0), Vector3(0, 2, 0), Vector3(1, 0.5, -1), Vector3(0.5, 1, 1)],
                            triangles: [Mesh.Triangle(0, 1, 2), Mesh.Triangle(0, 3, 4)])
        #expect(crossing.selfIntersections().count == 1)
        #expect(crossing.rotated(degrees: Vector3(37, -21, 64)).selfIntersections().count == 1)
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

    /// The report's counts by index against a plain oracle (dictionaries of edges, a fan search per
    /// vertex), on random triangle soups over a few vertices: open, non-manifold and repeated edges,
    /// pinched vertices and triangles with a repeated index all occur.
    @Test func theTopologyCountsMatchAPlainOracle() {
        var rng = SeededRandom(seed: 11)
        var seen = (open: 0, nonManifold: 0, pinched: 0, misoriented: 0, manyShells: 0)
        for n in 0..<3_000 {
            let vertexCount = Int.random(in: 3...9, using: &rng)
            var m = Mesh(vertices: (0..<vertexCount).map { _ in Vector3(Double.random(in: 0...1, using: &rng), Double.random(in: 0...1, using: &rng), 0) }, triangles: [])
            let v = { (rng: inout SeededRandom) in UInt32.random(in: 0..<UInt32(vertexCount), using: &rng) }
            for _ in 0..<Int.random(in: 1...12, using: &rng) {
                let a = v(&rng), b = n % 5 == 0 ? a : v(&rng), c = v(&rng)
                m.triangles.append(Mesh.Triangle(a, b, c))
            }
            let r = m.report(checkSelfIntersections: false), o = Self.oracle(m)
            #expect(r.openEdges == o.open && r.nonManifoldEdges == o.nonManifoldEdges && r.nonManifoldVertices == o.nonManifoldVertices
                    && r.isOriented == o.oriented && r.shells == o.shells && r.eulerCharacteristic == o.euler, "\(m.triangles.map { [$0.a, $0.b, $0.c] }) \(o) \((r.openEdges, r.nonManifoldEdges, r.nonManifoldVertices, r.isOriented, r.shells, r.eulerCharacteristic))")
            if o.open > 0 { seen.open += 1 }
            if o.nonManifoldEdges > 0 { seen.nonManifold += 1 }
            if o.nonManifoldVertices > 0 { seen.pinched += 1 }
            if !o.oriented { seen.misoriented += 1 }
            if o.shells > 1 { seen.manyShells += 1 }
        }
        #expect(seen.open > 100 && seen.nonManifold > 100 && seen.pinched > 100 && seen.misoriented > 100 && seen.manyShells > 100, "\(seen)")
    }

    /// The counts the plain way: directed edges in a dictionary, shells by flooding across shared
    /// edges, and at each vertex its triangles flooded across the edges through it.
    static func oracle(_ m: Mesh) -> (open: Int, nonManifoldEdges: Int, nonManifoldVertices: Int, oriented: Bool, shells: Int, euler: Int) {
        func isDegenerate(_ t: Mesh.Triangle) -> Bool { t.a == t.b || t.b == t.c || t.c == t.a }
        struct Edge: Hashable { var u: UInt32, v: UInt32 }
        var directed = [Edge: Int]()
        for t in m.triangles where !isDegenerate(t) {
            for (u, v) in [(t.a, t.b), (t.b, t.c), (t.c, t.a)] { directed[Edge(u: u, v: v), default: 0] += 1 }
        }
        var open = 0, nonManifold = 0, edges = 0
        for (e, n) in directed where e.u < e.v || directed[Edge(u: e.v, v: e.u)] == nil {
            edges += 1
            let total = n + (e.u < e.v ? directed[Edge(u: e.v, v: e.u)] ?? 0 : 0)
            if total == 1 { open += 1 } else if total > 2 { nonManifold += 1 }
        }
        func undirected(_ t: Mesh.Triangle) -> Set<Edge> {
            Set([(t.a, t.b), (t.b, t.c), (t.c, t.a)].filter { $0.0 != $0.1 }.map { Edge(u: min($0.0, $0.1), v: max($0.0, $0.1)) })
        }
        func components(_ members: [Int], joined: (Int, Int) -> Bool) -> Int {
            var left = Set(members), count = 0
            while let start = left.first {
                count += 1
                var stack = [start]
                left.remove(start)
                while let i = stack.popLast() {
                    for j in left where joined(i, j) { left.remove(j); stack.append(j) }
                }
            }
            return count
        }
        let shells = components(Array(m.triangles.indices)) { !undirected(m.triangles[$0]).isDisjoint(with: undirected(m.triangles[$1])) }
        var pinched = 0
        let used = Set(m.triangles.flatMap { [$0.a, $0.b, $0.c] })
        for v in used {
            let around = m.triangles.indices.filter { [m.triangles[$0].a, m.triangles[$0].b, m.triangles[$0].c].contains(v) }
            let fans = components(around) { i, j in
                !undirected(m.triangles[i]).intersection(undirected(m.triangles[j])).filter { $0.u == v || $0.v == v }.isEmpty
            }
            if fans > 1 { pinched += 1 }
        }
        let oriented = directed.values.allSatisfy { $0 == 1 }
        return (open, nonManifold, pinched, oriented, shells, used.count - edges + m.triangles.count - m.triangles.filter(isDegenerate).count)
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
