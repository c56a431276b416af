import Foundation
import Testing
@testable import Geometry

/// Every primitive is a valid solid with the analytic volume and area, converging as the resolution
/// tightens, and stays valid over hundreds of random and extreme parameter sets.
@Suite struct PrimitiveTests {
    static func expectValid(_ m: Mesh, _ label: String, selfIntersections: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) -> MeshReport {
        let r = m.report(checkSelfIntersections: selfIntersections)
        #expect(r.isValid, "\(label): \(r.problems)", sourceLocation: sourceLocation)
        return r
    }

    static func resolutions() -> [Resolution] {
        [0.5, 0.1, 0.02, 0.004].map { Resolution(maxChordDeviation: $0, minSegments: 3, maxSegments: 100_000) }
    }

    @Test func boxIsExact() throws {
        let r = Self.expectValid(try Mesh.box(size: Vector3(2, 3, 4), center: Vector3(1, 1, 1)), "box")
        #expect(r.volume == 24 && r.area == 52 && r.eulerCharacteristic == 2 && r.shells == 1)
        #expect(r.bounds == Bounds(min: Vector3(0, -0.5, -1), max: Vector3(2, 2.5, 3)))
    }

    @Test func cylinderConeAndSphereConverge() throws {
        var errors = (cyl: Double.infinity, cone: Double.infinity, sphere: Double.infinity, sphereArea: Double.infinity)
        for res in Self.resolutions() {
            let cyl = Self.expectValid(try Mesh.cylinder(radius: 5, height: 10, resolution: res), "cylinder")
            let cone = Self.expectValid(try Mesh.cone(bottomRadius: 5, topRadius: 2, height: 10, resolution: res), "frustum")
            let sphere = Self.expectValid(try Mesh.sphere(radius: 5, resolution: res), "sphere")
            let e = (abs(cyl.volume - .pi * 250), abs(cone.volume - .pi * 10 / 3 * (25 + 10 + 4)),
                     abs(sphere.volume - 4.0 / 3.0 * .pi * 125), abs(sphere.area - 4 * .pi * 25))
            #expect(e.0 < errors.cyl && e.1 < errors.cone && e.2 < errors.sphere && e.3 < errors.sphereArea)
            errors = e
            #expect(cyl.eulerCharacteristic == 2 && sphere.eulerCharacteristic == 2)
        }
        #expect(errors.cyl / (.pi * 250) < 2e-3 && errors.sphere / (4.0 / 3.0 * .pi * 125) < 3e-3)
    }

    @Test func cylinderVerticesFollowTheSceneConvention() throws {
        let m = try Mesh.cylinder(radius: 2, height: 3, segments: 4)
        #expect(m.vertices.prefix(4) == [Vector3(2, 0, 0), Vector3(0, 2, 0), Vector3(-2, 0, 0), Vector3(0, -2, 0)])
        let centered = try Mesh.cylinder(radius: 2, height: 3, segments: 4, centered: true)
        #expect(centered.bounds.min.z == -1.5 && centered.bounds.max.z == 1.5)
        // A three-segment cylinder is a valid prism.
        let r = Self.expectValid(try Mesh.cylinder(radius: 1, height: 1, segments: 3), "prism")
        #expect(abs(r.volume - 3 * 3.0.squareRoot() / 4) < 1e-12)
    }

    @Test func conesWithAPointedEnd() throws {
        for (b, t) in [(3.0, 0.0), (0.0, 3.0)] {
            let r = Self.expectValid(try Mesh.cone(bottomRadius: b, topRadius: t, height: 6, segments: 64), "cone \(b) \(t)")
            let exact = 64.0 / 2 * 9 * sin(2 * .pi / 64) * 6 / 3  // pyramid on the inscribed 64-gon
            #expect(abs(r.volume - exact) < 1e-9)
        }
    }

