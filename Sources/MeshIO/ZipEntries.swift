import CMinizip
import Foundation

/// The entries of a zip file, read through minizip.
enum ZipEntries {
    /// Each entry's name and bytes, in the archive's order, for the entries `wanted` accepts; nil if
    /// the file is not a zip archive or an entry cannot be inflated.
    static func read(_ path: String, wanted: (String) -> Bool = { _ in true }) -> [(name: String, data: Data)]? {
        guard let zip = unzOpen64(path) else { return nil }
        defer { unzClose(zip) }
        var entries = [(name: String, data: Data)]()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var status = unzGoToFirstFile(zip)
        while status == UNZ_OK {
            var info = unz_file_info64()
            var name = [CChar](repeating: 0, count: 1024)
            guard unzGetCurrentFileInfo64(zip, &info, &name, 1024, nil, 0, nil, 0) == UNZ_OK else { return nil }
            let entry = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if wanted(entry) {
                guard unzOpenCurrentFile(zip) == UNZ_OK else { return nil }
                var data = Data()
                while true {
                    let n = unzReadCurrentFile(zip, &buffer, UInt32(buffer.count))
                    if n < 0 {
                        unzCloseCurrentFile(zip)
                        return nil
                    }
                    if n == 0 { break }
                    data.append(contentsOf: buffer[0..<Int(n)])
                }
                guard unzCloseCurrentFile(zip) == UNZ_OK else { return nil }  // checks the CRC
                entries.append((entry, data))
            }
            status = unzGoToNextFile(zip)
        }
        return status == UNZ_END_OF_LIST_OF_FILE ? entries : nil
    }
}
