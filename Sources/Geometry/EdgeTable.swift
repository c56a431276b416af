/// A hash table from 64-bit keys (two 32-bit ids, as a directed edge, or one) to integers, for the
/// inner loops that insert, look up and remove many times per element: open addressing with linear
/// probing and a multiplicative hash, removal by shifting the entries after it back (no tombstones).
/// `Dictionary` hashes each key with a seeded SipHash, which dominated `ExactSplit`'s flips.
struct EdgeTable {
    private var keys: [UInt64]
    private var values: [Int]
    private var used: [Bool]
    private(set) var count = 0
    private var mask: Int

    /// An empty table with room for `capacity` entries before it grows.
    init(capacity: Int = 8) {
        var size = 16
        while size < 2 * capacity { size *= 2 }
        keys = Array(repeating: 0, count: size)
        values = Array(repeating: 0, count: size)
        used = Array(repeating: false, count: size)
        mask = size - 1
    }

    /// The key of the pair `(from, to)`.
    @inline(__always) static func key(_ from: UInt32, _ to: UInt32) -> UInt64 { UInt64(from) << 32 | UInt64(to) }

    /// The key of one id.
    @inline(__always) static func key(_ id: UInt32) -> UInt64 { UInt64(id) }

    @inline(__always) private func slot(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    /// The value stored for `key`; setting nil removes it.
    subscript(key: UInt64) -> Int? {
        get {
            var i = slot(key)
            while used[i] {
                if keys[i] == key { return values[i] }
                i = (i + 1) & mask
            }
            return nil
        }
        set {
            if let newValue { insert(key, newValue) } else { remove(key) }
        }
    }

    private mutating func insert(_ key: UInt64, _ value: Int) {
        if 2 * (count + 1) > keys.count { grow() }
        var i = slot(key)
        while used[i] {
            if keys[i] == key {
                values[i] = value
                return
            }
            i = (i + 1) & mask
        }
        used[i] = true
        keys[i] = key
        values[i] = value
        count += 1
    }

    private mutating func remove(_ key: UInt64) {
        var i = slot(key)
        while used[i] && keys[i] != key { i = (i + 1) & mask }
        guard used[i] else { return }
        // Shift back each later entry of the run whose home slot does not lie cyclically in (i, j].
        var j = i
        while true {
            j = (j + 1) & mask
            guard used[j] else { break }
            let home = slot(keys[j])
            let stays = i <= j ? (i < home && home <= j) : (i < home || home <= j)
            if !stays {
                keys[i] = keys[j]
                values[i] = values[j]
                i = j
            }
        }
        used[i] = false
        count -= 1
    }

    private mutating func grow() {
        let (oldKeys, oldValues, oldUsed) = (keys, values, used)
        let size = 2 * oldKeys.count
        keys = Array(repeating: 0, count: size)
        values = Array(repeating: 0, count: size)
        used = Array(repeating: false, count: size)
        mask = size - 1
        count = 0
        for k in oldKeys.indices where oldUsed[k] { insert(oldKeys[k], oldValues[k]) }
    }
}
