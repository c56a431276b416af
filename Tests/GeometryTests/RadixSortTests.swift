import Testing
@testable import Geometry

/// `radixSort()` against the standard library's sort: short and long arrays, keys made of two
/// vertex ids (as the split's tiling check sorts them), full 64-bit keys, and many repeats.
@Suite struct RadixSortTests {
    @Test(arguments: [0, 1, 2, 255, 256, 257, 1_000, 2_047, 2_048, 40_000])
    func sortsAsTheStandardLibraryDoes(_ count: Int) {
        var random = SeededRandom(seed: UInt64(count) + 7)
        let edgeKeys = (0..<count).map { _ in UInt64(random.next() % 70_000) << 32 | UInt64(random.next() % 70_000) }
        let wide = (0..<count).map { _ in random.next() }
        let repeats = (0..<count).map { _ in UInt64(random.next() % 5) << 40 | 3 }
        for keys in [edgeKeys, wide, repeats, edgeKeys.sorted(), Array(edgeKeys.sorted().reversed())] {
            var sorted = keys
            sorted.radixSort()
            #expect(sorted == keys.sorted())
        }
    }

    /// Keys with an index in their low bits, made in index order (as the hierarchy's Morton keys
    /// are): sorting only the bits above gives the full order.
    @Test(arguments: [1_000, 2_047, 40_000])
    func keysOrderedInTheirLowBitsSortOnTheBitsAbove(_ count: Int) {
        var random = SeededRandom(seed: UInt64(count) + 11)
        let indexBits = Int.bitWidth - (count - 1).leadingZeroBitCount
        for spread: UInt64 in [1 << 40, 16] {
            let keys = (0..<count).map { i in (random.next() % spread) << UInt64(indexBits) | UInt64(i) }
            var sorted = keys
            sorted.radixSort(sortedBelow: indexBits)
            #expect(sorted == keys.sorted())
        }
    }
}
