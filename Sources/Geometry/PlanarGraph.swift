/// A planar straight-line graph on vertex ids, and its bounded faces. Used to split a triangle along
/// crossing segments: the triangle's boundary and the segments are the edges, the faces the pieces.
/// Vertices are numbered locally in the order they are first added, and everything after that runs
/// on arrays of local numbers.
struct PlanarGraph {
    private var local = EdgeTable()  // vertex id -> local number
    private var ids = [UInt32]()  // local number -> vertex id, in insertion order
    private var edges = [(Int32, Int32)]()

    mutating func addEdge(_ u: UInt32, _ v: UInt32) {
        guard u != v else { return }
        edges.append((number(u), number(v)))
    }

    private mutating func number(_ id: UInt32) -> Int32 {
        if let n = local[EdgeTable.key(id)] { return Int32(n) }
        let n = Int32(ids.count)
        local[EdgeTable.key(id)] = Int(n)
        ids.append(id)
        return n
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
        let n = ids.count
        let at = ids.map(position)
        // Neighbours of each vertex (compressed rows), without repeats, counter-clockwise exactly.
        var start = [Int](repeating: 0, count: n + 1)
        for (u, v) in edges {
            start[Int(u) + 1] += 1
            start[Int(v) + 1] += 1
        }
        for k in 0..<n { start[k + 1] += start[k] }
        var fill = start
        var adjacent = [Int32](repeating: 0, count: start[n])
        for (u, v) in edges {
            adjacent[fill[Int(u)]] = v
            fill[Int(u)] += 1
            adjacent[fill[Int(v)]] = u
            fill[Int(v)] += 1
        }
        // Each row without repeats, then in angular order by insertion sort (rows are short), in place.
        var compact = [Int32](repeating: 0, count: adjacent.count)
        var first = [Int](repeating: 0, count: n + 1)
        var end = 0
        for u in 0..<n {
            first[u] = end
            let o = at[u]
            if start[u + 1] - start[u] > 32 {
                // A crowded vertex: sorted rather than inserted one by one.
                var row = Array(Set(adjacent[start[u]..<start[u + 1]])).sorted()  // ties keep id order, not hash order
                row.sort { angleLess(at[Int($0)] - o, at[Int($1)] - o, origin: o, at[Int($0)], at[Int($1)]) }
                for v in row {
                    compact[end] = v
                    end += 1
                }
                continue
            }
            for k in start[u]..<start[u + 1] {
                let v = adjacent[k]
                guard !compact[first[u]..<end].contains(v) else { continue }
                var j = end
                while j > first[u] && angleLess(at[Int(v)] - o, at[Int(compact[j - 1])] - o, origin: o, at[Int(v)], at[Int(compact[j - 1])]) {
                    compact[j] = compact[j - 1]
                    j -= 1
                }
                compact[j] = v
                end += 1
            }
        }
        first[n] = end
        compact.removeSubrange(end...)
        // Trace cycles with the face on the left: after u -> v, turn to the neighbour of v just before u
        // in counter-clockwise order. Directed edge u -> v is visited when its slot in u's row is.
        // The cycles one after another in one array (every directed edge once), each from its
        // offset: an array per cycle was the split's most frequent allocation.
        var visited = [Bool](repeating: false, count: compact.count)
        var cycleCorners = [Int32](), cycleStart = [0]
        cycleCorners.reserveCapacity(compact.count)
        for u in 0..<n {
            for slot in first[u]..<first[u + 1] where !visited[slot] {
                var a = Int32(u), s = slot
                while !visited[s] {
                    visited[s] = true
                    cycleCorners.append(a)
                    let b = Int(compact[s])
                    let i = (first[b]..<first[b + 1]).first { compact[$0] == a }!
                    s = i == first[b] ? first[b + 1] - 1 : i - 1
                    a = Int32(b)
                }
                cycleStart.append(cycleCorners.count)
            }
        }
        let cycleCount = cycleStart.count - 1
        func cycle(_ i: Int) -> ArraySlice<Int32> { cycleCorners[cycleStart[i]..<cycleStart[i + 1]] }
        // Components, to tell each one's outside cycle from its faces.
        var component = [Int](repeating: -1, count: n)
        var count = 0
        var stack = [Int]()
        for root in 0..<n where component[root] < 0 {
            stack.append(root)
            component[root] = count
            while let x = stack.popLast() {
                for slot in first[x]..<first[x + 1] where component[Int(compact[slot])] < 0 {
                    component[Int(compact[slot])] = count
                    stack.append(Int(compact[slot]))
                }
            }
            count += 1
        }
        // Signed areas about each cycle's first corner: about the origin, the products of coordinates
        // tens of millimetres out cancel to an error of about 1e-12 mm², which hides the sign of a
        // sliver a micrometre long (hull-mask minus itself moved by 1e-6 mm: its pieces went to the
        // exact split instead).
        let areas = (0..<cycleCount).map { k -> Double in
            let c = cycle(k), c0 = c.startIndex
            let o = at[Int(c[c0])]
            var s = 0.0
            for i in 1..<max(1, c.count - 1) { s += (at[Int(c[c0 + i])] - o).cross(at[Int(c[c0 + i + 1])] - o) }
            return s / 2
        }
        var outside = [Int](repeating: -1, count: count)  // component -> index of its most negative cycle
        for i in 0..<cycleCount {
            let comp = component[Int(cycleCorners[cycleStart[i]])]
            if outside[comp] >= 0 && areas[outside[comp]] <= areas[i] { continue }
            outside[comp] = i
        }
        // Faces in cycle order, each with its box: a floating loop is usually inside one big face.
        var faceCycles = [Int]()
        var holes = [[Int]]()
        var boxes = [(Vector2, Vector2)]()
        for i in 0..<cycleCount where areas[i] > 0 && outside[component[Int(cycleCorners[cycleStart[i]])]] != i {
            let c = cycle(i)
            faceCycles.append(i)
            holes.append([])
            var lo = Vector2(.infinity, .infinity), hi = Vector2(-.infinity, -.infinity)
            for v in c {
                let q = at[Int(v)]
                lo = Vector2(min(lo.x, q.x), min(lo.y, q.y))
                hi = Vector2(max(hi.x, q.x), max(hi.y, q.y))
            }
            boxes.append((lo, hi))
        }
        let rootComponent = component[0]
        // Each face's loop indexed once, when a floating component first asks about it.
        var loops = [WindingIndex?](repeating: nil, count: faceCycles.count)
        func winding(of f: Int, around p: Vector2) -> Int? {
            if loops[f] == nil { loops[f] = WindingIndex(cycle(faceCycles[f]).map { at[Int($0)] }) }
            return loops[f]!.winding(around: p)
        }
        for (comp, i) in outside.enumerated() where comp != rootComponent {
            // A floating component: its outside cycle is a hole in the smallest face around it.
            let probe = at[Int(cycleCorners[cycleStart[i]])]
            var holder: Int? = nil
            for (f, k) in faceCycles.enumerated() {
                let (lo, hi) = boxes[f]
                guard probe.x >= lo.x, probe.x <= hi.x, probe.y >= lo.y, probe.y <= hi.y else { continue }
                guard component[Int(cycleCorners[cycleStart[k]])] != comp, winding(of: f, around: probe) == 1 else { continue }
                if holder.map({ areas[k] < areas[faceCycles[$0]] }) ?? true { holder = f }
            }
            guard let h = holder else {
                throw .degenerateContact("a crossing loop near \(probe) lies outside its triangle; the operands nearly touch")
            }
            holes[h].append(i)
        }
        return faceCycles.enumerated().map { f, k in
            Face(outer: cycle(k).map { ids[Int($0)] }, holes: holes[f].map { cycle($0).map { ids[Int($0)] } })
        }
    }

    /// Counter-clockwise order of directions from `origin`, starting at +X, by exact predicates.
    private func angleLess(_ d1: Vector2, _ d2: Vector2, origin: Vector2, _ p1: Vector2, _ p2: Vector2) -> Bool {
        func half(_ d: Vector2) -> Int { (d.y > 0 || (d.y == 0 && d.x > 0)) ? 0 : 1 }
        let h1 = half(d1), h2 = half(d2)
        if h1 != h2 { return h1 < h2 }
        return Predicates.orient2d(origin, p1, p2) > 0
    }
}
