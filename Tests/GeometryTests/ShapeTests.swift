import Foundation
import Testing
@testable import Geometry

@Suite struct ShapeTests {
    @Test func circleAreaConvergesAsResolutionTightens() throws {
        var lastError = Double.infinity
        for tol in [0.5, 0.1, 0.02, 0.005] {
            let c = try Shape.circle(radius: 10, resolution: Resolution(maxChordDeviation: tol, minSegments: 3, maxSegments: 100_000))
            let error = abs(c.area - Double.pi * 100)
            #expect(error < lastError)
            // An inscribed polygon: under the circle by at most the chord deviation times the perimeter.
            #expect(c.area < Double.pi * 100 && error <= tol * 2 * Double.pi * 10)
            lastError = error
        }
    }

    @Test func circleVerticesStartOnPlusXCounterClockwise() throws {
        let c = try Shape.circle(radius: 2, segments: 4).polygons[0].outer.points
        #expect(c == [Vector2(2, 0), Vector2(0, 2), Vector2(-2, 0), Vector2(0, -2)])
    }

    @Test func factoryAreasMatchTheirFormulas() throws {
        let fine = Resolution(maxChordDeviation: 0.0005, maxSegments: 100_000)
        #expect(try Shape.rectangle(width: 3, height: 4).area == 12)
        #expect(try Shape.trapezoid(bottomWidth: 4, topWidth: 2, height: 3).area == 9)
        let rr = try Shape.roundedRectangle(width: 20, height: 10, cornerRadius: 3, resolution: fine)
        #expect(abs(rr.area - (200 - (4 - Double.pi) * 9)) < 0.05)
        let slot = try Shape.stadium(length: 10, width: 4, resolution: fine)
        #expect(abs(slot.area - (6 * 4 + Double.pi * 4)) < 0.02)
        let hex = try Shape.regularPolygon(sides: 6, circumradius: 2)
        #expect(abs(hex.area - 3 * 3.0.squareRoot() / 2 * 4) < 1e-12)
        let band = try Shape.arc(innerRadius: 2, outerRadius: 4, startAngle: 0, endAngle: .pi / 2, resolution: fine)
        #expect(abs(band.area - Double.pi / 4 * 12) < 0.02)
        let ring = try Shape.arc(innerRadius: 2, outerRadius: 4, startAngle: 0, endAngle: 2 * .pi, resolution: fine)
        #expect(ring.polygons.count == 1 && ring.polygons[0].holes.count == 1)
        #expect(abs(ring.area - Double.pi * 12) < 0.05)
        let pie = try Shape.arc(innerRadius: 0, outerRadius: 4, startAngle: 0, endAngle: .pi, resolution: fine)
        #expect(abs(pie.area - Double.pi * 8) < 0.02)
    }

    @Test func extremeRoundedRectanglesStaySimple() throws {
        // Corner radius = half the width: a stadium; = half of both: a circle. No repeated points.
        for (w, h) in [(10.0, 4.0), (6.0, 6.0)] {
            let s = try Shape.roundedRectangle(width: w, height: h, cornerRadius: min(w, h) / 2)
            let pts = s.polygons[0].outer.points
            #expect(Set(pts).count == pts.count)
            #expect(try !s.polygons[0].triangulated().isEmpty)
        }
    }

    @Test func badParametersAreNamed() {
        let cases: [(String, () throws -> Void)] = [
        ("rectangle width must be a finite number > 0, got -1.0", { _ = try Shape.rectangle(width: -1, height: 1) }),
        ("rounded rectangle cornerRadius must be between 0 and 2.0 (half the smaller side), got 3.0", { _ = try Shape.roundedRectangle(width: 4, height: 5, cornerRadius: 3) }),
        ("circle radius must be a finite number > 0, got nan", { _ = try Shape.circle(radius: .nan) }),
        ("circle segments must be >= 3, got 2", { _ = try Shape.circle(radius: 1, segments: 2) }),
        ("stadium length must be >= its width (4.0), got 3.0", { _ = try Shape.stadium(length: 3, width: 4) }),
        ("regular polygon sides must be >= 3, got 2", { _ = try Shape.regularPolygon(sides: 2, circumradius: 1) }),
        ("trapezoid widths must be >= 0 and not both 0, got 0.0 and 0.0", { _ = try Shape.trapezoid(bottomWidth: 0, topWidth: 0, height: 1) }),
        ("arc innerRadius must be >= 0 and < outerRadius (1.0), got 2.0", { _ = try Shape.arc(innerRadius: 2, outerRadius: 1, startAngle: 0, endAngle: 1) }),
        ("arc endAngle - startAngle must be in (0, 2π], got -1.0", { _ = try Shape.arc(innerRadius: 0, outerRadius: 1, startAngle: 1, endAngle: 0) }),
        ]
        for (message, make) in cases {
            #expect(throws: GeometryError.invalidParameter(message)) { try make() }
        }
    }

