import CMinizip
import Foundation

/// Encodes 8-bit RGB images as PNG (zlib from the system, as for the 3MF archive).
public enum PNGEncoder {
    /// `pixels` holds `width * height` RGB triples, row by row from the top.
    public static func encode(width: Int, height: Int, rgb pixels: [UInt8]) -> Data {
        precondition(pixels.count == width * height * 3, "expected \(width * height * 3) bytes")
        // Each row starts with filter type 0 (none).
        var raw = [UInt8]()
        raw.reserveCapacity(height * (width * 3 + 1))
        for y in 0..<height {
            raw.append(0)
            raw += pixels[(y * width * 3)..<((y + 1) * width * 3)]
        }
        var compressedSize = compressBound(uLong(raw.count))
        var compressed = [UInt8](repeating: 0, count: Int(compressedSize))
        _ = compress2(&compressed, &compressedSize, raw, uLong(raw.count), 9)
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = Data()
        header.append(bigEndian: UInt32(width))
        header.append(bigEndian: UInt32(height))
        header.append(contentsOf: [8, 2, 0, 0, 0])  // 8 bits, RGB, deflate, no filter choice, no interlace
        append(chunk: "IHDR", header, to: &png)
        append(chunk: "IDAT", Data(compressed[0..<Int(compressedSize)]), to: &png)
        append(chunk: "IEND", Data(), to: &png)
        return png
    }

    private static func append(chunk type: String, _ body: Data, to png: inout Data) {
        png.append(bigEndian: UInt32(body.count))
        let typed = Data(type.utf8) + body
        png.append(typed)
        let crc = typed.withUnsafeBytes { crc32(0, $0.bindMemory(to: UInt8.self).baseAddress, uInt(typed.count)) }
        png.append(bigEndian: UInt32(crc))
    }
}

extension Data {
    mutating func append(bigEndian v: UInt32) {
        Swift.withUnsafeBytes(of: v.bigEndian) { append(contentsOf: $0) }
    }
}
