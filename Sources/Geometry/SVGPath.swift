import Foundation

/// Malformed SVG path data: what was expected and where (a 0-based character offset).
public struct SVGPathError: Error, Equatable, Sendable, CustomStringConvertible {
    public var position: Int
    public var message: String
    public var description: String { "SVG path data, position \(position): \(message)" }
}

/// SVG path data (the `d` attribute): every command (M L H V C S Q T A Z, absolute and relative),
/// with curves flattened so that no chord strays from the curve by more than the resolution's chord
/// deviation. Coordinates are taken as they are (SVG's y axis points down; flip it if you need to).
public enum SVGPath {
    /// The subpaths of `data` as closed contours (SVG fills an open subpath as if closed).
    public static func contours(_ data: String, resolution: Resolution = .normal) throws(SVGPathError) -> [Contour] {
        var parser = Parser(Array(data.utf8), tolerance: resolution.maxChordDeviation, resolution: resolution)
        return try parser.parse().map(Contour.init)
    }
}

extension Shape {
    /// The region filled by SVG path data under `fillRule`. Throws `SVGPathError` for malformed data and
    /// `GeometryError.invalidShape` for subpaths that cross.
    public init(svgPath data: String, fillRule: FillRule = .nonZero, resolution: Resolution = .normal) throws {
        try self.init(contours: SVGPath.contours(data, resolution: resolution), fillRule: fillRule)
    }
}

private struct Parser {
    let text: [UInt8]
    let tolerance: Double
    let resolution: Resolution
    var i = 0
    var subpaths = [[Vector2]]()
    var current = [Vector2]()
    var point = Vector2.zero
    var start = Vector2.zero
    /// The last control point of the previous C/S (for S) or Q/T (for T), if that was the last command.
    var lastCubicControl: Vector2? = nil
    var lastQuadControl: Vector2? = nil

    init(_ text: [UInt8], tolerance: Double, resolution: Resolution) {
        self.text = text
        self.tolerance = tolerance
        self.resolution = resolution
    }

    mutating func parse() throws(SVGPathError) -> [[Vector2]] {
        skipSeparators()
        var command: UInt8? = nil
        var first = true
        while i < text.count {
            let c = text[i]
            if isCommandLetter(c) {
                command = c
                i += 1
            } else if command == nil || (command == UInt8(ascii: "Z") || command == UInt8(ascii: "z")) {
                throw SVGPathError(position: i, message: "expected a command letter (M L H V C S Q T A Z), found `\(Character(UnicodeScalar(c)))`")
            }
            // After a moveto, further coordinate pairs are linetos.
            guard let cmd = command else { break }
            if first && cmd != UInt8(ascii: "M") && cmd != UInt8(ascii: "m") {
                throw SVGPathError(position: i - 1, message: "path data must start with a moveto (M or m)")
            }
            first = false
            try execute(cmd)
            if cmd == UInt8(ascii: "M") { command = UInt8(ascii: "L") }
            if cmd == UInt8(ascii: "m") { command = UInt8(ascii: "l") }
            skipSeparators()
        }
        finishSubpath()
        return subpaths
    }

    private func isCommandLetter(_ c: UInt8) -> Bool {
        "MmLlHhVvCcSsQqTtAaZz".utf8.contains(c)
    }

    mutating func execute(_ cmd: UInt8) throws(SVGPathError) {
        let relative = cmd >= UInt8(ascii: "a")
        let base = relative ? point : Vector2.zero
        switch Character(UnicodeScalar(cmd)).uppercased() {
        case "M":
            let p = try pair() + base
            finishSubpath()
            point = p
            start = p
            current = [p]
            clearControls()
        case "L":
            lineTo(try pair() + base)
            clearControls()
        case "H":
            let x = try number() + (relative ? point.x : 0)
            lineTo(Vector2(x, point.y))
            clearControls()
        case "V":
            let y = try number() + (relative ? point.y : 0)
            lineTo(Vector2(point.x, y))
            clearControls()
        case "C":
            let c1 = try pair() + base, c2 = try pair() + base, p = try pair() + base
            cubic(c1, c2, p)
        case "S":
            let c1 = lastCubicControl.map { point * 2 - $0 } ?? point
            let c2 = try pair() + base, p = try pair() + base
            cubic(c1, c2, p)
        case "Q":
            let c = try pair() + base, p = try pair() + base
            quadratic(c, p)
        case "T":
            let c = lastQuadControl.map { point * 2 - $0 } ?? point
            quadratic(c, try pair() + base)
        case "A":
            let rx = try number(), ry = try number(), rotation = try number()
            let large = try flag(), sweep = try flag()
            let p = try pair() + base
            arc(rx: abs(rx), ry: abs(ry), rotation: rotation * .pi / 180, large: large, sweep: sweep, to: p)
            clearControls()
        default:  // Z
            point = start
            finishSubpath()
            current = [start]
            clearControls()
        }
    }

    mutating func clearControls() {
        lastCubicControl = nil
        lastQuadControl = nil
    }

    mutating func finishSubpath() {
        if current.count >= 3 { subpaths.append(current) }
        current = []
    }

    mutating func lineTo(_ p: Vector2) {
        if current.isEmpty { current = [point] }
        current.append(p)
        point = p
    }

    mutating func cubic(_ c1: Vector2, _ c2: Vector2, _ p: Vector2) {
        flattenCubic(point, c1, c2, p, depth: 0)
        point = p
        lastCubicControl = c2
        lastQuadControl = nil
    }

