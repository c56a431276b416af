import Foundation
import Testing
@testable import Geometry

@Suite struct SVGPathTests {
    let fine = Resolution(maxChordDeviation: 0.0005, maxSegments: 100_000)

    @Test func linesAndImplicitRepeats() throws {
        let shape = try Shape(svgPath: "M0,0 10,0 10 10 L0 10z")
        #expect(shape.area == 100)
        let relative = try Shape(svgPath: "m 1 1 h 4 v 3 h -4 z")
        #expect(relative.area == 12)
        #expect(relative.bounds.min == Vector2(1, 1))
    }

    @Test func compactNumbersAndExponents() throws {
        let contours = try SVGPath.contours("M.5.5L1e1.5-1.5-2e0z")
        #expect(contours[0].points == [Vector2(0.5, 0.5), Vector2(10, 0.5), Vector2(-1.5, -2)])
    }

    @Test func everyCurveCommandTracesTheRightArea() throws {
        // A circle of radius 10 from two arcs, absolute and relative.
        let arcs = try Shape(svgPath: "M 0 0 A 10 10 0 0 0 20 0 a 10 10 0 0 0 -20 0 Z", resolution: fine)
        #expect(abs(abs(arcs.area) - Double.pi * 100) < 0.05)
        // A circle from four cubic quarter arcs, the standard kappa approximation (area ~ 314.2).
        let k = 0.5522847498 * 10
        let cubic = try Shape(svgPath: "M10 0 C 10 \(k) \(k) 10 0 10 S -10 \(k) -10 0 s \(-k + 10) -10 10 -10 S 10 \(-k) 10 0 Z", resolution: fine)
        #expect(abs(cubic.area - Double.pi * 100) < 0.3)
        // A parabola segment: area under y = x^2 on [-1, 1] cut by y = 1 is 4/3; Q then T.
        let quad = try Shape(svgPath: "M -1 1 Q -0.5 0 0 0 T 1 1 Z", resolution: fine)
        #expect(abs(quad.area - 4.0 / 3.0) < 1e-3)
        let quadRelative = try Shape(svgPath: "m -1 1 q 0.5 -1 1 -1 t 1 1 z", resolution: fine)
        #expect(abs(quadRelative.area - quad.area) < 1e-9)
    }

    @Test func flatteningHonoursTheChordTolerance() throws {
        for tol in [0.1, 0.01, 0.001] {
            let r = Resolution(maxChordDeviation: tol, minSegments: 3, maxSegments: 1_000_000)
            let points = try SVGPath.contours("M 0 0 C 0 30 30 30 30 0 Z", resolution: r)[0].points
            // Each chord's midpoint lies within tol of the true curve: compare with dense samples.
            let dense = (0...20000).map { i -> Vector2 in
                let t = Double(i) / 20000, u = 1 - t
                return Vector2(3 * u * t * t * 30 + t * t * t * 30, 3 * u * u * t * 30 + 3 * u * t * t * 30)
            }
            for i in 0..<(points.count - 1) {
                let mid = (points[i] + points[i + 1]) * 0.5
                let nearest = dense.map { ($0 - mid).length }.min()!
                #expect(nearest <= tol + 0.002)
            }
            #expect(points.count < Int(12 / tol.squareRoot()))
        }
    }

    @Test func arcRadiiTooSmallAreScaledUp() throws {
        // Radius 1 cannot span 20 units: SVG scales it to 10, giving a half circle.
        let half = try Shape(svgPath: "M 0 0 A 1 1 0 0 1 20 0 Z", resolution: fine)
        #expect(abs(half.area - Double.pi * 50) < 0.05)
    }

    @Test(arguments: [
        ("", nil),
        ("L 1 1", "SVG path data, position 0: path data must start with a moveto (M or m)"),
        ("M 1", "SVG path data, position 3: expected a number, found the end of the data"),
        ("M 1 x", "SVG path data, position 4: expected a number, found `x`"),
        ("M 0 0 L 1 1 Z 3", "SVG path data, position 14: expected a command letter (M L H V C S Q T A Z), found `3`"),
        ("M 0 0 A 1 1 0 2 0 5 5", "SVG path data, position 14: expected an arc flag (0 or 1), found `2`"),
        ("M 0 0 # 1", "SVG path data, position 6: expected a number, found `#`"),
        ("M 1e999 0", "SVG path data, position 2: number `1e999` is out of range"),
        ("M 0 0 L 1 -", "SVG path data, position 10: expected a number, found `-`"),
    ] as [(String, String?)])
    func malformedDataNamesThePosition(data: String, message: String?) {
        do {
            let contours = try SVGPath.contours(data)
            #expect(message == nil && contours.isEmpty)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func arcFlagsNeedNoSeparators() throws {
        let a = try SVGPath.contours("M0 0a5 5 0 1020 0z")
        let b = try SVGPath.contours("M0 0 a 5 5 0 1 0 20 0 z")
        #expect(a == b)
    }

    @Test func overlappingSubpathsUnionUnderNonzero() throws {
        // Two overlapping circles drawn as separate subpaths, as icon editors export unions.
        let two = "M -5 0 A 5 5 0 1 0 5 0 A 5 5 0 1 0 -5 0 Z M 0 0 A 5 5 0 1 0 10 0 A 5 5 0 1 0 0 0 Z"
        let union = try Shape(svgPath: two, fillRule: .nonZero, resolution: fine)
        let lens = 2 * 25 * acos(0.5) - 2.5 * (100 - 25.0).squareRoot()  // overlap of two r=5 circles 5 apart
        #expect(union.polygons.count == 1)
        #expect(abs(union.area - (2 * Double.pi * 25 - lens)) < 0.05)
        let evenOdd = try Shape(svgPath: two, fillRule: .evenOdd, resolution: fine)
        #expect(abs(evenOdd.area - (2 * Double.pi * 25 - 2 * lens)) < 0.05)
        _ = try Mesh.extrusion(of: union, height: 1)
    }

    @Test func evenOddFillOfARingPath() throws {
        let ring = "M -10 0 A 10 10 0 1 0 10 0 A 10 10 0 1 0 -10 0 Z M -5 0 A 5 5 0 1 0 5 0 A 5 5 0 1 0 -5 0 Z"
        let evenOdd = try Shape(svgPath: ring, fillRule: .evenOdd, resolution: fine)
        #expect(abs(evenOdd.area - Double.pi * 75) < 0.1)
        let nonZero = try Shape(svgPath: ring, fillRule: .nonZero, resolution: fine)
        #expect(abs(nonZero.area - Double.pi * 100) < 0.1)
    }
}
