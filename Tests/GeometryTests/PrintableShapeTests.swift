import Foundation
import Testing
@testable import Geometry

/// The shapes that print without support: roofed openings and printable box edges.
@Suite struct PrintableShapeTests {
    static let slope = 60 * Double.pi / 180

    /// Every edge of `shape` that would face down as the ceiling of an opening in an upright wall
    /// (its outward normal has an upward part) is either flat at the top or at least `slope` steep.
    static func ceilingIsPrintable(_ shape: Shape, _ what: String) {
        let top = shape.bounds.max.y
        for polygon in shape.polygons {
            let pts = polygon.outer.points
            for i in pts.indices {
                let a = pts[i], b = pts[(i + 1) % pts.count], d = b - a
                let normal = Vector2(d.y, -d.x)  // outward for a counter-clockwise outline
                guard normal.y > 1e-12 * d.length else { continue }
                if abs(d.y) <= 1e-12 * d.length {
                    #expect(abs(a.y - top) < 1e-9, "\(what): a flat ceiling below the top at \(a)")
                } else {
                    #expect(atan2(abs(d.y), abs(d.x)) >= slope - 1e-9, "\(what): edge \(a) to \(b) leans \(atan2(abs(d.y), abs(d.x)) * 180 / .pi)°")
                }
            }
        }
    }

    /// Whether `outer` holds every point of `inner` (both convex or not, by the crossing rule).
    static func holds(_ outer: Shape, _ inner: Shape) -> Bool {
        inner.polygons.flatMap(\.outer.points).allSatisfy { q in
            outer.polygons.contains { polygon in
                let pts = polygon.outer.points
                var inside = false, onEdge = false
                for i in pts.indices {
                    let a = pts[i], b = pts[(i + 1) % pts.count]
                    if Predicates.orient2d(a, b, q) == 0 && min(a.x, b.x) <= q.x && q.x <= max(a.x, b.x) && min(a.y, b.y) <= q.y && q.y <= max(a.y, b.y) { onEdge = true }
                    if (a.y > q.y) != (b.y > q.y) && q.x < a.x + (q.y - a.y) * (b.x - a.x) / (b.y - a.y) { inside.toggle() }
                }
                return inside || onEdge
            }
        }
    }

    @Test func roundOutlinesGetARoofThatHoldsThem() throws {
        let shapes: [(String, Shape)] = [
            ("circle", try .circle(radius: 2.1)),
            ("slot", try .stadium(length: 9, width: 3.3)),
            ("fine circle", try .circle(radius: 6, segments: 400)),
            ("figure-8", try Shape(contours: [try Shape.circle(radius: 2.75, center: Vector2(-2.5, 0)).polygons[0].outer,
                                              try Shape.circle(radius: 2.75, center: Vector2(2.5, 0)).polygons[0].outer])),
        ]
        for (name, shape) in shapes {
            let roofed = try shape.roofed(slope: Self.slope)
            Self.ceilingIsPrintable(roofed, name)
            #expect(Self.holds(roofed, shape), "\(name): the roof covers the outline")
            #expect(roofed.bounds.max.y == shape.bounds.max.y && roofed.bounds.min == shape.bounds.min, "\(name) keeps its size")
            // It adds only a little: the caps above the tangent points.
            #expect(roofed.area > shape.area && roofed.area < shape.area * 1.15, "\(name): \(roofed.area) vs \(shape.area)")
            // And the unroofed shape is not printable, so the check can fail.
            if name != "figure-8" {
                var failed = false
                let top = shape.bounds.max.y
                for (a, b) in zip(shape.polygons[0].outer.points, shape.polygons[0].outer.points.dropFirst()) where b.x < a.x && a.y > 0 {
                    let lean = atan2(abs(b.y - a.y), abs(b.x - a.x))
                    if lean < Self.slope - 1e-9 && !(abs(a.y - top) < 1e-9 && abs(b.y - top) < 1e-9) { failed = true }
                }
                #expect(failed, "\(name) had a ceiling to fix")
            }
        }
    }