    mutating func quadratic(_ c: Vector2, _ p: Vector2) {
        // A quadratic is the cubic with controls two thirds of the way to its control point.
        let c1 = point + (c - point) * (2.0 / 3.0), c2 = p + (c - p) * (2.0 / 3.0)
        flattenCubic(point, c1, c2, p, depth: 0)
        point = p
        lastQuadControl = c
        lastCubicControl = nil
    }

    /// Adaptive subdivision: a piece is flat once both controls lie within the tolerance of its chord.
    mutating func flattenCubic(_ p0: Vector2, _ p1: Vector2, _ p2: Vector2, _ p3: Vector2, depth: Int) {
        let chord = p3 - p0
        let len = chord.length
        let d1: Double, d2: Double
        if len > 0 {
            d1 = abs(chord.cross(p1 - p0)) / len
            d2 = abs(chord.cross(p2 - p0)) / len
        } else {
            d1 = (p1 - p0).length
            d2 = (p2 - p0).length
        }
        // The curve stays within 3/4 of the control distance from the chord.
        if depth >= 18 || 0.75 * max(d1, d2) <= tolerance {
            lineTo(p3)
            return
        }
        let a = (p0 + p1) * 0.5, b = (p1 + p2) * 0.5, c = (p2 + p3) * 0.5
        let d = (a + b) * 0.5, e = (b + c) * 0.5, m = (d + e) * 0.5
        flattenCubic(p0, a, d, m, depth: depth + 1)
        flattenCubic(m, e, c, p3, depth: depth + 1)
    }

    /// An elliptical arc in endpoint form, converted to centre form as in SVG 1.1 appendix F.6.5.
    mutating func arc(rx: Double, ry: Double, rotation phi: Double, large: Bool, sweep: Bool, to p: Vector2) {
        if p == point { return }
        if rx == 0 || ry == 0 { lineTo(p); return }
        let cosPhi = cos(phi), sinPhi = sin(phi)
        let half = (point - p) * 0.5
        let x1 = cosPhi * half.x + sinPhi * half.y
        let y1 = -sinPhi * half.x + cosPhi * half.y
        var rx = rx, ry = ry
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 {
            rx *= lambda.squareRoot()
            ry *= lambda.squareRoot()
        }
        let num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let den = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var factor = (max(0, num) / den).squareRoot()
        if large == sweep { factor = -factor }
        let cx1 = factor * rx * y1 / ry, cy1 = -factor * ry * x1 / rx
        let mid = (point + p) * 0.5
        let center = Vector2(cosPhi * cx1 - sinPhi * cy1 + mid.x, sinPhi * cx1 + cosPhi * cy1 + mid.y)
        func angle(_ u: Vector2, _ v: Vector2) -> Double { atan2(u.cross(v), u.dot(v)) }
        let u = Vector2((x1 - cx1) / rx, (y1 - cy1) / ry)
        let v = Vector2((-x1 - cx1) / rx, (-y1 - cy1) / ry)
        let theta1 = angle(Vector2(1, 0), u)
        var delta = angle(u, v)
        if !sweep && delta > 0 { delta -= 2 * .pi }
        if sweep && delta < 0 { delta += 2 * .pi }
        let n = resolution.segments(radius: max(rx, ry), angle: delta)
        for k in 1...n {
            if k == n { lineTo(p); break }
            let t = theta1 + delta * Double(k) / Double(n)
            let ex = rx * cos(t), ey = ry * sin(t)
            lineTo(Vector2(cosPhi * ex - sinPhi * ey + center.x, sinPhi * ex + cosPhi * ey + center.y))
        }
    }

    // MARK: - Lexing

    mutating func skipSeparators() {
        while i < text.count, text[i] == 0x20 || text[i] == 0x09 || text[i] == 0x0A || text[i] == 0x0D || text[i] == 0x0C || text[i] == UInt8(ascii: ",") {
            i += 1
        }
    }

    mutating func pair() throws(SVGPathError) -> Vector2 {
        let x = try number()
        let y = try number()
        return Vector2(x, y)
    }

    mutating func flag() throws(SVGPathError) -> Bool {
        skipSeparators()
        guard i < text.count, text[i] == UInt8(ascii: "0") || text[i] == UInt8(ascii: "1") else {
            throw SVGPathError(position: i, message: i < text.count ? "expected an arc flag (0 or 1), found `\(Character(UnicodeScalar(text[i])))`" : "expected an arc flag (0 or 1), found the end of the data")
        }
        defer { i += 1 }
        return text[i] == UInt8(ascii: "1")
    }

    mutating func number() throws(SVGPathError) -> Double {
        skipSeparators()
        let begin = i
        func digits() -> Int {
            let s = i
            while i < text.count, text[i] >= UInt8(ascii: "0"), text[i] <= UInt8(ascii: "9") { i += 1 }
            return i - s
        }
        if i < text.count, text[i] == UInt8(ascii: "+") || text[i] == UInt8(ascii: "-") { i += 1 }
        var count = digits()
        if i < text.count, text[i] == UInt8(ascii: ".") {
            i += 1
            count += digits()
        }
        guard count > 0 else {
            i = begin
            let found = i < text.count ? "`\(Character(UnicodeScalar(text[i])))`" : "the end of the data"
            throw SVGPathError(position: begin, message: "expected a number, found \(found)")
        }
        if i < text.count, text[i] == UInt8(ascii: "e") || text[i] == UInt8(ascii: "E") {
            let save = i
            i += 1
            if i < text.count, text[i] == UInt8(ascii: "+") || text[i] == UInt8(ascii: "-") { i += 1 }
            if digits() == 0 { i = save }
        }
        let s = String(decoding: text[begin..<i], as: UTF8.self)
        guard let v = Double(s), v.isFinite else {
            throw SVGPathError(position: begin, message: "number `\(s)` is out of range")
        }
        return v
    }
}
