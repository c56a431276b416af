import Testing
@testable import Geometry

/// The BVH against brute force: every box that overlaps a query, and every overlapping pair, on
/// spreads of boxes that stress its Morton order (mixed sizes, centres on one point, centres
/// crowding towards one point so that the octree cells nest deeply).
@Suite struct BoundingVolumeHierarchyTests {
    static func randomBoxes(_ count: Int, seed: UInt64) -> [Bounds] {
        var random = SeededRandom(seed: seed)
        return (0..<count).map { _ in
            let c = Vector3(Double.random(in: -50...50, using: &random), Double.random(in: -50...50, using: &random), Double.random(in: -5...5, using: &random))
            // Mostly small boxes, some long ones (the fan triangles of a cap).
            let size = Double.random(in: 0...1, using: &random) < 0.9 ? 2.0 : 60.0
            let half = Vector3(Double.random(in: 0...size, using: &random), Double.random(in: 0...size, using: &random), Double.random(in: 0...1, using: &random))
            return Bounds(min: c - half, max: c + half)
        }
    }

    static func expectMatchesBruteForce(_ boxes: [Bounds], queries: [Bounds], _ label: String) {
        let tree = BoundingVolumeHierarchy(boxes: boxes)
        for q in queries {
            var found = [Int]()
            tree.forEachOverlap(with: q) { found.append($0) }
            let expected = boxes.indices.filter { boxes[$0].intersects(q) }
            #expect(found.sorted() == expected, "\(label): query \(q)")
            #expect(Set(found).count == found.count, "\(label): a box reported twice")
            #expect(tree.overlapsAny(q) == !expected.isEmpty, "\(label): overlapsAny \(q)")
        }
    }

    @Test func overlapsMatchBruteForce() {
        let boxes = Self.randomBoxes(3_000, seed: 7)
        Self.expectMatchesBruteForce(boxes, queries: Self.randomBoxes(200, seed: 8), "random boxes")
    }

    @Test func overlappingPairsMatchBruteForce() {
        let boxes = Self.randomBoxes(600, seed: 9)
        var pairs = [[Int]]()
        BoundingVolumeHierarchy(boxes: boxes).forEachOverlappingPair { pairs.append([$0, $1]) }
        var expected = [[Int]]()
        for i in boxes.indices {
            for j in (i + 1)..<boxes.count where boxes[i].intersects(boxes[j]) { expected.append([i, j]) }
        }
        #expect(pairs.sorted { $0.lexicographicallyPrecedes($1) } == expected)
    }

    /// Boxes whose centres all coincide share one Morton code: the order is split in halves.
    @Test func boxesWithOneCentre() {
        let boxes = (0..<500).map { i in Bounds(min: Vector3(-Double(i), -1, -1), max: Vector3(Double(i), 1, 1)) }
        Self.expectMatchesBruteForce(boxes, queries: [Bounds(min: Vector3(3.5, 0, 0), max: Vector3(4.5, 0, 0)), Bounds(min: Vector3(600, 0, 0), max: Vector3(700, 0, 0))], "one centre")
    }

    /// Centres crowding towards the origin (at 2⁻ᵏ) put each into a cell of its own many levels
    /// down the octree; the depth stays bounded (a query's stack holds 64 nodes) and nothing is lost.
    @Test func centresCrowdingTowardsAPoint() {
        var boxes = [Bounds]()
        for k in 0..<60 {
            let x = 1 / Double(1 << min(k, 62))
            for j in 0..<40 {
                let c = Vector3(x, Double(j) * 1e-3 * x, 0)
                boxes.append(Bounds(min: c, max: c + Vector3(x / 4, x / 4, x / 4)))
            }
        }
        let queries = (0..<60).map { k -> Bounds in
            let x = 1 / Double(1 << min(k, 62))
            return Bounds(min: Vector3(x * 0.99, 0, 0), max: Vector3(x * 1.01, x, x))
        } + [Bounds(min: Vector3(-1, -1, -1), max: Vector3(2, 2, 2))]
        Self.expectMatchesBruteForce(boxes, queries: queries, "crowding centres")
    }

    /// Centres whose Morton codes are the powers of two (one cell coordinate 2^k, the others 0, on
    /// a grid of one unit per cell): each split of the octree cuts off one box, a chain as deep as
    /// the codes have bits, until the split falls back to halves at depth 32.
    @Test func codesOneBitApartMakeAChain() {
        let cells = Double((1 << 19) - 1)  // 64 boxes: 6 index bits, 19 bits per axis
        var centres = [Vector3(0, 0, 0), Vector3(cells, cells, cells)]
        for bit in 0..<57 where centres.count < 64 {
            let level = Double(1 << (bit / 3))
            centres.append(bit % 3 == 2 ? Vector3(level, 0, 0) : (bit % 3 == 1 ? Vector3(0, level, 0) : Vector3(0, 0, level)))
        }
        let boxes = centres.map { Bounds(min: $0 - Vector3(0.25, 0.25, 0.25), max: $0 + Vector3(0.25, 0.25, 0.25)) }
        let queries = centres.map { Bounds(min: $0, max: $0) } + [Bounds(min: Vector3(-1, -1, -1), max: Vector3(cells, cells, cells))]
        Self.expectMatchesBruteForce(boxes, queries: queries, "one bit apart")
        // The depth of the deepest leaf: the chain, cut at 32, then halves of what is left.
        let tree = BoundingVolumeHierarchy(boxes: boxes)
        var deepest = 0, stack = [(0, 0)]
        while let (id, depth) = stack.popLast() {
            let node = tree.nodes[id]
            deepest = max(deepest, depth)
            if !node.isLeaf { stack += [(Int(node.left), depth + 1), (Int(node.right), depth + 1)] }
        }
        #expect(deepest >= 32 && deepest <= 32 + 6, "depth \(deepest)")
    }
}
