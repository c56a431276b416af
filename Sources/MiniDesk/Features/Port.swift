import Foundation
import Geometry

/// A vertical face of the enclosure that carries openings.
public enum Face: String, Sendable {
    case front, rear
}

/// The kinds of opening on the front and rear faces.
public enum PortKind: Sendable {
    case usbC, headphoneJack, statusLight, hdmi, ethernet, powerInlet
}

/// One opening on a face: its kind, the parameter that places it, and where it is. `along` runs from
/// the face's left edge as seen from outside (so from the right edge of the front view on the rear
/// face); `z` is the height of its centre line above the desk. Both are in millimetres, worked out
/// from the parameters' shares of the flat face.
public struct Port: Sendable {
    public var kind: PortKind
    public var face: Face
    /// The parameter holding the port's position, a share of the flat span.
    public var parameter: String
    public var along: Double
    public var z: Double
    public var isEnabled: Bool
    /// Whether the Ethernet latch slot hangs under the mouth (as it does unless the shell prints
    /// upside down).
    public var latchBelow = true

    /// A name for messages: "Ethernet port".
    public var title: String {
        switch kind {
        case .usbC: return face == .rear ? "Thunderbolt port" : "USB-C port"
        case .headphoneJack: return "headphone jack"
        case .statusLight: return "status light"
        case .hdmi: return "HDMI port"
        case .ethernet: return "Ethernet port"
        case .powerInlet: return "power inlet"
        }
    }
}

/// Every opening of the enclosure, read from the parameters, with the opening outlines.
public struct PortLayout: Sendable {
    public var ports: [Port]
    /// Whether the round openings get their roof at the bottom, for a shell printed upside down
    /// (`Enclosure.shellPrintsUpsideDown`).
    public var roofedDown: Bool
    let p: ParameterSet

    public init(_ p: ParameterSet) {
        self.p = p
        let upsideDown = Enclosure(p).shellPrintsUpsideDown
        roofedDown = upsideDown
        let flat = Self.flatFace(Enclosure(p))
        let z = (flat.min.y + flat.max.y) / 2 + p.number("ports.level"), on = p.bool("ports.enabled")
        func port(_ kind: PortKind, _ face: Face, _ parameter: String, enabled: Bool = on) -> Port {
            let along = flat.min.x + p.number(parameter) * (flat.max.x - flat.min.x)
            var port = Port(kind: kind, face: face, parameter: parameter, along: along, z: z, isEnabled: enabled)
            port.latchBelow = !upsideDown
            return port
        }
        ports = [
            port(.usbC, .front, "ports.front.usbc1"),
            port(.usbC, .front, "ports.front.usbc2"),
            port(.statusLight, .front, "light.position", enabled: p.bool("light.enabled")),
            port(.headphoneJack, .front, "ports.front.jack"),
            port(.powerInlet, .rear, "ports.rear.power"),
            port(.ethernet, .rear, "ports.rear.ethernet"),
            port(.hdmi, .rear, "ports.rear.hdmi"),
            port(.usbC, .rear, "ports.rear.thunderbolt1"),
            port(.usbC, .rear, "ports.rear.thunderbolt2"),
            port(.usbC, .rear, "ports.rear.thunderbolt3"),
        ]
    }

    /// The Ethernet port, where the phone stand's cable goes in.
    public var ethernet: Port { ports.first { $0.kind == .ethernet }! }

    /// The flat part of the front and rear faces, in (along, z): between the plan corners and the
    /// shell's bottom edge and top fillet.
    public var flatFace: (min: Vector2, max: Vector2) { Self.flatFace(Enclosure(p)) }

    static func flatFace(_ e: Enclosure) -> (min: Vector2, max: Vector2) {
        (Vector2(e.cornerRadius, e.shellBottom + e.bottomEdge.rise), Vector2(e.width - e.cornerRadius, e.height - e.topFillet))
    }

    /// An outline with a roof at `Enclosure.printableSlope` on the side that is up when the shell
    /// prints, so that its opening needs no support (a flat top between upright sides stays).
    func roofed(_ shape: Shape) throws(GeometryError) -> Shape {
        guard roofedDown else { return try shape.roofed(slope: Enclosure.printableSlope) }
        let flip = { (v: Vector2) in Vector2(v.x, -v.y) }
        return try shape.transformed(flip).roofed(slope: Enclosure.printableSlope).transformed(flip)
    }

    /// The opening's outline in face coordinates (along, up), centred on the port's centre line,
    /// grown by `clearance` (for an inlay printed apart), then roofed (`roofed`). The Ethernet
    /// latch slot sits under the mouth (over it for a shell printed upside down, so that it still
    /// hangs from the mouth as printed).
    public func outline(_ port: Port, grownBy clearance: Double = 0, resolution: Resolution) throws(GeometryError) -> Shape {
        let plain = try plainOutline(port, resolution: resolution)
        return try roofed(clearance > 0 ? plain.offset(by: clearance, resolution: resolution) : plain)
    }

