import Foundation
import Geometry

/// The Mac mini (2024) enclosure and its details, in millimetres, as described by the common and
/// detail parameters. Origin at the front-left-bottom corner of the bounding box, +Y to the rear.
///
/// From the desk up: the round black foot (with vent slots round its side), the black cover plate
/// under the whole shell (with the power button's ring groove), and the silver shell (with ports,
/// status light and emblem). Every cutter overshoots the face it opens by `overshoot`.
///
/// Everything prints without support (docs/printing.md): the foot is a piece of its own, which a
/// key ring on its top centres under the cover, so the body stands on its flat cover; the shell's
/// bottom edge rises from the cover's edge at `printableSlope`; round port openings get a roof at
/// that slope on the side that is up when printing.
public struct Enclosure: Hashable, Sendable {
    public var width: Double
    public var depth: Double
    /// Overall height, foot included.
    public var height: Double
    public var cornerRadius: Double
    public var topFillet: Double
    public var bottomFillet: Double
    public var footDiameter: Double
    public var footHeight: Double
    public var coverInset: Double
    public var coverThickness: Double
    /// Whether the shell prints upside down, its top on the bed (the stash's lid), so that the top
    /// edge and the roofs of the port openings face the other way: an item's derived value
    /// `upsideDownKey`, which the rules see too.
    public var shellPrintsUpsideDown: Bool
    let p: ParameterSet

    /// The derived switch (`ParameterSchema.derived`, no parameter of its own) of an item whose
    /// shell prints upside down.
    public static let upsideDownKey = "print.shellUpsideDown"

    /// How far a cutter reaches past the face it opens, and how far unioned solids overlap.
    public static let overshoot = 0.5
    /// The shallowest slope, off the horizontal, that a face looking down may have and still print
    /// without support: 60°. The rule of thumb is 45°, but PrusaSlicer's automatic supports at a
    /// 45° threshold still mark slopes of 55° along an edge or in a shallow pocket (measured).
    public static let printableSlope = 60 * Double.pi / 180
    /// How far the foot's piece sits behind the body (or the stash's base) in the print layout.
    public static let pieceGap = 2.0

    public init(_ p: ParameterSet) {
        self.p = p
        width = p.number("body.width")
        depth = p.number("body.depth")
        height = p.number("body.height")
        cornerRadius = p.number("body.cornerRadius")
        topFillet = p.number("body.topFillet")
        bottomFillet = p.number("body.bottomFillet")
        footDiameter = min(width, depth) - 2 * p.number("foot.inset")
        footHeight = p.number("foot.height")
        coverInset = p.number("bottom.coverInset")
        coverThickness = p.number("bottom.coverThickness")
        shellPrintsUpsideDown = p[Enclosure.upsideDownKey] == .bool(true)
    }

    /// Height of the shell's underside: on top of the foot and the cover.
    public var shellBottom: Double { footHeight + coverThickness }
    /// The centre of the plan.
    public var center: Vector2 { Vector2(width / 2, depth / 2) }
    /// How many vent slots go round the foot: as many as `vents.pitch` allows round its edge.
    public var ventCount: Int { max(3, Int((Double.pi * footDiameter / p.number("vents.pitch")).rounded())) }
    /// Height of the vent slots' upper ends above the desk.
    public var ventTop: Double { footHeight - p.number("vents.topGap") }
    /// The power button's centre in plan.
    public var buttonCenter: Vector2 { Vector2(p.number("button.fromLeft"), depth - p.number("button.fromRear")) }

    /// How far `point` lies inside the cover's outline (negative outside).
    public func coverOutlineDistance(_ point: Vector2) -> Double {
        let r = max(cornerRadius - coverInset, 0)
        let q = Vector2(abs(point.x - center.x) - (width / 2 - coverInset - r), abs(point.y - center.y) - (depth / 2 - coverInset - r))
        let outside = Vector2(max(q.x, 0), max(q.y, 0)).length + min(max(q.x, q.y), 0) - r
        return -outside
    }

    // MARK: - Bodies

