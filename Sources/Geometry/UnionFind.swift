/// Disjoint sets over 0..<count with path halving. Which member is a set's root depends only on
/// the unions made, in order (`union` puts `a`'s root under `b`'s), never on the finds between.
struct UnionFind {
    private var parent: [Int32]
    init(count: Int) {
        precondition(count <= Int(Int32.max), "UnionFind holds at most \(Int32.max) members")
        parent = [Int32](unsafeUninitializedCapacity: count) { buffer, initialized in
            for i in 0..<count { buffer[i] = Int32(i) }
            initialized = count
        }
    }
    mutating func find(_ x: Int) -> Int {
        parent.withUnsafeMutableBufferPointer { parent in Int(Self.find(Int32(x), parent)) }
    }
    mutating func union(_ a: Int, _ b: Int) {
        parent.withUnsafeMutableBufferPointer { parent in
            let ra = Self.find(Int32(a), parent), rb = Self.find(Int32(b), parent)
            if ra != rb { parent[Int(ra)] = rb }
        }
    }
    /// Joins the sets of `a` and `b` under the lower of their roots, so that every root is the
    /// lowest member of its set.
    mutating func unionKeepingLowest(_ a: Int, _ b: Int) {
        parent.withUnsafeMutableBufferPointer { parent in
            let ra = Self.find(Int32(a), parent), rb = Self.find(Int32(b), parent)
            parent[Int(max(ra, rb))] = min(ra, rb)
        }
    }
    /// The root of every member's set, in member order.
    mutating func roots() -> [Int] {
        parent.withUnsafeMutableBufferPointer { parent in (0..<parent.count).map { Int(Self.find(Int32($0), parent)) } }
    }
    /// Adds single-member sets up to `count` members.
    mutating func grow(to count: Int) {
        precondition(count <= Int(Int32.max), "UnionFind holds at most \(Int32.max) members")
        if count > parent.count { parent += Int32(parent.count)..<Int32(count) }
    }

    @inline(__always) private static func find(_ x: Int32, _ parent: UnsafeMutableBufferPointer<Int32>) -> Int32 {
        var x = x
        while true {
            let p = parent[Int(x)]
            if p == x { return x }
            let grandparent = parent[Int(p)]
            if grandparent == p { return p }
            parent[Int(x)] = grandparent
            x = grandparent
        }
    }
}
