import CMinizip
import Foundation

/// A zip file written through minizip, entry by entry, deflated at the fastest level. Closed on
/// release if an error cut the writing short.
public final class ZipArchive {
    private var handle: zipFile?
    private let path: String

    init(path temp: String, reportingAs path: String) throws(FileOutputError) {
        self.path = path
        handle = zipOpen64(temp, APPEND_STATUS_CREATE)
        guard handle != nil else { throw .writeFailed(path: path, reason: "cannot create the zip archive: " + String(cString: strerror(errno))) }
    }

    deinit {
        if handle != nil { zipClose(handle, nil) }
    }

    func add(_ name: String, _ text: String) throws(FileOutputError) {
        try add(data: name, Data(text.utf8))
    }

    func add(data name: String, _ bytes: Data) throws(FileOutputError) {
        try entry(name) { (write: @escaping Writer) throws(FileOutputError) in
            try check(bytes.withUnsafeBytes(write), name)
        }
    }

    /// Writes one entry from the text chunks that `produce` emits.
    func stream(_ name: String, _ produce: ((String) throws(FileOutputError) -> Void) throws(FileOutputError) -> Void) throws(FileOutputError) {
        try entry(name) { (write: @escaping Writer) throws(FileOutputError) in
            try produce { (chunk: String) throws(FileOutputError) in
                var text = chunk
                try check(text.withUTF8 { write(UnsafeRawBufferPointer($0)) }, name)
            }
        }
    }

    /// Writes bytes into the open entry and returns minizip's status.
    typealias Writer = (UnsafeRawBufferPointer) -> Int32

    /// Opens entry `name` (deflated, with a fixed 1980-01-01 timestamp so archives are reproducible),
    /// lets `body` write its bytes, and closes it; every minizip failure names the entry.
    private func entry(_ name: String, _ body: (@escaping Writer) throws(FileOutputError) -> Void) throws(FileOutputError) {
        var info = zip_fileinfo()
        info.tmz_date = tm_zip(tm_sec: 0, tm_min: 0, tm_hour: 0, tm_mday: 1, tm_mon: 0, tm_year: 1980)
        // The fastest deflate level: model XML compresses well at any level, and the default level
        // made compression most of the writing time.
        let opened = zipOpenNewFileInZip64(handle, name, &info, nil, 0, nil, 0, nil, Z_DEFLATED, Z_BEST_SPEED, 0)
        guard opened == ZIP_OK else { throw .writeFailed(path: path, reason: "cannot add \(name) to the zip archive (minizip error \(opened))") }
        let h = handle
        try body { buffer in zipWriteInFileInZip(h, buffer.baseAddress, UInt32(buffer.count)) }
        guard zipCloseFileInZip(handle) == ZIP_OK else { throw .writeFailed(path: path, reason: "cannot finish \(name) in the zip archive") }
    }

    private func check(_ status: Int32, _ name: String) throws(FileOutputError) {
        guard status == ZIP_OK else { throw .writeFailed(path: path, reason: "writing \(name) failed (minizip error \(status)); is the disk full?") }
    }

    /// A zip of `entries` (names and bytes, in order) as bytes, for sending rather than saving; built
    /// in a file in `folder` that is removed at once.
    public static func data(_ entries: [(name: String, data: Data)], in folder: String = NSTemporaryDirectory()) throws(FileOutputError) -> Data {
        let temp = folder + "/minidesk-zip-\(UUID().uuidString).zip"
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let zip = try ZipArchive(path: temp, reportingAs: "the zip archive")
        for e in entries { try zip.add(data: e.name, e.data) }
        try zip.close()
        guard let bytes = FileManager.default.contents(atPath: temp) else { throw .writeFailed(path: "the zip archive", reason: "cannot read it back") }
        return bytes
    }

    func close() throws(FileOutputError) {
        let status = zipClose(handle, nil)
        handle = nil
        guard status == ZIP_OK else { throw .writeFailed(path: path, reason: "cannot finish the zip archive (minizip error \(status)); is the disk full?") }
    }
}
