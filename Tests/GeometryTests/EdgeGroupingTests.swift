import Testing
@testable import Geometry

/// The row-based grouping of half-edges and of planar-graph neighbours, including the crowded
/// vertices (more than 32 neighbours) that take the sorting path instead of insertion.
struct EdgeGroupingTests {
    /// A closed fan: `n` triangles around vertex 0 on a ring 1...n, and `n` around vertex n + 1 on the
    /// other side (a double cone), so vertices 0 and n + 1 have n neighbours each.
    static func doubleCone(_ n: Int) -> [Mesh.Triangle] {
        (0..<n).flatMap { i -> [Mesh.Triangle] in
            let r = 1 + i, s = 1 + (i + 1) % n
            return [Mesh.Triangle(0, r, s), Mesh.Triangle(n + 1, s, r)]
        }
    }

    @Test(arguments: [5, 31, 40, 200])
    func everyEdgeOfAClosedFanHasTwoOppositeHalfEdges(n: Int) {
        let triangles = Self.doubleCone(n)
        let edges = EdgeGrouping(vertexCount: n + 2, triangles: triangles)
        var runs = 0
        edges.forEachEdge { run in
            runs += 1
            #expect(run.count == 2)
            let g = Int(edges.ids[run.lowerBound]), h = Int(edges.ids[run.lowerBound + 1])
            let (tg, th) = (triangles[g / 3], triangles[h / 3])
            // Opposite ways: g runs u -> v, h runs v -> u.
            #expect(tg[g % 3] == th[(h % 3 + 1) % 3] && th[h % 3] == tg[(g % 3 + 1) % 3])
        }
        #expect(runs == 3 * n)  // 2n spokes and n ring edges
        #expect(edges.ids.count == 6 * n)
    }

    @Test func degenerateTrianglesAreLeftOut() {
        let edges = EdgeGrouping(vertexCount: 3, triangles: [Mesh.Triangle(0, 1, 1), Mesh.Triangle(0, 1, 2)])
        #expect(edges.ids.sorted() == [3, 4, 5])
    }

    /// A centre joined to `n` points round a square: `n` triangular faces, which cover the polygon
    /// through those points, whether the centre's neighbours are inserted (few) or sorted (many).
    @Test(arguments: [8, 32, 33, 100])
    func aCrowdedVertexSplitsASquareIntoItsFan(n: Int) throws {
        var positions = [Vector2]()
        for k in 0..<n {
            // Points counter-clockwise round the square [-1, 1]², starting at a corner.
            let t = Double(k) / Double(n) * 8
            let side = Int(t / 2), f = t - Double(side) * 2 - 1
            positions.append([Vector2(1, f), Vector2(-f, 1), Vector2(-1, -f), Vector2(f, -1)][side])
        }
        positions.append(Vector2(0, 0))
        var graph = PlanarGraph()
        for k in 0..<n { graph.addEdge(UInt32(k), UInt32((k + 1) % n)) }
        for k in 0..<n { graph.addEdge(UInt32(n), UInt32(k)) }
        graph.addEdge(UInt32(n), 0)  // a repeated edge counts once
        let faces = try graph.faces { positions[Int($0)] }
        #expect(faces.count == n)
        var area = 0.0
        for face in faces {
            #expect(face.outer.count == 3 && face.holes.isEmpty)
            #expect(face.outer.contains(UInt32(n)))
            area += Contour(face.outer.map { positions[Int($0)] }).signedArea
        }
        #expect(abs(area - Contour(Array(positions.prefix(n))).signedArea) < 1e-12)
        #expect(area > 3)
    }
}
