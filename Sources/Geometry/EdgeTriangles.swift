/// The triangles on each edge of a mesh being edited (snapping's splits and flips), in the order
/// they were added: `EdgeTable` holds two per edge in place, a manifold mesh's, and any more go to
/// an overflow that a valid mesh never uses. A `Dictionary` of arrays, hashed with SipHash and an
/// array allocated per edge, took a third of a small snapping's setup. Triangle ids are below 2³² - 1.
struct EdgeTriangles {
    /// Per edge: the first triangle plus one in the low 32 bits, the second plus one in the high
    /// (as a bit pattern).
    private var pairs: EdgeTable
    private var more: [UInt64: [Int]] = [:]

    /// An empty table with room for `edges` edges before it grows.
    init(edges: Int) { pairs = EdgeTable(capacity: edges) }

    /// The key of the edge between vertices `u` and `v`, either way round.
    @inline(__always) static func key(_ u: UInt32, _ v: UInt32) -> UInt64 {
        u < v ? UInt64(u) << 32 | UInt64(v) : UInt64(v) << 32 | UInt64(u)
    }

    /// The two slots of edge `key`: triangle ids plus one, zero where empty.
    @inline(__always) private func slots(_ key: UInt64) -> (first: UInt64, second: UInt64) {
        let packed = UInt64(bitPattern: Int64(pairs[key] ?? 0))
        return (packed & 0xFFFF_FFFF, packed >> 32)
    }

    @inline(__always) private mutating func store(_ first: UInt64, _ second: UInt64, _ key: UInt64) {
        pairs[key] = first == 0 ? nil : Int(Int64(bitPattern: first | second << 32))
    }

    /// Triangle `i` added on edge `key`, after those already there.
    mutating func add(_ i: Int, on key: UInt64) {
        let (first, second) = slots(key)
        if first == 0 {
            store(UInt64(i + 1), 0, key)
        } else if second == 0 {
            store(first, UInt64(i + 1), key)
        } else {
            more[key, default: []].append(i)
        }
    }

    /// Triangle `i` removed from edge `key` (every time it is there); the others keep their order.
    mutating func remove(_ i: Int, on key: UInt64) {
        guard more.isEmpty || more[key] == nil else {
            var list = triangles(on: key)
            list.removeAll { $0 == i }
            more[key] = nil
            pairs[key] = nil
            for t in list { add(t, on: key) }
            return
        }
        var (first, second) = slots(key)
        let id = UInt64(i + 1)
        if second == id { second = 0 }
        if first == id { (first, second) = (second, 0) }
        store(first, second, key)
    }

    /// How many triangles edge `key` has.
    func count(on key: UInt64) -> Int {
        let (first, second) = slots(key)
        guard first != 0 else { return 0 }
        return (second == 0 ? 1 : 2) + (more.isEmpty ? 0 : more[key]?.count ?? 0)
    }

    /// The two triangles of edge `key`, in order, where it has exactly two.
    func pair(on key: UInt64) -> (Int, Int)? {
        let (first, second) = slots(key)
        guard second != 0, more.isEmpty || more[key] == nil else { return nil }
        return (Int(first) - 1, Int(second) - 1)
    }

    /// The triangles of edge `key`, in order.
    func triangles(on key: UInt64) -> [Int] {
        var list = [Int]()
        forEachTriangle(on: key) { list.append($0) }
        return list
    }

    /// `body` called with each triangle of edge `key`, in order, without making an array (most
    /// queries are of small meshes, where an array per edge was a tenth of the allocations).
    @inline(__always) func forEachTriangle(on key: UInt64, _ body: (Int) -> Void) {
        let (first, second) = slots(key)
        guard first != 0 else { return }
        body(Int(first) - 1)
        if second != 0 { body(Int(second) - 1) }
        if !more.isEmpty, let rest = more[key] { for t in rest { body(t) } }
    }
}
