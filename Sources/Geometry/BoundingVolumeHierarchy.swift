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
        var order = (0..<Int32(boxes.count)).map { $0 }
        var nodes = [Node]()
        nodes.reserveCapacity(2 * boxes.count / max(1, leafSize) + 1)
        // Box centres, one array per axis (a split reads just one).
        let cx = boxes.map { ($0.min.x + $0.max.x) / 2 }, cy = boxes.map { ($0.min.y + $0.max.y) / 2 }
        let cz = boxes.map { ($0.min.z + $0.max.z) / 2 }
        // Depth first, left before right (as a recursion would number the nodes), with an explicit
        // stack: a nested function would capture `order` and `nodes` in boxes checked on every access.
        var stack = [(lo: 0, hi: boxes.count, parent: -1, isLeft: true)]
        // Boxes are filled in afterwards, leaves first.
        while let (lo, hi, parent, isLeft) = stack.popLast(), !boxes.isEmpty {
            let id = nodes.count
            nodes.append(Node(bounds: .empty, left: -1, right: -1, start: Int32(lo), end: Int32(hi)))
            if parent >= 0 {
                if isLeft { nodes[parent].left = Int32(id) } else { nodes[parent].right = Int32(id) }
            }
            if hi - lo <= leafSize { continue }
            var (x0, x1, y0, y1, z0, z1) = (Double.infinity, -Double.infinity, Double.infinity, -Double.infinity, Double.infinity, -Double.infinity)
            for i in lo..<hi {
                let k = Int(order[i])
                (x0, x1) = (min(x0, cx[k]), max(x1, cx[k]))
                (y0, y1) = (min(y0, cy[k]), max(y1, cy[k]))
                (z0, z1) = (min(z0, cz[k]), max(z1, cz[k]))
            }
            let (sx, sy, sz) = (x1 - x0, y1 - y0, z1 - z0)
            let centre = sx >= sy && sx >= sz ? cx : (sy >= sz ? cy : cz)
            let mid = (lo + hi) / 2
            // Only the median matters: partition around it in linear time rather than sorting.
            var (a, z) = (lo, hi - 1)
            while a < z {
                let pivot = centre[Int(order[(a + z) / 2])]
                var (i, j) = (a, z)
                while i <= j {
                    while centre[Int(order[i])] < pivot { i += 1 }
                    while centre[Int(order[j])] > pivot { j -= 1 }
                    if i <= j {
                        order.swapAt(i, j)
                        i += 1
                        j -= 1
                    }
                }
                if mid <= j { z = j } else if mid >= i { a = i } else { break }
            }
            stack.append((mid, hi, id, false))
            stack.append((lo, mid, id, true))
        }
        // Children come after their parent, so a backward pass sees them first.
        for id in nodes.indices.reversed() {
            let node = nodes[id]
            if node.isLeaf {
                for i in Int(node.start)..<Int(node.end) { nodes[id].bounds.formUnion(boxes[Int(order[i])]) }
            } else {
                nodes[id].bounds = nodes[Int(node.left)].bounds.union(nodes[Int(node.right)].bounds)
            }
        }
        self.nodes = nodes
        self.order = order
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
