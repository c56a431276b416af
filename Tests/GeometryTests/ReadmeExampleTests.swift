import Testing
import Geometry

/// The library example in README.md, as written there, must run and give a valid solid.
@Suite struct ReadmeExampleTests {
    @Test func theReadmeExampleWorks() throws {
        let resolution = Resolution(maxChordDeviation: 0.05)
        let body = try Mesh.roundedBox(width: 127, depth: 127, height: 43.5, cornerRadius: 18,
                                       topFillet: 3, bottomFillet: 1, resolution: resolution)
        let emblem = try Shape(svgPath: "M0 0 H10 V10 H0 Z M3 3 V7 H7 V3 Z", fillRule: .nonZero)
        let inlay = try Mesh.extrusion(of: emblem, height: 1.1).translated(by: Vector3(-4.9, -5.1, 42.9))
        let tunnel = try Mesh.sweep(of: try Shape.circle(radius: 3.5, resolution: resolution),
                                    along: [Vector3(0.3, -70, 20.2), Vector3(0.3, 40.1, 20.2), Vector3(0.3, 40.1, 50)],
                                    bendRadius: 10, resolution: resolution)
        let drilled = try body.subtracting([tunnel, inlay])
        let report = drilled.report()
        #expect(report.isValid, "\(report.problems)")
        // One tunnel through the body (genus 1), the square-ring inlay pocket leaves genus unchanged.
        #expect(report.eulerCharacteristic == 0)
        #expect(report.volume < body.report().volume)
    }
}
