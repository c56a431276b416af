import Foundation
import Geometry
import Support
import Testing
@testable import Scene

/// Scenes the kernel once failed on, kept in `Tests/RegressionScenes/` as they were found (each:
/// where it was found, the exact volume and, where snapping may change it, by how much; the scene):
/// by `scripts/fuzz_booleans.py` (`case-SEED-N`), or reported in an issue. Every one must evaluate to a valid mesh, self-intersections included,
/// with that volume. `CSGOutputContractTests` runs them through the binary on one core and on
/// all, and compares the bytes.
@Suite struct RegressionSceneTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("RegressionScenes")

    static let names: [String] = (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?
        .filter { $0.hasSuffix(".json") }.sorted() ?? []

    @Test func theFolderHoldsTheCases() {
        #expect(Self.names.count >= 16)
    }

    @Test(arguments: names) func sceneEvaluatesToItsVolume(_ name: String) throws {
        // Read with our own parser: Foundation's JSONSerialization on Linux reads some doubles a
        // unit in the last place off, and the scenes are about exactly such differences.
        let data = try Data(contentsOf: Self.folder.appendingPathComponent(name))
        guard case .object(let entry) = try JSONValue.parse(data), case .number(let volume)? = entry["volume"],
              let sceneValue = entry["scene"] else { Issue.record("\(name): no volume or scene"); return }
        let scene = try CSGScene.read(Data(sceneValue.text.utf8))
        let mesh = try scene.meshes()[0]
        let report = mesh.report()
        #expect(report.isValid, "\(name): \(report.problems)")
        // A moved copy's result is a shell of slivers as thin as the step: its exact volume (the step
        // times the projected area) to 1e-4, as the fuzzer checks it. A close copy's (a few
        // tolerances) may differ by the tolerance times the area, which its entry gives.
        var tolerance = volume < 1e-3 ? 1e-4 * volume : 1e-9 * max(1, volume)
        if case .number(let given)? = entry["volumeTolerance"] { tolerance = given }
        #expect(abs(report.volume - volume) < tolerance, "\(name): volume \(report.volume), expected \(volume)")
    }
}
