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

    /// Which member is a set's root depends only on the unions, in order, never on finds made
    /// between them (path halving reshapes the trees, not their roots): callers that key results by
    /// root, such as the classification's patches, get the same keys however often they look.
    @Test func rootsDependOnlyOnTheUnions() {
        var random = SeededRandom(seed: 7)
        let joins = (0..<300).map { _ in (Int.random(in: 0..<200, using: &random), Int.random(in: 0..<200, using: &random)) }
        var plain = UnionFind(count: 200), looked = UnionFind(count: 200)
        for (a, b) in joins {
            plain.union(a, b)
            looked.union(a, b)
            for _ in 0..<3 { _ = looked.find(Int.random(in: 0..<200, using: &random)) }
        }
        let roots = plain.roots()
        #expect(roots == looked.roots())
        #expect(roots == (0..<200).map { looked.find($0) })
        // `union` puts the first member's root under the second's.
        var sets = UnionFind(count: 4)
        sets.union(0, 1)
        sets.union(1, 3)
        #expect(sets.roots() == [3, 3, 2, 3])
    }
}
