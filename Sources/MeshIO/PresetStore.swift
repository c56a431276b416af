import Foundation
import Geometry
import Support

/// The user's own parameter sets, kept in one small JSON file:
/// `{"schemaVersion": 1, "presets": {"NAME": {"item": "solid", "parameters": {"body.width": 120}}}}`.
///
/// Learned from settings stores that handed back defaults when they could not read their file, after
/// which apps overwrote good data: a file that is unreadable, corrupt or from a newer version is
/// reported with its path and reason, never treated as empty and never overwritten. Changes are made
/// under an exclusive lock (so concurrent `minidesk preset save` commands lose nothing) and written
/// atomically (so a crash leaves the old file).
package struct PresetStore: Sendable {
    package static let schemaVersion = 1

    /// One saved parameter set for one item.
    package struct Preset: Equatable, Sendable {
        package var item: String
        /// Values by parameter name, as JSON values (numbers, booleans, strings).
        package var parameters: [String: JSONValue]

        package init(item: String, parameters: [String: JSONValue]) {
            self.item = item
            self.parameters = parameters
        }
    }

    /// Why the store could not be used; each message names the file and the reason.
    package struct StoreError: Error, Equatable, Sendable, CustomStringConvertible {
        package var message: String
        package init(message: String) { self.message = message }
        package var description: String { message }
    }

    /// The store's file.
    package let path: String

    package init(path: String) { self.path = path }

    /// The default location: `$XDG_CONFIG_HOME/minidesk/presets.json`, else `~/.config/minidesk/presets.json`.
    package static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let xdg = environment["XDG_CONFIG_HOME"], !xdg.isEmpty { return xdg + "/minidesk/presets.json" }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return home + "/.config/minidesk/presets.json"
    }

    /// Every preset. A missing file is an empty store; anything else that cannot be read throws.
    package func load() throws(StoreError) -> [String: Preset] {
        guard FileManager.default.fileExists(atPath: path) else { return [:] }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw StoreError(message: "cannot read the presets file \(path): " + String(cString: strerror(errno)) + "; it was left untouched")
        }
        return try decode(data)
    }

    /// Changes the presets under an exclusive lock: reads the current file (failing, without writing,
    /// if it cannot be read), applies `change`, and writes the result atomically.
    package func modify(_ change: (inout [String: Preset]) throws(StoreError) -> Void) throws(StoreError) {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw StoreError(message: "cannot create the presets folder \(folder): \(error.localizedDescription)")
        }
        let lockPath = path + ".lock"
        let fd = open(lockPath, O_RDWR | O_CREAT, 0o644)
        guard fd >= 0 else { throw StoreError(message: "cannot lock the presets file \(lockPath): " + String(cString: strerror(errno))) }
        defer { close(fd) }
        guard flock(fd, LOCK_EX) == 0 else { throw StoreError(message: "cannot lock the presets file \(lockPath): " + String(cString: strerror(errno))) }
        defer { flock(fd, LOCK_UN) }
        var presets = try load()
        try change(&presets)
        do {
            try AtomicFile.write(encode(presets), to: path)
        } catch {
            throw StoreError(message: "\(error); the presets file was left as it was")
        }
    }

    private func decode(_ data: Data) throws(StoreError) -> [String: Preset] {
        func corrupt(_ why: String) -> StoreError {
            StoreError(message: "the presets file \(path) is not usable (\(why)); it was left untouched: fix it, or move it away to start afresh")
        }
        let doc: JSONValue
        do { doc = try JSONValue.parse(data) } catch { throw corrupt(error.description) }
        guard case .object(let top) = doc else { throw corrupt("not a JSON object") }
        guard case .number(let version)? = top["schemaVersion"] else { throw corrupt("no schemaVersion") }
        guard version <= Double(Self.schemaVersion) else {
            throw StoreError(message: "the presets file \(path) was written by a newer MiniDesk (schema version \(version == version.rounded() ? String(Int(version)) : String(version))); this one reads version \(Self.schemaVersion) and leaves it untouched")
        }
        guard case .object(let entries)? = top["presets"] else { throw corrupt("no presets object") }
        var presets = [String: Preset]()
        for (name, value) in entries {
            guard case .object(let p) = value, case .string(let item)? = p["item"], case .object(let params)? = p["parameters"] else {
                throw corrupt("preset \(name) needs an item and parameters")
            }
            presets[name] = Preset(item: item, parameters: params)
        }
        return presets
    }

    private func encode(_ presets: [String: Preset]) -> Data {
        func json(_ v: JSONValue) -> Any {
            switch v {
            case .null: return NSNull()
            case .bool(let b): return b
            case .number(let n): return n
            case .string(let s): return s
            case .array(let a): return a.map(json)
            case .object(let o): return o.mapValues(json)
            }
        }
        let doc: [String: Any] = [
            "schemaVersion": Self.schemaVersion,
            "presets": presets.mapValues { ["item": $0.item, "parameters": $0.parameters.mapValues(json)] as [String: Any] },
        ]
        return (try? JSONSerialization.data(withJSONObject: doc, options: [.prettyPrinted, .sortedKeys])) ?? Data()
    }
}
