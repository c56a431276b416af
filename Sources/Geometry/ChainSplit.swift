/// Stage 6's common case in general position (docs/booleans.md): a triangle crossed by contact
/// curves that enter through its boundary, turn at points inside it (where edges of the other
/// operand pierce it) and leave through its boundary again. Each such chain cuts one piece in two,
/// as a chord does (`chordSplit`), so the pieces follow from the contact's topology alone; each
/// piece, a small simple polygon, is cut into triangles by ear clipping and Lawson's flips
/// (`SmallPolygonSplit.swift`). All of it runs in stack buffers: the planar graph, the general
/// triangulator and the tiling check of the general split cost several times as much on a
/// triangle crossed by a few segments.
///
/// Why the pieces are right, not only well connected: every piece must be a simple polygon on the
/// rounded positions, turning counter-clockwise, and so must the triangle's own boundary; every
/// triangle of the pieces then turns counter-clockwise (ears and flips are decided exactly). A
/// triangulated disk whose triangles all turn one way and whose boundary is simple covers each point
/// inside that boundary once (the number of triangles over a point is the boundary's winding number
/// around it), so the pieces neither fold nor overlap.
extension Corefinement {
    /// The most points (boundary and inside) and segments the chain split takes.
    static let chainSplitCapacity = 32
    /// Room for the pieces' corners: the boundary, then both sides of each split.
    private static let chainPoolCapacity = 512

