import Dispatch
import Foundation

/// Work shared out over the processor's cores (Manifold does the same with its parallel policies).
/// Results come back in item order, so what the caller builds from them never depends on the number
/// of cores or on scheduling. The work items may only read shared state: each writes only its own
/// result.
package enum Parallel {
    /// Whether more than one core is there to share the work, and the environment variable
    /// `MINIDESK_SERIAL` is not set to 1 (which keeps all work on the calling thread).
    /// (`getenv` reads the one variable; `ProcessInfo.environment` would build a dictionary of all.)
    static let isUseful = ProcessInfo.processInfo.activeProcessorCount > 1 && getenv("MINIDESK_SERIAL").map { String(cString: $0) } != "1"

    /// Whether work on about `triangles` triangles (or pieces, or pairs), at `cost` instructions
    /// each, is worth sharing: at least a million instructions in all. Handing work to another
    /// core costs more than a small job takes: on the 2-core machines the benchmarks run on,
    /// `DispatchQueue.concurrentPerform` lets the calling thread finish a job of 100 µs on its own
    /// before the other thread joins, and still costs 10 to 30 µs. Below that, the stages of a
    /// boolean of a few dozen triangles spent more waiting for threads than computing (turned_2 of
    /// the near-alignment bench: 3.4 ms median with every stage shared, 3.1 ms with these kept on
    /// the calling thread). Manifold decides by size the same way (`autoPolicy`).
    static func isWorthSharing(_ triangles: Int, cost: Int) -> Bool { triangles * cost >= 1_000_000 }

    /// `body` applied to consecutive ranges that cover `0..<count`, each of at least `minimumChunk`
    /// items (one range when `count` is smaller than two of them, at most 256 ranges), the results in
    /// range order. Many small ranges, handed out as cores come free, balance uneven work. If some
    /// ranges fail, the error of the first of them is thrown. Not `sharing`: one range, on the
    /// calling thread.
    static func map<T, E: Error>(
        _ count: Int, minimumChunk: Int, sharing: Bool = true, _ body: (Range<Int>) throws(E) -> T
    ) throws(E) -> [T] {
        let chunks = isUseful && sharing ? max(1, min(count / max(1, minimumChunk), 256)) : 1
        if chunks == 1 { return [try body(0..<count)] }
        var results = [Result<T, E>?](repeating: nil, count: chunks)
        results.withUnsafeMutableBufferPointer { slots in
            // Each iteration writes only its own slot; `body` only reads shared state.
            nonisolated(unsafe) let slots = slots, body = body
            DispatchQueue.concurrentPerform(iterations: chunks) { k in
                do throws(E) {
                    slots[k] = .success(try body(range(k, of: chunks, covering: count)))
                } catch {
                    slots[k] = .failure(error)
                }
            }
        }
        return try results.map { slot throws(E) in try slot!.get() }
    }

    /// `produce` applied to consecutive ranges that cover `0..<count`, cut and shared over the cores
    /// as `map` does, and `consume` called with each range's result, one at a time and in range
    /// order, as soon as that range and all before it are done: serial work on the results (the
    /// corefinement's registry of contact points) overlaps the parallel work that makes them, where
    /// `map` and then a loop over its results would leave the other cores idle. The thread that
    /// consumes makes ranges too while the next is not done. `consume` returns false to stop: no
    /// range is started after that. A range that fails stops the rest the same way, and its error
    /// is thrown when its turn to be consumed comes (so that, as with `map`, the error is the first
    /// failing range's); an error `consume` throws is thrown as it is. Not `sharing`: one range, on
    /// the calling thread.
    static func stream<T, E: Error>(
        _ count: Int, minimumChunk: Int, sharing: Bool = true, _ produce: (Range<Int>) throws(E) -> T, consuming consume: (T) throws(E) -> Bool
    ) throws(E) {
        let chunks = isUseful && sharing ? max(1, min(count / max(1, minimumChunk), 256)) : 1
        if chunks == 1 {
            _ = try consume(try produce(0..<count))
            return
        }
        let state = StreamState<T, E>(chunks: chunks)
        // `produce` only reads shared state; `consume` runs on one thread at a time, the calling one
        // blocked until all are done.
        nonisolated(unsafe) let produce = produce, consume = consume
        nonisolated(unsafe) var failure: E?
        DispatchQueue.concurrentPerform(iterations: min(chunks, ProcessInfo.processInfo.activeProcessorCount)) { worker in
            guard worker == 0 else {
                while let k = state.claim() { state.file(k, attempt(produce, range(k, of: chunks, covering: count))) }
                return
            }
            for k in 0..<chunks {
                // Range k, when done; while it is being made elsewhere, a later one is made here.
                guard let result = state.take(k, else: { j in attempt(produce, range(j, of: chunks, covering: count)) }) else { break }
                do throws(E) {
                    if try !consume(try result.get()) { break }
                } catch {
                    failure = error
                    break
                }
            }
            state.stop()
        }
        if let failure { throw failure }
    }

    /// Range `k` of `chunks` consecutive ranges of nearly equal length that cover `0..<count`.
    private static func range(_ k: Int, of chunks: Int, covering count: Int) -> Range<Int> {
        (k * count / chunks)..<((k + 1) * count / chunks)
    }

    /// `produce(range)`, or its error.
    private static func attempt<T, E: Error>(_ produce: (Range<Int>) throws(E) -> T, _ range: Range<Int>) -> Result<T, E> {
        do throws(E) { return .success(try produce(range)) } catch { return .failure(error) }
    }

    /// `body` applied to every item of `0..<count`, the results in item order. Items are handed out
    /// one at a time, so a few costly ones among many cheap ones still spread over the cores. If some
    /// items fail, the error of the first of them is thrown. Not `sharing`: all on the calling thread.
    package static func each<T, E: Error>(_ count: Int, sharing: Bool = true, _ body: (Int) throws(E) -> T) throws(E) -> [T] {
        guard isUseful && sharing && count > 1 else {
            var results = [T]()
            results.reserveCapacity(count)
            for i in 0..<count { results.append(try body(i)) }
            return results
        }
        var results = [Result<T, E>?](repeating: nil, count: count)
        results.withUnsafeMutableBufferPointer { slots in
            nonisolated(unsafe) let slots = slots, body = body
            DispatchQueue.concurrentPerform(iterations: count) { i in
                do throws(E) {
                    slots[i] = .success(try body(i))
                } catch {
                    slots[i] = .failure(error)
                }
            }
        }
        return try results.map { slot throws(E) in try slot!.get() }
    }

    /// `first()` and `second()` run concurrently; both results, or the error of the first that failed
    /// (`first`'s if both did). Not `sharing`: one after the other, on the calling thread.
    static func both<A, B, E: Error>(
        sharing: Bool = true, _ first: () throws(E) -> A, _ second: () throws(E) -> B
    ) throws(E) -> (A, B) {
        guard isUseful && sharing else { return (try first(), try second()) }
        var a: Result<A, E>?
        var b: Result<B, E>?
        withUnsafeMutablePointer(to: &a) { pa in
            withUnsafeMutablePointer(to: &b) { pb in
                nonisolated(unsafe) let pa = pa, pb = pb, first = first, second = second
                DispatchQueue.concurrentPerform(iterations: 2) { k in
                    if k == 0 {
                        do throws(E) { pa.pointee = .success(try first()) } catch { pa.pointee = .failure(error) }
                    } else {
                        do throws(E) { pb.pointee = .success(try second()) } catch { pb.pointee = .failure(error) }
                    }
                }
            }
        }
        return (try a!.get(), try b!.get())
    }
}

