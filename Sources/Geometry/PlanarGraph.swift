/// A planar straight-line graph on vertex ids, and its bounded faces. Used to split a triangle along
/// crossing segments: the triangle's boundary and the segments are the edges, the faces the pieces.
struct PlanarGraph {
    private var neighbours = [UInt32: [UInt32]]()
    private var order = [UInt32]()  // vertices in insertion order, for determinism

    mutating func addEdge(_ u: UInt32, _ v: UInt32) {
        guard u != v else { return }
        if neighbours[u] == nil { order.append(u) }
        if neighbours[v] == nil { order.append(v) }
        if !(neighbours[u]?.contains(v) ?? false) {
            neighbours[u, default: []].append(v)
            neighbours[v, default: []].append(u)
        }
    }

    /// A bounded face: its outer cycle counter-clockwise, and cycles of floating pieces inside it,
    /// clockwise.
    struct Face {
        var outer: [UInt32]
        var holes: [[UInt32]]
    }

    /// The bounded faces, given each vertex's position. The first vertex added must lie on the outer
    /// boundary (the graph's unbounded face is dropped).
    func faces(position: (UInt32) -> Vector2) throws(GeometryError) -> [Face] {
        // Neighbours of each vertex in counter-clockwise order, exactly.
        var sorted = [UInt32: [UInt32]]()
        for (v, ns) in neighbours {
            let o = position(v)
            sorted[v] = ns.sorted { angleLess(position($0) - o, position($1) - o, origin: o, position($0), position($1)) }
        }
        // Trace cycles with the face on the left: after u -> v, turn to the neighbour of v just before u
        // in counter-clockwise order.
        var visited = Set<UInt64>()
        var cycles = [[UInt32]]()
        @inline(__always) func key(_ u: UInt32, _ v: UInt32) -> UInt64 { UInt64(u) << 32 | UInt64(v) }
        for u in order {
            for v in sorted[u]! where !visited.contains(key(u, v)) {
                var cycle = [UInt32]()
                var (a, b) = (u, v)
                while !visited.contains(key(a, b)) {
                    visited.insert(key(a, b))
                    cycle.append(a)
                    let around = sorted[b]!
                    let i = around.firstIndex(of: a)!
                    let c = around[(i + around.count - 1) % around.count]
                    (a, b) = (b, c)
                }
                cycles.append(cycle)
            }
        }
        // Components, to tell each one's outside cycle from its faces.
        var component = [UInt32: Int]()
        var count = 0
        for start in order where component[start] == nil {
            var stack = [start]
            component[start] = count
            while let x = stack.popLast() {
                for y in neighbours[x]! where component[y] == nil {
                    component[y] = count
                    stack.append(y)
                }
            }
            count += 1
        }
        func area(_ c: [UInt32]) -> Double {
            var s = 0.0
            for i in 0..<c.count { s += position(c[i]).cross(position(c[(i + 1) % c.count])) }
            return s / 2
        }
        let areas = cycles.map(area)
        var outside = [Int: Int]()  // component -> index of its most negative cycle
        for (i, c) in cycles.enumerated() {
            let comp = component[c[0]]!
            if let j = outside[comp], areas[j] <= areas[i] { continue }
            outside[comp] = i
        }
        var faces = [Int: Face]()
        for (i, c) in cycles.enumerated() where areas[i] > 0 && outside[component[c[0]]!] != i {
            faces[i] = Face(outer: c, holes: [])
        }
        let rootComponent = component[order[0]]!
        // Candidate holders by bounding box first: a floating loop is usually inside one big face.
        let faceKeys = faces.keys.sorted()
        let faceBoxes = faceKeys.map { k -> (Vector2, Vector2) in
            var lo = Vector2(.infinity, .infinity), hi = Vector2(-.infinity, -.infinity)
            for v in faces[k]!.outer {
                let q = position(v)
                lo = Vector2(min(lo.x, q.x), min(lo.y, q.y))
                hi = Vector2(max(hi.x, q.x), max(hi.y, q.y))
            }
            return (lo, hi)
        }
        for (comp, i) in outside.sorted(by: { $0.key < $1.key }) where comp != rootComponent {
            // A floating component: its outside cycle is a hole in the smallest face around it.
            let probe = position(cycles[i][0])
            var holder: Int? = nil
            for (j, k) in faceKeys.enumerated() {
                let (lo, hi) = faceBoxes[j]
                guard probe.x >= lo.x, probe.x <= hi.x, probe.y >= lo.y, probe.y <= hi.y else { continue }
                let face = faces[k]!
                guard component[face.outer[0]] != comp, Contour(face.outer.map(position)).winding(around: probe) == 1 else { continue }
                if holder.map({ areas[k] < areas[$0] }) ?? true { holder = k }
            }
            guard let h = holder else {
                throw .degenerateContact("a crossing loop near \(probe) lies outside its triangle; the operands nearly touch")
            }
            faces[h]!.holes.append(cycles[i])
        }
        return faces.keys.sorted().map { faces[$0]! }
    }

    /// Counter-clockwise order of directions from `origin`, starting at +X, by exact predicates.
    private func angleLess(_ d1: Vector2, _ d2: Vector2, origin: Vector2, _ p1: Vector2, _ p2: Vector2) -> Bool {
        func half(_ d: Vector2) -> Int { (d.y > 0 || (d.y == 0 && d.x > 0)) ? 0 : 1 }
        let h1 = half(d1), h2 = half(d2)
        if h1 != h2 { return h1 < h2 }
        return Predicates.orient2d(origin, p1, p2) > 0
    }
}
