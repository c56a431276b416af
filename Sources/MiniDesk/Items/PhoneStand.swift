import Foundation
import Geometry
import Scene

extension Catalogue {
    /// A stand with a slot across the top that holds a phone or tablet leaning back, and a charging
    /// path (`CablePath`) from the rear Ethernet opening up into the slot's floor, where a phone's
    /// port sits.
    static let phoneStand = DeskItem(
        name: "phone-stand",
        summary: "A slot that holds a phone or tablet, with a cable tunnel from the rear Ethernet port",
        partNames: partNames,
        schema: schema(
            [
                .angle("phone.angle", 70, 45...90, "Angle of the phone from horizontal"),
                .length("phone.width", 13, 4...30, "Width of the slot, front to back (a phone in its case)").absolute(),
                .length("phone.depth", 8, 5...32, "Depth of the slot along the phone: how much of the screen's lower edge the front hides"),
                .length("phone.length", 100, 20...290, "Length of the slot across the top"),
                .length("phone.lip", 34, 27...89, "Depth of the top in front of the slot, from the front face"),
                .bool("phone.tunnel.enabled", true, "Run a charging cable's path from the rear Ethernet opening, round one corner, up a pocket under the phone's port; the opening grows to pass the plug"),
                .length("phone.plug.width", 12.5, 5...16, "Width of the cable plug's overmould (the moulded grip), across the phone").absolute(),
                .length("phone.plug.thickness", 7, 2...10, "Thickness of the plug's overmould, front to back of the phone").absolute(),
                .length("phone.plug.length", 25, 5...32, "Length of the plug's overmould: how deep the pocket under the phone's port is").absolute(),
                .length("phone.plug.connectorWidth", 8.4, 2...13, "Width of the plug's metal connector").absolute(),
                .length("phone.plug.connectorThickness", 2.6, 1...8, "Thickness of the plug's metal connector").absolute(),
                .length("phone.plug.connectorLength", 6.5, 0...12, "Length of the connector beyond the overmould, into the phone").absolute(),
                .length("phone.plug.clearance", 0.5, 0.2...1, "Gap round the plug along its whole path").absolute(),
            ],
            rules: [phoneRule, emblemClear { p in [("slot", slotBounds(p).min, slotBounds(p).max)] }],
            defaults: ["emblem.size": .number(14), "emblem.offsetY": .number(-45.5)],
            ranges: ["scale": 0.5...4, "emblem.offsetY": -53...(-38), "body.height": 39...200, "body.topFillet": 0...10, "foot.height": 3...18, "emblem.size": 2...28,
                     // Round the Ethernet opening, grown to pass the charging plug, and under the plug's pocket.
                     "ports.rear.power": 0.07...0.1, "ports.rear.ethernet": 0.258...0.277, "ports.rear.hdmi": 0.448...0.49,
                     "body.width": 123...300, "bottom.coverThickness": 0.8...3.5],
            derived: mouthForThePlug),
        build: { (p: ParameterSet, resolution: Resolution, mode: PrintMode) throws(GeometryError) -> [CSGScene.Part] in
            let e = Enclosure(p)
            let slot = PhoneSlot(p)
            var features = ItemFeatures()
            let box = Solid.box(
                size: Vector3(p.number("phone.length"), slot.width, slot.depth + slot.overshoot),
                center: Vector3(0, slot.width / 2, (slot.overshoot - slot.depth) / 2))
            // Box axes: x along the slot, y from its front face backwards, z up along the phone.
            features.shellCutters = [
                box.transformed(by: Transform(row0: .unitX, row1: Vector3(0, slot.back.y, slot.along.y), row2: Vector3(0, slot.back.z, slot.along.z)))
                    .translated(by: slot.frontTop),
            ]
            if let path = cablePath(p) {
                features.inlayCutters = try path.cutters(rearWall: rearWall(p), clearance: mode == .separate ? p.number("fit.clearance") : 0)
            }
            return try e.parts(features, resolution: resolution, mode: mode)
        })

