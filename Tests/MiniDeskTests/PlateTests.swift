import Geometry
import Testing
@testable import MiniDesk

/// Plates for a one-colour printer: every part of a filament on as few beds as the packing allows,
/// inside the bed, apart from each other, lying on it and otherwise unchanged.
@Suite struct PlateTests {
    /// Footprints that overlap on the bed, if any: each pair's names.
    static func overlaps(_ parts: [PlacedPart], gap: Double) -> [(String, String)] {
        var found = [(String, String)]()
        let boxes = parts.map { $0.part.mesh.bounds }
        for i in boxes.indices {
            for j in boxes.indices where j > i {
                let a = boxes[i], b = boxes[j]
                if a.min.x < b.max.x + gap - 1e-9 && b.min.x < a.max.x + gap - 1e-9 && a.min.y < b.max.y + gap - 1e-9 && b.min.y < a.max.y + gap - 1e-9 {
                    found.append(("\(parts[i].item)-\(parts[i].part.name)", "\(parts[j].item)-\(parts[j].part.name)"))
                }
            }
        }
        return found
    }

    @Test func everyItemsPartsGoOnBedsByFilament() throws {
        let items = try Catalogue.items.map { item in (item.name, try item.parts(resolution: .draft, mode: .separate).parts) }
        let bed = Vector2(256, 256)
        let plates = try PlateLayout.plates(items.map { (item: $0.0, parts: $0.1) }, bed: bed)
        // Every part once, on the plate of its colour, unchanged but for a move (and a quarter turn).
        let all = items.flatMap { item in item.1.map { (item.0, $0) } }
        #expect(plates.reduce(0) { $0 + $1.parts.count } == all.count)
        for (item, part) in all {
            let placed = plates.flatMap { p in p.parts.map { (p.color, $0) } }.filter { $0.1.item == item && $0.1.part.name == part.name }
            #expect(placed.count == 1 && placed[0].0 == part.color, "\(item)-\(part.name)")
            let moved = try #require(placed.first?.1.part.mesh)
            #expect(moved.triangles == part.mesh.triangles)
            let v = part.mesh.report(checkSelfIntersections: false).volume, w = moved.report(checkSelfIntersections: false).volume
            #expect(abs(v - w) <= 1e-9 * max(1, v), "\(item)-\(part.name)")
        }
        for plate in plates {
            for p in plate.parts {
                let b = p.part.mesh.bounds
                #expect(b.min.x >= 5 - 1e-9 && b.min.y >= 5 - 1e-9 && b.max.x <= bed.x - 5 + 1e-9 && b.max.y <= bed.y - 5 + 1e-9, "\(p.item)-\(p.part.name) off the bed: \(b)")
                #expect(abs(b.min.z) < 1e-9, "\(p.item)-\(p.part.name) lies on the bed")
            }
            #expect(Self.overlaps(plate.parts, gap: 5).isEmpty, "\(Self.overlaps(plate.parts, gap: 5))")
            #expect(plate.number >= 1 && plate.number <= plate.of)
        }
        // Two 127 mm shells and three 5 mm gaps do not fit 256 mm, so each shell has a bed; the five
        // items' small inlays share one, the port floors and emblems (one dark grey) together.
        let silver = plates.filter { $0.color == Palette.silver }
        #expect(silver.count == 5 && silver.allSatisfy { $0.parts.count == 1 && $0.of == 5 })
        #expect(plates.filter { $0.partNames == ["ports", "emblem"] }.map(\.parts.count) == [10])
        #expect(plates.filter { $0.partNames == ["light"] }.count == 1)
    }

    @Test func aPartTooLargeForTheBedIsNamed() throws {
        let part = Part(name: "shell", color: Color(red: 255, green: 255, blue: 255), mesh: try Mesh.box(size: Vector3(200, 60, 10), center: Vector3(0, 0, 5)))
        let turned = try PlateLayout.plates([(item: "x", parts: [part])], bed: Vector2(100, 220))
        let b = turned[0].parts[0].part.mesh.bounds
        #expect(abs((b.max.x - b.min.x) - 60) < 1e-9 && abs((b.max.y - b.min.y) - 200) < 1e-9, "turned a quarter to fit")
        #expect(throws: PlateError.tooLarge(item: "x", part: "shell", width: 200, depth: 60, bed: Vector2(100, 100))) {
            try PlateLayout.plates([(item: "x", parts: [part])], bed: Vector2(100, 100))
        }
        #expect(PlateError.tooLarge(item: "x", part: "shell", width: 200, depth: 60, bed: Vector2(100, 100)).description
                == "the x part `shell` is 200 x 60 mm, larger than the 100 x 100 mm bed either way round; give a larger bed (--bed WIDTHxDEPTH) or a smaller scale")
    }
}
