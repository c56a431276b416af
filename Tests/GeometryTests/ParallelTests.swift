import Foundation
import Synchronization
import Testing
@testable import Geometry

/// Work shared over the cores: ranges that cover every item once, results in item order, the
/// error of the first failing item, whichever core met it first, and small jobs kept on the
/// calling thread.
struct ParallelTests {
    @Test(arguments: [(0, 16), (1, 16), (31, 16), (32, 16), (1000, 16), (1000, 1), (100_000, 64)])
    func rangesCoverEveryItemOnceInOrder(count: Int, minimumChunk: Int) {
        let ranges = Parallel.map(count, minimumChunk: minimumChunk) { $0 }
        #expect(ranges.first?.lowerBound == 0 && ranges.last?.upperBound == count)
        for (r, s) in zip(ranges, ranges.dropFirst()) { #expect(r.upperBound == s.lowerBound) }
        #expect(ranges.count <= 256)
        if ranges.count > 1 { #expect(ranges.allSatisfy { $0.count >= minimumChunk }) }
        let squares = Parallel.map(count, minimumChunk: minimumChunk) { $0.map { $0 * $0 } }.flatMap { $0 }
        #expect(squares == (0..<count).map { $0 * $0 })
    }

    @Test(arguments: [0, 1, 2, 777])
    func eachKeepsItemOrder(count: Int) {
        #expect(Parallel.each(count) { "item \($0)" } == (0..<count).map { "item \($0)" })
    }

    @Test func theFirstFailingItemsErrorIsThrown() {
        func fail(_ i: Int) -> GeometryError { .invalidMesh("item \(i)") }
        let failing: Set = [300, 700, 999]
        #expect(throws: fail(300)) {
            _ = try Parallel.each(1000) { i throws(GeometryError) in if failing.contains(i) { throw fail(i) } }
        }
        #expect(throws: fail(300)) {
            _ = try Parallel.map(1000, minimumChunk: 8) { range throws(GeometryError) in
                for i in range where failing.contains(i) { throw fail(i) }
            }
        }
        #expect(throws: fail(1)) { _ = try Parallel.both({ () throws(GeometryError) in throw fail(1) }, { () throws(GeometryError) in throw fail(2) }) }
        #expect(throws: fail(2)) { _ = try Parallel.both({ () throws(GeometryError) in 1 }, { () throws(GeometryError) in throw fail(2) }) }
        let pair = Parallel.both({ "a" }, { 2 })
        #expect(pair.0 == "a" && pair.1 == 2)
    }

    @Test(arguments: [(0, 16), (1, 16), (1000, 16), (1000, 1), (100_000, 64)])
    func streamConsumesEveryRangeOnceInOrder(count: Int, minimumChunk: Int) {
        var consumed = [Range<Int>]()
        var squares = [Int]()
        Parallel.stream(count, minimumChunk: minimumChunk, { range in (range, range.map { $0 * $0 }) }, consuming: { made in
            consumed.append(made.0)
            squares += made.1
            return true
        })
        #expect(consumed.first?.lowerBound == 0 && consumed.last?.upperBound == count)
        for (r, s) in zip(consumed, consumed.dropFirst()) { #expect(r.upperBound == s.lowerBound) }
        #expect(consumed == Parallel.map(count, minimumChunk: minimumChunk) { $0 })
        #expect(squares == (0..<count).map { $0 * $0 })
    }

    @Test func streamStopsWhereConsumeSaysSo() {
        let made = Atomic<Int>(0)
        var consumed = 0
        Parallel.stream(100_000, minimumChunk: 16, { range in
            made.add(1, ordering: .relaxed)
            return range.reduce(0, +)
        }, consuming: { _ in
            consumed += 1
            return consumed < 3
        })
        #expect(consumed == 3)
        #expect(made.load(ordering: .relaxed) >= 3 && made.load(ordering: .relaxed) <= 256)
    }

    @Test func streamThrowsTheFirstFailingRangesErrorAfterConsumingThoseBefore() {
        func fail(_ i: Int) -> GeometryError { .invalidMesh("item \(i)") }
        let failing: Set = [300, 700, 999]
        var consumed = [Range<Int>]()
        #expect(throws: fail(300)) {
            try Parallel.stream(1000, minimumChunk: 8, { range throws(GeometryError) in
                for i in range where failing.contains(i) { throw fail(i) }
                return range
            }, consuming: { range throws(GeometryError) in
                consumed.append(range)
                return true
            })
        }
        #expect(consumed.first?.lowerBound == 0 && consumed.last.map { $0.upperBound <= 300 && !$0.contains(300) } == true)
        #expect(consumed.count == Parallel.map(1000, minimumChunk: 8) { $0 }.firstIndex { $0.contains(300) })
        #expect(throws: fail(5)) {
            try Parallel.stream(1000, minimumChunk: 8, { range throws(GeometryError) in range }, consuming: { range throws(GeometryError) in
                if range.contains(5) { throw fail(5) }
                return true
            })
        }
    }

    @Test func workNotWorthSharingStaysOnTheCallingThread() {
        let caller = pthread_self()
        #expect(Parallel.each(64, sharing: false) { _ in pthread_equal(pthread_self(), caller) != 0 }.allSatisfy { $0 })
        #expect(Parallel.map(64, minimumChunk: 1, sharing: false) { $0 }.count == 1)
        var streamed = [Bool]()
        Parallel.stream(64, minimumChunk: 1, sharing: false, { _ in pthread_equal(pthread_self(), caller) != 0 }, consuming: {
            streamed.append($0 && pthread_equal(pthread_self(), caller) != 0)
            return true
        })
        #expect(streamed == [true])
        let pair = Parallel.both(sharing: false, { pthread_equal(pthread_self(), caller) != 0 }, { pthread_equal(pthread_self(), caller) != 0 })
        #expect(pair.0 && pair.1)
        // A million instructions: a few hundred microseconds, longer than the other core takes to join.
        #expect(!Parallel.isWorthSharing(36, cost: 10_000) && Parallel.isWorthSharing(100, cost: 10_000))
    }
}