    @Test func theFigureEightsUpperWaistIsFilledAndTheLowerKept() throws {
        let eight = try Shape(contours: [try Shape.circle(radius: 2.75, center: Vector2(-2.5, 0)).polygons[0].outer,
                                         try Shape.circle(radius: 2.75, center: Vector2(2.5, 0)).polygons[0].outer])
        let roofed = try eight.roofed(slope: Self.slope)
        let upper = try Shape.circle(radius: 0.01, center: Vector2(0, 2.6)), lower = try Shape.circle(radius: 0.01, center: Vector2(0, -2.6))
        #expect(Self.holds(roofed, upper) && !Self.holds(eight, upper))
        #expect(!Self.holds(roofed, lower))
    }

    @Test func flatToppedOutlinesStayAsTheyAre() throws {
        let rectangle = try Shape.rectangle(width: 12, height: 6.8)
        let same = try rectangle.roofed(slope: Self.slope)
        #expect(Set(same.polygons[0].outer.points) == Set(rectangle.polygons[0].outer.points) && same.area == rectangle.area)
        let trapezoid = try Shape.trapezoid(bottomWidth: 10, topWidth: 14, height: 4.55)
        #expect(try trapezoid.roofed(slope: Self.slope).area == trapezoid.area)
        // A pointed top already steeper than the roof is kept too.
        let steep = try Shape.polygon([Vector2(-1, 0), Vector2(1, 0), Vector2(0, 3)])
        #expect(try steep.roofed(slope: Self.slope).area == steep.area)
        #expect(throws: GeometryError.self) { try rectangle.roofed(slope: .pi / 2) }
    }

    /// A box whose bottom edge is `.printable`: no face looks down at less than the slope except
    /// its underside, and the edge meets the underside at the inset and the side at the rise.
    @Test func aPrintableBottomEdgeNeedsNoSupport() throws {
        for (radius, inset) in [(1.0, 1.0), (3.0, 0.0), (0.0, 1.5), (2.0, 0.2)] {
            let edge = BoxEdge.printable(radius: radius, slope: Self.slope, inset: inset)
            let box = try Mesh.roundedBox(width: 40, depth: 30, height: 20, cornerRadius: 5, top: .fillet(2), bottom: edge, resolution: .normal)
            let report = box.report()
            #expect(report.isValid, "\(radius), \(inset): \(report.problems)")
            var lowest = Double.infinity
            for t in box.triangles {
                let a = box.vertices[Int(t.a)], b = box.vertices[Int(t.b)], c = box.vertices[Int(t.c)]
                let n = (b - a).cross(c - a).normalized
                if max(a.z, b.z, c.z) < 1e-12 { continue }  // the underside, on the bed
                if n.z < 0 { lowest = min(lowest, acos(-n.z)) }
            }
            // A face whose normal is a off straight down leans a off the horizontal.
            #expect(lowest >= Self.slope - 1e-6, "\(radius), \(inset): \(lowest * 180 / .pi)°")
            let natural = radius * (1 - cos(Double.pi / 2 - Self.slope))
            #expect(abs(edge.inset - max(inset, natural)) < 1e-12)
            #expect(abs(report.bounds.min.x - -20) < 1e-12 && abs(report.bounds.max.z - 20) < 1e-12)
        }
        // A quarter round looks straight down at its foot: the check can fail.
        let round = try Mesh.roundedBox(width: 40, depth: 30, height: 20, cornerRadius: 5, topFillet: 2, bottomFillet: 2, resolution: .normal)
        let flattest = round.triangles.map { t -> Double in
            let a = round.vertices[Int(t.a)], b = round.vertices[Int(t.b)], c = round.vertices[Int(t.c)]
            return max(a.z, b.z, c.z) < 1e-12 ? 1 : (b - a).cross(c - a).normalized.z
        }.min()!
        #expect(flattest < -0.9)
    }

    @Test func boxEdgeRulesAreEnforced() {
        #expect(throws: GeometryError.self) {
            try Mesh.roundedBox(width: 10, depth: 10, height: 10, cornerRadius: 2, top: .fillet(1), bottom: .printable(radius: 1, slope: 0, inset: 1))
        }
        #expect(throws: GeometryError.invalidParameter("roundedBox bottom edge must be <= cornerRadius (2.0), got 3.0")) {
            try Mesh.roundedBox(width: 10, depth: 10, height: 10, cornerRadius: 2, top: .fillet(1), bottom: .printable(radius: 0, slope: Self.slope, inset: 3))
        }
    }
}
