import Foundation
import Geometry

/// The parameters of the details every item carries: bottom cover, vents, ports, status light, power
/// button and emblem, with their colours. Defaults and sources: `macmini-geometry.md` §0-§6.
/// Front positions run from the left edge seen from the front, rear positions from the left edge
/// seen from behind.
public enum DetailParameters {
    public static let specs: [ParameterSpec] = [
        .length("bottom.coverInset", 1, 0...2.4, "Inset of the black bottom cover from the shell's outline"),
        .length("bottom.coverThickness", 1.2, 0.8...10, "Thickness of the black cover between the foot and the shell"),

        .bool("vents.enabled", true, "Cut vent slots round the foot's side wall"),
        .length("vents.pitch", 3, 1.7...30, "Distance between neighbouring slot centres, round the foot's edge (the count follows the foot)"),
        .length("vents.width", 1.2, 0.4...2.4, "Width of each vent slot"),
        .length("vents.bottom", 1, 0...5, "Height of the slots' lower ends above the desk"),
        .length("vents.topGap", 1, 0.4...5, "Gap between the slots' upper ends and the top of the foot"),
        .length("vents.depth", 2, 0.4...25, "How far the slots reach into the foot"),

        .bool("ports.enabled", true, "Cut the front and rear ports, each with a dark floor"),
        .length("ports.level", -1.35, -12.5...12.5, "Height of the ports' centre line above the middle of the flat face (negative: below it)"),
        .length("ports.depth", 1, 0.2...5, "Depth of each port opening in front of its dark floor"),
        .length("ports.inlayThickness", 1, 0.4...5, "Thickness of the dark inlay that forms each port's floor").absolute(),
        .length("ports.usbc.width", 9, 4...11, "Width of a USB-C or Thunderbolt opening"),
        .length("ports.usbc.height", 3.3, 1...9, "Height of a USB-C or Thunderbolt opening"),
        .length("ports.jack.diameter", 4.2, 1...12, "Diameter of the headphone jack"),
        .length("ports.hdmi.width", 14, 10.5...19, "Width of the HDMI opening at its top"),
        .length("ports.hdmi.bottomWidth", 10, 5...13.9, "Width of the HDMI opening at its chamfered bottom"),
        .length("ports.hdmi.height", 4.55, 2.5...20, "Height of the HDMI opening"),
        .length("ports.ethernet.width", 12, 5...18, "Width of the Ethernet (RJ45) mouth"),
        .length("ports.ethernet.height", 6.8, 2...29, "Height of the Ethernet mouth, without the latch slot"),
        .length("ports.ethernet.latchWidth", 4, 1...11, "Width of the latch slot under the Ethernet mouth"),
        .length("ports.ethernet.latchHeight", 2.7, 0.5...13.5, "Height of the latch slot under the Ethernet mouth (under it, so that it prints without support)"),
        .length("ports.power.recessDiameter", 12, 11...16, "Diameter of the round recess round the power inlet"),
        .length("ports.power.recessDepth", 2, 0.1...5, "Depth of the round recess round the power inlet (1 mm or more prints without support)"),
        .length("ports.power.width", 10.5, 6...10.9, "Width of the figure-8 power inlet"),
        .length("ports.power.height", 5.5, 5.3...10.5, "Height of the figure-8 power inlet"),
        // Positions are shares of the face's flat span (between the rounded corners), so the ports
        // follow the body; each declared range keeps the port between its neighbours' defaults.
        .number("ports.front.usbc1", 0.077, 0.05...0.1, "Front: centre of the left USB-C port, as a share of the flat span from its left end"),
        .number("ports.front.usbc2", 0.209, 0.19...0.74, "Front: centre of the right USB-C port, as a share of the flat span"),
        .number("ports.front.jack", 0.923, 0.86...0.97, "Front: centre of the headphone jack, as a share of the flat span"),
        .number("ports.rear.power", 0.088, 0.07...0.12, "Rear: centre of the power inlet, as a share of the flat span from its left end seen from behind"),
        .number("ports.rear.ethernet", 0.269, 0.23...0.3, "Rear: centre of the Ethernet port, as a share of the flat span"),
        .number("ports.rear.hdmi", 0.456, 0.43...0.49, "Rear: centre of the HDMI port, as a share of the flat span"),
        .number("ports.rear.thunderbolt1", 0.626, 0.6...0.65, "Rear: centre of the first Thunderbolt port, as a share of the flat span"),
        .number("ports.rear.thunderbolt2", 0.758, 0.74...0.78, "Rear: centre of the second Thunderbolt port, as a share of the flat span"),
        .number("ports.rear.thunderbolt3", 0.89, 0.87...0.95, "Rear: centre of the third Thunderbolt port, as a share of the flat span"),

        .bool("light.enabled", true, "Add the status light on the front"),
        .number("light.position", 0.813, 0.28...0.88, "Front: centre of the status light, as a share of the flat span"),
        .length("light.diameter", 1.2, 0.5...6, "Diameter of the status light"),

        .bool("button.enabled", true, "Add the power button under the rear-left corner"),
        .length("button.fromLeft", 13, 7.5...31, "Distance of the button's centre from the left edge"),
        .length("button.fromRear", 13, 7.5...31, "Distance of the button's centre from the rear edge"),
        .length("button.diameter", 8, 2...16, "Diameter of the power button"),
        .length("button.groove", 0.5, 0.3...3, "Width of the ring groove round the button"),
        .length("button.depth", 0.6, 0.2...1.1, "Depth of the ring groove"),

        .bool("emblem.enabled", true, "Inlay an emblem on the top"),
        .text("emblem.svg", Emblem.defaultPath, "SVG path data, a built-in emblem (`sparkle`, `ring`, `hexagon`), or an SVG file (its path, or its name in Models/emblems/)"),
        .length("emblem.size", 20, 2...100, "Larger side of the emblem"),
        .length("emblem.offsetX", 0, -45...45, "Shift of the emblem to the right of the top's centre"),
        .length("emblem.offsetY", 0, -45...45, "Shift of the emblem towards the rear from the top's centre"),
        .angle("emblem.rotation", 0, -360...360, "Rotation of the emblem, counter-clockwise seen from above"),
        .length("emblem.depth", 1, 0.2...5, "Thickness of the emblem inlay, flush with the top").absolute(),

        .length("fit.clearance", 0.25, 0...1, "Gap per side between parts that fit together (the stash's lid; inlays in separate mode); raise it if your printer's fits come out tight").absolute(),
        .length("fit.keyInset", 7, 2...20, "Separate mode: inset of the key ring that aligns shell and cover, from the cover's edge"),
        .length("fit.keyWidth", 1.6, 0.8...5, "Width of the key rings: on the foot (which centres it under the cover) and, in separate mode, on the cover (which aligns the shell)"),
        .length("fit.keyHeight", 1, 0.4...5, "Height of the key rings: on the cover in separate mode, and on the foot at most this (its groove leaves a nozzle width of cover)"),

        .color("colors.ports", Palette.portGrey, "Colour of the port floors; parts of one colour print with one filament"),
        .color("colors.light", Palette.white, "Colour of the status light"),
        .color("colors.emblem", Palette.portGrey, "Colour of the emblem: the ports' dark grey, so that four filaments print every item; another colour gives it a fifth"),
    ]

