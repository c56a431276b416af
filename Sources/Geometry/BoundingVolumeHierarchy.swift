/// A bounding-volume hierarchy over axis-aligned boxes, built by median splits along the longest axis.
/// Answers "which boxes overlap this box" and "which pairs of boxes overlap" without testing all pairs.
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
        // Box centres with their indices, moved as the ranges are partitioned (no indirection).
        var items = boxes.enumerated().map { i, b in
            Item(x: (b.min.x + b.max.x) / 2, y: (b.min.y + b.max.y) / 2, z: (b.min.z + b.max.z) / 2, index: Int32(i))
        }
        var nodes = [Node]()
        nodes.reserveCapacity(2 * boxes.count / max(1, leafSize) + 1)
        // Depth first, left before right (as a recursion would number the nodes), with an explicit
        // stack: a nested function would capture `items` and `nodes` in boxes checked on every access.
        var stack = [(lo: 0, hi: boxes.count, parent: -1, isLeft: true)]
        // Boxes are filled in afterwards, leaves first.
        while let (lo, hi, parent, isLeft) = stack.popLast(), !boxes.isEmpty {
            let id = nodes.count
            nodes.append(Node(bounds: .empty, left: -1, right: -1, start: Int32(lo), end: Int32(hi)))
            if parent >= 0 {
                if isLeft { nodes[parent].left = Int32(id) } else { nodes[parent].right = Int32(id) }
            }
            if hi - lo <= leafSize { continue }
            let mid = (lo + hi) / 2
            items.withUnsafeMutableBufferPointer { items in
                var (x0, x1, y0, y1, z0, z1) = (Double.infinity, -Double.infinity, Double.infinity, -Double.infinity, Double.infinity, -Double.infinity)
                for i in lo..<hi {
                    let c = items[i]
                    (x0, x1) = (min(x0, c.x), max(x1, c.x))
                    (y0, y1) = (min(y0, c.y), max(y1, c.y))
                    (z0, z1) = (min(z0, c.z), max(z1, c.z))
                }
                let (sx, sy, sz) = (x1 - x0, y1 - y0, z1 - z0)
                let axis = sx >= sy && sx >= sz ? 0 : (sy >= sz ? 1 : 2)
                // Only the median matters: partition around it in linear time rather than sorting.
                var (a, z) = (lo, hi - 1)
                while a < z {
                    let pivot = items[(a + z) / 2][axis]
                    var (i, j) = (a, z)
                    while i <= j {
                        while items[i][axis] < pivot { i += 1 }
                        while items[j][axis] > pivot { j -= 1 }
                        if i <= j {
                            items.swapAt(i, j)
                            i += 1
                            j -= 1
                        }
                    }
                    if mid <= j { z = j } else if mid >= i { a = i } else { break }
                }
            }
            stack.append((mid, hi, id, false))
            stack.append((lo, mid, id, true))
        }
        // Children come after their parent, so a backward pass sees them first.
        for id in nodes.indices.reversed() {
            let node = nodes[id]
            if node.isLeaf {
                for i in Int(node.start)..<Int(node.end) { nodes[id].bounds.formUnion(boxes[Int(items[i].index)]) }
            } else {
                nodes[id].bounds = nodes[Int(node.left)].bounds.union(nodes[Int(node.right)].bounds)
            }
        }
        self.nodes = nodes
        self.order = items.map(\.index)
    }

    /// A box's centre and index, as the build sorts them.
    private struct Item {
        var x: Double, y: Double, z: Double
        var index: Int32
        @inline(__always) subscript(axis: Int) -> Double { axis == 0 ? x : (axis == 1 ? y : z) }
    }

    /// Calls `body` with the index of every box that overlaps `query` (touching counts).
    package func forEachOverlap(with query: Bounds, _ body: (Int) -> Void) {
        guard !nodes.isEmpty else { return }
        // Median splits keep the depth at most log2 of the box count, so the stack of pending right
        // children fits inline: no allocation per query.
        var stack = InlineArray<64, Int32>(repeating: 0)
        var depth = 1
        while depth > 0 {
            depth -= 1
            let node = nodes[Int(stack[depth])]
            guard node.bounds.intersects(query) else { continue }
            if node.isLeaf {
                for i in node.start..<node.end where boxes[Int(order[Int(i)])].intersects(query) { body(Int(order[Int(i)])) }
            } else {
                stack[depth] = node.right
                stack[depth + 1] = node.left
                depth += 2
            }
        }
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
