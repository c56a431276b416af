import Geometry
import Scene

extension Catalogue {
    /// A pen holder: a grid of bores from the top, or one large well.
    static let penHolder = DeskItem(
        name: "pen-holder",
        summary: "A pen holder: a grid of bores from the top, or one large well",
        partNames: partNames,
        schema: schema(
            [
                .choice("pen.layout", "grid", ["grid", "well"], "A grid of round bores, or one rounded well"),
                .count("pen.rows", 3, 1...6, "Rows of bores, front to back"),
                .count("pen.columns", 3, 1...6, "Columns of bores, left to right"),
                .length("pen.diameter", 13, 3...20, "Diameter of each bore"),
                .length("pen.pitch", 22, 14.5...60, "Distance between neighbouring bores' centres"),
                .length("pen.well.width", 90, 10...290, "Width of the single well, left to right"),
                .length("pen.well.length", 60, 10...290, "Length of the single well, front to back"),
                .length("pen.well.cornerRadius", 10, 0...145, "Corner radius of the single well"),
                .length("pen.floor", 2.3, 1.2...30, "Thickness of the floor under the bores or the well, above the black cover; the bores take the rest of the height").absolute(),
                .length("pen.offsetY", 8, -30...30, "Shift of the bores or the well towards the rear"),
            ],
            rules: [
                penRule, emblemClear { p in [("pen bores", penBounds(p).min, penBounds(p).max)] },
                wallsPrintable { p in
                    let between = p.text("pen.layout") == "grid" && (p.count("pen.rows") > 1 || p.count("pen.columns") > 1)
                    return [("pen.floor", p.number("pen.floor"))] + (between ? [("pen.pitch", p.number("pen.pitch") - p.number("pen.diameter"))] : [])
                },
            ],
            defaults: ["emblem.size": .number(14), "emblem.offsetY": .number(-44)],
            ranges: ["emblem.size": 2...31, "emblem.offsetY": -45...(-29)]),
        build: { (p: ParameterSet, resolution: Resolution, mode: PrintMode) throws(GeometryError) -> [CSGScene.Part] in
            let e = Enclosure(p)
            let bottom = e.shellBottom + p.number("pen.floor"), height = e.height - bottom + Enclosure.overshoot
            let c = penCenter(p)
            var features = ItemFeatures()
            if p.text("pen.layout") == "well" {
                let outline = try Shape.roundedRectangle(
                    width: p.number("pen.well.width"), height: p.number("pen.well.length"),
                    cornerRadius: p.number("pen.well.cornerRadius"), center: c, resolution: resolution)
                features.shellCutters = [Solid.extrusion(of: outline, from: bottom, to: e.height + Enclosure.overshoot)]
            } else {
                let bore = Solid.cylinder(radius: p.number("pen.diameter") / 2, height: height)
                features.shellCutters = boreCenters(p).map { bore.translated(by: Vector3($0, bottom)) }
            }
            return try e.parts(features, resolution: resolution, mode: mode)
        })

    static func penCenter(_ p: ParameterSet) -> Vector2 { Enclosure(p).center + Vector2(0, p.number("pen.offsetY")) }

    static func boreCenters(_ p: ParameterSet) -> [Vector2] {
        let rows = p.count("pen.rows"), columns = p.count("pen.columns"), pitch = p.number("pen.pitch")
        let c = penCenter(p)
        return (0..<rows).flatMap { r in
            (0..<columns).map { k in
                c + Vector2((Double(k) - Double(columns - 1) / 2) * pitch, (Double(r) - Double(rows - 1) / 2) * pitch)
            }
        }
    }

    /// The plan bounds of the bores or the well.
    static func penBounds(_ p: ParameterSet) -> (min: Vector2, max: Vector2) {
        let c = penCenter(p)
        let half = p.text("pen.layout") == "well"
            ? Vector2(p.number("pen.well.width"), p.number("pen.well.length")) / 2
            : Vector2(Double(p.count("pen.columns") - 1) * p.number("pen.pitch") + p.number("pen.diameter"),
                      Double(p.count("pen.rows") - 1) * p.number("pen.pitch") + p.number("pen.diameter")) / 2
        return (c - half, c + half)
    }

    static let penRule: @Sendable (ParameterSet) -> [ParameterProblem] = { p in
        let e = Enclosure(p)
        var problems = [ParameterProblem]()
        let b = penBounds(p)
        // Stay on the flat top and keep 2 mm of wall, also at the rounded corners.
        let margin = max(e.topFillet, 2) + 2
        let what = p.text("pen.layout") == "well" ? "the well" : "the bores"
        if b.min.x < margin || b.min.y < margin || b.max.x > e.width - margin || b.max.y > e.depth - margin {
            problems.append(ParameterProblem(p.text("pen.layout") == "well" ? "pen.well.width" : "pen.pitch", "puts \(what) (x \(fmt(b.min.x)) to \(fmt(b.max.x)), y \(fmt(b.min.y)) to \(fmt(b.max.y)) mm) within \(fmt(margin)) mm of the edge; make them smaller or move them with pen.offsetY"))
        } else {
            let corners = [Vector2(b.min.x, b.min.y), Vector2(b.max.x, b.min.y), Vector2(b.min.x, b.max.y), Vector2(b.max.x, b.max.y)]
            let rounded = p.text("pen.layout") == "well" ? p.number("pen.well.cornerRadius") : p.number("pen.diameter") / 2
            for corner in corners {
                // The opening's own corner, pulled in by its rounding, against the body's corner arc.
                let inward = Vector2(corner.x < e.center.x ? 1 : -1, corner.y < e.center.y ? 1 : -1)
                let arcCenter = corner + inward * rounded
                let bodyArc = Vector2(
                    arcCenter.x < e.center.x ? e.cornerRadius : e.width - e.cornerRadius,
                    arcCenter.y < e.center.y ? e.cornerRadius : e.depth - e.cornerRadius)
                let outside = Vector2((arcCenter.x - bodyArc.x) * -inward.x, (arcCenter.y - bodyArc.y) * -inward.y)
                if outside.x > 0 && outside.y > 0 && outside.length + rounded > e.cornerRadius - 2 {
                    problems.append(ParameterProblem(p.text("pen.layout") == "well" ? "pen.well.cornerRadius" : "pen.pitch", "leaves less than 2 mm of wall at the body's rounded corners; make \(what) smaller or rounder"))
                    break
                }
            }
        }
        if p.text("pen.layout") == "grid" && p.number("pen.pitch") < p.number("pen.diameter") + 1.2 {
            problems.append(ParameterProblem("pen.pitch", "must leave 1.2 mm between bores: at least pen.diameter + 1.2 (\(fmt(p.number("pen.diameter") + 1.2)) mm), got \(fmt(p.number("pen.pitch")))"))
        }
        if p.text("pen.layout") == "well" && p.number("pen.well.cornerRadius") > min(p.number("pen.well.width"), p.number("pen.well.length")) / 2 {
            problems.append(ParameterProblem("pen.well.cornerRadius", "must be at most half the well's smaller side (\(fmt(min(p.number("pen.well.width"), p.number("pen.well.length")) / 2)) mm), got \(fmt(p.number("pen.well.cornerRadius")))"))
        }
        let depth = e.height - e.shellBottom - p.number("pen.floor")
        if depth < 5 {
            problems.append(ParameterProblem("pen.floor", "leaves bores \(fmt(depth)) mm deep, less than 5 mm: at most \(fmt(e.height - e.shellBottom - 5)) mm, got \(fmt(p.number("pen.floor")))"))
        }
        return problems
    }
}