/// What the threads of one `Parallel.stream` share, under `condition`'s lock: the results made and
/// not yet consumed, the next range to start, and whether to start no more.
private final class StreamState<T, E: Error>: @unchecked Sendable {
    private let condition = NSCondition()
    private var results: [Result<T, E>?]
    private var next = 0
    private var stopped = false

    init(chunks: Int) { results = Array(repeating: nil, count: chunks) }

    /// The next range nobody has started, now claimed; nil once all are, or the stream stopped.
    func claim() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        return claimLocked()
    }

    private func claimLocked() -> Int? {
        guard !stopped && next < results.count else { return nil }
        defer { next += 1 }
        return next
    }

    /// Files range k's result; a failure stops the stream.
    func file(_ k: Int, _ result: Result<T, E>) {
        condition.lock()
        results[k] = result
        if case .failure = result { stopped = true }
        condition.broadcast()
        condition.unlock()
    }

    /// Range k's result, once made, taken out; meanwhile the ranges not started are claimed and
    /// made by `make`, else the thread waits. Nil if range k will not be made (the stream stopped
    /// before it was started).
    func take(_ k: Int, else make: (Int) -> Result<T, E>) -> Result<T, E>? {
        condition.lock()
        defer { condition.unlock() }
        while results[k] == nil {
            if let j = claimLocked() {
                condition.unlock()
                let made = make(j)
                condition.lock()
                results[j] = made
                if case .failure = made { stopped = true }
                condition.broadcast()
            } else if k >= next {
                return nil
            } else {
                condition.wait()
            }
        }
        defer { results[k] = nil }
        return results[k]
    }

    /// Starts no more ranges.
    func stop() {
        condition.lock()
        stopped = true
        condition.unlock()
    }
}
