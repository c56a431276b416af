import CMinizip
import Foundation

/// A zip file written through minizip, entry by entry, deflated. Closed on release if an error cut
/// the writing short.
final class ZipArchive {
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
        var info = zip_fileinfo()
        info.tmz_date = tm_zip(tm_sec: 0, tm_min: 0, tm_hour: 0, tm_mday: 1, tm_mon: 0, tm_year: 1980)
        let opened = zipOpenNewFileInZip64(handle, name, &info, nil, 0, nil, 0, nil, Z_DEFLATED, Z_DEFAULT_COMPRESSION, 0)
        guard opened == ZIP_OK else { throw .writeFailed(path: path, reason: "cannot add \(name) to the zip archive (minizip error \(opened))") }
        let status = bytes.withUnsafeBytes { zipWriteInFileInZip(handle, $0.baseAddress, UInt32($0.count)) }
        guard status == ZIP_OK else { throw .writeFailed(path: path, reason: "writing \(name) failed (minizip error \(status)); is the disk full?") }
        guard zipCloseFileInZip(handle) == ZIP_OK else { throw .writeFailed(path: path, reason: "cannot finish \(name) in the zip archive") }
    }

    /// Writes one entry from the text chunks that `produce` emits.
    func stream(_ name: String, _ produce: ((String) throws(FileOutputError) -> Void) throws(FileOutputError) -> Void) throws(FileOutputError) {
        var info = zip_fileinfo()
        // A fixed, valid timestamp (1980-01-01) keeps the archive reproducible.
        info.tmz_date = tm_zip(tm_sec: 0, tm_min: 0, tm_hour: 0, tm_mday: 1, tm_mon: 0, tm_year: 1980)
        let opened = zipOpenNewFileInZip64(handle, name, &info, nil, 0, nil, 0, nil, Z_DEFLATED, Z_DEFAULT_COMPRESSION, 0)
        guard opened == ZIP_OK else { throw .writeFailed(path: path, reason: "cannot add \(name) to the zip archive (minizip error \(opened))") }
        let h = handle
        let p = path
        try produce { (chunk: String) throws(FileOutputError) in
            var text = chunk
            let status = text.withUTF8 { buffer in zipWriteInFileInZip(h, buffer.baseAddress, UInt32(buffer.count)) }
            guard status == ZIP_OK else { throw .writeFailed(path: p, reason: "writing \(name) failed (minizip error \(status)); is the disk full?") }
        }
        guard zipCloseFileInZip(handle) == ZIP_OK else { throw .writeFailed(path: path, reason: "cannot finish \(name) in the zip archive") }
    }

    func close() throws(FileOutputError) {
        let status = zipClose(handle, nil)
        handle = nil
        guard status == ZIP_OK else { throw .writeFailed(path: path, reason: "cannot finish the zip archive (minizip error \(status)); is the disk full?") }
    }
}