    @Test func roundedBoxMatchesItsAnalyticVolume() throws {
        // Plan: rounded square; vertical section: quarter-round fillets. Pappus on the fillet strips.
        func exactVolume(w: Double, d: Double, h: Double, r: Double, top: Double, bottom: Double) -> Double {
            func planArea(_ inset: Double) -> Double {
                let rr = max(r - inset, 0)
                return (w - 2 * inset) * (d - 2 * inset) - (4 - .pi) * rr * rr
            }
            func filletVolume(_ f: Double) -> Double {
                // Integrate the plan area over the fillet's height numerically (Simpson, fine grid).
                guard f > 0 else { return 0 }
                let n = 2000
                var s = 0.0
                for i in 0...n {
                    let z = f * Double(i) / Double(n)
                    let inset = f - (f * f - (f - z) * (f - z)).squareRoot()
                    let weight = (i == 0 || i == n) ? 1.0 : (i % 2 == 1 ? 4.0 : 2.0)
                    s += weight * planArea(inset)
                }
                return s * f / Double(n) / 3
            }
            return planArea(0) * (h - top - bottom) + filletVolume(top) + filletVolume(bottom)
        }
        var lastError = Double.infinity
        for res in Self.resolutions() {
            let m = try Mesh.roundedBox(width: 127, depth: 127, height: 50, cornerRadius: 18, topFillet: 3, bottomFillet: 1, resolution: res)
            let r = Self.expectValid(m, "roundedBox", selfIntersections: res.maxChordDeviation > 0.01)
            let error = abs(r.volume - exactVolume(w: 127, d: 127, h: 50, r: 18, top: 3, bottom: 1))
            #expect(error < lastError)
            lastError = error
            #expect(r.bounds.size == Vector3(127, 127, 50))
        }
        #expect(lastError / exactVolume(w: 127, d: 127, h: 50, r: 18, top: 3, bottom: 1) < 1e-4)
    }

    @Test func roundedBoxExtremes() throws {
        let cases: [(Double, Double, Double, Double, Double, Double)] = [
            (10, 10, 10, 5, 4.9, 4.9),  // a puck: plan circle, fillets nearly meeting at mid-height
            (10, 10, 10, 5, 4.9, 0),
            (20, 10, 4, 5, 2, 2),  // fillets = half the height
            (20, 10, 6, 0, 2, 1),  // sharp plan corners with fillets
            (20, 10, 6, 3, 3, 3),  // fillets equal to the corner radius: corners collapse to points
            (20, 10, 6, 0, 0, 0),
            (20, 20, 1, 10, 0, 0),
        ]
        for (w, d, h, r, t, b) in cases {
            let m = try Mesh.roundedBox(width: w, depth: d, height: h, cornerRadius: r, topFillet: t, bottomFillet: b, resolution: .draft)
            let rep = Self.expectValid(m, "roundedBox \(w) \(d) \(h) \(r) \(t) \(b)")
            #expect(rep.eulerCharacteristic == 2 && rep.shells == 1)
        }
    }