    @Test func fillRulesDecideNestedContours() throws {
        let outer = Contour([Vector2(0, 0), Vector2(10, 0), Vector2(10, 10), Vector2(0, 10)])
        let inner = Contour([Vector2(3, 3), Vector2(7, 3), Vector2(7, 7), Vector2(3, 7)])  // same direction
        let nonZero = try Shape(contours: [outer, inner], fillRule: .nonZero)
        #expect(nonZero.polygons.count == 1 && nonZero.polygons[0].holes.isEmpty && nonZero.area == 100)
        let evenOdd = try Shape(contours: [outer, inner], fillRule: .evenOdd)
        #expect(evenOdd.polygons.count == 1 && evenOdd.polygons[0].holes.count == 1 && evenOdd.area == 84)
        // Opposite directions: a hole under both rules.
        let holed = try Shape(contours: [outer, inner.reversed], fillRule: .nonZero)
        #expect(holed.area == 84)
        // An island inside the hole is a second polygon.
        let island = Contour([Vector2(4, 4), Vector2(6, 4), Vector2(6, 6), Vector2(4, 6)])
        let three = try Shape(contours: [outer, inner.reversed, island], fillRule: .nonZero)
        #expect(three.polygons.count == 2 && three.area == 88)
    }

    @Test func overlappingContoursFillAsSVGDoes() throws {
        let a = Contour([Vector2(0, 0), Vector2(4, 0), Vector2(4, 4), Vector2(0, 4)])
        let b = Contour([Vector2(2, 2), Vector2(6, 2), Vector2(6, 6), Vector2(2, 6)])
        let union = try Shape(contours: [a, b], fillRule: .nonZero)
        #expect(union.polygons.count == 1 && abs(union.area - 28) < 1e-12)
        let xor = try Shape(contours: [a, b], fillRule: .evenOdd)
        #expect(abs(xor.area - 24) < 1e-12)
        // Opposite directions under nonzero: the overlap cancels.
        #expect(abs(try Shape(contours: [a, b.reversed], fillRule: .nonZero).area - 24) < 1e-12)
        // A bowtie: two triangles meeting at a crossing point.
        let bowtie = Contour([Vector2(0, 0), Vector2(4, 4), Vector2(4, 0), Vector2(0, 4)])
        let tie = try Shape(contours: [bowtie])
        #expect(tie.polygons.count == 2 && abs(tie.area - 8) < 1e-12)
        for polygon in tie.polygons { #expect(try !polygon.triangulated().isEmpty) }
    }

    @Test func aPentagramUnderBothRules() throws {
        let r = 10.0
        let tips = (0..<5).map { k in Vector2(r * cos(Double.pi / 2 + 4 * Double.pi * Double(k) / 5), r * sin(Double.pi / 2 + 4 * Double.pi * Double(k) / 5)) }
        let star = Contour(tips)
        // The inner pentagon's circumradius, and the areas of the pentagon and the five points.
        let inner = r * cos(2 * Double.pi / 5) / cos(Double.pi / 5)
        let pentagon = 5.0 / 2 * inner * inner * sin(2 * Double.pi / 5)
        let full = try Shape(contours: [star], fillRule: .nonZero)
        let hollow = try Shape(contours: [star], fillRule: .evenOdd)
        let pointsArea = full.area - pentagon
        #expect(abs(hollow.area - pointsArea) < 1e-9)
        #expect(full.polygons.count == 1 && full.polygons[0].holes.isEmpty)
        // The even-odd star (five points touching at the pentagon's corners) triangulates to its area.
        var triangulatedArea = 0.0
        for polygon in hollow.polygons {
            let pts = polygon.allPoints
            for (a, b, c) in try polygon.triangulated() { triangulatedArea += (pts[b] - pts[a]).cross(pts[c] - pts[a]) / 2 }
        }
        #expect(abs(triangulatedArea - pointsArea) < 1e-9)
        // The nonzero star: ten corners, area from its kite decomposition.
        #expect(full.polygons[0].outer.points.count == 10)
        let kite = 10 * 0.5 * r * inner * sin(Double.pi / 5)
        #expect(abs(full.area - kite) < 1e-9)
    }

    @Test func offsetGrowsAndShrinksConvexShapes() throws {
        let fine = Resolution(maxChordDeviation: 0.0005, maxSegments: 100_000)
        let square = try Shape.rectangle(width: 10, height: 10)
        let grown = try square.offset(by: 1, resolution: fine)
        #expect(abs(grown.area - (100 + 40 + Double.pi)) < 0.01)
        let shrunk = try square.offset(by: -1)
        #expect(abs(shrunk.area - 64) < 1e-9)
        #expect(try square.offset(by: -6).isEmpty)
        let circle = try Shape.circle(radius: 5, resolution: fine)
        #expect(abs(try circle.offset(by: -1).area - Double.pi * 16) < 0.01)
        let rr = try Shape.roundedRectangle(width: 20, height: 10, cornerRadius: 2, resolution: fine)
        let expected = try Shape.roundedRectangle(width: 22, height: 12, cornerRadius: 3, resolution: fine).area
        #expect(abs(try rr.offset(by: 1, resolution: fine).area - expected) < 0.01)
        let notConvex = try Shape.polygon([Vector2(0, 0), Vector2(4, 0), Vector2(2, 1), Vector2(4, 4), Vector2(0, 4)])
        #expect(throws: GeometryError.self) { try notConvex.offset(by: -1) }
    }

    /// Growing any shape is the Minkowski sum with a disc: an L grows by its perimeter times d, plus
    /// round convex corners, less the square where the strips of its reflex corner overlap; a hole
    /// shrinks, and one narrower than twice the distance closes.
    @Test func offsetGrowsAnyShape() throws {
        let fine = Resolution(maxChordDeviation: 0.0005, maxSegments: 100_000)
        let l = try Shape.polygon([Vector2(0, 0), Vector2(6, 0), Vector2(6, 2), Vector2(2, 2), Vector2(2, 6), Vector2(0, 6)])
        let d = 0.5
        let expected = 20 + 24 * d + 5 * Double.pi / 4 * d * d - d * d
        let grown = try l.offset(by: d, resolution: fine)
        #expect(grown.polygons.count == 1 && abs(grown.area - expected) < 3e-3)
        let frame = try Shape(contours: [Contour([Vector2(0, 0), Vector2(10, 0), Vector2(10, 10), Vector2(0, 10)]),
                                         Contour([Vector2(3, 3), Vector2(3, 7), Vector2(7, 7), Vector2(7, 3)])])
        let thicker = try frame.offset(by: 1, resolution: fine)
        #expect(thicker.polygons.count == 1 && thicker.polygons[0].holes.count == 1)
        #expect(abs(thicker.area - ((144 - 4 + Double.pi) - 4)) < 1e-2)
        #expect(try frame.offset(by: 2.5, resolution: fine).polygons.allSatisfy { $0.holes.isEmpty })
        let slot = try Shape(contours: [Contour([Vector2(0, 0), Vector2(10, 0), Vector2(10, 10), Vector2(0, 10)]),
                                        Contour([Vector2(2, 4), Vector2(2, 6), Vector2(8, 6), Vector2(8, 4)])])
        #expect(try slot.offset(by: 0.5, resolution: fine).polygons[0].holes.count == 1)
        #expect(try slot.offset(by: 1.5, resolution: fine).polygons[0].holes.isEmpty)
        // A figure-8 of two overlapping circles: its waist corners are reflex.
        let eight = try Shape(contours: [Shape.circle(radius: 2, center: Vector2(-1.5, 0), resolution: fine).polygons[0].outer,
                                         Shape.circle(radius: 2, center: Vector2(1.5, 0), resolution: fine).polygons[0].outer])
        let fat = try eight.offset(by: 0.25, resolution: fine)
        let reference = try Shape(contours: [Shape.circle(radius: 2.25, center: Vector2(-1.5, 0), resolution: fine).polygons[0].outer,
                                             Shape.circle(radius: 2.25, center: Vector2(1.5, 0), resolution: fine).polygons[0].outer])
        #expect(fat.polygons.count == 1 && abs(fat.area - reference.area) < 1e-3)
    }

    /// The thinnest place: a strip's width, a ring's band, a sharp point's tip, and an equilateral
    /// triangle's corners measured `endMargin` in (margin x tan 60°).
    @Test func thinnestFindsStripsBandsAndPoints() throws {
        let strip = try Shape.rectangle(width: 10, height: 0.3)
        #expect(abs(strip.thinnest().thickness - 0.3) < 1e-12)
        let ring = try Shape.arc(innerRadius: 6, outerRadius: 10, startAngle: 0, endAngle: 2 * .pi, resolution: .draft)
        #expect(abs(ring.thinnest().thickness - 4) < 0.1)
        let spike = try Shape.polygon([Vector2(0, 0), Vector2(10, 0), Vector2(10, 0.5)] + (1...9).reversed().map { Vector2(Double($0), 0.05 * Double($0)) })
        let tip = spike.thinnest()
        #expect(tip.thickness < 0.1 && tip.at.x < 2, "\(tip)")
        let triangle = try Shape.polygon([Vector2(0, 0), Vector2(10, 0), Vector2(5, 5 * 3.0.squareRoot())])
        #expect(abs(triangle.thinnest(endMargin: 1).thickness - 3.0.squareRoot()) < 1e-9)
        #expect(abs(triangle.thinnest().thickness - 5 * 3.0.squareRoot()) < 1e-9)
        #expect(Shape(polygons: []).thinnest().thickness == .infinity)
    }
}

