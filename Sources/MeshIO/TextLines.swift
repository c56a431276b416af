import Foundation
import Geometry

/// The lines of a text file as whitespace-separated words, for the text mesh formats (ASCII STL,
/// OBJ, ASCII PLY). Lines are counted from 1 for messages.
struct TextLines {
    private let bytes: [UInt8]
    private var position = 0
    /// The byte offset of the next line.
    var offset: Int { position }
    /// The number of the line last returned.
    private(set) var number = 0

    init(_ data: Data, from offset: Int = 0) {
        bytes = [UInt8](data)
        position = offset
    }

    /// The words of the next line (possibly none), or nil at the end of the file.
    mutating func next() -> [Substring]? {
        guard position < bytes.count else { return nil }
        var end = position
        while end < bytes.count && bytes[end] != 10 && bytes[end] != 13 { end += 1 }
        let line = String(decoding: bytes[position..<end], as: UTF8.self)
        // One line break: \n, \r or \r\n.
        position = end < bytes.count && bytes[end] == 13 && end + 1 < bytes.count && bytes[end + 1] == 10 ? end + 2 : end + 1
        number += 1
        return line.split(whereSeparator: { $0 == " " || $0 == "\t" })
    }
}

extension MeshFile {
    /// The number in `word` (of line `line`), or an error naming the line and the word.
    func number(_ word: Substring, line: Int) throws(GeometryError) -> Double {
        guard let value = Double(word) else { throw error("line \(line): `\(word)` is not a number") }
        return value
    }

    /// The point in the three words from `first` on (of line `line`).
    func point(_ words: [Substring], from first: Int, line: Int) throws(GeometryError) -> Vector3 {
        guard words.count >= first + 3 else { throw error("line \(line): `\(words.joined(separator: " "))` needs three coordinates") }
        return Vector3(try number(words[first], line: line), try number(words[first + 1], line: line), try number(words[first + 2], line: line))
    }
}