    private func plainOutline(_ port: Port, resolution: Resolution) throws(GeometryError) -> Shape {
        switch port.kind {
        case .usbC:
            return try .stadium(length: p.number("ports.usbc.width"), width: p.number("ports.usbc.height"), resolution: resolution)
        case .headphoneJack:
            return try .circle(radius: p.number("ports.jack.diameter") / 2, resolution: resolution)
        case .statusLight:
            return try .circle(radius: p.number("light.diameter") / 2, resolution: resolution)
        case .hdmi:
            let w = p.number("ports.hdmi.width") / 2, b = p.number("ports.hdmi.bottomWidth") / 2, h = p.number("ports.hdmi.height") / 2
            let chamfer = w - b
            return try .polygon([
                Vector2(-b, -h), Vector2(b, -h), Vector2(w, -h + chamfer), Vector2(w, h), Vector2(-w, h), Vector2(-w, -h + chamfer),
            ])
        case .ethernet:
            // The latch slot hangs under the mouth, where its shoulders are floors; above it, they
            // would be ledges held only at one end, which need support.
            let w = p.number("ports.ethernet.width") / 2, h = p.number("ports.ethernet.height") / 2
            let l = p.number("ports.ethernet.latchWidth") / 2, low = -h - p.number("ports.ethernet.latchHeight")
            let mouth = [Vector2(-w, -h), Vector2(-l, -h), Vector2(-l, low), Vector2(l, low), Vector2(l, -h), Vector2(w, -h), Vector2(w, h), Vector2(-w, h)]
            return try .polygon(roofedDown ? mouth.map { Vector2($0.x, -$0.y) } : mouth)
        case .powerInlet:
            return try .circle(radius: p.number("ports.power.recessDiameter") / 2, resolution: resolution)
        }
    }

    /// The figure-8 outline of the power inlet: two overlapping circles `ports.power.height` across,
    /// spanning `ports.power.width`, with the two waist corners rounded to half the nozzle's width,
    /// so that the shell's points between the lobes print; grown by `clearance`, then roofed
    /// (`roofed`), which fills the waist on the side that is up when printing.
    public func powerInletOutline(grownBy clearance: Double = 0, resolution: Resolution) throws(GeometryError) -> Shape {
        let plain = try figureEight(resolution: resolution)
        return try roofed(clearance > 0 ? plain.offset(by: clearance, resolution: resolution) : plain)
    }

    private func figureEight(resolution: Resolution) throws(GeometryError) -> Shape {
        let w = p.number("ports.power.width"), h = p.number("ports.power.height")
        let o = (w - h) / 2, r = h / 2, f = p.number("printer.nozzle") / 2
        guard o > 0 else { return try .circle(radius: r, resolution: resolution) }
        // Each waist fillet touches both lobes: its centre lies on the middle line, r + f from theirs.
        let y0 = ((r + f) * (r + f) - o * o).squareRoot()
        let lobe = atan2(y0, -o)  // where the right lobe meets the upper fillet, from its centre
        func arc(_ c: Vector2, _ radius: Double, from a0: Double, to a1: Double) -> [Vector2] {
            let n = max(2, Int((Double(resolution.segments(radius: radius)) * abs(a1 - a0) / (2 * .pi)).rounded(.up)))
            return (0..<n).map { k in
                let a = a0 + (a1 - a0) * Double(k) / Double(n)
                return c + Vector2(cos(a), sin(a)) * radius
            }
        }
        // Counter-clockwise: the right lobe, the upper fillet (concave, clockwise), the left lobe,
        // the lower fillet.
        let points = arc(Vector2(o, 0), r, from: -lobe, to: lobe)
            + arc(Vector2(0, y0), f, from: atan2(-y0, o), to: atan2(-y0, -o) + (atan2(-y0, -o) > atan2(-y0, o) ? -2 * .pi : 0))
            + arc(Vector2(-o, 0), r, from: .pi - lobe, to: .pi + lobe)
            + arc(Vector2(0, -y0), f, from: atan2(y0, -o), to: atan2(y0, o))
        return try Shape(contours: [Contour(points)])
    }
}

extension Port {
    /// The opening's width (along the face), and how far it reaches below and above its centre
    /// line, for layout checks.
    public func size(_ p: ParameterSet) -> (width: Double, below: Double, above: Double) {
        func centred(_ w: Double, _ h: Double) -> (width: Double, below: Double, above: Double) { (w, h / 2, h / 2) }
        switch kind {
        case .usbC: return centred(p.number("ports.usbc.width"), p.number("ports.usbc.height"))
        case .headphoneJack: return centred(p.number("ports.jack.diameter"), p.number("ports.jack.diameter"))
        case .statusLight: return centred(p.number("light.diameter"), p.number("light.diameter"))
        case .hdmi: return centred(p.number("ports.hdmi.width"), p.number("ports.hdmi.height"))
        case .ethernet:
            let h = p.number("ports.ethernet.height") / 2, latch = p.number("ports.ethernet.latchHeight")
            return latchBelow ? (p.number("ports.ethernet.width"), h + latch, h) : (p.number("ports.ethernet.width"), h, h + latch)
        case .powerInlet: return centred(p.number("ports.power.recessDiameter"), p.number("ports.power.recessDiameter"))
        }
    }
}
