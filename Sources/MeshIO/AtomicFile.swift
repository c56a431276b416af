import Foundation

/// Why a file could not be written. Each message names the path and the reason.
public enum FileOutputError: Error, Equatable, Sendable, CustomStringConvertible {
    case isDirectory(path: String)
    case missingFolder(path: String)
    case notWritable(path: String)
    case writeFailed(path: String, reason: String)
    /// Several parts for a format that holds one body (STL, PLY), where parts that touch would read
    /// back as one invalid solid.
    case oneBodyFormat(path: String, format: String, parts: Int)

    public var description: String {
        switch self {
        case .isDirectory(let p): return "cannot write \(p): it is a folder"
        case .missingFolder(let p): return "cannot write \(p): its folder does not exist"
        case .notWritable(let p): return "cannot write \(p): permission denied"
        case .writeFailed(let p, let reason): return "cannot write \(p): \(reason)"
        case .oneBodyFormat(let p, let format, let parts):
            return "cannot write \(parts) parts to \(p): \(format) holds one body, and parts that touch would read back as one invalid solid; "
                + "write a file per part, or use 3mf, obj or glb, which keep parts apart"
        }
    }
}

/// Writes files so that nothing is ever half-written: the content goes to a temporary name in the same
/// folder, is flushed to disk, and only then renamed over the target. On any failure the temporary file
/// is removed and an existing file at the target is left untouched.
package enum AtomicFile {
    /// Writes `data` to `path`.
    package static func write(_ data: Data, to path: String) throws(FileOutputError) {
        try write(to: path) { (temp: String) throws(FileOutputError) in
            guard FileManager.default.createFile(atPath: temp, contents: data) else {
                throw .writeFailed(path: path, reason: String(cString: strerror(errno)))
            }
        }
    }

    /// Lets `produce` write the whole file at the temporary path it is given, then moves it to `path`.
    package static func write(to path: String, _ produce: (String) throws(FileOutputError) -> Void) throws(FileOutputError) {
        let url = URL(fileURLWithPath: path)
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue {
            throw .isDirectory(path: path)
        }
        let folder = url.deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDir), isDir.boolValue else {
            throw .missingFolder(path: path)
        }
        guard access(folder, W_OK) == 0 else { throw .notWritable(path: path) }
        let temp = folder + "/." + url.lastPathComponent + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        do throws(FileOutputError) {
            try produce(temp)
            try flush(temp, reportingAs: path)
            guard rename(temp, path) == 0 else {
                throw FileOutputError.writeFailed(path: path, reason: String(cString: strerror(errno)))
            }
        } catch {
            unlink(temp)
            throw error
        }
    }

    private static func flush(_ temp: String, reportingAs path: String) throws(FileOutputError) {
        let fd = open(temp, O_RDONLY)
        guard fd >= 0 else { throw .writeFailed(path: path, reason: "the temporary file vanished: " + String(cString: strerror(errno))) }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw .writeFailed(path: path, reason: String(cString: strerror(errno))) }
    }
}
