import Geometry
import Testing
@testable import MiniDesk

/// Every catalogue item builds into valid, disjoint parts of the documented size.
@Suite struct CatalogueTests {
    @Test(arguments: Catalogue.items.map(\.name))
    func itemBuildsValidDisjointParts(name: String) throws {
        let item = try #require(Catalogue.item(named: name))
        let (parts, warnings) = try item.parts(resolution: .draft)
        #expect(warnings.isEmpty)
        #expect(parts.map(\.name) == item.partNames)
        var all = Bounds.empty
        for part in parts {
            let report = part.mesh.report()
            #expect(report.isValid, "\(name)-\(part.name): \(report.problems)")
            #expect(part.color.count == 7 && part.color.hasPrefix("#"))
            all.formUnion(report.bounds)
        }
        #expect(all.min == Vector3(0, 0, 0))
        #expect(all.max == Vector3(127, 127, 50))
    }

    @Test func shellSitsOnTheFootFaceToFace() throws {
        let e = Enclosure(Catalogue.item(named: "solid")!.schema.defaults)
        let shell = try e.shell(resolution: .draft).report()
        let foot = try e.foot(resolution: .draft).report()
        #expect(shell.bounds.min.z == e.footHeight && foot.bounds.max.z == e.footHeight)
        // An inscribed polygon: no wider than the foot, and within two chord deviations of it.
        #expect(foot.bounds.size.y <= e.footDiameter && foot.bounds.size.y > e.footDiameter - 2 * Resolution.draft.maxChordDeviation)
    }
}
