import Foundation
import Geometry
import Testing
@testable import MiniDesk

/// The emblem's sources, and every cross-parameter rule of the details and the items: each names
/// the parameter, the value and what is allowed.
@Suite struct DetailTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func emblemComesFromPathDataOrAFile() throws {
        #expect(try Emblem.pathData(" M0 0L1 0L0 1Z ") == "M0 0L1 0L0 1Z")
        for name in ["sparkle", "ring", "hexagon"] {
            let data = try Emblem.pathData(Self.root.appendingPathComponent("Models/emblems/\(name).svg").path)
            #expect(try !Shape(svgPath: data).isEmpty, "\(name)")
        }
        #expect(try Emblem.pathData(Self.root.appendingPathComponent("Models/emblems/sparkle.svg").path) == Emblem.defaultPath)
        let folder = NSTemporaryDirectory() + "minidesk-emblem-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let quoted = folder + "/quoted.svg", raw = folder + "/raw.txt", empty = folder + "/empty.svg"
        try "<svg><path fill='red' d='M0 0H4V4Z'/><path\nd=\"M10 0H14V4Z\"/></svg>".write(toFile: quoted, atomically: true, encoding: .utf8)
        try "M0 0H4V4Z".write(toFile: raw, atomically: true, encoding: .utf8)
        try "<svg><rect width='4' height='4'/></svg>".write(toFile: empty, atomically: true, encoding: .utf8)
        #expect(try Emblem.pathData(quoted) == "M0 0H4V4Z M10 0H14V4Z")
        #expect(try Emblem.pathData(raw) == "M0 0H4V4Z")
        #expect(throws: EmblemError.self) { try Emblem.pathData(empty) }
        #expect(throws: EmblemError.self) { try Emblem.pathData(folder) }
        do {
            _ = try Emblem.pathData("no-such-emblem")
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("Models/emblems/no-such-emblem.svg") && error.description.contains("\"no-such-emblem\"")
                && error.description.contains("a built-in emblem (hexagon, ring, sparkle)"))
        }
    }

    /// The emblems of Models/emblems/ ship inside the program too, the same path data, so a name
    /// works from any folder.
    @Test func builtInEmblemsAreTheModelsFolder() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Models/emblems").path).filter { $0.hasSuffix(".svg") }
        #expect(Set(files.map { String($0.dropLast(4)) }) == Set(Emblem.builtIn.keys))
        for name in Emblem.builtIn.keys {
            #expect(try Emblem.pathData(Self.root.appendingPathComponent("Models/emblems/\(name).svg").path) == Emblem.builtIn[name], "\(name)")
        }
    }

    /// The emblem is scaled so its larger side is `emblem.size`, flipped upright and centred.
    /// An emblem with points or strokes finer than the nozzle is warned about at its real size; the
    /// default sparkle's points are cut square so that they print.
    @Test func emblemDetailsFinerThanTheNozzleAreWarnings() throws {
        let schema = Catalogue.item(named: "solid")!.schema
        func warning(_ values: [String: ParameterValue]) -> ParameterProblem? {
            schema.validate(ParameterSet(values)).first { $0.name == "emblem.svg" && $0.isWarning }
        }
        #expect(warning([:]) == nil)
        for name in ["ring", "hexagon", "sparkle"] { #expect(warning(["emblem.svg": .text(name)]) == nil, "\(name)") }
        let sharp = try #require(warning(["emblem.svg": .text("M0 -10Q1.6 -1.6 10 0Q1.6 1.6 0 10Q-1.6 1.6 -10 0Q-1.6 -1.6 0 -10Z")]))
        #expect(sharp.message.contains("finer than the 0.4 mm nozzle; it prints blunt or not at all"), "\(sharp)")
        let thin = try #require(warning(["emblem.svg": .text("M-10 -0.1H10V0.1H-10Z")]))
        #expect(thin.message.hasPrefix("has a point or stroke 0.2 mm thin, finer than the 0.4 mm nozzle"), "\(thin)")
        // At half size the default's 1.2 mm points become 0.6 mm across an emblem of 10 mm: still
        // printable; on a 5 mm emblem they are 0.3 mm.
        #expect(warning(["scale": .number(0.5)]) == nil)
        #expect(warning(["emblem.size": .number(5)])?.message.contains("has a point or stroke 0.3") == true)
    }

    /// The power inlet's waist corners are rounded to half the nozzle, so the shell's point between
    /// the lobes under the inlet is no sharper than the nozzle draws; the waist above is filled by
    /// the roof that lets it print without support (upside down for the stash's lid).
    @Test func powerInletWaistIsRounded() throws {
        for item in ["solid", "stash"] {
            let p = Catalogue.item(named: item)!.schema.realSize(Catalogue.item(named: item)!.schema.defaults)
            let inlet = try PortLayout(p).powerInletOutline(resolution: .fine)
            let down = item == "stash" ? -1.0 : 1  // which way the kept waist lies
            // Lobes 5.5 mm across, 2.5 mm off the middle: the bare waist would be 2.29 mm tall; the
            // fillets of 0.2 mm open it to 2 (sqrt(2.95^2 - 2.5^2) - 0.2) = 2.73 mm.
            let waist = 2 * ((2.95 * 2.95 - 2.5 * 2.5).squareRoot() - 0.2)
            func inside(_ q: Vector2) -> Bool { inlet.polygons.contains { ($0.outer.winding(around: q) ?? 1) != 0 } }
            #expect(inside(Vector2(0, down * (-waist / 2 + 0.01))) && !inside(Vector2(0, down * (-waist / 2 - 0.01))), "\(item)")
            #expect(inside(Vector2(0, down * 2.7)), "\(item): the roof fills the upper waist")
            #expect(inside(Vector2(5.2, 0)) && !inside(Vector2(5.3, 0)) && inside(Vector2(-5.2, 0)))
            #expect(inlet.polygons.count == 1 && inlet.polygons[0].outer.isCounterClockwise)
        }
    }

    @Test func emblemOutlineIsPlacedOnTheTop() throws {
        var p = Catalogue.item(named: "solid")!.schema.defaults
        p["emblem.svg"] = .text("M0 0H10V-30H0Z")  // 10 wide, 30 tall, drawn upwards in SVG's y-down axes
        p["emblem.offsetX"] = .number(5)
        let b = try Emblem.outline(p, resolution: .draft).bounds
        #expect(b.min == Vector2(63.5 + 5 - 10.0 / 3, 63.5 - 10) && b.max == Vector2(63.5 + 5 + 10.0 / 3, 63.5 + 10))
    }

    /// Values the rules refuse: each is named once, as the root cause (a parameter the user set),
    /// with the consequence that the rule found.
    static let badValues: [(item: String, set: [String: ParameterValue], name: String, fragment: String)] = [
        ("solid", ["vents.bottom": .number(4.8), "vents.topGap": .number(1.5)], "vents.bottom", "must leave slots 0.5 mm tall"),
        ("solid", ["foot.inset": .number(40), "vents.depth": .number(12)], "vents.depth", "at most a quarter of the foot's diameter"),
        ("solid", ["vents.width": .number(2.4), "vents.pitch": .number(2)], "vents.pitch", "too little for slots 2.4 mm wide"),
        ("solid", ["ports.jack.diameter": .number(12), "ports.front.jack": .number(0.97)], "ports.front.jack", "outside the flat part of the front face"),
        ("solid", ["ports.level": .number(-12.5), "ports.power.recessDiameter": .number(16)], "ports.level", "outside the flat part of the rear face"),
        ("solid", ["ports.front.usbc1": .number(0.1), "ports.front.usbc2": .number(0.19)], "ports.front.usbc2", "runs into the USB-C port (ports.front.usbc1)"),
        ("solid", ["ports.hdmi.width": .number(11), "ports.hdmi.bottomWidth": .number(12)], "ports.hdmi.bottomWidth", "must be less than ports.hdmi.width (11 mm)"),
        ("solid", ["ports.hdmi.bottomWidth": .number(5), "ports.hdmi.height": .number(2.5)], "ports.hdmi.bottomWidth", "45° chamfers taller than the opening"),
        ("solid", ["ports.usbc.width": .number(5), "ports.usbc.height": .number(6)], "ports.usbc.height", "must be at most ports.usbc.width (5 mm)"),
        ("solid", ["ports.ethernet.width": .number(6), "ports.ethernet.latchWidth": .number(7)], "ports.ethernet.latchWidth", "must be less than ports.ethernet.width (6 mm)"),
        ("solid", ["ports.power.width": .number(10.9), "ports.power.height": .number(5.4)], "ports.power.height", "so that the figure-8's lobes overlap"),
        ("solid", ["ports.power.recessDiameter": .number(11), "ports.power.width": .number(10.8)], "ports.power.recessDiameter", "at least 11.2 mm"),
        ("solid", ["button.fromLeft": .number(30), "button.fromRear": .number(30)], "button.fromLeft", "on the foot"),
        ("solid", ["button.fromLeft": .number(7.5), "button.fromRear": .number(7.5)], "button.fromLeft", "over the cover's edge"),
        ("solid", ["button.depth": .number(1), "bottom.coverThickness": .number(0.9)], "button.depth", "must be less than bottom.coverThickness (0.9 mm)"),
        ("solid", ["emblem.size": .number(100), "emblem.offsetX": .number(20)], "emblem.size", "over the rounded top edge"),
        ("solid", ["emblem.svg": .text("M0 0L1 0")], "emblem.svg", "encloses no area"),
        ("solid", ["emblem.svg": .text("M0 0L1 x")], "emblem.svg", "SVG path data, position"),
        ("solid", ["body.height": .number(32), "foot.height": .number(25), "ports.enabled": .bool(false), "light.enabled": .bool(false), "emblem.depth": .number(5)], "emblem.depth", "must leave 1 mm of shell under it"),
        ("stash", ["stash.wall": .number(3.8), "ports.depth": .number(1.2)], "stash.wall", "must leave two nozzle widths (0.8 mm) behind the deepest port pocket"),
        ("stash", ["stash.trayHeight": .number(38), "stash.top": .number(5)], "stash.trayHeight", "must leave 1 mm under the lid's ceiling"),
        ("stash", ["stash.top": .number(1.8), "emblem.depth": .number(1.2)], "stash.top", "at least 0.8 mm more than emblem.depth"),
        ("stash", ["stash.top": .number(2.5), "emblem.enabled": .bool(false), "body.topFillet": .number(3.9), "stash.wall": .number(3.85), "ports.enabled": .bool(false)], "stash.top", "must be at least body.topFillet"),
        ("stash", ["stash.dividers.rows": .number(12), "stash.trayWall": .number(10)], "stash.dividers.rows", "compartments under 5 mm wide"),
        ("planter", ["planter.size": .number(115)], "planter.size", "at most 111 mm, got 115"),
        ("planter", ["planter.cornerRadius": .number(60)], "planter.cornerRadius", "must be at most half planter.size (50 mm), got 60"),
        ("planter", ["planter.size": .number(108), "planter.rim": .number(9), "planter.cornerRadius": .number(2)], "planter.size", "at the pot's corners"),
        ("planter", ["body.height": .number(40), "planter.floor": .number(30)], "planter.floor", "leaves a pot"),
        ("planter", ["planter.drain.diameter": .number(20), "planter.size": .number(40)], "planter.drain.diameter", "outside the pot or the drip tray"),
        ("planter", ["planter.drain.holes": .number(24), "planter.drain.diameter": .number(6)], "planter.drain.holes", "less than 1 mm apart"),
        ("planter", ["foot.height": .number(4), "planter.reservoir.floor": .number(4)], "planter.reservoir.floor", "must leave the drip tray 1 mm deep"),
        ("planter", ["emblem.size": .number(9), "emblem.offsetY": .number(-55)], "emblem.offsetY", "within 1 mm of the pot"),
        ("planter", ["foot.inset": .number(38), "vents.depth": .number(12.5), "vents.pitch": .number(10), "scale": .number(0.4), "emblem.enabled": .bool(false)], "scale", "foot.inset leaves no room for the planter's drip tray"),
        ("phone-stand", ["phone.length": .number(120)], "phone.length", "must leave 2 mm of top at each end of the slot"),
        ("phone-stand", ["phone.lip": .number(27), "phone.depth": .number(32), "phone.angle": .number(45), "phone.tunnel.enabled": .bool(false)], "phone.lip", "lets the slot run into the front face"),
        ("phone-stand", ["phone.lip": .number(89), "phone.width": .number(30), "phone.angle": .number(60), "phone.tunnel.enabled": .bool(false)], "phone.lip", "within 3 mm of the rounded rear edge"),
        ("phone-stand", ["phone.depth": .number(32), "body.height": .number(39), "phone.tunnel.enabled": .bool(false)], "phone.depth", "within 3 mm of the shell's underside"),
        ("phone-stand", ["phone.plug.length": .number(27), "phone.depth": .number(10)], "phone.plug.length", "mm of shell under the plug's pocket and corner, where 1.5 mm is the least"),
        ("phone-stand", ["phone.plug.width": .number(16), "body.height": .number(70)], "phone.plug.width", "ports.rear.ethernet runs into the power inlet"),
        ("phone-stand", ["ports.level": .number(9)], "ports.level", "phone.plug.width takes the roof of the charging path"),
        ("phone-stand", ["phone.plug.width": .number(13.9), "ports.level": .number(4.5)], "phone.plug.width", "mm of shell over the roof of the charging path, where 1.5 mm is the least"),
        ("phone-stand", ["emblem.offsetY": .number(-38), "emblem.size": .number(20)], "emblem.offsetY", "within 1 mm of the slot"),
        ("pen-holder", ["pen.pitch": .number(50)], "pen.pitch", "within 5 mm of the edge"),
        ("pen-holder", ["pen.pitch": .number(14.5), "pen.diameter": .number(14)], "pen.pitch", "must leave 1.2 mm between bores"),
        ("pen-holder", ["pen.layout": .text("well"), "pen.well.cornerRadius": .number(40)], "pen.well.cornerRadius", "at most half the well's smaller side (30 mm), got 40"),
        ("pen-holder", ["pen.layout": .text("well"), "pen.well.width": .number(116), "pen.well.length": .number(116), "pen.offsetY": .number(0), "pen.well.cornerRadius": .number(2), "emblem.enabled": .bool(false)], "pen.well.cornerRadius", "less than 2 mm of wall at the body's rounded corners"),
        ("pen-holder", ["pen.floor": .number(30), "body.height": .number(40)], "pen.floor", "leaves bores"),
        ("stash", ["printer.nozzle": .number(0.5), "stash.trayWall": .number(0.9)], "stash.trayWall", "leaves a wall of 0.9 mm, thinner than two nozzle widths (2 x 0.5 mm)"),
        ("planter", ["scale": .number(0.4), "printer.nozzle": .number(0.5), "planter.rim": .number(2), "planter.reservoir.floor": .number(1.2), "planter.size": .number(123), "planter.shape": .text("round"), "emblem.enabled": .bool(false)], "scale", "planter.rim leaves a wall of 0.8 mm at scale 0.4"),
        ("pen-holder", ["printer.nozzle": .number(0.8), "pen.pitch": .number(14.5)], "pen.pitch", "leaves a wall of 1.5 mm, thinner than two nozzle widths (2 x 0.8 mm)"),
    ]

    @Test func fineDetailsAreWarnings() throws {
        let item = Catalogue.item(named: "solid")!
        let problems = item.schema.validate(ParameterSet(["scale": .number(0.3)]))
        #expect(problems.allSatisfy { $0.isWarning }, "\(problems)")
        #expect(problems.contains { $0.name == "light.diameter" && $0.message == "reaches 0.36 mm at scale 0.3, finer than the 0.4 mm nozzle; it may not print" })
        #expect(problems.contains { $0.name == "vents.width" } && problems.contains { $0.name == "button.groove" })
        #expect(problems.contains { $0.name == "vents.pitch" && $0.message.contains("leaves a wall of 0.509 mm at scale 0.3, thinner than two nozzle widths") }, "\(problems)")
    }

    @Test(arguments: 0..<badValues.count)
    func badValuesAreNamedWithTheRule(index: Int) throws {
        let c = Self.badValues[index]
        let item = try #require(Catalogue.item(named: c.item))
        let problems = item.schema.validate(ParameterSet(c.set)).filter { !$0.isWarning }
        #expect(problems.contains { $0.name == c.name && $0.message.contains(c.fragment) }, "\(c.item) \(c.set): \(problems)")
        #expect(throws: ItemError.self) { try item.parts(ParameterSet(c.set), resolution: .draft) }
    }

    /// Every item's defaults are valid, and switching each detail off still builds valid parts
    /// (without the part it would have made).
    @Test func detailsSwitchOff() throws {
        let item = Catalogue.item(named: "solid")!
        for (detail, part) in [("ports.enabled", "ports"), ("light.enabled", "light"), ("emblem.enabled", "emblem"), ("vents.enabled", nil), ("button.enabled", nil)] as [(String, String?)] {
            let (parts, _) = try item.parts(ParameterSet([detail: .bool(false)]), resolution: .draft)
            if let part { #expect(!parts.map(\.name).contains(part), "\(detail)") }
            #expect(parts.map(\.name) == item.partNames(ParameterSet([detail: .bool(false)])), "\(detail)")
            for p in parts { #expect(p.mesh.report(checkSelfIntersections: false).isValid, "\(detail): \(p.name)") }
        }
    }
}