    /// Splits along chains, appending the triangles to `out` (arguments as `split`'s; `flat` gives
    /// each id's rounded position in the projection where the triangle turns counter-clockwise).
    /// False, with `out` untouched, where the contact is not a set of chains from boundary to
    /// boundary (a point on no segment or on three, a closed loop, two chains between the same two
    /// boundary points, a segment along a side past a point on it), has more than
    /// `chainSplitCapacity` points or segments, or where a piece is not simple once rounded: the
    /// general split takes those.
    static func chainSplit(
        corners: (UInt32, UInt32, UInt32), _ boundary: [UInt32], _ segments: [(UInt32, UInt32)], _ points: [UInt32],
        _ flat: (UInt32) -> Vector2, _ tag: UInt32, into out: inout [Mesh.Triangle]
    ) -> Bool {
        let capacity = chainSplitCapacity
        // Local numbers: the boundary in order (0..<b), then the points inside.
        var ids = InlineArray<32, UInt32>(repeating: 0)
        var n = 0
        for x in boundary where n == 0 || ids[n - 1] != x {
            guard n < capacity else { return false }
            ids[n] = x
            n += 1
        }
        if n > 1 && ids[n - 1] == ids[0] { n -= 1 }
        let b = n
        guard b >= 3 else { return false }
        func local(_ id: UInt32) -> Int? {
            for k in 0..<n where ids[k] == id { return k }
            return nil
        }
        for k in 1..<b { for j in 0..<k where ids[j] == ids[k] { return false } }
        for x in points where local(x) == nil {
            guard n < capacity else { return false }
            ids[n] = x
            n += 1
        }
        // Whether boundary points i and j lie on one side: no corner strictly between them one way
        // round or the other.
        func oneSide(_ i: Int, _ j: Int) -> Bool {
            func clear(_ from: Int, _ to: Int) -> Bool {
                var k = (from + 1) % b
                while k != to {
                    if ids[k] == corners.0 || ids[k] == corners.1 || ids[k] == corners.2 { return false }
                    k = (k + 1) % b
                }
                return true
            }
            return clear(i, j) || clear(j, i)
        }
        // The segments on local numbers, once each, without those along a boundary step. One along
        // a side past a point on it (where the other operand's edge runs along this one's) is
        // left to the general split.
        var ends = InlineArray<64, UInt8>(repeating: 0)
        var m = 0
        var degree = InlineArray<32, UInt8>(repeating: 0)
        for (u, v) in segments where u != v {
            guard let i = local(u), let j = local(v) else { return false }
            if i < b && j < b && (j == (i + 1) % b || i == (j + 1) % b) { continue }
            if i < b && j < b && oneSide(i, j) { return false }
            var seen = false
            for s in 0..<m where (Int(ends[2 * s]) == i && Int(ends[2 * s + 1]) == j) || (Int(ends[2 * s]) == j && Int(ends[2 * s + 1]) == i) {
                seen = true
            }
            if seen { continue }
            guard m < capacity else { return false }
            ends[2 * m] = UInt8(i)
            ends[2 * m + 1] = UInt8(j)
            m += 1
            degree[i] += 1
            degree[j] += 1
        }
        guard m > 0 else { return false }
        for k in b..<n where degree[k] != 2 { return false }

        return withUnsafeTemporaryAllocation(of: Vector2.self, capacity: capacity) { positions in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: chainPoolCapacity) { corners in
                let q = positions.baseAddress!, pool = corners.baseAddress!
                for k in 0..<n { q[k] = flat(ids[k]) }
                // The pieces: runs of local numbers in `pool`. The triangle's boundary is the first
                // piece, and must itself be simple.
                var start = InlineArray<32, UInt16>(repeating: 0)
                var count = InlineArray<32, UInt16>(repeating: 0)
                var pieces = 1
                for k in 0..<b { pool[k] = UInt8(k) }
                var used = b
                count[0] = UInt16(b)
                guard isSimple(pool, b, q) else { return false }

                // Walk each chain from a boundary point, through points inside, to a boundary point.
                var taken: UInt64 = 0
                var chain = InlineArray<32, UInt8>(repeating: 0)
                for first in 0..<m where taken & (1 << UInt64(first)) == 0 {
                    var (from, to) = (Int(ends[2 * first]), Int(ends[2 * first + 1]))
                    if from >= b { (from, to) = (to, from) }
                    guard from < b else { continue }  // both inside: reached from a boundary point, or a loop
                    taken |= 1 << UInt64(first)
                    var length = 0
                    var at = to
                    while at >= b {
                        chain[length] = UInt8(at)
                        length += 1
                        var found = -1
                        for s in 0..<m where taken & (1 << UInt64(s)) == 0 && (Int(ends[2 * s]) == at || Int(ends[2 * s + 1]) == at) {
                            found = s
                            break
                        }
                        guard found >= 0 else { return false }
                        taken |= 1 << UInt64(found)
                        at = Int(ends[2 * found]) == at ? Int(ends[2 * found + 1]) : Int(ends[2 * found])
                    }
                    guard at != from else { return false }
                    // The one piece with both ends.
                    var holder = -1, fromAt = 0, toAt = 0
                    for k in 0..<pieces {
                        let s = Int(start[k]), c = Int(count[k])
                        var i = -1, j = -1
                        for x in 0..<c {
                            if Int(pool[s + x]) == from { i = x }
                            if Int(pool[s + x]) == at { j = x }
                        }
                        guard i >= 0 && j >= 0 else { continue }
                        guard holder < 0 else { return false }
                        (holder, fromAt, toAt) = (k, i, j)
                    }
                    guard holder >= 0 else { return false }
                    let s = Int(start[holder]), c = Int(count[holder])
                    if length == 0 && ((fromAt + 1) % c == toAt || (toAt + 1) % c == fromAt) { continue }  // an edge already
                    // One side runs from `from` round to `at` and back along the chain; the other from
                    // `at` round to `from` and out along it.
                    let stepsA = (toAt - fromAt + c) % c, stepsB = (fromAt - toAt + c) % c
                    guard pieces < 32, used + stepsA + stepsB + 2 + 2 * length <= chainPoolCapacity else { return false }
                    start[holder] = UInt16(used)
                    count[holder] = UInt16(stepsA + 1 + length)
                    for x in 0...stepsA { pool[used] = pool[s + (fromAt + x) % c]; used += 1 }
                    for x in stride(from: length - 1, through: 0, by: -1) { pool[used] = chain[x]; used += 1 }
                    start[pieces] = UInt16(used)
                    count[pieces] = UInt16(stepsB + 1 + length)
                    for x in 0...stepsB { pool[used] = pool[s + (toAt + x) % c]; used += 1 }
                    for x in 0..<length { pool[used] = chain[x]; used += 1 }
                    pieces += 1
                }
                guard taken == (1 << UInt64(m)) - 1 else { return false }  // a loop inside

                let before = out.count
                for k in 0..<pieces {
                    // A lone piece is the boundary, checked above; the first split replaced it.
                    let piece = pool + Int(start[k]), c = Int(count[k])
                    guard (pieces == 1 || isSimple(piece, c, q)), triangulate(piece, c, q, ids, tag, into: &out) else {
                        out.removeSubrange(before...)
                        return false
                    }
                }
                return true
            }
        }
    }
}
