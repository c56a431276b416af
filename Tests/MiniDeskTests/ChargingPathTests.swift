import Foundation
import Testing
@testable import Geometry
@testable import MiniDesk

/// The phone stand charges: a USB-C plug (its overmould's cross-section over its whole rigid length,
/// without the clearance) passes from outside the rear face, through the Ethernet opening, round
/// the corner and up the pocket into the slot, then, squared to the phone's port, down into the
/// pocket, and at no position does it meet the printed solid. The positions checked lie between
/// those the cutter was built from.
@Suite struct ChargingPathTests {
    /// A box from `pose.tail` to `pose.tip`, `width` across `pose.across`, as a frame and half sizes.
    struct PlugBox {
        var center: Vector3
        var axes: [Vector3]
        var half: [Double]

        init(_ pose: PlugPose, width: Double, thickness: Double) {
            let along = (pose.tip - pose.tail).normalized
            center = (pose.tail + pose.tip) * 0.5
            axes = [along, pose.across, along.cross(pose.across)]
            half = [(pose.tip - pose.tail).length / 2, width / 2, thickness / 2]
        }

        /// Whether the triangle overlaps the box's interior by more than `margin`: the separating
        /// axis test over the box's three axes, the triangle's normal and the nine edge crossings.
        func meets(_ a: Vector3, _ b: Vector3, _ c: Vector3, margin: Double = 1e-6) -> Bool {
            let v = [a, b, c].map { p in Vector3((p - center).dot(axes[0]), (p - center).dot(axes[1]), (p - center).dot(axes[2])) }
            let edges = [v[1] - v[0], v[2] - v[1], v[0] - v[2]]
            var tests = [Vector3.unitX, .unitY, .unitZ, edges[0].cross(edges[1])]
            for e in edges { tests += [Vector3.unitX.cross(e), Vector3.unitY.cross(e), Vector3.unitZ.cross(e)] }
            for axis in tests where axis.length > 1e-12 {
                let n = axis.normalized
                let projections = v.map { $0.dot(n) }
                let r = half[0] * abs(n.x) + half[1] * abs(n.y) + half[2] * abs(n.z)
                if projections.min()! >= r - margin || projections.max()! <= -r + margin { return false }
            }
            return true
        }
    }

    /// The first position where the plug meets a part, or nil.
    static func firstCollision(_ parts: [Part], _ path: CablePath, _ poses: [PlugPose]) -> String? {
        for pose in poses {
            let box = PlugBox(pose, width: path.width, thickness: path.thickness)
            let reach = box.half.reduce(0) { $0 + $1 }
            for part in parts {
                let m = part.mesh
                if m.contains(box.center) { return "\(part.name) holds the plug's centre at \(pose)" }
                for t in m.triangles {
                    let a = m.vertices[Int(t.a)], b = m.vertices[Int(t.b)], c = m.vertices[Int(t.c)]
                    let near = [a, b, c].contains { ($0 - box.center).length < reach } || ((a + b + c) * (1 / 3.0) - box.center).length < reach + (a - b).length + (b - c).length
                    if near && box.meets(a, b, c) { return "\(part.name) meets the plug at \(pose), triangle \(a) \(b) \(c)" }
                }
            }
        }
        return nil
    }

    static let cases: [(String, [String: ParameterValue], PrintMode)] = [
        ("defaults", [:], .multicolor),
        ("merged", [:], .merged),
        ("example tablet", [:], .multicolor),
        ("example slim-phone", [:], .multicolor),
        ("a wider plug", ["phone.plug.width": .number(13.5)], .multicolor),
        ("a longer overmould in a taller body", ["phone.plug.length": .number(32), "body.height": .number(60)], .multicolor),
    ]

    @Test(arguments: 0..<cases.count)
    func thePlugPassesFromTheRearToThePhone(index: Int) throws {
        let (label, values, mode) = Self.cases[index]
        let item = try #require(Catalogue.item(named: "phone-stand"))
        var set = ParameterSet(values)
        if label.hasPrefix("example ") {
            // A set from Models/examples/tablet-stand.json, as a user would export it.
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            let data = try Data(contentsOf: root.appendingPathComponent("Models/examples/tablet-stand.json"))
            set = try item.schema.readParameterFile(data, setName: String(label.dropFirst(8)), path: "tablet-stand.json")
        }
        let p = item.schema.realSize(item.schema.defaults.overriding(with: set))
        // The parts where they sit in the assembled stand (the merged body back on its foot).
        let built = try item.parts(set, resolution: .draft, mode: mode).parts
        let parts = mode == .merged ? [Part(name: "merged", color: built[0].color, mesh: built[0].mesh.translated(by: Vector3(0, 0, Enclosure(p).footHeight)))] : built.map(\.assembled)
        let path = try #require(Catalogue.cablePath(p))
        let poses = path.poses(step: 0.5, offset: 0.5)
        if let hit = Self.firstCollision(parts, path, poses) { Issue.record("\(label): \(hit)") }

        // It starts outside, behind the rear face, and ends plugged into the phone: the connector
        // above the slot's floor, the overmould in the pocket, square with the port.
        let e = Enclosure(p)
        #expect(min(poses[0].tail.y, poses[0].tip.y) > e.depth, "\(label): the first position is outside")
        let last = try #require(poses.last), floor = PhoneSlot(p).floorCenter, up = PhoneSlot(p).along
        #expect((last.tip - (floor + up * p.number("phone.plug.connectorLength"))).length < 1e-9)
        #expect((last.tail - (floor - up * p.number("phone.plug.length"))).length < 1e-9)
        #expect(last.across == .unitX)
        // A continuous motion: neither end jumps more than a millimetre between positions.
        for (a, b) in zip(poses, poses.dropFirst()) {
            #expect((a.tip - b.tip).length < 1 && (a.tail - b.tail).length < 1, "\(label): a jump from \(a) to \(b)")
        }
    }