    public static let rules: [@Sendable (ParameterSet) -> [ParameterProblem]] = [
        ventRule, { p in portRules(p) }, buttonRule, emblemRule, fineDetails, emblemDetails,
        // The walls between vent slots: too thin, and the slots merge.
        Catalogue.wallsPrintable(asWarnings: true) { p in
            guard p.bool("vents.enabled") else { return [] }
            let outer = Enclosure(p).footDiameter / 2
            let inner = outer - p.number("vents.depth")
            return [("vents.pitch", 2 * Double.pi * inner / Double(Enclosure(p).ventCount) - p.number("vents.width"))]
        },
    ]

    /// Warnings: details that come out finer than the nozzle after `scale`.
    static let fineDetails = CommonParameters.finerThanTheNozzle(
        ["vents.width", "light.diameter", "button.groove", "ports.usbc.height"],
        switches: ["vents.width": "vents.enabled", "light.diameter": "light.enabled", "button.groove": "button.enabled", "ports.usbc.height": "ports.enabled"],
        consequence: "it may not print")

    /// A warning for an emblem with a point or stroke thinner than the nozzle, at its real size.
    static let emblemDetails: @Sendable (ParameterSet) -> [ParameterProblem] = { p in
        guard p.bool("emblem.enabled"), let share = try? Emblem.thinnestShare(p.text("emblem.svg")) else { return [] }
        let nozzle = p.number("printer.nozzle"), thickness = share * p.number("emblem.size"), scale = p.number("scale")
        guard thickness < nozzle else { return [] }
        return [ParameterProblem("emblem.svg", "has a point or stroke \(fmt(thickness)) mm thin\(scale == 1 ? "" : " at scale \(fmt(scale))"), finer than the \(fmt(nozzle)) mm nozzle; it prints blunt or not at all: use a bolder shape or a larger emblem.size", isWarning: true)]
    }

