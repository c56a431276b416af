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
                    slots[k] = .success(try body((k * count / chunks)..<((k + 1) * count / chunks)))
                } catch {
                    slots[k] = .failure(error)
                }
            }
        }
        return try results.map { slot throws(E) in try slot!.get() }
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
