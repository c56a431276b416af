import Foundation
import Geometry
import Scene

extension Catalogue {
    /// A pot for a small plant, open at the top, with drain holes into the foot, which is a drip tray
    /// that lifts off to be emptied.
    static let planter = DeskItem(
        name: "planter",
        summary: "A pot for a small plant, with drain holes into a drip tray: the foot, which lifts off to be emptied",
        partNames: partNames,
        schema: schema(
            [
                .choice("planter.shape", "square", ["square", "round"], "Plan shape of the pot"),
                .length("planter.size", 100, 10...290, "Width of the pot's opening (its diameter when round)"),
                .length("planter.cornerRadius", 14, 0...145, "Corner radius of a square pot"),
                .length("planter.floor", 1.8, 0.8...30, "Thickness of the pot's floor above the black cover (the cover adds its own); the pot takes the rest of the height").absolute(),
                .length("planter.rim", 8, 2...60, "Least width of shell left round the pot"),
                .bool("planter.drain.enabled", true, "Drain holes into the foot, made a drip tray"),
                .count("planter.drain.holes", 5, 1...24, "Number of drain holes"),
                .length("planter.drain.diameter", 4, 1...20, "Diameter of each drain hole"),
                .length("planter.reservoir.floor", 2, 0.8...10, "Thickness of the drip tray's floor").absolute(),
            ],
            rules: [
                planterRule, emblemClear { p in [("pot", potBounds(p).min, potBounds(p).max)] },
                wallsPrintable { p in
                    let e = Enclosure(p)
                    return [("planter.rim", (min(e.width, e.depth) - p.number("planter.size")) / 2),
                            ("planter.floor", p.number("planter.floor"))]
                },
            ],
            defaults: ["emblem.size": .number(8), "emblem.offsetY": .number(-55.5)],
            // The emblem sits in the strip in front of the pot.
            ranges: ["body.topFillet": 0...3.4, "planter.rim": 2...13, "planter.reservoir.floor": 0.8...5, "emblem.size": 2...9, "emblem.offsetY": -56...(-55)]),
        build: { (p: ParameterSet, resolution: Resolution, mode: PrintMode) throws(GeometryError) -> [CSGScene.Part] in
            let e = Enclosure(p)
            var features = ItemFeatures()
            let potBottom = e.shellBottom + p.number("planter.floor")
            let size = p.number("planter.size")
            let pot: Solid
            if p.text("planter.shape") == "round" {
                pot = Solid.cylinder(radius: size / 2, height: e.height - potBottom + Enclosure.overshoot)
                    .translated(by: Vector3(e.center, potBottom))
            } else {
                let outline = try Shape.roundedRectangle(
                    width: size, height: size, cornerRadius: min(p.number("planter.cornerRadius"), size / 2), center: e.center, resolution: resolution)
                pot = Solid.extrusion(of: outline, from: potBottom, to: e.height + Enclosure.overshoot)
            }
            features.shellCutters = [pot]
            if p.bool("planter.drain.enabled") {
                // The tray: the foot hollowed from its floor up, open at the top.
                features.footCutters = [
                    Solid.extrusion(
                        of: try .circle(radius: reservoirRadius(p), center: e.center, resolution: resolution),
                        from: p.number("planter.reservoir.floor"), to: e.footHeight + 2 * Enclosure.overshoot),
                ]
                // Each hole runs through the pot's floor and the cover.
                let hole = Solid.cylinder(radius: p.number("planter.drain.diameter") / 2, height: potBottom - e.footHeight + 2 * Enclosure.overshoot)
                for c in drainCenters(p) {
                    features.throughCutters.append(hole.translated(by: Vector3(c, e.footHeight - Enclosure.overshoot)))
                }
            }
            return try e.parts(features, resolution: resolution, mode: mode)
        })

    /// The pot's plan bounds.
    static func potBounds(_ p: ParameterSet) -> (min: Vector2, max: Vector2) {
        let c = Enclosure(p).center, h = p.number("planter.size") / 2
        return (c - Vector2(h, h), c + Vector2(h, h))
    }

    /// The drip tray's inner radius: 2.4 mm inside the vent slots' inner ends, which leaves the
    /// tray a wall of 2 mm and room on its top for the foot's key ring.
    static func reservoirRadius(_ p: ParameterSet) -> Double {
        Enclosure(p).footDiameter / 2 - (p.bool("vents.enabled") ? p.number("vents.depth") : 0) - 2.4
    }

