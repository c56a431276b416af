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
    /// A face a micrometre long and 30 nm wide, 70 mm from the origin (a triangle of hull-mask
    /// minus its copy moved by 1e-6 mm, projected: corner 0, and the copy's corner 7 inside it with
    /// the copy's edges out to the boundary): its area, about 1e-14 mm², is below the rounding
    /// error of a shoelace sum about the origin, which gave it no area and dropped it. Summed about
    /// its own first corner, it is a face, and the four faces cover the triangle.
    @Test func aSliverFarFromTheOriginIsAFace() throws {
        let positions = [
            Vector2(-68.6291733, -23.9285764), Vector2(-68.62917330729681, -23.928577286398077),
            Vector2(-68.7855301, -42.922434800000005), Vector2(-68.78553007935204, -42.92243329173441),
            Vector2(-68.55804440939305, -26.305350986131167), Vector2(-68.5580444, -26.3053503),
            Vector2(-68.62917328004247, -23.928577066881783), Vector2(-68.6291733, -23.9285774),
        ]
        var graph = PlanarGraph()
        for k in 0..<7 { graph.addEdge(UInt32(k), UInt32((k + 1) % 7)) }
        for k: UInt32 in [1, 3, 4, 6] { graph.addEdge(7, k) }
        let faces = try graph.faces { positions[Int($0)] }
        #expect(faces.count == 4)
        #expect(faces.contains { Set($0.outer) == [7, 6, 0, 1] })
        // Areas about the triangle's own corner, exactly enough for the sum.
        func area(_ ids: [UInt32]) -> Double {
            let o = positions[0]
            var s = 0.0
            for i in ids.indices { s += (positions[Int(ids[i])] - o).cross(positions[Int(ids[(i + 1) % ids.count])] - o) }
            return s / 2
        }
        let triangle = area(Array(0..<7))
        #expect(triangle > 0.8)
        #expect(abs(faces.reduce(0) { $0 + area($1.outer) } - triangle) < 1e-12)
    }
}