    static let ventRule: @Sendable (ParameterSet) -> [ParameterProblem] = { p in
        guard p.bool("vents.enabled") else { return [] }
        var problems = [ParameterProblem]()
        let e = Enclosure(p)
        let bottom = p.number("vents.bottom"), top = e.ventTop
        if top - bottom < 0.5 {
            problems.append(ParameterProblem("vents.bottom", "must leave slots 0.5 mm tall below foot.height - vents.topGap (\(fmt(top)) mm): at most \(fmt(top - 0.5)) mm, got \(fmt(bottom))"))
        }
        let radius = e.footDiameter / 2
        if p.number("vents.depth") > radius / 2 {
            problems.append(ParameterProblem("vents.depth", "must be at most a quarter of the foot's diameter (\(fmt(radius / 2)) mm), got \(fmt(p.number("vents.depth")))"))
        }
        // The slots' inner ends must stay apart.
        let inner = radius - p.number("vents.depth"), pitch = 2 * Double.pi * inner / Double(e.ventCount)
        if p.number("vents.width") > pitch - 0.4 {
            problems.append(ParameterProblem("vents.pitch", "leaves \(fmt(pitch)) mm between slot centres at the slots' inner ends, too little for slots \(fmt(p.number("vents.width"))) mm wide; use a larger pitch or narrower slots"))
        }
        return problems
    }

    static func portRules(_ p: ParameterSet) -> [ParameterProblem] {
        var problems = [ParameterProblem]()
        let layout = PortLayout(p)
        let flat = layout.flatFace
        for port in layout.ports where port.isEnabled {
            let size = port.size(p)
            let lo = port.along - size.width / 2, hi = port.along + size.width / 2
            if lo < flat.min.x || hi > flat.max.x {
                problems.append(ParameterProblem(port.parameter, "puts the \(port.title) (\(fmt(size.width)) mm wide) outside the flat part of the \(port.face) face, \(fmt(flat.min.x)) to \(fmt(flat.max.x)) mm from its left end, at \(fmt(port.along)) mm"))
            }
            if port.z - size.below < flat.min.y || port.z + size.above > flat.max.y {
                problems.append(ParameterProblem("ports.level", "puts the \(port.title) (\(fmt(size.below + size.above)) mm tall) outside the flat part of the \(port.face) face, \(fmt(flat.min.y)) to \(fmt(flat.max.y)) mm above the desk, at \(fmt(port.z)) mm"))
            }
        }
        // Ports on one face must not run into each other.
        for face in [Face.front, .rear] {
            let spans = layout.ports.filter { $0.isEnabled && $0.face == face }.sorted { $0.along < $1.along }
            for (a, b) in zip(spans, spans.dropFirst()) where a.along + a.size(p).width / 2 + 0.8 > b.along - b.size(p).width / 2 {
                problems.append(ParameterProblem(b.parameter, "runs into the \(a.title) (\(a.parameter)); the openings need 0.8 mm between them, and are \(fmt(b.along - b.size(p).width / 2 - a.along - a.size(p).width / 2)) mm apart"))
            }
        }
        if p.number("ports.hdmi.bottomWidth") >= p.number("ports.hdmi.width") {
            problems.append(ParameterProblem("ports.hdmi.bottomWidth", "must be less than ports.hdmi.width (\(fmt(p.number("ports.hdmi.width"))) mm), got \(fmt(p.number("ports.hdmi.bottomWidth")))"))
        } else if (p.number("ports.hdmi.width") - p.number("ports.hdmi.bottomWidth")) / 2 >= p.number("ports.hdmi.height") {
            problems.append(ParameterProblem("ports.hdmi.bottomWidth", "makes 45° chamfers taller than the opening (ports.hdmi.height = \(fmt(p.number("ports.hdmi.height"))) mm); got \(fmt(p.number("ports.hdmi.bottomWidth")))"))
        }
        if p.number("ports.usbc.height") > p.number("ports.usbc.width") {
            problems.append(ParameterProblem("ports.usbc.height", "must be at most ports.usbc.width (\(fmt(p.number("ports.usbc.width"))) mm), got \(fmt(p.number("ports.usbc.height")))"))
        }
        if p.number("ports.ethernet.latchWidth") >= p.number("ports.ethernet.width") {
            problems.append(ParameterProblem("ports.ethernet.latchWidth", "must be less than ports.ethernet.width (\(fmt(p.number("ports.ethernet.width"))) mm), got \(fmt(p.number("ports.ethernet.latchWidth")))"))
        }
        let inletWidth = p.number("ports.power.width"), inletHeight = p.number("ports.power.height")
        if inletHeight > inletWidth || inletWidth >= 2 * inletHeight {
            problems.append(ParameterProblem("ports.power.height", "must be between half and all of ports.power.width (\(fmt(inletWidth)) mm), so that the figure-8's lobes overlap, got \(fmt(inletHeight))"))
        }
        let inlet = p.number("ports.power.width")
        if p.number("ports.power.recessDiameter") < inlet + 0.4 {
            problems.append(ParameterProblem("ports.power.recessDiameter", "must leave 0.2 mm round the figure-8 inlet: at least \(fmt(inlet + 0.4)) mm, got \(fmt(p.number("ports.power.recessDiameter")))"))
        }
        return problems
    }

