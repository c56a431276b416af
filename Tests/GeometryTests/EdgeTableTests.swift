import Testing
@testable import Geometry

/// The edge table against `Dictionary` as its oracle, through long random runs of insertions,
/// updates, removals and lookups over few keys (long probe runs, removals inside them) and many
/// (growth).
@Suite struct EdgeTableTests {
    @Test(arguments: [(1, 40), (2, 300), (3, 5_000)])
    func agreesWithADictionary(seed: UInt64, keys: Int) {
        var random = SeededRandom(seed: seed)
        var table = EdgeTable(), oracle = [UInt64: Int]()
        for step in 0..<40_000 {
            // Keys that differ only in one half, as the edges of one vertex do.
            let key = EdgeTable.key(UInt32(Int.random(in: 0..<keys, using: &random) / 7), UInt32(Int.random(in: 0..<7, using: &random)))
            switch Int.random(in: 0..<4, using: &random) {
            case 0, 1:
                table[key] = step
                oracle[key] = step
            case 2:
                table[key] = nil
                oracle[key] = nil
            default:
                #expect(table[key] == oracle[key], "key \(key) at step \(step)")
            }
            #expect(table.count == oracle.count)
        }
        for (key, value) in oracle { #expect(table[key] == value) }
    }

    @Test func removingEveryKeyEmptiesIt() {
        var table = EdgeTable(capacity: 2)
        for id in 0..<1_000 { table[EdgeTable.key(UInt32(id))] = id }
        #expect(table.count == 1_000)
        for id in stride(from: 999, through: 0, by: -1) {
            table[EdgeTable.key(UInt32(id))] = nil
            #expect(table[EdgeTable.key(UInt32(id))] == nil)
        }
        #expect(table.count == 0)
        for id in 0..<1_000 { #expect(table[EdgeTable.key(UInt32(id))] == nil) }
    }
}
