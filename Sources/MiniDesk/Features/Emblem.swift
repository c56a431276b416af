import Foundation
import Synchronization
import Geometry

/// The emblem on the top: a replaceable shape from SVG path data. The default is a four-pointed
/// sparkle of our own; see `macmini-geometry.md` §8b for why no real logo ships.
public enum Emblem {
    /// The default emblem's path data: a sparkle with concave sides, 20 units across, its four
    /// points cut square 1.2 units wide so that they print (0.48 mm at the planter's 8 mm).
    public static let defaultPath = "M-0.6 -10L0.6 -10Q1.6 -1.6 10 -0.6L10 0.6Q1.6 1.6 0.6 10L-0.6 10Q-1.6 1.6 -10 0.6L-10 -0.6Q-1.6 -1.6 -0.6 -10Z"

    /// Where named emblem files live, relative to the working folder.
    public static let folder = "Models/emblems"

    /// The emblems that ship inside the program, by name, so that `emblem.svg=ring` works from any
    /// folder. They are the path data of `Models/emblems/` (a test keeps the two the same).
    public static let builtIn: [String: String] = [
        "sparkle": defaultPath,
        "ring": "M10 0A10 10 0 1 0 -10 0A10 10 0 1 0 10 0Z M6 0A6 6 0 1 1 -6 0A6 6 0 1 1 6 0Z",
        "hexagon": "M-10 0L-5 -8.66L5 -8.66L10 0L5 8.66L-5 8.66Z M1.5 -2A1.5 1.5 0 1 0 4.5 -2A1.5 1.5 0 1 0 1.5 -2Z",
    ]

    /// The path data `emblem.svg` stands for: path data as written, or the `d` attributes of a file
    /// named by its path or by its name in `Models/emblems/` (with or without `.svg`), or a built-in
    /// emblem by name.
    public static func pathData(_ value: String) throws(EmblemError) -> String {
        // Trimmed with the standard library: Foundation's trimming took more than the rest of a
        // rule that reads the emblem, which the effective ranges run thousands of times.
        let start = value.drop(while: \.isWhitespace)
        let text = String(start.dropLast(start.reversed().prefix(while: \.isWhitespace).count))
        if let first = text.first, "MmLlHhVvCcSsQqTtAaZz".contains(first) && !text.contains("/") && !text.hasSuffix(".svg") && text.contains(where: \.isNumber) {
            return text
        }
        let candidates = [text, "\(folder)/\(text)", "\(folder)/\(text).svg"]
        guard let file = candidates.first(where: { FileManager.default.isReadableFile(atPath: $0) && !isFolder($0) }),
              let data = FileManager.default.contents(atPath: file), let content = String(data: data, encoding: .utf8)
        else {
            if let known = builtIn[text.hasSuffix(".svg") ? String(text.dropLast(4)) : text] { return known }
            throw EmblemError("is neither SVG path data, a built-in emblem (\(builtIn.keys.sorted().joined(separator: ", "))) nor a readable file (looked for \(candidates.dropFirst().map { "`\($0)`" }.joined(separator: " and "))), got \"\(value)\"")
        }
        guard content.contains("<") else { return content }
        return try pathData(inSVG: content, named: "file `\(file)`")
    }

    /// The path data of an SVG document: its `<path>` elements' `d` attributes, joined. `name` says
    /// what the document is in the error (`file x.svg`).
    public static func pathData(inSVG svg: String, named name: String) throws(EmblemError) -> String {
        let paths = pathAttributes(in: svg)
        guard !paths.isEmpty else { throw EmblemError("\(name) has no <path d=\"...\"> element") }
        return paths.joined(separator: " ")
    }

    /// The emblem's outline on the top, in plan coordinates (x right, y to the rear): scaled so that
    /// its larger side is `emblem.size`, rotated, and centred on the top's centre plus the offsets.
    /// SVG's y axis points down, so the path's top faces the rear.
    public static func outline(_ p: ParameterSet, resolution: Resolution) throws(EmblemError) -> Shape {
        let raw = try shape(of: try pathData(p.text("emblem.svg")), resolution: resolution)
        let b = raw.bounds
        let side = max(b.max.x - b.min.x, b.max.y - b.min.y)
        let centre = (b.min + b.max) * 0.5
        let e = Enclosure(p)
        let target = Vector2(e.width / 2 + p.number("emblem.offsetX"), e.depth / 2 + p.number("emblem.offsetY"))
        return raw.translated(by: centre * -1)
            .scaled(by: Vector2(1, -1) * (p.number("emblem.size") / side))
            .rotated(by: p.number("emblem.rotation") * .pi / 180)
            .translated(by: target)
    }

    /// The shape of path data `data` as drawn, remembered for the last few: the rules ask for the
    /// emblem's outline thousands of times while an item's effective ranges vary other parameters.
    private static func shape(of data: String, resolution: Resolution) throws(EmblemError) -> Shape {
        let key = ShapeKey(data: data, resolution: resolution)
        if let known = shapes.withLock({ $0[key] }) { return known }
        let raw: Shape
        do { raw = try Shape(svgPath: data, resolution: resolution) } catch { throw EmblemError(String(describing: error)) }
        guard !raw.isEmpty else { throw EmblemError("encloses no area") }
        shapes.withLock { shapes in
            if shapes.count >= 16 { shapes.removeAll() }
            shapes[key] = raw
        }
        return raw
    }

    private struct ShapeKey: Hashable { let data: String, resolution: Resolution }
    private static let shapes = Mutex([ShapeKey: Shape]())

    /// The emblem's thinnest place (`Shape.thinnest`) as a share of its larger side, so that
    /// `emblem.size` times it is the thinnest place in mm. Worked out once per emblem and kept.
    public static func thinnestShare(_ value: String) throws(EmblemError) -> Double {
        if let known = thinnest.withLock({ $0[value] }) { return known }
        let raw = try shape(of: try pathData(value), resolution: .draft)
        let b = raw.bounds, side = max(b.max.x - b.min.x, b.max.y - b.min.y)
        guard side > 0 else { throw EmblemError("encloses no area") }
        // Measured a fiftieth of the emblem (0.4 mm at 20 mm) from corners: points sharper than 45° count.
        let share = raw.thinnest(endMargin: side / 50).thickness / side
        thinnest.withLock { $0[value] = share }
        return share
    }

    private static let thinnest = Mutex([String: Double]())

    private static func isFolder(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
    }

    /// The values of every ` d="..."` attribute of a `<path>` element.
    static func pathAttributes(in svg: String) -> [String] {
        var result = [String]()
        var rest = Substring(svg)
        while let start = rest.range(of: "<path") {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(of: ">") else { break }
            let element = rest[..<end]
            for quote in ["\"", "'"] {
                if let d = element.range(of: " d=\(quote)") ?? element.range(of: "\nd=\(quote)") ?? element.range(of: "\td=\(quote)"),
                   let close = element[d.upperBound...].firstIndex(of: Character(quote)) {
                    result.append(String(element[d.upperBound..<close]))
                    break
                }
            }
            rest = rest[end...]
        }
        return result
    }
}

/// Why `emblem.svg` could not be used.
public struct EmblemError: Error, Sendable, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}