    static let buttonRule: @Sendable (ParameterSet) -> [ParameterProblem] = { p in
        guard p.bool("button.enabled") else { return [] }
        let e = Enclosure(p)
        let c = e.buttonCenter, r = p.number("button.diameter") / 2 + p.number("button.groove")
        var problems = [ParameterProblem]()
        let toFoot = (c - e.center).length - e.footDiameter / 2
        if toFoot < r + 0.5 {
            problems.append(ParameterProblem("button.fromLeft", "puts the power button (with its groove, \(fmt(2 * r)) mm across) on the foot; it must sit beside it, 0.5 mm clear (button.fromRear = \(fmt(p.number("button.fromRear"))))"))
        }
        if e.coverOutlineDistance(c) < r + 0.5 {
            problems.append(ParameterProblem("button.fromLeft", "puts the power button (with its groove, \(fmt(2 * r)) mm across) over the cover's edge; it must sit 0.5 mm inside it (button.fromRear = \(fmt(p.number("button.fromRear"))))"))
        }
        if p.number("button.depth") >= p.number("bottom.coverThickness") {
            problems.append(ParameterProblem("button.depth", "must be less than bottom.coverThickness (\(fmt(p.number("bottom.coverThickness"))) mm), got \(fmt(p.number("button.depth")))"))
        }
        return problems
    }

    static let emblemRule: @Sendable (ParameterSet) -> [ParameterProblem] = { p in
        guard p.bool("emblem.enabled") else { return [] }
        let outline: Shape
        do throws(EmblemError) { outline = try Emblem.outline(p, resolution: .draft) } catch {
            return [ParameterProblem("emblem.svg", error.description)]
        }
        let e = Enclosure(p)
        let b = outline.bounds, margin = e.topFillet + 0.5
        if b.min.x < margin || b.min.y < margin || b.max.x > e.width - margin || b.max.y > e.depth - margin {
            return [ParameterProblem("emblem.size", "puts the emblem over the rounded top edge; it must stay \(fmt(margin)) mm inside the top (check emblem.offsetX and emblem.offsetY too), got \(fmt(p.number("emblem.size")))")]
        }
        if p.number("emblem.depth") > e.height - e.shellBottom - 1 {
            return [ParameterProblem("emblem.depth", "must leave 1 mm of shell under it, at most \(fmt(e.height - e.shellBottom - 1)) mm, got \(fmt(p.number("emblem.depth")))")]
        }
        return []
    }

    static func fmt(_ v: Double) -> String { CommonParameters.fmt(v) }
}