    @Test func roundedBoxRulesAreEnforced() {
        #expect(throws: GeometryError.invalidParameter("roundedBox topFillet must be <= cornerRadius (2.0), got 3.0")) {
            try Mesh.roundedBox(width: 10, depth: 10, height: 10, cornerRadius: 2, topFillet: 3)
        }
        #expect(throws: GeometryError.invalidParameter("roundedBox topFillet + bottomFillet must be <= height (3.0), got 4.0")) {
            try Mesh.roundedBox(width: 10, depth: 10, height: 3, cornerRadius: 5, topFillet: 2, bottomFillet: 2)
        }
        #expect(throws: GeometryError.invalidParameter("roundedBox cornerRadius must be between 0 and 5.0 (half the smaller side), got 6.0")) {
            try Mesh.roundedBox(width: 10, depth: 20, height: 3, cornerRadius: 6)
        }
    }

    @Test func randomParameterSetsAreAlwaysValid() throws {
        var rng = SeededRandom(seed: 20)
        let coarse = Resolution(maxChordDeviation: 0.2, minSegments: 3, maxSegments: 48)
        for n in 0..<300 {
            let w = Double.random(in: 1...150, using: &rng), d = Double.random(in: 1...150, using: &rng)
            let h = Double.random(in: 0.5...60, using: &rng)
            let r = Double.random(in: 0...1, using: &rng) < 0.2 ? 0 : Double.random(in: 0...(min(w, d) / 2), using: &rng)
            let limit = min(r > 0 ? r : min(w, d) / 2 * 0.999, min(w, d) / 2 * 0.999)
            let top = Double.random(in: 0...min(limit, h / 2), using: &rng)
            let bottom = Double.random(in: 0...min(limit, h - top), using: &rng)
            let box = try Mesh.roundedBox(width: w, depth: d, height: h, cornerRadius: r, topFillet: top, bottomFillet: bottom, resolution: coarse)
            _ = Self.expectValid(box, "roundedBox #\(n)", selfIntersections: n % 10 == 0)
            let radius = Double.random(in: 0.01...100, using: &rng)
            let segments = Int.random(in: 3...64, using: &rng)
            _ = Self.expectValid(try Mesh.cylinder(radius: radius, height: h, segments: segments), "cylinder #\(n)", selfIntersections: n % 10 == 0)
            _ = Self.expectValid(try Mesh.sphere(radius: radius, segments: segments), "sphere #\(n)", selfIntersections: n % 10 == 0)
            _ = Self.expectValid(try Mesh.cone(bottomRadius: radius, topRadius: Double.random(in: 0...radius, using: &rng), height: h, segments: segments), "cone #\(n)", selfIntersections: n % 10 == 0)
        }
    }

    @Test func extrusionOfAShapeWithHolesAndATopScale() throws {
        let plate = try Shape.arc(innerRadius: 3, outerRadius: 5, startAngle: 0, endAngle: 2 * .pi, resolution: .draft)
        let r = Self.expectValid(try Mesh.extrusion(of: plate, height: 2), "ring")
        #expect(abs(r.volume - plate.area * 2) < 1e-9)
        #expect(r.eulerCharacteristic == 0)  // a torus-like solid has genus 1
        let frustum = try Mesh.extrusion(of: try Shape.rectangle(width: 2, height: 2), height: 3, topScale: Vector2(0.5, 0.5))
        let fr = Self.expectValid(frustum, "frustum")
        #expect(abs(fr.volume - 3.0 / 3 * (4 + 1 + 2)) < 1e-12)
        let svg = try Shape(svgPath: "M0 0 H10 V10 H0 Z M2 2 V8 H8 V2 Z", resolution: .draft)
        let e = Self.expectValid(try Mesh.extrusion(of: svg, height: 1), "svg extrusion")
        #expect(e.volume == 64)
    }

    @Test func extrusionThroughLevelsBendsWhereItIsMapped() throws {
        let plate = try Shape.arc(innerRadius: 3, outerRadius: 5, startAngle: 0, endAngle: 2 * .pi, resolution: .draft)
        let levels = try Mesh.extrusion(of: plate, levels: [-1, 0, 0.5, 2])
        let r = Self.expectValid(levels, "ring through levels")
        #expect(abs(r.volume - plate.area * 3) < 1e-9 && r.eulerCharacteristic == 0)
        let ring = plate.polygons.flatMap(\.allPoints).count
        #expect(levels.vertices.count == 4 * ring)
        // A gable: z lifted by 2 - |y| over a 4 x 2 rectangle extruded along z from -1 to 1 and
        // turned so that the extrusion runs along x; the lift is affine on each side of y = 0.
        let bar = try Mesh.extrusion(of: try Shape.rectangle(width: 4, height: 2), levels: [-1, 0, 1])
        let roofed = Mesh(vertices: bar.vertices.map { Vector3($0.z, $0.x, $0.y + (1 - abs($0.z))) }, triangles: bar.triangles)
        let g = Self.expectValid(roofed, "gabled bar")
        #expect(abs(abs(g.volume) - (2 * 2 * 4)) < 1e-12)
        for bad in [[1.0], [0, 0], [1, 0], [0, .nan]] {
            #expect(throws: GeometryError.self) { try Mesh.extrusion(of: plate, levels: bad) }
        }
    }

    @Test func revolutionObeysPappus() throws {
        // A disc of radius 1 centred 3 from the axis: a torus of volume 2π·3·π.
        let profile = try Shape.circle(radius: 1, center: Vector2(3, 0), segments: 64)
        let r = Self.expectValid(try Mesh.revolution(of: profile, segments: 64), "torus")
        let centroidPath = 2 * Double.pi * 3
        // Inscribed polygons in both directions: within a few percent, from below.
        #expect(r.volume < centroidPath * .pi && r.volume > 0.99 * centroidPath * .pi)
        #expect(r.eulerCharacteristic == 0)
        // A profile touching the axis along an edge: a solid cylinder.
        let rect = try Shape.polygon([Vector2(0, 0), Vector2(2, 0), Vector2(2, 5), Vector2(0, 5)])
        let cyl = Self.expectValid(try Mesh.revolution(of: rect, segments: 32), "revolved rectangle")
        #expect(abs(cyl.volume - 16 * 4 * sin(2 * .pi / 32) * 5) < 1e-9)
        #expect(throws: GeometryError.self) { try Mesh.revolution(of: try Shape.rectangle(width: 2, height: 2), segments: 8) }
    }

    @Test func sweepAlongABentPath() throws {
        let profile = try Shape.circle(radius: 3.5, segments: 24)
        let path = [Vector3(0, 0, 0), Vector3(0, 40, 0), Vector3(0, 40, 30), Vector3(20, 40, 30)]
        let tunnel = try Mesh.sweep(of: profile, along: path, bendRadius: 8, resolution: .draft)
        let r = Self.expectValid(tunnel, "tunnel")
        // Pappus: area times the centre-line length (straight parts plus two quarter bends).
        let length = (40 - 8) + (30 - 16) + (20 - 8) + 2 * (Double.pi / 2 * 8)
        #expect(abs(r.volume - profile.area * length) / (profile.area * length) < 0.01)
        #expect(r.shells == 1 && r.eulerCharacteristic == 2)
        #expect(throws: GeometryError.self) { try Mesh.sweep(of: profile, along: path, bendRadius: 3, resolution: .draft) }
        // The middle segment is 10 long but its two bends need 8 each.
        #expect(throws: GeometryError.self) { try Mesh.sweep(of: profile, along: [Vector3(0, 0, 0), Vector3(0, 10, 0), Vector3(0, 10, 10), Vector3(10, 10, 10)], bendRadius: 8) }
        #expect(throws: GeometryError.self) { try Mesh.sweep(of: profile, along: [Vector3(0, 0, 0), Vector3(0, 10, 0), Vector3(0, 0, 0)], bendRadius: 8) }
    }

    @Test func polyhedronFromExplicitFaces() throws {
        // A square pyramid with a quad base.
        let points = [Vector3(0, 0, 0), Vector3(2, 0, 0), Vector3(2, 2, 0), Vector3(0, 2, 0), Vector3(1, 1, 3)]
        let faces = [[0, 3, 2, 1], [0, 1, 4], [1, 2, 4], [2, 3, 4], [3, 0, 4]]
        let r = Self.expectValid(try Mesh.polyhedron(points: points, faces: faces), "pyramid")
        #expect(abs(r.volume - 4) < 1e-12)
        #expect(throws: GeometryError.self) { try Mesh.polyhedron(points: points, faces: faces.map { $0.reversed() }) }
        #expect(throws: GeometryError.invalidMesh("polyhedron face 1 refers to point 9; points are 0..<5")) {
            try Mesh.polyhedron(points: points, faces: [[0, 3, 2, 1], [0, 1, 9]])
        }
        #expect(throws: GeometryError.self) { try Mesh.polyhedron(points: points, faces: Array(faces.dropLast())) }
    }
}
