/// The contact points inside the edges of one mesh, looked up by edge without hashing: the entries
/// sorted by edge (lower vertex, then higher), and for each vertex the first entry of its row.
struct EdgePoints {
    private var lower = [UInt32](), higher = [UInt32](), ids = [UInt32]()
    /// Per vertex, the first entry whose lower vertex it is, or -1.
    private var rowStart: [Int32]

    /// Points `entries` (a point id on an edge) over vertices `0..<vertexCount`.
    init(vertexCount: Int, entries: [(edge: Corefinement.Edge, id: UInt32)]) {
        rowStart = [Int32](repeating: -1, count: vertexCount)
        let sorted = entries.sorted { $0.edge.a < $1.edge.a || ($0.edge.a == $1.edge.a && $0.edge.b < $1.edge.b) }
        lower.reserveCapacity(sorted.count)
        higher.reserveCapacity(sorted.count)
        ids.reserveCapacity(sorted.count)
        for (k, entry) in sorted.enumerated() {
            if rowStart[Int(entry.edge.a)] < 0 { rowStart[Int(entry.edge.a)] = Int32(k) }
            lower.append(entry.edge.a)
            higher.append(entry.edge.b)
            ids.append(entry.id)
        }
    }

    /// Whether any point lies inside the edge between `u` and `v` (either way round).
    func hasPoints(_ u: UInt32, _ v: UInt32) -> Bool {
        let lo = min(u, v), hi = max(u, v)
        var k = Int(rowStart[Int(lo)])
        guard k >= 0 else { return false }
        while k < lower.count && lower[k] == lo && higher[k] < hi { k += 1 }
        return k < lower.count && lower[k] == lo && higher[k] == hi
    }

    /// The points inside the edge between `u` and `v` (either way round), in no particular order.
    func points(_ u: UInt32, _ v: UInt32) -> ArraySlice<UInt32> {
        let lo = min(u, v), hi = max(u, v)
        var k = Int(rowStart[Int(lo)])
        guard k >= 0 else { return [] }
        while k < lower.count && lower[k] == lo && higher[k] < hi { k += 1 }
        var end = k
        while end < lower.count && lower[end] == lo && higher[end] == hi { end += 1 }
        return ids[k..<end]
    }
}