    /// The shell's bottom edge: `body.bottomFillet` rounding into a slope of `printableSlope` that
    /// meets the underside at the cover's edge, so that the shell never overhangs the cover it
    /// prints on.
    public var bottomEdge: BoxEdge { .printable(radius: bottomFillet, slope: Enclosure.printableSlope, inset: coverInset) }
    /// The shell's top edge: a quarter round of `body.topFillet`, or, for a shell printed upside
    /// down, the same radius rounding into a printable slope.
    public var topEdge: BoxEdge {
        shellPrintsUpsideDown ? .printable(radius: topFillet, slope: Enclosure.printableSlope, inset: 0) : .fillet(topFillet)
    }

    /// The silver shell's solid: the rounded body from the cover to the top.
    public var shellBody: Solid {
        Solid.roundedBox(width: width, depth: depth, height: height - shellBottom, cornerRadius: cornerRadius, top: topEdge, bottom: bottomEdge)
            .translated(by: Vector3(center, shellBottom))
    }

    /// The foot: a round block from the desk to the cover, with its key ring on top.
    public func footBody(resolution: Resolution) throws(GeometryError) -> Solid {
        let foot = Solid.cylinder(radius: footDiameter / 2, height: footHeight).translated(by: Vector3(center, 0))
        guard let key = footKey else { return foot }
        let ring = try Shape.arc(innerRadius: key.inner, outerRadius: key.outer, startAngle: 0, endAngle: 2 * .pi, center: center, resolution: resolution)
        return foot.union(Solid.extrusion(of: ring, from: footHeight - Enclosure.overshoot, to: footHeight + key.height))
    }

    /// The ring on the foot's top that fits a groove in the cover's underside and centres the foot:
    /// `fit.keyWidth` wide, just inside the vent slots' inner ends, and `fit.keyHeight` tall or less,
    /// so that the groove leaves a nozzle width of cover above it. Nil when the cover is too thin
    /// for a key of 0.2 mm, or the foot too small for the ring.
    public var footKey: (inner: Double, outer: Double, height: Double)? {
        let c = p.number("fit.clearance")
        let outer = footDiameter / 2 - (p.bool("vents.enabled") ? p.number("vents.depth") : 0) - 0.4
        let inner = outer - p.number("fit.keyWidth")
        let height = min(p.number("fit.keyHeight"), coverThickness - c - p.number("printer.nozzle"))
        guard height >= 0.2, inner - c >= 1 else { return nil }
        return (inner, outer, height)
    }

    /// Where the foot goes in the print layout: behind the body, `pieceGap` clear of it.
    public var footPlacement: Transform {
        .translation(Vector3(0, depth + Enclosure.pieceGap + footDiameter / 2 - center.y, 0))
    }

    /// The cover plate between the foot and the shell, inset from the shell's outline.
    public func coverPlate(resolution: Resolution) throws(GeometryError) -> Solid {
        let outline = try Shape.roundedRectangle(
            width: width - 2 * coverInset, height: depth - 2 * coverInset, cornerRadius: max(cornerRadius - coverInset, 0),
            center: center, resolution: resolution)
        return Solid.extrusion(of: outline, from: footHeight, to: shellBottom)
    }

    // MARK: - Cutters and inlays

    /// The vent slots round the foot's side wall.
    public func footCutters(resolution: Resolution) throws(GeometryError) -> [Solid] {
        var cutters = [Solid]()
        if p.bool("vents.enabled") {
            let n = ventCount, r = footDiameter / 2, reach = p.number("vents.depth")
            let bottom = p.number("vents.bottom"), top = ventTop
            // Each slot's section (across, up) ends in a gable at the printable slope: PrusaSlicer
            // does not take so narrow a flat top for a bridge, and supports it.
            let w = p.number("vents.width") / 2, gable = min(w * tan(Enclosure.printableSlope), top - bottom)
            let section = try Shape.polygon([
                Vector2(-w, bottom), Vector2(w, bottom), Vector2(w, top - gable), Vector2(0, top), Vector2(-w, top - gable),
            ])
            // Extruded along the radius: (across, up, along) to (x, y, z) = (along, across, up).
            let slot = Solid.extrusion(of: section, from: r - reach, to: r + Enclosure.overshoot)
                .transformed(by: Transform.rotation(degrees: Vector3(90, 0, 0)).then(.rotation(degrees: Vector3(0, 0, 90))))
            for i in 0..<n {
                // Half a step round, so no slot is centred on a corner of the foot's polygon.
                let angle = 360 * (Double(i) + 0.5) / Double(n)
                cutters.append(slot.rotated(degrees: Vector3(0, 0, angle)).translated(by: Vector3(center, 0)))
            }
        }
        return cutters
    }

