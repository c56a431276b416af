import Foundation
import Testing
@testable import Support

@Suite struct JSONValueTests {
    static func parse(_ s: String) throws -> JSONValue { try JSONValue.parse(Data(s.utf8)) }

    @Test func valuesOfEveryKind() throws {
        let v = try Self.parse(#" {"a": [1, -2.5e3, 0, true, false, null], "b": "x\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00", "c": {}} "#)
        #expect(v == .object([
            "a": .array([.number(1), .number(-2500), .number(0), .bool(true), .bool(false), .null]),
            "b": .string("x\"\\/\u{8}\u{C}\n\r\té😀"), "c": .object([:]),
        ]))
        #expect(try Self.parse("\u{FEFF}[]") == .array([]))
        #expect(try Self.parse("1e999") == .number(.infinity))  // readers reject non-finite values
        #expect(try Self.parse("0.1") == .number(0.1) && Self.parse("-0") == .number(-0.0))
    }

    @Test(arguments: [
        ("", "not valid JSON at byte 0: expected a value, found the end"),
        ("{", "not valid JSON at byte 1: expected a key in quotes"),
        (#"{"a" 1}"#, "not valid JSON at byte 5: expected ':' after a key"),
        ("[1 2]", "not valid JSON at byte 3: expected ',' or ']'"),
        ("[1,", "not valid JSON at byte 3: expected a value, found the end"),
        ("NaN", "not valid JSON at byte 0: expected a value"),
        ("01", "not valid JSON at byte 1: unexpected text after the document"),
        ("1.", "not valid JSON at byte 2: expected digits after '.'"),
        ("1e+", "not valid JSON at byte 3: expected digits in the exponent"),
        (#""abc"#, "not valid JSON at byte 4: a string is not closed"),
        ("\"a\u{1}\"", "not valid JSON at byte 3: a control character inside a string"),
        (#""\x""#, "not valid JSON at byte 3: an invalid escape"),
        (#""\u12G4""#, "not valid JSON at byte 3: expected four hex digits after \\u"),
        ("[] []", "not valid JSON at byte 3: unexpected text after the document"),
        (String(repeating: "[", count: 600), "not valid JSON at byte 512: nested more than 512 levels deep"),
    ])
    func errorsSayWhatAndWhere(text: String, message: String) {
        #expect(throws: JSONError(path: "", message: message)) { try Self.parse(text) }
    }
}
