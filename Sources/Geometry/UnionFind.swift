/// Disjoint sets over 0..<count with path halving.
struct UnionFind {
    private var parent: [Int]
    init(count: Int) { parent = Array(0..<count) }
    mutating func find(_ x: Int) -> Int {
        var x = x
        while parent[x] != x {
            parent[x] = parent[parent[x]]
            x = parent[x]
        }
        return x
    }
    mutating func union(_ a: Int, _ b: Int) {
        let ra = find(a), rb = find(b)
        if ra != rb { parent[ra] = rb }
    }
    /// Joins the sets of `a` and `b` under the lower of their roots, so that every root is the
    /// lowest member of its set.
    mutating func unionKeepingLowest(_ a: Int, _ b: Int) {
        let ra = find(a), rb = find(b)
        parent[max(ra, rb)] = min(ra, rb)
    }
    /// Adds single-member sets up to `count` members.
    mutating func grow(to count: Int) {
        if count > parent.count { parent += parent.count..<count }
    }
}
