import Testing
@testable import Geometry

/// The disjoint sets that join coincident points in a corefinement (`ContactRegistry`), where the
/// lowest id of a class must stand for it.
struct UnionFindTests {
    @Test func theLowestMemberStaysTheRootWhateverTheOrderOfJoins() {
        var sets = UnionFind(count: 8)
        sets.unionKeepingLowest(7, 5)
        sets.unionKeepingLowest(5, 6)
        sets.unionKeepingLowest(6, 2)
        sets.unionKeepingLowest(4, 3)
        #expect([2, 5, 6, 7].map { sets.find($0) } == [2, 2, 2, 2])
        #expect(sets.find(3) == 3 && sets.find(4) == 3)
        #expect(sets.find(0) == 0 && sets.find(1) == 1)
        sets.unionKeepingLowest(7, 4)
        #expect((2...7).allSatisfy { sets.find($0) == 2 })
        sets.unionKeepingLowest(3, 3)
        #expect(sets.find(3) == 2)
    }

    @Test func growingAddsSingleMembersAndKeepsTheClasses() {
        var sets = UnionFind(count: 3)
        sets.unionKeepingLowest(2, 1)
        sets.grow(to: 6)
        #expect(sets.find(2) == 1 && (3..<6).allSatisfy { sets.find($0) == $0 })
        sets.unionKeepingLowest(5, 2)
        #expect(sets.find(5) == 1)
        sets.grow(to: 4)  // never shrinks
        #expect(sets.find(5) == 1)
    }
}
