import Foundation
import Synchronization

/// An export's hold on its output folder: locks that keep a second export of the same files out
/// while this one writes them, and staging, so that each item's files appear together, all old or
/// all new.
///
/// Locks are per stem (an item's files in one mode, `solid` or `solid-separate`), so exports of
/// different items into one folder, as a batch split into jobs does, run side by side.
///
/// Every item is written into a hidden staging folder inside the output folder (the same file
/// system, so moving a file is a rename), read back if asked, and only then committed: its files
/// are renamed into place one after the other, under a lock that `abandon()` also takes, so an
/// interruption never stops a commit half-way. Staging folders and temporary files that a killed
/// run left behind are removed when the next export takes the folder.
public final class OutputFolder: Sendable {
    public let path: String
    /// The open lock files, closed (and so released) with the folder.
    private let locks = Mutex([Int32]())
    /// The staging folders in use, removed by `abandon()`.
    private let staging = Mutex(Set<String>())
    /// Held while files are moved into place.
    private let committing = Mutex(())

    /// Creates the folder (and its parents) if needed and removes what killed runs left in it.
    /// Throws, naming the folder, when it cannot be created.
    public init(_ path: String) throws(FileOutputError) {
        guard !path.isEmpty else { throw .writeFailed(path: "''", reason: "the output folder's name is empty; give --out a folder such as Output") }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), !isDir.boolValue {
                throw .writeFailed(path: path, reason: "it is a file, not a folder; give --out a folder")
            }
            throw .writeFailed(path: path, reason: "cannot create the output folder (permission denied, or a parent is a file)")
        }
        self.path = path
        removeLeftovers()
    }

    /// Takes the lock of the files named `stem` (an item in a mode), or throws naming the process
    /// that holds it.
    public func claim(_ stem: String) throws(FileOutputError) {
        let fd = open(path + "/.minidesk-\(stem).lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .notWritable(path: path) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            var buffer = [UInt8](repeating: 0, count: 32)
            let n = pread(fd, &buffer, buffer.count, 0)
            let holder = n > 0 ? String(decoding: buffer[0..<n], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) : "?"
            close(fd)
            throw .writeFailed(path: path, reason: "another minidesk export (process \(holder)) is writing \(stem)'s files into this folder; wait for it to finish, or choose another --out")
        }
        _ = ftruncate(fd, 0)
        let pid = Data("\(getpid())\n".utf8)
        _ = pid.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
        locks.withLock { $0.append(fd) }
    }

    deinit { for fd in locks.withLock({ $0 }) { close(fd) } }

    /// Staging folders and temporary files left by runs that were killed: those whose process (the
    /// pid in their name) is gone.
    private func removeLeftovers() {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        for name in names where Self.isOrphaned(name) {
            try? FileManager.default.removeItem(atPath: path + "/" + name)
        }
    }

    /// Whether `name` is a staging folder (`.minidesk-staging-PID-...`) or an `AtomicFile`
    /// temporary (`.NAME.tmp-PID-RANDOM`) whose process is gone.
    static func isOrphaned(_ name: String) -> Bool {
        let pid: Int32?
        if name.hasPrefix(".minidesk-staging-") {
            pid = name.dropFirst(".minidesk-staging-".count).split(separator: "-").first.flatMap { Int32($0) }
        } else if name.hasPrefix("."), let range = name.range(of: ".tmp-", options: .backwards) {
            let fields = name[range.upperBound...].split(separator: "-")
            pid = fields.count == 2 && UInt32(fields[1]) != nil ? Int32(fields[0]) : nil
        } else {
            pid = nil
        }
        guard let pid, pid > 0 else { return false }
        return pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH
    }

    /// A new, empty staging folder for one item.
    public func stage(_ name: String) throws(FileOutputError) -> String {
        let folder = path + "/.minidesk-staging-\(getpid())-\(name)-\(UInt32.random(in: 0...UInt32.max))"
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false) } catch {
            throw .writeFailed(path: path, reason: "cannot create a staging folder in it: \(error.localizedDescription)")
        }
        staging.withLock { _ = $0.insert(folder) }
        return folder
    }

    /// Moves every file of `folder` (a staging folder) into the output folder, replacing what is
    /// there, and removes the staging folder. Returns the final paths, in name order.
    public func commit(_ folder: String) throws(FileOutputError) -> [String] {
        try committing.withLock { _ throws(FileOutputError) -> [String] in
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
            // Every target is checked before the first is replaced, so a refusal moves nothing.
            for name in names {
                var isDir: ObjCBool = false
                if FileManager.default.fileExists(atPath: path + "/" + name, isDirectory: &isDir), isDir.boolValue { throw .isDirectory(path: path + "/" + name) }
            }
            var moved = [String]()
            for name in names {
                let target = path + "/" + name
                guard rename(folder + "/" + name, target) == 0 else { throw .writeFailed(path: target, reason: String(cString: strerror(errno))) }
                moved.append(target)
            }
            try? FileManager.default.removeItem(atPath: folder)
            staging.withLock { _ = $0.remove(folder) }
            return moved
        }
    }

    /// Removes a staging folder without committing it (its item failed).
    public func discard(_ folder: String) {
        try? FileManager.default.removeItem(atPath: folder)
        staging.withLock { _ = $0.remove(folder) }
    }

    /// For an interruption: waits for a commit under way to finish, removes every staging folder
    /// (what has been committed stays, nothing else is left), runs `last` and ends the process with
    /// `code`, all while holding the commit lock, so that no other commit can start.
    public func abandon(exitingWith code: Int32, after last: () -> Void) -> Never {
        committing.withLock { _ -> Never in
            for folder in staging.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: folder) }
            last()
            exit(code)
        }
    }
}
