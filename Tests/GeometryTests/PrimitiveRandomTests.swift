import Foundation
import Testing
@testable import Geometry

/// Analytic areas, and validity of the shape-driven primitives over random inputs.
@Suite struct PrimitiveRandomTests {
    let fine = Resolution(maxChordDeviation: 0.001, minSegments: 3, maxSegments: 100_000)

    @Test func analyticAreas() throws {
        // Inscribed polygons approach the true areas from below.
        let cyl = try Mesh.cylinder(radius: 5, height: 10, resolution: fine).report(checkSelfIntersections: false)
        let cylArea = 2 * Double.pi * 25 + 2 * Double.pi * 5 * 10
        #expect(cyl.area < cylArea && cyl.area > cylArea * 0.999)
        let cone = try Mesh.cone(bottomRadius: 5, topRadius: 2, height: 4, resolution: fine).report(checkSelfIntersections: false)
        let coneArea = Double.pi * (25 + 4) + Double.pi * (5 + 2) * 5  // slant height 5
        #expect(cone.area < coneArea && cone.area > coneArea * 0.999)
        let torus = try Mesh.revolution(of: try Shape.circle(radius: 1, center: Vector2(3, 0), resolution: fine), resolution: fine)
            .report(checkSelfIntersections: false)
        #expect(abs(torus.area - 4 * Double.pi * Double.pi * 3) / (12 * Double.pi * Double.pi) < 1e-3)
        let tube = try Mesh.sweep(of: try Shape.circle(radius: 1, resolution: fine), along: [Vector3(0, 0, 0), Vector3(0, 0, 10)], bendRadius: 2)
            .report(checkSelfIntersections: false)
        let tubeArea = 2 * Double.pi * 10 + 2 * Double.pi
        #expect(tube.area < tubeArea && tube.area > tubeArea * 0.999)
        let box = try Mesh.roundedBox(width: 10, depth: 20, height: 5, cornerRadius: 0, resolution: fine).report()
        #expect(box.area == 2 * (200 + 50 + 100) && box.volume == 1000)
    }

    @Test func randomExtrusionsOfPolygonsWithHoles() throws {
        var rng = SeededRandom(seed: 30)
        for n in 0..<150 {
            let outer = Contour(TriangulationTests.star(&rng, center: .zero, radius: 30...40, count: Int.random(in: 8...30, using: &rng)))
            // One hole well inside the outline (its inradius is at least 30 cos 42.5° > 15).
            let hole = Contour(TriangulationTests.star(&rng, center: Vector2(Double.random(in: -5...5, using: &rng), 0), radius: 2...10, count: Int.random(in: 3...12, using: &rng)))
            let shape = try Shape(contours: [outer, hole.reversed])
            let height = Double.random(in: 0.1...30, using: &rng)
            let s = Double.random(in: 0.2...2, using: &rng)
            let m = try Mesh.extrusion(of: shape, height: height, topScale: Vector2(s, s))
            let r = m.report(checkSelfIntersections: n % 5 == 0)
            #expect(r.isValid, "extrusion \(n): \(r.problems)")
            #expect(r.eulerCharacteristic == 0, "one hole: genus 1")
            let expected = shape.area * height * (1 + s + s * s) / 3
            #expect(abs(r.volume - expected) <= 1e-9 * expected)
        }
    }

    @Test func randomRevolutions() throws {
        var rng = SeededRandom(seed: 31)
        for n in 0..<100 {
            // A star-shaped profile away from the axis, or a rectangle on it.
            let onAxis = Bool.random(using: &rng)
            let shape: Shape
            if onAxis {
                let w = Double.random(in: 0.5...20, using: &rng), h = Double.random(in: 0.5...20, using: &rng)
                shape = try Shape.polygon([Vector2(0, 0), Vector2(w, 0), Vector2(w, h), Vector2(0, h)])
            } else {
                shape = try Shape(contours: [Contour(TriangulationTests.star(&rng, center: Vector2(30, 0), radius: 2...10, count: Int.random(in: 3...16, using: &rng)))])
            }
            let m = try Mesh.revolution(of: shape, segments: Int.random(in: 3...48, using: &rng))
            let r = m.report(checkSelfIntersections: n % 5 == 0)
            #expect(r.isValid, "revolution \(n): \(r.problems)")
            #expect(r.eulerCharacteristic == (onAxis ? 2 : 0))
        }
    }

    @Test func randomSweeps() throws {
        var rng = SeededRandom(seed: 32)
        for n in 0..<60 {
            // A random walk of long axis-aligned and diagonal legs, with bends that fit.
            var path = [Vector3.zero]
            var direction = Vector3.unitY
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let length = Double.random(in: 40...60, using: &rng)
                path.append(path.last! + direction * length)
                let turns = [Vector3.unitX, -Vector3.unitX, Vector3.unitZ, -Vector3.unitZ, Vector3(1, 1, 0).normalized, Vector3(0, 1, 1).normalized]
                direction = turns.filter { abs($0.dot(direction)) < 0.9 }.randomElement(using: &rng)!
            }
            let radius = Double.random(in: 0.5...4, using: &rng)
            let profile = try Shape.circle(radius: radius, segments: Int.random(in: 3...24, using: &rng))
            let m = try Mesh.sweep(of: profile, along: path, bendRadius: Double.random(in: (radius + 0.5)...12, using: &rng), resolution: .draft)
            let r = m.report(checkSelfIntersections: n % 3 == 0)
            #expect(r.isValid, "sweep \(n): \(r.problems)")
        }
    }
}