    /// The slot's plan bounds at the top.
    static func slotBounds(_ p: ParameterSet) -> (min: Vector2, max: Vector2) {
        let s = PhoneSlot(p), c = Enclosure(p).center, half = p.number("phone.length") / 2
        // The front face meets the top at `frontTop`; the back face a slot's width further back, slanted.
        let back = s.frontTop.y + s.width / sin(p.number("phone.angle") * .pi / 180)
        return (Vector2(c.x - half, s.frontTop.y), Vector2(c.x + half, back))
    }

    /// The charging plug's path, when the item has one (`phone.tunnel.enabled` and the ports).
    public static func cablePath(_ p: ParameterSet) -> CablePath? {
        guard p.bool("phone.tunnel.enabled") && p.bool("ports.enabled") else { return nil }
        return CablePath(p, enclosure: Enclosure(p), slot: PhoneSlot(p))
    }

    /// The part of the segment from `a` to `b` whose plan lies in the box from `min` to `max`, if
    /// any.
    static func clipped(_ a: Vector3, _ b: Vector3, min: Vector2, max: Vector2) -> (Vector3, Vector3)? {
        var t0 = 0.0, t1 = 1.0
        for (p, d, lo, hi) in [(a.x, b.x - a.x, min.x, max.x), (a.y, b.y - a.y, min.y, max.y)] {
            if d == 0 {
                if p < lo || p > hi { return nil }
                continue
            }
            let s0 = (lo - p) / d, s1 = (hi - p) / d
            t0 = Swift.max(t0, Swift.min(s0, s1))
            t1 = Swift.min(t1, Swift.max(s0, s1))
        }
        return t0 <= t1 ? (a + (b - a) * t0, a + (b - a) * t1) : nil
    }

    /// The wall the charging path passes at the rear: the Ethernet opening's depth, its dark floor
    /// and 2 mm of shell.
    static func rearWall(_ p: ParameterSet) -> Double { p.number("ports.depth") + p.number("ports.inlayThickness") + 2 }

    /// The Ethernet opening, at least as large as the charging path's passage through the rear
    /// wall: 0.3 mm to spare at each side, and as tall, so that the passage's ceiling runs out to
    /// the rear face in one plane. A step of 0.3 mm there left a free edge just inside the face,
    /// which PrusaSlicer supported from the bed up (0.86 g, docs/printing.md).
    static let mouthForThePlug: @Sendable (ParameterSet) -> ParameterSet = { p in
        guard let path = cablePath(p) else { return p }
        let reach = path.passage(rearWall: rearWall(p))
        var grown = p
        grown["ports.ethernet.width"] = .number(max(p.number("ports.ethernet.width"), 2 * reach.halfWidth + 0.6))
        grown["ports.ethernet.height"] = .number(max(p.number("ports.ethernet.height"), 2 * reach.halfHeight))
        return grown
    }

