/// A bounding-volume hierarchy over axis-aligned boxes: the boxes in the order of their centres'
/// Morton codes (a Z-order curve, so that boxes near in the order are near in space), split where
/// the codes enter another cell of an octree, down to leaves of a few boxes. Answers "which boxes
/// overlap this box" and "which pairs of boxes overlap" without testing all pairs. Building it is
/// a radix sort and one pass, linear in the box count.
package struct BoundingVolumeHierarchy: Sendable {
    struct Node: Sendable {
        var bounds: Bounds
        /// Children for inner nodes; for leaves, the range `start..<end` of `order`.
        var left: Int32
        var right: Int32
        var start: Int32
        var end: Int32
        var isLeaf: Bool { left < 0 }
    }

    let nodes: [Node]
    /// Item indices, grouped by leaf.
    let order: [Int32]
    let boxes: [Bounds]

    package init(boxes: [Bounds], leafSize: Int = 4) {
        self.boxes = boxes
        let (keys, indexBits) = Self.mortonKeys(boxes)
        var nodes = [Node]()
        nodes.reserveCapacity(2 * boxes.count / max(1, leafSize) + 1)
        // Depth first, left before right, with an explicit stack: a nested function would capture
        // `nodes` in a box checked on every access.
        var stack = [(lo: 0, hi: boxes.count, parent: -1, isLeft: true, depth: 0)]
        // Boxes are filled in afterwards, leaves first.
        while let (lo, hi, parent, isLeft, depth) = stack.popLast(), !boxes.isEmpty {
            let id = nodes.count
            nodes.append(Node(bounds: .empty, left: -1, right: -1, start: Int32(lo), end: Int32(hi)))
            if parent >= 0 {
                if isLeft { nodes[parent].left = Int32(id) } else { nodes[parent].right = Int32(id) }
            }
            if hi - lo <= leafSize { continue }
            // Split where the highest bit in which the range's codes differ turns on (the cell of an
            // octree), so that no node spans two cells; halves of the range where the codes are
            // equal, or below depth 32 (the depth stays under 64 for any count).
            var mid = (lo + hi) / 2
            let differing = (keys[lo] ^ keys[hi - 1]) >> UInt64(indexBits)
            if differing != 0 && depth < 32 {
                let bit = UInt64(1) << UInt64(Int.bitWidth - 1 - differing.leadingZeroBitCount + indexBits)
                var (a, b) = (lo + 1, hi - 1)  // the first index with the bit set lies in a...b
                while a < b {
                    let m = (a + b) / 2
                    if keys[m] & bit != 0 { b = m } else { a = m + 1 }
                }
                mid = a
            }
            stack.append((mid, hi, id, false, depth + 1))
            stack.append((lo, mid, id, true, depth + 1))
        }
        let mask = (UInt64(1) << UInt64(indexBits)) - 1
        let order = keys.map { Int32(truncatingIfNeeded: $0 & mask) }
        nodes.withUnsafeMutableBufferPointer { nodes in
            // The leaves' boxes, over the cores.
            nonisolated(unsafe) let leaves = nodes
            boxes.withUnsafeBufferPointer { boxes in
                order.withUnsafeBufferPointer { order in
                    _ = Parallel.map(nodes.count, minimumChunk: 4096, sharing: Parallel.isWorthSharing(boxes.count, cost: 30)) { range in
                        for id in range where leaves[id].isLeaf {
                            var bounds = Bounds.empty
                            for i in Int(leaves[id].start)..<Int(leaves[id].end) { bounds.formUnion(boxes[Int(order[i])]) }
                            leaves[id].bounds = bounds
                        }
                    }
                }
            }
            // Children come after their parent, so a backward pass sees them first.
            for id in nodes.indices.reversed() where !nodes[id].isLeaf {
                nodes[id].bounds = nodes[Int(nodes[id].left)].bounds.union(nodes[Int(nodes[id].right)].bounds)
            }
        }
        self.nodes = nodes
        self.order = order
    }

    /// Per box, sorted: its centre's Morton code above its index (ties by index), and the number of
    /// index bits. Each centre is placed on a grid over the centres' bounds, and the bits of its
    /// three cell coordinates are interleaved, in one 64-bit key that a radix sort orders.
    private static func mortonKeys(_ boxes: [Bounds]) -> (keys: [UInt64], indexBits: Int) {
        let indexBits = max(1, Int.bitWidth - max(1, boxes.count - 1).leadingZeroBitCount)
        let axisBits = min(21, (64 - indexBits) / 3)
        var lo = Vector3(.infinity, .infinity, .infinity), hi = Vector3(-.infinity, -.infinity, -.infinity)
        for b in boxes {
            let c = (b.min + b.max) * 0.5
            lo = Vector3(min(lo.x, c.x), min(lo.y, c.y), min(lo.z, c.z))
            hi = Vector3(max(hi.x, c.x), max(hi.y, c.y), max(hi.z, c.z))
        }
        let cells = Double((1 << axisBits) - 1)
        let size = hi - lo
        let scale = Vector3(size.x > 0 ? cells / size.x : 0, size.y > 0 ? cells / size.y : 0, size.z > 0 ? cells / size.z : 0)
        // The cell coordinate's bits spread three apart.
        @inline(__always) func spread(_ v: UInt64) -> UInt64 {
            var x = v & 0x1F_FFFF
            x = (x | x << 32) & 0x1F_0000_0000_FFFF
            x = (x | x << 16) & 0x1F_0000_FF00_00FF
            x = (x | x << 8) & 0x100F_00F0_0F00_F00F
            x = (x | x << 4) & 0x10C3_0C30_C30C_30C3
            x = (x | x << 2) & 0x1249_2492_4924_9249
            return x
        }
        // A few dozen instructions a box, over the cores.
        var keys = [UInt64](repeating: 0, count: boxes.count)
        keys.withUnsafeMutableBufferPointer { keys in
            nonisolated(unsafe) let keys = keys
            boxes.withUnsafeBufferPointer { boxes in
                _ = Parallel.map(boxes.count, minimumChunk: 8192, sharing: Parallel.isWorthSharing(boxes.count, cost: 50)) { range in
                    for i in range {
                        let c = (boxes[i].min + boxes[i].max) * 0.5
                        let x = UInt64(min(cells, (c.x - lo.x) * scale.x)), y = UInt64(min(cells, (c.y - lo.y) * scale.y))
                        let z = UInt64(min(cells, (c.z - lo.z) * scale.z))
                        keys[i] = (spread(x) << 2 | spread(y) << 1 | spread(z)) << UInt64(indexBits) | UInt64(i)
                    }
                }
            }
        }
        keys.radixSort(sortedBelow: indexBits)
        return (keys, indexBits)
    }

    /// Calls `body` with the index of every box that overlaps `query` (touching counts).
    package func forEachOverlap(with query: Bounds, _ body: (Int) -> Void) {
        _ = visitOverlaps(with: query) { i in
            body(i)
            return false
        }
    }

    /// Whether any box overlaps `query` (touching counts); stops at the first.
    package func overlapsAny(_ query: Bounds) -> Bool {
        visitOverlaps(with: query) { _ in true }
    }

    /// Whether any box that overlaps `query` has an index that satisfies `test`; stops at the first.
    package func overlapsAny(_ query: Bounds, where test: (Int) -> Bool) -> Bool {
        visitOverlaps(with: query, until: test)
    }

    /// Calls `stop` with the index of each box that overlaps `query` until it returns true; true
    /// if it did.
    @inline(__always) private func visitOverlaps(with query: Bounds, until stop: (Int) -> Bool) -> Bool {
        guard !nodes.isEmpty else { return false }
        // The depth is at most 32 plus log2 of the box count (`init`), so the stack of pending right
        // children fits inline: no allocation per query.
        var stack = InlineArray<64, Int32>(repeating: 0)
        var depth = 1
        while depth > 0 {
            depth -= 1
            let node = nodes[Int(stack[depth])]
            guard node.bounds.intersects(query) else { continue }
            if node.isLeaf {
                for i in node.start..<node.end where boxes[Int(order[Int(i)])].intersects(query) {
                    if stop(Int(order[Int(i)])) { return true }
                }
            } else {
                stack[depth] = node.right
                stack[depth + 1] = node.left
                depth += 2
            }
        }
        return false
    }

    /// Calls `body` with the index of every box that segment `p q` may pass through. The boxes are
    /// widened by a hair, so that rounding in the slab test never drops a box the segment touches.
    package func forEachBox(crossedBy p: Vector3, _ q: Vector3, _ body: (Int) -> Void) {
        guard !nodes.isEmpty else { return }
        let d = q - p
        let slack = 1e-9 * (nodes[0].bounds.size.length + 1)
        func passes(_ b: Bounds) -> Bool {
            var t0 = 0.0, t1 = 1.0
            for k in 0..<3 {
                let lo = b.min[k] - slack, hi = b.max[k] + slack
                if d[k] == 0 {
                    if p[k] < lo || p[k] > hi { return false }
                    continue
                }
                var a = (lo - p[k]) / d[k], c = (hi - p[k]) / d[k]
                if a > c { swap(&a, &c) }
                t0 = max(t0, a)
                t1 = min(t1, c)
                if t0 > t1 + 1e-12 { return false }
            }
            return true
        }
        var stack: [Int32] = [0]
        while let n = stack.popLast() {
            let node = nodes[Int(n)]
            guard passes(node.bounds) else { continue }
            if node.isLeaf {
                for i in node.start..<node.end where passes(boxes[Int(order[Int(i)])]) { body(Int(order[Int(i)])) }
            } else {
                stack.append(node.left)
                stack.append(node.right)
            }
        }
    }

    /// Calls `body(i, j)` once for every pair `i < j` of overlapping boxes in this hierarchy.
    package func forEachOverlappingPair(_ body: (Int, Int) -> Void) {
        for i in 0..<boxes.count {
            forEachOverlap(with: boxes[i]) { j in if j > i { body(i, j) } }
        }
    }
}