    /// The phone still stands on the slot's floor either side of the pocket, and the box the plug is
    /// tested with is the real plug: a bigger one, pushed through, meets the solid.
    @Test func thePhoneStandsOnTheFloorAndTheTestCanFail() throws {
        let (_, parts, p) = try CatalogueTests.build("phone-stand")
        let slot = PhoneSlot(p)
        for dx in [-30.0, -15, 15, 30] {
            let q = slot.floorCenter - slot.along * 0.5 + Vector3(dx, 0, 0)
            #expect(parts.contains { $0.mesh.contains(q) }, "floor under the phone at \(dx) mm")
        }
        var path = try #require(Catalogue.cablePath(p))
        path.thickness += 3 * path.clearance
        #expect(Self.firstCollision(parts, path, path.poses(step: 2, offset: 0.5)) != nil)
    }

    /// The rule over the path's roofs is honest: at the end of the range of each parameter that
    /// raises them, the top still stands 1.5 mm thick over the cut wherever the same stand without
    /// the path has a closed top (not the slot nor the emblem's pocket, nor 4.5 mm round them: the
    /// notch behind the slot and its rim, `CablePath.lipDepth`).
    /// A name ending in "-" is taken at the low end of its range (a narrower slot or a flatter
    /// phone deepens the notch behind the slot).
    @Test(arguments: ["defaults", "ports.level", "phone.plug.width", "phone.plug.clearance", "body.width", "fit.clearance", "phone.width-", "phone.angle-"])
    func theTopCoversTheCutAtTheEndOfEachRange(argument: String) throws {
        let item = try #require(Catalogue.item(named: "phone-stand"))
        let low = argument.hasSuffix("-"), name = low ? String(argument.dropLast()) : argument
        var values = [String: ParameterValue]()
        if name != "defaults" {
            let range = try #require(item.schema.effectiveRange(of: name, in: item.schema.defaults))
            values[name] = .number(low ? range.lowerBound : range.upperBound)
        }
        let (_, parts, p) = try CatalogueTests.build("phone-stand", values)
        values["phone.tunnel.enabled"] = .bool(false)
        let (_, plain, _) = try CatalogueTests.build("phone-stand", values)
        let shell = try #require(parts.first { $0.name == "shell" }).mesh, e = Enclosure(p)
        let plainShell = try #require(plain.first { $0.name == "shell" }).mesh
        let step = 1.5, nx = Int(e.width / step), ny = Int(e.depth / step)
        let top = (0...nx).map { i in (0...ny).map { j in plainShell.contains(Vector3(Double(i) * step, Double(j) * step, e.height - 0.05)) } }
        var thin = [String]()
        for i in 0...nx {
            for j in 0...ny {
                // Only where the top is closed for 4.5 mm round.
                let closed = (max(0, i - 3)...min(nx, i + 3)).allSatisfy { a in (max(0, j - 3)...min(ny, j + 3)).allSatisfy { b in top[a][b] } }
                let q = Vector3(Double(i) * step, Double(j) * step, e.height - 1.45)
                if closed && !shell.contains(q) { thin.append("(\(q.x), \(q.y))") }
            }
        }
        #expect(thin.isEmpty, "\(name) = \(values[name].map { "\($0)" } ?? "default"): the top is under 1.5 mm thick at \(thin.prefix(8))")
    }

    @Test func aPlugThatCannotFitIsRefusedByName() throws {
        let item = try #require(Catalogue.item(named: "phone-stand"))
        let tooLong = item.schema.validate(ParameterSet(["phone.plug.length": .number(32)]))
        #expect(tooLong.contains { $0.name == "phone.plug.length" && $0.message.contains("mm through the shell's underside") })
        let wide = item.schema.validate(ParameterSet(["phone.plug.width": .number(16), "body.height": .number(70)]))
        #expect(wide.contains { $0.name == "phone.plug.width" && $0.message.contains("runs into the power inlet") }, "\(wide)")
        // A half-size stand has no room for a full-size plug; turning the path off is the way out.
        let small = item.schema.validate(ParameterSet(["scale": .number(0.5)]))
        #expect(small.contains { $0.name == "scale" && $0.message.contains("or --set phone.tunnel.enabled=false") }, "\(small)")
        let off = item.schema.validate(ParameterSet(["scale": .number(0.5), "phone.tunnel.enabled": .bool(false)]))
        #expect(off.allSatisfy { $0.isWarning }, "\(off)")
    }

    /// The Ethernet opening grows to the plug (here from the Mac mini's 12 x 6.8 mm), and a wider plug
    /// grows it further; the opening is what the rules and the build both see.
    @Test func theEthernetOpeningGrowsToThePlug() throws {
        let item = try #require(Catalogue.item(named: "phone-stand"))
        func mouth(_ values: [String: ParameterValue]) -> (Double, Double) {
            let p = item.schema.realSize(item.schema.defaults.overriding(with: ParameterSet(values)))
            return (p.number("ports.ethernet.width"), p.number("ports.ethernet.height"))
        }
        let plain = mouth([:]), wide = mouth(["phone.plug.width": .number(13.5)]), off = mouth(["phone.tunnel.enabled": .bool(false)])
        #expect(off == (12, 6.8))
        #expect(plain.0 > 14.5 && plain.1 > 9.3, "\(plain)")
        #expect(wide.0 > plain.0 + 0.95 && wide.1 >= plain.1, "\(wide)")
        #expect(mouth(["ports.ethernet.width": .number(17.5)]).0 == 17.5, "a larger opening stays as set")
    }
}
