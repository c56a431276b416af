import Testing
@testable import Geometry

/// `radixSort()` against the standard library's sort: short and long arrays, keys made of two
/// vertex ids (as the split's tiling check sorts them), full 64-bit keys, and many repeats.
@Suite struct RadixSortTests {
    @Test(arguments: [0, 1, 2, 255, 256, 257, 1_000, 40_000])
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
}