    /// The power button's ring groove and the groove that takes the foot's key, cut from the cover's
    /// underside.
    public func coverCutters(resolution: Resolution) throws(GeometryError) -> [Solid] {
        var cutters = [Solid]()
        if let key = footKey {
            let c = p.number("fit.clearance")
            let groove = try Shape.arc(innerRadius: key.inner - c, outerRadius: key.outer + c, startAngle: 0, endAngle: 2 * .pi, center: center, resolution: resolution)
            cutters.append(Solid.extrusion(of: groove, from: footHeight - Enclosure.overshoot, to: footHeight + key.height + c))
        }
        if p.bool("button.enabled") {
            let r = p.number("button.diameter") / 2
            let ring = try Shape.arc(
                innerRadius: r, outerRadius: r + p.number("button.groove"), startAngle: 0, endAngle: 2 * .pi,
                center: buttonCenter, resolution: resolution)
            cutters.append(Solid.extrusion(of: ring, from: footHeight - Enclosure.overshoot, to: footHeight + p.number("button.depth")))
        }
        return cutters
    }

    /// The enabled ports, with the status light.
    public var ports: [Port] { portLayout.ports.filter(\.isEnabled) }

    /// The ports' layout, their round openings roofed on the side that is up when the shell prints.
    var portLayout: PortLayout { PortLayout(p) }

    /// A solid drawn in face coordinates (along, up, outward) placed on `face` with its origin at
    /// `along` and height `z`. Outward 0 is the face itself; negative values reach into the body.
    public func placed(_ solid: Solid, on face: Face, along: Double, z: Double) -> Solid {
        solid.transformed(by: placement(on: face, along: along, z: z))
    }

    /// The map from face coordinates (along, up, outward) to the enclosure's.
    func placement(on face: Face, along: Double, z: Double) -> Transform {
        switch face {
        case .front: return Transform.rotation(degrees: Vector3(90, 0, 0)).then(.translation(Vector3(along, 0, z)))
        case .rear: return Transform.rotation(degrees: Vector3(90, 0, 180)).then(.translation(Vector3(width - along, depth, z)))
        }
    }

    /// `outline` extruded in face coordinates from `inward` mm inside the face to `outward` mm outside.
    func prism(_ outline: Shape, inward: Double, outward: Double) -> Solid {
        Solid.extrusion(of: outline, from: -inward, to: outward)
    }

    /// The pocket of every port: its opening `ports.depth` deep plus the room for its dark floor.
    /// The status light is a bore for its light pipe. `clearance` grows the outlines that take an
    /// inlay, so a separately printed one fits.
    public func portCutters(resolution: Resolution, clearance: Double = 0) throws(GeometryError) -> [Solid] {
        try portCuts(resolution: resolution, depth: p.number("ports.depth") + p.number("ports.inlayThickness"), clearance: clearance, light: true)
    }

    /// The open part of every port, in front of its floor (the power inlet's recess with it), for the
    /// merged body; the status light is filled by its pipe.
    func portOpenings(resolution: Resolution) throws(GeometryError) -> [Solid] {
        try portCuts(resolution: resolution, depth: p.number("ports.depth"), clearance: 0, light: false)
    }