    static let phoneRule: @Sendable (ParameterSet) -> [ParameterProblem] = { p in
        let e = Enclosure(p), s = PhoneSlot(p)
        var problems = [ParameterProblem]()
        let half = p.number("phone.length") / 2
        if half > e.width / 2 - e.topFillet - 2 {
            problems.append(ParameterProblem("phone.length", "must leave 2 mm of top at each end of the slot: at most \(fmt(e.width - 2 * e.topFillet - 4)) mm, got \(fmt(2 * half))"))
        }
        let lowestFront = s.frontTop.y - s.depth * s.along.y
        if lowestFront < 3 + p.number("ports.depth") + p.number("ports.inlayThickness") {
            problems.append(ParameterProblem("phone.lip", "lets the slot run into the front face; at least \(fmt(3 + p.number("ports.depth") + p.number("ports.inlayThickness") + s.depth * s.along.y)) mm at phone.angle \(fmt(p.number("phone.angle"))), got \(fmt(p.number("phone.lip")))"))
        }
        let back = slotBounds(p).max.y
        if back > e.depth - e.topFillet - 3 {
            problems.append(ParameterProblem("phone.lip", "puts the slot's back edge within 3 mm of the rounded rear edge; at most \(fmt(p.number("phone.lip") - (back - (e.depth - e.topFillet - 3)))) mm, got \(fmt(p.number("phone.lip")))"))
        }
        if s.floorCenter.z - s.width / 2 < e.shellBottom + 3 {
            problems.append(ParameterProblem("phone.depth", "takes the slot within 3 mm of the shell's underside; make it shallower, got \(fmt(s.depth))"))
        }
        if let path = cablePath(p) {
            if let tops = try? path.roofTops(rearWall: rearWall(p), clearance: p.number("fit.clearance")) {
                // Under the emblem (1 mm round its outline's bounds), its pocket's depth is taken
                // from the top too.
                let emblem = p.bool("emblem.enabled") ? (try? Emblem.outline(p, resolution: .draft))?.bounds : nil
                var worst = (over: Double.infinity, underEmblem: false)
                for (a, b) in tops {
                    if e.height - max(a.z, b.z) < worst.over { worst = (e.height - max(a.z, b.z), false) }
                    guard let box = emblem, let (u, v) = Self.clipped(a, b, min: box.min - Vector2(1, 1), max: box.max + Vector2(1, 1)) else { continue }
                    let over = e.height - p.number("emblem.depth") - max(u.z, v.z)
                    if over < worst.over { worst = (over, true) }
                }
                if worst.over < 1.5 {
                    let below = worst.underEmblem ? ", under the emblem's depth," : ","
                    let leaves = worst.over > 0
                        ? "leaves \(fmt(worst.over)) mm of shell over the roof of the charging path\(below) where 1.5 mm is the least"
                        : "takes the roof of the charging path \(fmt(-worst.over)) mm through the top\(worst.underEmblem ? " and the emblem's depth" : "")"
                    problems.append(ParameterProblem("phone.plug.width", "\(leaves); a narrower plug, lower ports (ports.level) or a taller body (body.height) makes room, got \(fmt(p.number("phone.plug.width")))"))
                }
            }
            let under = path.lowest - e.shellBottom
            if under < 1.5 {
                let leaves = under > 0 ? "leaves \(fmt(under)) mm of shell under the plug's pocket and corner, where 1.5 mm is the least" : "takes the plug's pocket and corner \(fmt(-under)) mm through the shell's underside"
                problems.append(ParameterProblem("phone.plug.length", "\(leaves); a shorter plug, a shallower slot (phone.depth), a steeper phone (phone.angle) or a taller body (body.height) makes room, got \(fmt(path.overmould))"))
            }
        }
        return problems
    }
}

/// The phone slot's frame: `along` points up the phone, `back` across the slot from its front face to
/// its back face; `frontTop` is where the front face meets the top, in the middle of the slot's length.
struct PhoneSlot {
    var along: Vector3
    var back: Vector3
    var frontTop: Vector3
    var width: Double
    var depth: Double
    /// How far the slot's cutter reaches above the top.
    var overshoot: Double

    init(_ p: ParameterSet) {
        let e = Enclosure(p)
        let a = p.number("phone.angle") * .pi / 180
        along = Vector3(0, cos(a), sin(a))
        back = Vector3(0, sin(a), -cos(a))
        width = p.number("phone.width")
        depth = p.number("phone.depth")
        frontTop = Vector3(e.width / 2, p.number("phone.lip"), e.height)
        // Far enough up the phone that the whole slot mouth clears the top.
        overshoot = Enclosure.overshoot + width * cos(a) / max(sin(a), 0.1)
    }

    /// The middle of the slot's floor.
    var floorCenter: Vector3 { frontTop - along * depth + back * (width / 2) }
}
