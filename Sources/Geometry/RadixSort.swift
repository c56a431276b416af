extension Array where Element == UInt64 {
    /// Sorts the keys in increasing order, in linear time for long arrays: a least-significant-digit
    /// radix sort over 11-bit digits (8-bit below 2,048 keys, where clearing and summing 2,048
    /// counts each pass cost more than the keys), skipping the digits on which all keys agree (keys
    /// made of two vertex ids vary in few of them). Short arrays are sorted by comparison.
    ///
    /// `sortedBelow`: the keys are already in increasing order of their lowest `sortedBelow` bits
    /// (an index there, the keys made in index order), so only the bits above are sorted on: each
    /// pass keeps the order of keys with equal digits.
    mutating func radixSort(sortedBelow: Int = 0) {
        guard count >= 256 else {
            sort()
            return
        }
        var varying: UInt64 = 0
        let first = self[0]
        for key in self { varying |= key ^ first }
        var source = self
        var target = [UInt64](repeating: 0, count: count)
        let bits: UInt64 = count < 2048 ? 8 : 11, mask: UInt64 = (1 << bits) - 1
        var counts = [Int](repeating: 0, count: Int(mask) + 2)
        var shift = UInt64(sortedBelow)
        while shift < 64 {
            defer { shift += bits }
            guard (varying >> shift) & mask != 0 else { continue }
            source.withUnsafeBufferPointer { from in
                target.withUnsafeMutableBufferPointer { to in
                    counts.withUnsafeMutableBufferPointer { slot in
                        for i in 0..<slot.count { slot[i] = 0 }
                        for key in from { slot[Int((key >> shift) & mask) + 1] += 1 }
                        for d in 1..<slot.count { slot[d] += slot[d - 1] }
                        for key in from {
                            let d = Int((key >> shift) & mask)
                            to[slot[d]] = key
                            slot[d] += 1
                        }
                    }
                }
            }
            swap(&source, &target)
        }
        self = source
    }
}
