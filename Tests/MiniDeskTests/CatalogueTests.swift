import Foundation
import Geometry
import Testing
@testable import MiniDesk

/// Every catalogue item builds into valid parts that fill the enclosure without overlapping, with the
/// details where the parameters put them.
@Suite struct CatalogueTests {
    static let names = Catalogue.items.map(\.name)

    /// The item's multicolour parts, put back where they sit in the assembled item.
    static func build(_ name: String, _ values: [String: ParameterValue] = [:]) throws -> (item: DeskItem, parts: [Part], p: ParameterSet) {
        let item = try #require(Catalogue.item(named: name))
        let (parts, warnings) = try item.parts(ParameterSet(values), resolution: .draft)
        #expect(warnings.isEmpty)
        return (item, parts.map(\.assembled), item.schema.defaults.overriding(with: ParameterSet(values)))
    }

    /// The print layout: the body on its cover at the origin, the foot 2 mm behind it (the stash's
    /// lid upside down beside the base), within a 256 mm bed.
    @Test(arguments: names)
    func itemBuildsValidParts(name: String) throws {
        let item = try #require(Catalogue.item(named: name))
        let (parts, _) = try item.parts(resolution: .draft)
        #expect(parts.map(\.name) == item.partNames)
        #expect(parts.map(\.piece) == parts.map { $0.name == "foot" ? "foot" : name == "stash" ? ($0.name == "bottom" ? "base" : "lid") : nil })
        var all = Bounds.empty
        for part in parts {
            let report = part.mesh.report()
            #expect(report.isValid, "\(name)-\(part.name): \(report.problems)")
            #expect(report.selfIntersections == 0)
            #expect(Color(hex: part.color.hex) == part.color && part.color != .grey)
            // One closed surface each: no void shut inside the shell, the cover or the foot.
            if ["shell", "bottom", "foot"].contains(part.name) { #expect(report.shells == 1, "\(name)-\(part.name) has \(report.shells) shells") }
            all.formUnion(report.bounds)
        }
        // The foot, 110 mm across (its polygon a little less), stands 2 mm behind the body.
        #expect(all.max.y <= 127 + 2 + 110 && all.max.y > 127 + 2 + 110 - Resolution.draft.maxChordDeviation)
        if name == "stash" {
            // The base's cover is inset by 1 mm; the lid lies upside down 2 mm beside it.
            #expect(all.min == Vector3(1, 0, 0))
            #expect(all.max.x == 2 * 127 - 1 + 2 && all.max.z == 50 - 6.5 - 1.2)
        } else {
            #expect(all.min == Vector3(0, 0, 0), "every item stands on the bed at the origin")
            #expect(all.max.x == 127 && all.max.z == 50 - 6.5)
        }
    }

    /// Jittered grid points: none lies inside two parts, and the body's core is filled.
    @Test(arguments: names)
    func partsDoNotOverlap(name: String) throws {
        let (_, parts, _) = try CatalogueTests.build(name)
        var rng = SeededRandom(seed: 3)
        var all = Bounds.empty
        for part in parts { all.formUnion(part.mesh.bounds) }
        var inside = 0
        for _ in 0..<400 {
            let p = Vector3(
                Double.random(in: all.min.x...all.max.x, using: &rng),
                Double.random(in: all.min.y...all.max.y, using: &rng),
                Double.random(in: all.min.z...all.max.z, using: &rng))
            let owners = parts.filter { $0.mesh.contains(p) }.map(\.name)
            #expect(owners.count <= 1, "\(p) lies in \(owners)")
            inside += owners.isEmpty ? 0 : 1
        }
        #expect(inside > 40)
    }

    /// Volume oracle: the solid's shell, inlays, light and emblem fill the rounded body exactly, less
    /// the open front part of each port (and the power inlet's round recess).
    @Test func solidPartsFillTheBodyLessThePortOpenings() throws {
        let (_, parts, p) = try CatalogueTests.build("solid")
        let e = Enclosure(p)
        let body = try e.shellBody.mesh(resolution: .draft).report().volume
        let layout = PortLayout(p)
        var openings = 0.0
        for port in e.ports where port.kind != .statusLight {
            let area = try layout.outline(port, resolution: .draft).area
            if port.kind == .powerInlet {
                openings += area * p.number("ports.power.recessDepth") + (try layout.powerInletOutline(resolution: .draft).area) * p.number("ports.depth")
            } else {
                openings += area * p.number("ports.depth")
            }
        }
        let filled = parts.filter { !["bottom", "foot"].contains($0.name) }.map { $0.mesh.report().volume }.reduce(0, +)
        #expect(abs(filled - (body - openings)) < 1e-6 * body, "\(filled) vs \(body - openings)")
        // The cover, less the button's ring groove and the groove that takes the foot's key.
        let key = try #require(e.footKey), c = p.number("fit.clearance")
        func ring(_ inner: Double, _ outer: Double) throws -> Double {
            try Shape.arc(innerRadius: inner, outerRadius: outer, startAngle: 0, endAngle: 2 * .pi, resolution: .draft).area
        }
        let cover = parts.first { $0.name == "bottom" }!.mesh.report().volume
        let grooves = try ring(4, 4.5) * p.number("button.depth") + ring(key.inner - c, key.outer + c) * (key.height + c)
        #expect(abs(cover - (try e.coverPlate(resolution: .draft).mesh(resolution: .draft).report().volume - grooves)) < 1e-6 * cover)
        // The foot with its key ring, less the vent slots (each a rectangle with a 60° gable).
        let foot = parts.first { $0.name == "foot" }!.mesh.report().volume
        let w = p.number("vents.width"), gable = w / 2 * tan(Enclosure.printableSlope)
        let section = w * (e.ventTop - p.number("vents.bottom")) - w * gable / 2
        let vents = Double(e.ventCount) * section * p.number("vents.depth")
        // The slots cut a chord-faceted wall, so their depth differs by less than the chord deviation.
        let slack = Double(e.ventCount) * w * 4.5 * Resolution.draft.maxChordDeviation
        #expect(abs(foot - (try e.footBody(resolution: .draft).mesh(resolution: .draft).report().volume - vents)) < slack)
    }

    /// Probes: every port is open to its depth with its dark floor behind, every vent slot is open
    /// between solid walls, and the light, the button and the emblem are where the parameters say.
    @Test func everyDetailIsWhereItsParametersPutIt() throws {
        let (_, parts, p) = try CatalogueTests.build("solid")
        let e = Enclosure(p)
        func part(_ name: String) -> Mesh { parts.first { $0.name == name }!.mesh }
        func empty(_ q: Vector3) -> Bool { parts.allSatisfy { !$0.mesh.contains(q) } }
        let open = p.number("ports.depth"), floor = open + p.number("ports.inlayThickness") / 2
        for port in e.ports {
            let inward = port.kind == .powerInlet ? p.number("ports.power.recessDepth") : 0
            let (x, y0, dy) = port.face == .front ? (port.along, 0.0, 1.0) : (e.width - port.along, e.depth, -1.0)
            if port.kind == .statusLight {
                #expect(part("light").contains(Vector3(x, y0 + dy * 0.5, port.z)))
                continue
            }
            #expect(empty(Vector3(x, y0 + dy * (inward + open / 2), port.z)), "\(port.parameter) is open")
            #expect(part("ports").contains(Vector3(x, y0 + dy * (inward + floor), port.z)), "\(port.parameter) has its floor")
            #expect(part("shell").contains(Vector3(x, y0 + dy * (inward + open + 1.5), port.z)), "\(port.parameter) ends there")
        }
        // Vent slots: open at every slot angle, solid half way between.
        let n = e.ventCount, r = e.footDiameter / 2 - p.number("vents.depth") / 2, z = (e.ventTop + p.number("vents.bottom")) / 2
        var slots = 0
        for i in 0..<(2 * n) {
            let a = 2 * Double.pi * (Double(i) / 2 + 0.5) / Double(n)
            let q = Vector3(e.center.x + r * cos(a), e.center.y + r * sin(a), z)
            if i % 2 == 0 { slots += empty(q) ? 1 : 0 } else { #expect(part("foot").contains(q), "wall between slots at \(a)") }
        }
        #expect(slots == n)
        // The button: a solid disc inside an open ring groove, in the cover.
        let c = e.buttonCenter, groove = p.number("button.diameter") / 2 + p.number("button.groove") / 2
        #expect(part("bottom").contains(Vector3(c, e.footHeight + 0.3)) && empty(Vector3(c.x + groove, c.y, e.footHeight + 0.3)))
        // The emblem: its inlay at the top's centre (the sparkle's middle), flush with the top.
        #expect(part("emblem").contains(Vector3(e.center, e.height - 0.3)) && part("emblem").bounds.max.z == e.height)
    }

    /// Separate printing: every part lies on the bed; the inlays keep their volumes; the key ring
    /// on the cover enters the groove under the shell without touching it; pockets grow by the
    /// clearance.
    @Test(arguments: names)
    func separatePartsLieOnTheBedAndFitTogether(name: String) throws {
        let item = try #require(Catalogue.item(named: name))
        let (together, _) = try item.parts(resolution: .draft)
        let (apart, _) = try item.parts(resolution: .draft, mode: .separate)
        #expect(apart.map(\.name) == together.map(\.name))
        for part in apart {
            let r = part.mesh.report(checkSelfIntersections: false)
            #expect(r.isValid, "\(name)-\(part.name): \(r.problems)")
            #expect(abs(r.bounds.min.z) < 1e-12, "\(name)-\(part.name) lies on the bed")
            if ["ports", "light", "emblem"].contains(part.name) {
                let before = together.first { $0.name == part.name }!.mesh.report(checkSelfIntersections: false)
                #expect(abs(r.volume - before.volume) < 1e-9 * max(1, before.volume), "\(name)-\(part.name) keeps its volume")
            }
        }
        guard name != "stash" else { return }
        let p = item.schema.defaults, e = Enclosure(p)
        let shell = apart.first { $0.name == "shell" }!.mesh.translated(by: Vector3(0, 0, e.shellBottom))
        let bottom = apart.first { $0.name == "bottom" }!.mesh.translated(by: Vector3(0, 0, e.footHeight))
        let keyTop = e.shellBottom + p.number("fit.keyHeight")
        #expect(abs(bottom.bounds.max.z - keyTop) < 1e-12)
        // Across the key ring at the middle of the front: key, then clearance, then shell.
        let y = e.coverInset + p.number("fit.keyInset") + p.number("fit.keyWidth") / 2
        let probe = Vector3(e.center.x + 10, y, keyTop - 0.5)
        #expect(bottom.contains(probe) && !shell.contains(probe))
        #expect(!shell.contains(Vector3(probe.x, probe.y, keyTop + p.number("fit.clearance") / 2)))
        #expect(shell.contains(Vector3(probe.x, probe.y, keyTop + p.number("fit.clearance") + 0.3)))
        #expect(shell.contains(Vector3(probe.x, y + p.number("fit.keyWidth") / 2 + p.number("fit.clearance") + 0.3, keyTop - 0.5)))
        // The emblem's pocket grew: the shell lost more than in multicolour.
        let before = together.first { $0.name == "shell" }!.mesh.report(checkSelfIntersections: false).volume
        #expect(shell.report(checkSelfIntersections: false).volume < before)
    }

    /// Merged: one valid solid and the foot (the stash: lid, base and foot) whose volume is the
    /// parts' together.
    @Test(arguments: names)
    func mergedIsOneSolidWithThePartsVolume(name: String) throws {
        let item = try #require(Catalogue.item(named: name))
        let (parts, _) = try item.parts(resolution: .draft)
        let (merged, _) = try item.parts(resolution: .draft, mode: .merged)
        #expect(merged.map(\.name) == ["merged"])
        let r = merged[0].mesh.report()
        #expect(r.isValid, "\(name): \(r.problems)")
        #expect(r.shells == (name == "stash" ? 3 : 2))
        let together = parts.map { $0.mesh.report(checkSelfIntersections: false).volume }.reduce(0, +)
        #expect(abs(r.volume - together) < 1e-9 * together, "\(name): merged \(r.volume), parts \(together)")
    }

    @Test func plantersPotAndDrainsAreOpen() throws {
        for shape in ["square", "round"] {
            let (_, parts, p) = try CatalogueTests.build("planter", ["planter.shape": .text(shape)])
            let e = Enclosure(p)
            func part(_ name: String) -> Mesh { parts.first { $0.name == name }!.mesh }
            let potBottom = e.shellBottom + p.number("planter.floor")
            #expect(!part("shell").contains(Vector3(e.center, potBottom + 1)) && part("shell").contains(Vector3(e.center.x + 20, e.center.y + 20, potBottom - 0.5)))
            for c in Catalogue.drainCenters(p) {
                #expect(!part("shell").contains(Vector3(c, (potBottom + e.shellBottom) / 2)), "drain hole at \(c)")
                #expect(!part("bottom").contains(Vector3(c, e.footHeight + e.coverThickness / 2)), "drain hole through the cover at \(c)")
                #expect(!part("foot").contains(Vector3(c, e.footHeight - 1)), "the tray under the hole at \(c)")
            }
            // The tray has a floor and a wall, and is open at the top: water cannot stay shut in.
            #expect(part("foot").contains(Vector3(e.center, p.number("planter.reservoir.floor") / 2)), "the tray has a floor")
            #expect(part("foot").contains(Vector3(e.center.x + Catalogue.reservoirRadius(p) + 1, e.center.y, e.footHeight - 0.5)), "the tray has a wall")
            #expect(!part("foot").contains(Vector3(e.center, e.footHeight - 0.01)), "the tray is open at the top")
        }
    }

    @Test func phoneStandSlotIsOpenAtTheSetAngle() throws {
        let (_, parts, p) = try CatalogueTests.build("phone-stand")
        let e = Enclosure(p), slot = PhoneSlot(p)
        // The slot is open along its length, and the phone leans at the set angle.
        for x in stride(from: e.center.x - 45, through: e.center.x + 45, by: 15) {
            let q = slot.floorCenter + slot.along * 5 + Vector3(x - e.center.x, 0, 0)
            #expect(parts.allSatisfy { !$0.mesh.contains(q) })
        }
        #expect(abs(atan2(slot.along.z, slot.along.y) * 180 / .pi - 70) < 1e-9)
    }

    @Test func penHolderBoresAndWellAreOpen() throws {
        let (_, parts, p) = try CatalogueTests.build("pen-holder")
        let shell = parts.first { $0.name == "shell" }!.mesh
        let z = Enclosure(p).shellBottom + p.number("pen.floor") + 1
        #expect(Catalogue.boreCenters(p).count == 9)
        for c in Catalogue.boreCenters(p) { #expect(!shell.contains(Vector3(c, z)), "bore at \(c)") }
        let (_, well, wp) = try CatalogueTests.build("pen-holder", ["pen.layout": .text("well")])
        let wellShell = well.first { $0.name == "shell" }!.mesh
        let c = Catalogue.penCenter(wp)
        #expect(!wellShell.contains(Vector3(c.x + 40, c.y + 25, z)) && wellShell.contains(Vector3(c.x + 46, c.y, z)))
    }

    /// The stash's lid, turned back over its base, clears the tray all round and rests on the cover.
    @Test func stashLidFitsOverTheTray() throws {
        let (_, parts, p) = try CatalogueTests.build("stash", ["stash.dividers.rows": .number(2), "stash.dividers.columns": .number(3)])
        let e = Enclosure(p)
        let lid = parts.first { $0.name == "shell" }!.mesh
        let base = parts.first { $0.name == "bottom" }!.mesh
        #expect(abs(lid.bounds.min.z - e.shellBottom) < 1e-12 && base.bounds.max.z == e.shellBottom + p.number("stash.trayHeight"))
        var rng = SeededRandom(seed: 5)
        var trayPoints = 0
        for _ in 0..<600 {
            let q = Vector3(Double.random(in: 0...e.width, using: &rng), Double.random(in: 0...e.depth, using: &rng), Double.random(in: e.shellBottom...e.height, using: &rng))
            let inBase = base.contains(q), inLid = lid.contains(q)
            #expect(!(inBase && inLid), "lid and tray collide at \(q)")
            trayPoints += inBase ? 1 : 0
        }
        #expect(trayPoints > 5)
        // Dividers: 2 rows x 3 columns, so a wall runs across the middle front to back at a third.
        let x = e.center.x - (e.width - 2 * (p.number("stash.wall") + p.number("fit.clearance")) - 2 * p.number("stash.trayWall")) / 6
        #expect(base.contains(Vector3(x, e.center.y - 20, e.shellBottom + 5)) && base.contains(Vector3(e.center.x - 5, e.center.y, e.shellBottom + 5)))
    }

    /// Random parameter sets that pass validation always build valid parts: never a kernel refusal.
    /// 50 sets per item (fixed seeds), each in one of the three print modes in turn, in chunks of 10
    /// so that they run in parallel, at a coarse resolution to keep the suite quick (the finer
    /// resolutions add segments, not new contacts).
    @Test(arguments: names.flatMap { name in (0..<5).map { (name, $0) } })
    func randomValidParametersBuild(name: String, chunk: Int) throws {
        let item = try #require(Catalogue.item(named: name))
        var rng = SeededRandom(seed: UInt64(name.utf8.reduce(0) { $0 &* 31 &+ Int($1) }.magnitude) &+ UInt64(chunk))
        let numeric = item.schema.specs.filter { [.length, .angle, .count].contains($0.kind) }
        let coarse = Resolution(maxChordDeviation: 0.5, minSegments: 8, maxSegments: 64)
        var built = 0
        for _ in 0..<500 where built < 10 {
            var set = ParameterSet()
            for spec in numeric.shuffled(using: &rng).prefix(Int.random(in: 1...10, using: &rng)) {
                guard case .number(let v) = spec.defaultValue else { continue }
                var x = v * Double.random(in: 0.6...1.4, using: &rng)
                if spec.kind == .count { x = x.rounded() }
                set[spec.name] = .number(min(max(x, spec.min ?? x), spec.max ?? x))
            }
            for spec in item.schema.specs where spec.kind == .choice { set[spec.name] = .text(spec.choices.randomElement(using: &rng)!) }
            guard item.schema.validate(set).allSatisfy(\.isWarning) else { continue }
            built += 1
            // Each set in one of the three modes, in turn.
            let mode = PrintMode.allCases[(chunk * 10 + built) % 3]
            let (parts, _) = try item.parts(set, resolution: coarse, mode: mode)
            let p = item.schema.defaults.overriding(with: set)
            var all = Bounds.empty
            for part in parts {
                let r = part.mesh.report(checkSelfIntersections: false)
                #expect(r.isValid, "\(name)-\(part.name) (\(mode)) with \(set.values): \(r.problems)")
                #expect(mode == .multicolor || abs(r.bounds.min.z) < 1e-9, "\(name)-\(part.name) (\(mode)) lies on the bed")
                all.formUnion(r.bounds)
            }
            guard mode != .separate else { continue }
            // The bounding box follows the parameters: the foot stands a true 2 mm behind the body
            // (the stash lays its lid 2 mm beside the base too).
            let e = Enclosure(item.schema.realSize(p))
            let width = name == "stash" ? 2 * e.width - e.coverInset + 2 : e.width, depth = e.depth + 2 + e.footDiameter
            #expect(abs(all.max.x - width) < 1e-9 * width && all.max.y <= depth + 1e-9 && all.max.y > depth - coarse.maxChordDeviation && abs(all.min.z) < 1e-9,
                    "\(name) (\(mode)) with \(set.values): \(all)")
        }
        #expect(built == 10)
    }
}