    /// Every port cut `depth` deep behind the face (behind the power inlet's recess), its outline
    /// grown by `clearance`; with or without the light's bore.
    private func portCuts(resolution: Resolution, depth: Double, clearance: Double, light: Bool) throws(GeometryError) -> [Solid] {
        let layout = portLayout
        let recess = p.number("ports.power.recessDepth")
        var cutters = [Solid]()
        for port in ports where light || port.kind != .statusLight {
            if port.kind == .powerInlet {
                let outline = try layout.outline(port, resolution: resolution)
                cutters.append(placed(prism(outline, inward: recess, outward: Enclosure.overshoot), on: port.face, along: port.along, z: port.z))
                let inlet = try layout.powerInletOutline(grownBy: clearance, resolution: resolution)
                cutters.append(placed(prism(inlet, inward: recess + depth, outward: -recess / 2), on: port.face, along: port.along, z: port.z))
            } else {
                let outline = try layout.outline(port, grownBy: clearance, resolution: resolution)
                cutters.append(placed(prism(outline, inward: depth, outward: Enclosure.overshoot), on: port.face, along: port.along, z: port.z))
            }
        }
        return cutters
    }

    /// The dark floors of the port pockets, meeting the shell face to face, less `cutters` (a tunnel
    /// through a floor).
    public func portInlays(resolution: Resolution, less cutters: [Solid] = []) throws(GeometryError) -> Solid {
        .group(try portFloors(resolution: resolution, less: cutters).map { $0.solid.transformed(by: $0.placement) })
    }

    /// Each port's floor in face coordinates (along, up, outward, the floor's front at outward 0,
    /// its back at -`ports.inlayThickness`), with the placement that puts it in its pocket.
    func portFloors(resolution: Resolution, less cutters: [Solid]) throws(GeometryError) -> [(solid: Solid, placement: Transform)] {
        let layout = portLayout
        let open = p.number("ports.depth"), thickness = p.number("ports.inlayThickness")
        var floors = [(solid: Solid, placement: Transform)]()
        for port in ports where port.kind != .statusLight {
            let (outline, front) = port.kind == .powerInlet
                ? (try layout.powerInletOutline(resolution: resolution), p.number("ports.power.recessDepth") + open)
                : (try layout.outline(port, resolution: resolution), open)
            var floor = prism(outline, inward: thickness, outward: 0)
            let inPocket = Transform.translation(Vector3(0, 0, -front)).then(placement(on: port.face, along: port.along, z: port.z))
            if !cutters.isEmpty, let back = inPocket.inverted {
                // Cut in place, then carried back to face coordinates.
                floor = floor.transformed(by: inPocket).subtracting(cutters).transformed(by: back)
            }
            floors.append((floor, inPocket))
        }
        return floors
    }

    /// The status light's pipe, filling its bore and flush with the front; nil when it is off.
    public func lightPipe(resolution: Resolution) throws(GeometryError) -> Solid? {
        guard let light = ports.first(where: { $0.kind == .statusLight }) else { return nil }
        let outline = try portLayout.outline(light, resolution: resolution)
        let pipe = prism(outline, inward: p.number("ports.depth") + p.number("ports.inlayThickness"), outward: 0)
        return placed(pipe, on: light.face, along: light.along, z: light.z)
    }

    /// The emblem's outline on the top, or nil when it is off. Parameters were validated, so a
    /// failure here is a file that changed since.
    func emblemOutline(resolution: Resolution) throws(GeometryError) -> Shape? {
        guard p.bool("emblem.enabled") else { return nil }
        do { return try Emblem.outline(p, resolution: resolution) } catch { throw .invalidShape("emblem.svg: \(error.description)") }
    }

    /// The emblem's pocket in the top, `emblem.depth` deep, grown by `clearance`.
    public func emblemPocket(resolution: Resolution, clearance: Double = 0) throws(GeometryError) -> Solid? {
        guard let outline = try emblemOutline(resolution: resolution) else { return nil }
        let depth = p.number("emblem.depth")
        let pocket = clearance > 0 ? try outline.offset(by: clearance, resolution: resolution) : outline
        return Solid.extrusion(of: pocket, from: height - depth, to: height + Enclosure.overshoot)
    }

    // MARK: - Separate printing

