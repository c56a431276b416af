/// Half-edges grouped by undirected edge without hashing and without one big sort: a counting sort by
/// lower vertex, then each row (the edges from one vertex to higher ones, usually a handful) sorted by
/// higher vertex. The half-edges of one edge, whichever way they run, end up side by side.
struct EdgeGrouping {
    /// For each grouped half-edge, in order: its id, and its higher vertex.
    let ids: [Int32]
    private let higher: [UInt32]
    /// The half-edges whose lower vertex is v sit at `first[v]..<first[v + 1]`.
    private let first: [Int32]

    /// Groups the half-edges of `triangles` over vertices `0..<vertexCount`: half-edge 3 t + k runs
    /// from corner k of triangle t to the next. Triangles with a repeated corner are left out.
    init(vertexCount: Int, triangles: [Mesh.Triangle]) {
        // Over raw buffers: the loops below run over every triangle of every operand and result.
        var first = [Int32](repeating: 0, count: vertexCount + 1)
        var total = 0
        first.withUnsafeMutableBufferPointer { first in
            triangles.withUnsafeBufferPointer { triangles in
                for t in triangles where t.a != t.b && t.b != t.c && t.c != t.a {
                    first[Int(min(t.a, t.b)) + 1] += 1
                    first[Int(min(t.b, t.c)) + 1] += 1
                    first[Int(min(t.c, t.a)) + 1] += 1
                }
            }
            for v in 0..<vertexCount { first[v + 1] += first[v] }
            total = Int(first[vertexCount])
        }
        var higher = [UInt32](repeating: 0, count: total)
        var ids = [Int32](repeating: 0, count: total)
        var fill = first
        higher.withUnsafeMutableBufferPointer { higher in
            ids.withUnsafeMutableBufferPointer { ids in
                fill.withUnsafeMutableBufferPointer { fill in
                    triangles.withUnsafeBufferPointer { triangles in
                        for (i, t) in triangles.enumerated() where t.a != t.b && t.b != t.c && t.c != t.a {
                            for k in 0..<3 {
                                let u = t[k], v = t[k == 2 ? 0 : k + 1]
                                let low = Int(min(u, v)), slot = Int(fill[low])
                                higher[slot] = max(u, v)
                                ids[slot] = Int32(3 * i + k)
                                fill[low] += 1
                            }
                        }
                    }
                }
                first.withUnsafeBufferPointer { first in
                    for v in 0..<vertexCount {
                        let start = Int(first[v]), end = Int(first[v + 1])
                        if end - start > 32 {
                            // Sorted by (higher, id) as one key.
                            var row = (start..<end).map { i -> UInt64 in UInt64(higher[i]) << 32 | UInt64(UInt32(bitPattern: ids[i])) }
                            row.sort()
                            for (k, key) in row.enumerated() {
                                higher[start + k] = UInt32(key >> 32)
                                ids[start + k] = Int32(bitPattern: UInt32(truncatingIfNeeded: key))
                            }
                            continue
                        }
                        // Insertion sort: short rows.
                        for i in (start + 1)..<max(start + 1, end) {
                            let x = higher[i], id = ids[i]
                            var j = i
                            while j > start && higher[j - 1] > x {
                                higher[j] = higher[j - 1]
                                ids[j] = ids[j - 1]
                                j -= 1
                            }
                            higher[j] = x
                            ids[j] = id
                        }
                    }
                }
            }
        }
        self.first = first
        self.higher = higher
        self.ids = ids
    }

    /// The positions (into `ids`) of the half-edges between `u` and `v`, either way (empty if none).
    func halfEdges(between u: UInt32, and v: UInt32) -> Range<Int> {
        let (low, high) = (min(u, v), max(u, v))
        var g = Int(first[Int(low)])
        let end = Int(first[Int(low) + 1])
        while g < end && higher[g] < high { g += 1 }
        var h = g
        while h < end && higher[h] == high { h += 1 }
        return g..<h
    }

    /// Calls `body` with the positions (into `ids`) of the half-edges of each undirected edge.
    @inline(__always) func forEachEdge(_ body: (Range<Int>) -> Void) {
        for v in 0..<(first.count - 1) {
            var g = Int(first[v])
            let end = Int(first[v + 1])
            while g < end {
                var h = g + 1
                while h < end && higher[h] == higher[g] { h += 1 }
                body(g..<h)
                g = h
            }
        }
    }
}