    /// The drain holes' centres: one in the middle, the rest on a ring round it.
    static func drainCenters(_ p: ParameterSet) -> [Vector2] {
        let c = Enclosure(p).center, n = p.count("planter.drain.holes")
        let ring = min(reservoirRadius(p), p.number("planter.size") / 2) / 2
        // A quarter step round, so no hole lines up with the corners of the pot or the foot.
        return [c] + (0..<(n - 1)).map { i in
            let a = 2 * Double.pi * (Double(i) + 0.25) / Double(n - 1)
            return c + Vector2(cos(a), sin(a)) * ring
        }
    }

    static let planterRule: @Sendable (ParameterSet) -> [ParameterProblem] = { p in
        let e = Enclosure(p)
        var problems = [ParameterProblem]()
        let size = p.number("planter.size"), rim = p.number("planter.rim")
        let limit = min(e.width, e.depth) - 2 * rim
        if size > limit {
            problems.append(ParameterProblem("planter.size", "must leave planter.rim (\(fmt(rim)) mm) of shell round the pot: at most \(fmt(limit)) mm, got \(fmt(size))"))
        }
        if p.text("planter.shape") == "square" && p.number("planter.cornerRadius") > size / 2 {
            problems.append(ParameterProblem("planter.cornerRadius", "must be at most half planter.size (\(fmt(size / 2)) mm), got \(fmt(p.number("planter.cornerRadius")))"))
        }
        // The square pot's corners must stay inside the shell's rounded corners.
        if p.text("planter.shape") == "square" {
            let corner = e.cornerRadius, r = min(p.number("planter.cornerRadius"), size / 2)
            let reach = hypot(size / 2 - r - (e.width / 2 - corner), size / 2 - r - (e.depth / 2 - corner)) + r
            if size / 2 - r > e.width / 2 - corner && size / 2 - r > e.depth / 2 - corner && reach > corner - rim {
                problems.append(ParameterProblem("planter.cornerRadius", "leaves less than planter.rim (\(fmt(rim)) mm) of shell at the pot's corners; round them more, or make the pot smaller, got \(fmt(p.number("planter.cornerRadius")))"))
            }
        }
        let depth = e.height - e.shellBottom - p.number("planter.floor")
        if depth < 5 {
            problems.append(ParameterProblem("planter.floor", "leaves a pot \(fmt(depth)) mm deep, less than 5 mm: at most \(fmt(e.height - e.shellBottom - 5)) mm, got \(fmt(p.number("planter.floor")))"))
        }
        if p.bool("planter.drain.enabled") {
            let reservoir = reservoirRadius(p), hole = p.number("planter.drain.diameter") / 2
            if reservoir < 5 {
                problems.append(ParameterProblem("foot.inset", "leaves no room for the planter's drip tray inside the foot (radius \(fmt(reservoir)) mm); turn drains off with planter.drain.enabled=false"))
            } else if let c = drainCenters(p).dropFirst().first, (c - e.center).length + hole > min(reservoir, size / 2) - 1 {
                problems.append(ParameterProblem("planter.drain.diameter", "puts drain holes outside the pot or the drip tray; at most \(fmt(2 * (min(reservoir, size / 2) / 2 - 1))) mm, got \(fmt(2 * hole))"))
            } else if p.count("planter.drain.holes") > 1 {
                let ring = min(reservoir, size / 2) / 2, n = Double(p.count("planter.drain.holes") - 1)
                let spacing = n > 1 ? 2 * ring * sin(.pi / n) : .infinity
                if spacing < 2 * hole + 1 || ring < 2 * hole + 1 {
                    problems.append(ParameterProblem("planter.drain.holes", "puts the drain holes less than 1 mm apart; use fewer or narrower holes, got \(p.count("planter.drain.holes"))"))
                }
            }
            if p.number("planter.reservoir.floor") > e.footHeight - 1 {
                problems.append(ParameterProblem("planter.reservoir.floor", "must leave the drip tray 1 mm deep: at most \(fmt(e.footHeight - 1)) mm, got \(fmt(p.number("planter.reservoir.floor")))"))
            }
        }
        return problems
    }
}
