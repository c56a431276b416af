import Testing
@testable import Geometry

/// The triangles on each edge (`EdgeTriangles`) against a `Dictionary` of arrays as the oracle: the
/// same triangles in the same order through random additions and removals, two per edge as a
/// manifold mesh has them and more (the overflow), and large triangle ids (both halves of a key).
@Suite struct EdgeTrianglesTests {
    @Test(arguments: [(UInt64(1), 3), (2, 40), (3, 2_000)])
    func agreesWithADictionaryOfArrays(seed: UInt64, edges: Int) {
        var random = SeededRandom(seed: seed)
        var table = EdgeTriangles(edges: 4), oracle = [UInt64: [Int]]()
        for step in 0..<30_000 {
            let u = UInt32(Int.random(in: 0..<edges, using: &random)), v = UInt32(Int.random(in: 0..<5, using: &random)) + 1_000_000
            let key = EdgeTriangles.key(u, v)
            #expect(key == EdgeTriangles.key(v, u))
            let known = oracle[key] ?? []
            // Mostly two per edge, now and then a third or fourth.
            let limit = Int.random(in: 0..<10, using: &random) == 0 ? 4 : 2
            if known.count < limit && Bool.random(using: &random) {
                let triangle = Int.random(in: 0..<3_000_000_000, using: &random)
                table.add(triangle, on: key)
                oracle[key, default: []].append(triangle)
            } else if let gone = known.randomElement(using: &random) {
                table.remove(gone, on: key)
                oracle[key]!.removeAll { $0 == gone }
            }
            let expected = oracle[key] ?? []
            #expect(table.triangles(on: key) == expected, "step \(step)")
            #expect(table.count(on: key) == expected.count)
            let pair = table.pair(on: key)
            #expect(pair.map { [$0.0, $0.1] } == (expected.count == 2 ? expected : nil))
        }
        for (key, list) in oracle { #expect(table.triangles(on: key) == list) }
    }

    @Test func removingATriangleThatIsNotThereChangesNothing() {
        var table = EdgeTriangles(edges: 1)
        let key = EdgeTriangles.key(3, 4)
        table.remove(7, on: key)
        #expect(table.count(on: key) == 0 && table.pair(on: key) == nil)
        table.add(0, on: key)
        table.add(5, on: key)
        table.remove(7, on: key)
        #expect(table.triangles(on: key) == [0, 5])
        table.remove(0, on: key)
        #expect(table.triangles(on: key) == [5] && table.pair(on: key) == nil)
        #expect(table.triangles(on: EdgeTriangles.key(4, 5)).isEmpty)
    }
}