    /// The key ring's outline, `widening` mm wider on each side: a rounded-rectangle band
    /// `fit.keyWidth` wide whose outer edge lies `fit.keyInset` inside the cover's edge.
    func keyRing(widening: Double, resolution: Resolution) throws(GeometryError) -> Shape {
        let inset = coverInset + p.number("fit.keyInset") - widening
        let width = p.number("fit.keyWidth") + 2 * widening
        let radius = max(cornerRadius - inset, 0)
        let outer = try Shape.roundedRectangle(width: self.width - 2 * inset, height: depth - 2 * inset, cornerRadius: radius, center: center, resolution: resolution)
        let inner = try Shape.roundedRectangle(
            width: self.width - 2 * (inset + width), height: depth - 2 * (inset + width), cornerRadius: max(radius - width, 0),
            center: center, resolution: resolution)
        return Shape(polygons: [Polygon(outer: outer.polygons[0].outer, holes: [Contour(inner.polygons[0].outer.points.reversed())])])
    }

    /// The key ring standing on the cover, reaching a little into it.
    public func registrationKey(resolution: Resolution) throws(GeometryError) -> Solid {
        Solid.extrusion(of: try keyRing(widening: 0, resolution: resolution), from: shellBottom - coverThickness / 4, to: shellBottom + p.number("fit.keyHeight"))
    }

    /// The groove in the shell's underside that takes the key ring, `fit.clearance` wider and deeper.
    public func registrationGroove(resolution: Resolution) throws(GeometryError) -> Solid {
        let c = p.number("fit.clearance")
        return Solid.extrusion(
            of: try keyRing(widening: c, resolution: resolution),
            from: shellBottom - Enclosure.overshoot, to: shellBottom + p.number("fit.keyHeight") + c)
    }

    /// The inlays printed on their own, lying flat in a row from the origin: every port floor, the
    /// status light's pipe standing up, and the emblem face down (its top on the bed). Each is
    /// measured (evaluated at `resolution`) to place the next.
    public func separateInlays(resolution: Resolution, less cutters: [Solid] = []) throws(GeometryError) -> (ports: Solid, light: Solid?, emblem: Solid?) {
        let layout = portLayout, gap = 3.0
        var x = 0.0
        func laid(_ solid: Solid) throws(GeometryError) -> Solid {
            let mesh: Mesh
            do { mesh = try solid.mesh(resolution: resolution) } catch { throw error.error }
            guard !mesh.isEmpty else { return .empty }  // a floor that a tunnel cut away
            let b = mesh.bounds
            defer { x += b.max.x - b.min.x + gap }
            return solid.translated(by: Vector3(x - b.min.x, -b.min.y, -b.min.z))
        }
        func laid(_ outline: Shape, height: Double) throws(GeometryError) -> Solid {
            try laid(Solid.extrusion(of: outline, from: 0, to: height))
        }
        // Each floor lies on its front face, which shows in the pocket.
        var floors = [Solid]()
        for floor in try portFloors(resolution: resolution, less: cutters) { floors.append(try laid(floor.solid.rotated(degrees: Vector3(0, 180, 0)))) }
        let light = try ports.first { $0.kind == .statusLight }.map { (port: Port) throws(GeometryError) -> Solid in
            try laid(layout.outline(port, resolution: resolution), height: p.number("ports.depth") + p.number("ports.inlayThickness"))
        }
        let emblem = try emblemOutline(resolution: resolution).map { (outline: Shape) throws(GeometryError) -> Solid in
            // Mirrored so that, turned face down, it reads the right way round from above once glued.
            try laid(outline.scaled(by: Vector2(-1, 1)), height: p.number("emblem.depth"))
        }
        return (.group(floors), light, emblem)
    }

    /// The emblem inlay, filling its pocket flush with the top.
    public func emblemInlay(resolution: Resolution) throws(GeometryError) -> Solid? {
        guard let outline = try emblemOutline(resolution: resolution) else { return nil }
        let depth = p.number("emblem.depth")
        return Solid.extrusion(of: outline, from: height - depth, to: height)
    }
}
