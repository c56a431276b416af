import Dispatch
import Foundation

/// Ctrl-C (SIGINT) and SIGTERM while a command writes files: the handler gets the signal's number
/// on a queue of its own (the main thread may be waiting for the work), instead of the process
/// dying wherever it is.
final class Interruption: @unchecked Sendable {
    private var sources = [DispatchSourceSignal]()
    private static let queue = DispatchQueue(label: "minidesk.interruption")

    static func watch(_ handler: @escaping @Sendable (Int32) -> Void) -> Interruption {
        let watcher = Interruption()
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: queue)
            source.setEventHandler { handler(sig) }
            source.resume()
            watcher.sources.append(source)
        }
        return watcher
    }

    /// The signals end the process again, as they did before `watch`.
    func stop() {
        for source in sources { source.cancel() }
        sources.removeAll()
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}
