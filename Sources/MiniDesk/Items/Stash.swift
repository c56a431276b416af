import Geometry
import Scene

extension Catalogue {
    /// A secret box: the silver shell is a lid that lifts off the black base, over a tray that seats it.
    /// Printed as three pieces: the base standing on its cover, the lid upside down beside it (its
    /// top on the bed, so the emblem prints in the first layers and the ceiling needs no bridge),
    /// and the foot behind the base.
    static let stash = DeskItem(
        name: "stash",
        summary: "A secret box: the shell lifts off the black base and its tray (lid printed upside down beside it)",
        partNames: partNames,
        schema: schema(
            [
                .length("stash.wall", 4, 3.8...20, "Thickness of the lid's side walls (the port pockets leave 1 mm behind them)"),
                .length("stash.top", 3, 1.8...20, "Thickness of the lid's top").absolute(),
                .length("stash.trayHeight", 20, 2...38, "Height of the tray walls that seat the lid"),
                .length("stash.trayWall", 1.6, 0.8...10, "Thickness of the tray walls and dividers").absolute(),
                .count("stash.dividers.rows", 1, 1...12, "Compartments front to back"),
                .count("stash.dividers.columns", 1, 1...12, "Compartments left to right"),
            ],
            rules: [
                portsFit(wall: "stash.wall"), stashRule,
                wallsPrintable { p in
                    [("stash.trayWall", p.number("stash.trayWall")),
                     ("stash.top", p.number("stash.top") - (p.bool("emblem.enabled") ? p.number("emblem.depth") : 0))]
                },
            ],
            // The lid's 4 mm wall takes the inlet's recess (1 mm, the shallowest that prints without
            // support), its pocket and floor, with 1 mm behind them.
            defaults: ["ports.power.recessDepth": .number(1)],
            ranges: [
                "scale": 0.9...4, "printer.nozzle": 0.2...0.5, "body.height": 32...200, "body.topFillet": 0...3.9, "body.bottomFillet": 0...3, "foot.height": 3...24,
                // The ports' pockets must leave two nozzle widths of the lid's wall behind them.
                "ports.depth": 0.2...1.2, "ports.inlayThickness": 0.4...1.2, "ports.power.recessDepth": 0.1...1.2, "emblem.depth": 0.2...2.1,
            ],
            // The lid prints upside down.
            derived: { p in p.overriding(with: ParameterSet([Enclosure.upsideDownKey: .bool(true)])) }),
        pieces: ["lid", "base", "foot"],
        build: { (p: ParameterSet, resolution: Resolution, mode: PrintMode) throws(GeometryError) -> [CSGScene.Part] in
            let e = Enclosure(p)
            var features = ItemFeatures()
            features.registration = false  // the tray seats the lid
            features.shellBody = Solid.roundedShell(
                width: e.width, depth: e.depth, height: e.height - e.shellBottom, cornerRadius: e.cornerRadius,
                top: e.topEdge, bottom: e.bottomEdge, wall: p.number("stash.wall"), ceiling: p.number("stash.top")
            ).translated(by: Vector3(e.center, e.shellBottom))
            features.bottomAdditions = [try stashTray(e, p, resolution: resolution)]
            features.lidPlacement = stashLidTurn(e)
            return try e.parts(features, resolution: resolution, mode: mode).map { part in
                guard mode == .separate && part.name == "shell" else { return part }
                // Already standing on the bed; turned over in place.
                var turned = part
                turned.solid = part.solid.transformed(by: .rotation(degrees: Vector3(180, 0, 0)).then(.translation(Vector3(0, e.depth, e.height - e.shellBottom))))
                return turned
            }
        })

    /// Where the lid goes in the print layout: turned over, its top on the bed, 2 mm to the right of
    /// the base's cover, so that lid and base fit a 256 mm bed together.
    static func stashLidTurn(_ e: Enclosure) -> Transform {
        Transform.rotation(degrees: Vector3(180, 0, 0)).then(.translation(Vector3(e.width - e.coverInset + 2, e.depth, e.height)))
    }

