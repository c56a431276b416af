import Dispatch
import Foundation
import Synchronization

/// The customizer's model builds: one at a time (each already uses every core), the latest request
/// of each browser tab first. A build whose tab has asked for a newer one since is dropped before it
/// starts, and its answer is dropped when it ends. The last few models are kept, so that going back
/// to a value or refining an unchanged one is instant.
final class ModelBuilds: Sendable {
    /// What the builds are asked for: the newest sequence number per client (a tab).
    private let newest = Mutex([String: Int]())
    private let turn = DispatchSemaphore(value: 1)
    private let cache = Mutex([(key: String, value: Data)]())
    /// How many models are kept.
    static let cacheSize = 24

    /// Counts of what happened, for tests and the benchmark.
    struct Counts: Sendable, Equatable {
        var built = 0, cached = 0, superseded = 0
    }
    private let counts = Mutex(Counts())
    var statistics: Counts { counts.withLock { $0 } }

    /// Notes that `client` asked for build `seq`; false if it has already asked for a newer one.
    private func register(_ client: String?, _ seq: Int?) -> Bool {
        guard let client, let seq else { return true }
        return newest.withLock { latest in
            if let n = latest[client], n > seq { return false }
            latest[client] = seq
            return true
        }
    }

    private func isCurrent(_ client: String?, _ seq: Int?) -> Bool {
        guard let client, let seq else { return true }
        return newest.withLock { ($0[client] ?? seq) <= seq }
    }

    /// The model for `key`: from the cache, or built by `build` in turn. Nil when `client` has asked
    /// for a newer build (`seq`) before this one could start or end.
    func model(key: String, client: String?, seq: Int?, build: () throws(RequestError) -> Data) throws(RequestError) -> Data? {
        guard register(client, seq) else { return superseded() }
        if let hit = cache.withLock({ c in c.first { $0.key == key }?.value }) {
            counts.withLock { $0.cached += 1 }
            return hit
        }
        turn.wait()
        defer { turn.signal() }
        guard isCurrent(client, seq) else { return superseded() }
        if let hit = cache.withLock({ c in c.first { $0.key == key }?.value }) { return hit }
        let data = try build()
        counts.withLock { $0.built += 1 }
        cache.withLock { c in
            c.removeAll { $0.key == key }
            c.insert((key, data), at: 0)
            if c.count > Self.cacheSize { c.removeLast() }
        }
        return isCurrent(client, seq) ? data : superseded()
    }

    private func superseded() -> Data? {
        counts.withLock { $0.superseded += 1 }
        return nil
    }
}
