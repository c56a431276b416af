import Foundation
import Geometry

extension Catalogue {
    /// A stand with a slot across the top that holds a phone or tablet leaning back, and a cable
    /// tunnel from the rear Ethernet opening up into the slot's floor, where a phone's port sits.
    static let phoneStand = DeskItem(
        name: "phone-stand",
        summary: "A slot that holds a phone or tablet, with a cable tunnel from the rear Ethernet port",
        partNames: partNames,
        schema: schema(
            [
                .angle("phone.angle", 70, 45...90, "Angle of the phone from horizontal"),
                .length("phone.width", 13, 4...30, "Width of the slot, front to back (a phone in its case)").absolute(),
                .length("phone.depth", 10, 5...32, "Depth of the slot along the phone: how much of the screen's lower edge the front hides"),
                .length("phone.length", 100, 20...290, "Length of the slot across the top"),
                .length("phone.lip", 34, 27...89, "Depth of the top in front of the slot, from the front face"),
                .bool("phone.tunnel.enabled", true, "Run a cable tunnel from the rear Ethernet opening, through its floor, to the slot"),
                .length("phone.tunnel.diameter", 7, 3...20, "Diameter of the cable tunnel").absolute(),
                .length("phone.tunnel.bendRadius", 12, 4.5...67, "Radius of the tunnel's bend, at its centre line").absolute(),
            ],
            rules: [phoneRule, emblemClear { p in [("slot", slotBounds(p).min, slotBounds(p).max)] }],
            defaults: ["emblem.size": .number(14), "emblem.offsetY": .number(-45.5)],
            ranges: ["scale": 0.5...4, "emblem.offsetY": -53...(-38), "body.height": 39...200, "body.topFillet": 0...10, "foot.height": 3...18, "emblem.size": 2...28]),
        build: { (p: ParameterSet, resolution: Resolution, mode: PrintMode) throws(GeometryError) -> [Part] in
            let e = Enclosure(p)
            let slot = PhoneSlot(p)
            var features = ItemFeatures()
            let box = try Mesh.box(
                size: Vector3(p.number("phone.length"), slot.width, slot.depth + slot.overshoot),
                center: Vector3(0, slot.width / 2, (slot.overshoot - slot.depth) / 2))
            // Box axes: x along the slot, y from its front face backwards, z up along the phone.
            features.shellCutters = [
                box.transformed(by: Transform(row0: .unitX, row1: Vector3(0, slot.back.y, slot.along.y), row2: Vector3(0, slot.back.z, slot.along.z)))
                    .translated(by: slot.frontTop),
            ]
            if p.bool("phone.tunnel.enabled") && p.bool("ports.enabled") {
                let r = p.number("phone.tunnel.diameter") / 2
                // From inside the Ethernet opening, through its dark floor, to the slot.
                let ethernet = PortLayout(p).ethernet
                let entry = Vector3(e.width - ethernet.along, e.depth - p.number("ports.depth") / 2, ethernet.z)
                let turn = Vector3(entry.x, slot.floorCenter.y + 20, entry.z)
                let exit = slot.floorCenter + slot.along * 2
                features.inlayCutters = [try Mesh.sweep(
                    of: try .circle(radius: r, resolution: resolution), along: [entry, turn, exit],
                    bendRadius: p.number("phone.tunnel.bendRadius"), resolution: resolution)]
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
        if p.bool("phone.tunnel.enabled") && p.bool("ports.enabled") {
            let r = p.number("phone.tunnel.diameter") / 2
            if p.number("phone.tunnel.bendRadius") < r + 1 {
                problems.append(ParameterProblem("phone.tunnel.bendRadius", "must exceed the tunnel's radius by 1 mm: at least \(fmt(r + 1)) mm, got \(fmt(p.number("phone.tunnel.bendRadius")))"))
            }
            let z = PortLayout(p).ethernet.z
            if z - r < e.shellBottom + 1.5 || z + r > e.height - 1.5 - p.number("emblem.depth") {
                problems.append(ParameterProblem("phone.tunnel.diameter", "does not fit in the shell at the ports' height (\(fmt(z)) mm above the desk, from ports.level), got \(fmt(2 * r))"))
            }
            if s.floorCenter.y + 20 > e.depth - 3 - p.number("phone.tunnel.bendRadius") {
                problems.append(ParameterProblem("phone.lip", "leaves no room behind the slot for the tunnel's bend; make it smaller, got \(fmt(p.number("phone.lip")))"))
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