    /// The tray on the base: a wall that fits inside the lid with `fit.clearance` to spare, and the
    /// divider grid, as one extruded plan sunk a little into the cover.
    static func stashTray(_ e: Enclosure, _ p: ParameterSet, resolution: Resolution) throws(GeometryError) -> Solid {
        let inset = p.number("stash.wall") + p.number("fit.clearance"), wall = p.number("stash.trayWall")
        let outerSize = Vector2(e.width - 2 * inset, e.depth - 2 * inset)
        // 1 mm rounder than the lid's cavity: concentric arcs would line the tray's corners up
        // exactly with the cover's, a contact the booleans refuse.
        let outerRadius = min(max(e.cornerRadius - inset, 0) + 1, min(outerSize.x, outerSize.y) / 2)
        let outer = try Shape.roundedRectangle(width: outerSize.x, height: outerSize.y, cornerRadius: outerRadius, center: e.center, resolution: resolution)
        let inner = try Shape.roundedRectangle(
            width: outerSize.x - 2 * wall, height: outerSize.y - 2 * wall, cornerRadius: max(outerRadius - wall, 0), center: e.center, resolution: resolution)
        var contours = outer.polygons.map(\.outer) + inner.polygons.map { Contour($0.outer.points.reversed()) }
        let rows = p.count("stash.dividers.rows"), columns = p.count("stash.dividers.columns")
        let reach = outerSize - Vector2(wall, wall)  // dividers end inside the wall, half its thickness in
        for i in 1..<max(rows, 1) {
            let y = e.center.y - outerSize.y / 2 + wall + (outerSize.y - 2 * wall) * Double(i) / Double(rows)
            contours += try Shape.rectangle(width: reach.x, height: wall, center: Vector2(e.center.x, y)).polygons.map(\.outer)
        }
        for i in 1..<max(columns, 1) {
            let x = e.center.x - outerSize.x / 2 + wall + (outerSize.x - 2 * wall) * Double(i) / Double(columns)
            contours += try Shape.rectangle(width: wall, height: reach.y, center: Vector2(x, e.center.y)).polygons.map(\.outer)
        }
        let plan = try Shape(contours: contours, fillRule: .nonZero)
        let sink = e.coverThickness / 4
        return Solid.extrusion(of: plan, from: e.shellBottom - sink, to: e.shellBottom + p.number("stash.trayHeight"))
    }

    static let stashRule: @Sendable (ParameterSet) -> [ParameterProblem] = { p in
        let e = Enclosure(p)
        var problems = [ParameterProblem]()
        let room = e.height - p.number("stash.top") - e.shellBottom
        if p.number("stash.trayHeight") > room - 1 {
            problems.append(ParameterProblem("stash.trayHeight", "must leave 1 mm under the lid's ceiling: at most \(fmt(room - 1)) mm, got \(fmt(p.number("stash.trayHeight")))"))
        }
        if p.number("stash.top") < p.number("emblem.depth") + 0.8 && p.bool("emblem.enabled") {
            problems.append(ParameterProblem("stash.top", "must be at least 0.8 mm more than emblem.depth (\(fmt(p.number("emblem.depth"))) mm), got \(fmt(p.number("stash.top")))"))
        }
        if p.number("stash.top") < e.topFillet && p.number("stash.wall") <= e.topFillet {
            problems.append(ParameterProblem("stash.top", "must be at least body.topFillet (\(fmt(e.topFillet)) mm) unless stash.wall is thicker than the fillet, got \(fmt(p.number("stash.top")))"))
        }
        if p.number("stash.wall") <= e.bottomFillet {
            problems.append(ParameterProblem("stash.wall", "must be more than body.bottomFillet (\(fmt(e.bottomFillet)) mm), got \(fmt(p.number("stash.wall")))"))
        }
        let inside = min(e.width, e.depth) - 2 * (p.number("stash.wall") + p.number("fit.clearance") + p.number("stash.trayWall"))
        let compartments = Double(max(p.count("stash.dividers.rows"), p.count("stash.dividers.columns")))
        if inside / compartments < 5 + p.number("stash.trayWall") {
            problems.append(ParameterProblem("stash.dividers.rows", "leaves compartments under 5 mm wide; use fewer rows or columns"))
        }
        return problems
    }
}
