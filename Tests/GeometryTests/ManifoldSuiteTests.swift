import Foundation
import Testing
@testable import Geometry

/// The boolean cases of Manifold's own test suite (test/boolean_test.cpp and
/// boolean_complex_test.cpp) that can be written as polyhedra, rebuilt with our primitives and each
/// checked in full (closed, oriented, no self-intersections) against an analytic oracle: the
/// volume, the surface area and the shells Manifold's test expects, or, where the polyhedra have no
/// closed form, inclusion and exclusion among the three booleans of the same pair.
@Suite struct ManifoldSuiteTests {
    static func cube(_ size: Double = 1, at origin: Vector3 = .zero) -> Mesh {
        BooleanTests.box(origin, origin + Vector3(size, size, size))
    }

    /// Menger: a 27 mm cube with square tunnels through the middle third of every cell of each level,
    /// along all three axes (each tunnel one bar through the whole cube); 20/27 of the volume is left
    /// per level. Manifold's level-3 sponge was refused once.
    @Test(arguments: [1, 2, 3]) func mengerSponge(_ level: Int) throws {
        var bars = [Mesh]()
        for k in 1...level {
            let cells = Int(pow(3.0, Double(k - 1))), size = 27 / Double(cells)
            for i in 0..<cells {
                for j in 0..<cells {
                    let a = Double(i) * size + size / 3, b = Double(j) * size + size / 3, w = size / 3
                    bars.append(BooleanTests.box(Vector3(-1, a, b), Vector3(28, a + w, b + w)))
                    bars.append(BooleanTests.box(Vector3(a, -1, b), Vector3(a + w, 28, b + w)))
                    bars.append(BooleanTests.box(Vector3(a, b, -1), Vector3(a + w, b + w, 28)))
                }
            }
        }
        let sponge = BooleanTests.expectValid(try Self.cube(27).subtracting(bars), "level-\(level) sponge")
        #expect(abs(sponge.volume - 19683 * pow(20.0 / 27, Double(level))) < 1e-8, "volume \(sponge.volume)")
        #expect(sponge.shells == 1)
        if level == 1 {
            // The eight corner cubes and twelve edge cubes: a thickened cube frame, of genus 12 - 8 + 1.
            #expect(sponge.eulerCharacteristic == 2 - 2 * 5)
        }
    }

    /// MultiCoplanar: a unit cube minus itself moved by (0.3, 0.3, 0), minus itself moved back by
    /// (-0.3, -0.3, 0): two 0.3 x 0.3 x 1 bars at opposite corners, every cut in a face of the cube.
    @Test func multiCoplanar() throws {
        let first = try Self.cube().subtracting(Self.cube(at: Vector3(0.3, 0.3, 0)))
        let out = BooleanTests.expectValid(try first.subtracting(Self.cube(at: Vector3(-0.3, -0.3, 0))), "multi-coplanar")
        #expect(abs(out.volume - 0.18) < 1e-12)
        #expect(abs(out.area - 2.76) < 1e-12)
        #expect(out.shells == 2)
    }

    /// Vug: a 4 mm cube centred on the origin minus the unit cube in its corner octant, a void inside.
    @Test func vug() throws {
        let vug = BooleanTests.expectValid(try Self.cube(4, at: Vector3(-2, -2, -2)).subtracting(Self.cube()), "vug")
        #expect(vug.volume == 63)
        #expect(vug.area == 16 * 6 + 6)
        #expect(vug.shells == 2)
    }

    /// BooleanVolumes: bars of 1, 2 and 4 mm along x that meet face to face, whose booleans have
    /// volumes that add like bits.
    @Test func booleanVolumes() throws {
        func bar(_ from: Double, _ to: Double) -> Mesh { BooleanTests.box(Vector3(from, 0, 0), Vector3(to, 1, 1)) }
        let m1 = bar(0, 1), m2 = bar(1, 3), m4 = bar(3, 7), m3 = bar(0, 3), m7 = bar(0, 7)
        let cases: [(String, Mesh, Double)] = [
            ("m1 & m2", try m1.intersection(m2), 0),
            ("m1 + m2 + m4", try m1.union(m2).union(m4), 7),
            ("m1 + m2 - m4", try m1.union(m2).subtracting(m4), 3),
            ("m1 + (m2 & m4)", try m1.union(m2.intersection(m4)), 1),
            ("m7 & m4", try m7.intersection(m4), 4),
            ("m7 & m3 & m1", try m7.intersection(m3).intersection(m1), 1),
            ("m7 & (m1 + m2)", try m7.intersection(m1.union(m2)), 3),
            ("m7 - m4", try m7.subtracting(m4), 3),
            ("m7 - m4 - m2", try m7.subtracting(m4).subtracting(m2), 1),
            ("m7 - (m7 - m1)", try m7.subtracting(m7.subtracting(m1)), 1),
            ("m7 - (m1 + m2)", try m7.subtracting(m1.union(m2)), 4),
        ]
        for (name, mesh, volume) in cases {
            if volume == 0 {
                #expect(mesh.isEmpty, "\(name) is not empty")
                continue
            }
            let r = BooleanTests.expectValid(mesh, name)
            #expect(r.volume == volume, "\(name): volume \(r.volume)")
            #expect(r.shells == 1, "\(name): \(r.shells) shells")
        }
    }

    /// Perturb1: a square ring (a diamond with a diamond hole), the hole's diamond standing on it, and
    /// a triangle punched out of that: 7.5 mm³ and about 38.2 mm², as Manifold's test expects. The
    /// diamond meets the ring only along the edges of the hole, so the two stay separate shells
    /// (`ContactSeparation`).
    @Test func perturb1() throws {
        let outer = [Vector2(0, 2), Vector2(2, 0), Vector2(4, 2), Vector2(2, 4)]
        let inner = [Vector2(1, 2), Vector2(2, 3), Vector2(3, 2), Vector2(2, 1)]
        let ring = Shape(polygons: [Polygon(outer: Contour(outer), holes: [Contour(inner)])])
        let big = try Mesh.extrusion(of: ring, height: 1)
        let little = try Mesh.extrusion(of: Shape.polygon(inner), from: 1, to: 2)
        let punch = try Mesh.extrusion(of: Shape.polygon([Vector2(1, 2), Vector2(2, 2), Vector2(2, 3)]), from: 1, to: 2)
        let result = BooleanTests.expectValid(try big.union(little).subtracting(punch), "perturb1")
        #expect(abs(result.volume - 7.5) < 1e-12)
        #expect(abs(result.area - 38.2) < 0.1)
        #expect(result.shells == 2)
    }

    /// Coplanar: a cylinder minus a copy scaled by 0.8 across and turned 185 degrees, their ends in
    /// the same planes: a tube of 0.36 of the cylinder's volume, genus 1.
    @Test func coplanarCylinders() throws {
        let cylinder = try Mesh.cylinder(radius: 1, height: 1, segments: 32)
        let inner = cylinder.scaled(by: Vector3(0.8, 0.8, 1)).rotated(degrees: Vector3(0, 0, 185))
        let tube = BooleanTests.expectValid(try cylinder.subtracting(inner), "tube")
        let whole = cylinder.report(checkSelfIntersections: false).volume
        #expect(abs(tube.volume - 0.36 * whole) < 1e-12)
        #expect(tube.shells == 1)
        #expect(tube.eulerCharacteristic == 0)
    }

    /// Close: a sphere intersected, one after another, with itself moved by a tenth of the tolerance
    /// times 1 to 9 along x: every copy is snapped onto the result, which stays the sphere.
    @Test func close() throws {
        let sphere = try Mesh.sphere(radius: 10, segments: 64)
        let step = Tolerance.of([sphere]) / 10
        var result = sphere
        for i in 1..<10 {
            result = try result.intersection(sphere.translated(by: Vector3(step * Double(i), 0, 0)))
        }
        let r = BooleanTests.expectValid(result, "close")
        let whole = sphere.report(checkSelfIntersections: false)
        #expect(abs(r.volume - whole.volume) < whole.area * Tolerance.of([sphere]) * 10, "volume \(r.volume) of \(whole.volume)")
        #expect(r.shells == 1)
    }

    /// Inclusion and exclusion: for a pair whose booleans have no closed form, the union and the
    /// intersection add up to the two operands, and the difference is the first less the intersection.
    static func expectInclusionExclusion(_ a: Mesh, _ b: Mesh, _ name: String) throws {
        let va = a.report(checkSelfIntersections: false).volume, vb = b.report(checkSelfIntersections: false).volume
        let union = BooleanTests.expectValid(try a.union(b), "\(name): union")
        let intersection = BooleanTests.expectValid(try a.intersection(b), "\(name): intersection")
        let difference = BooleanTests.expectValid(try a.subtracting(b), "\(name): difference")
        let scale = max(va, vb)
        #expect(intersection.volume > 0, "\(name): the operands must overlap")
        #expect(abs(union.volume + intersection.volume - va - vb) < 1e-9 * scale, "\(name): union \(union.volume) + intersection \(intersection.volume)")
        #expect(abs(difference.volume - (va - intersection.volume)) < 1e-9 * scale, "\(name): difference \(difference.volume)")
    }

    /// Spheres minus spheres, as Manifold's sphere series: two spheres of 48 segments, one moved off
    /// the other's centre along all three axes.
    @Test func spheresMinusSpheres() throws {
        let a = try Mesh.sphere(radius: 5, segments: 48)
        try Self.expectInclusionExclusion(a, a.translated(by: Vector3(3.1, 1.7, 0.9)), "spheres")
    }

    /// A swept tube: a round profile carried along a bent path (as Manifold's sweep test carries its
    /// profile), against a box that cuts it across both bends.
    @Test func sweptTube() throws {
        let path = [Vector3(0, 0, 0), Vector3(20, 0, 0), Vector3(20, 15, 0), Vector3(20, 15, 12)]
        let tube = try Mesh.sweep(of: Shape.circle(radius: 2, segments: 24), along: path, bendRadius: 4)
        let box = BooleanTests.box(Vector3(12, -5, -5), Vector3(26, 10, 6))
        try Self.expectInclusionExclusion(tube, box, "swept tube")
    }

    /// CraycloudBool: a model minus a box 3.4e38 mm across (the largest floats) whose top cuts it,
    /// as Manifold's Cray_right cuts Cray_left: the box is a half-space, and the result is the
    /// model above it, as with a box a few times the model's size. The tolerance is that of the
    /// smaller operand (`Tolerance`): at the box's scale the whole model was thinner than it, and
    /// the result was empty.
    @Test func craycloudBool() throws {
        let model = try Mesh.sphere(radius: 10, segments: 48).rotated(degrees: Vector3(10, 20, 30))
        let huge = Double(Float.greatestFiniteMagnitude)
        let halfSpace = NearContactTests.exactBox(Vector3(-huge, -huge, -huge), Vector3(huge, huge, -2.5))
        let cut = BooleanTests.expectValid(try model.subtracting(halfSpace), "model minus the half-space")
        let reference = BooleanTests.expectValid(
            try model.subtracting(BooleanTests.box(Vector3(-30, -30, -30), Vector3(30, 30, -2.5))), "model minus a box")
        #expect(cut.volume > 0.5 * model.report(checkSelfIntersections: false).volume)
        #expect(abs(cut.volume - reference.volume) < 1e-9 * reference.volume, "volume \(cut.volume), not \(reference.volume)")
        #expect(cut.triangles == reference.triangles)
    }

    /// A boolean scaled by a power of two is the same boolean, scaled, bit for bit: the tolerance
    /// follows the operands' scale (down to 2⁻⁶⁴ mm). With a floor at 1 mm, spheres a micrometre
    /// across were simplified more than at 1 mm, and a femtometre across the result vanished.
    @Test(arguments: [-60, -40, -20, 20, 40]) func scaledByAPowerOfTwo(_ exponent: Int) throws {
        let a = try Mesh.sphere(radius: 5, segments: 32), b = a.translated(by: Vector3(3.1, 1.7, 0.9))
        let s = Double(sign: .plus, exponent: exponent, significand: 1)
        let unit = try a.subtracting(b)
        let scaled = try a.scaled(by: s).subtracting(b.scaled(by: s))
        #expect(!unit.isEmpty)
        #expect(scaled.triangles == unit.triangles)
        #expect(scaled.vertices == unit.vertices.map { $0 * s })
    }

    /// SelfSubtract and Perturb: a cube, and a corner tetrahedron, minus themselves are empty.
    @Test func selfSubtraction() throws {
        #expect(try Self.cube().subtracting(Self.cube()).isEmpty)
        let corner = DegenerateContactTests.solid(
            [Vector3(0, 0, 0), Vector3(0, 1, 0), Vector3(1, 0, 0), Vector3(0, 0, 1)],
            [(2, 0, 1), (0, 3, 1), (2, 3, 0), (3, 2, 1)])
        #expect(try corner.subtracting(corner).isEmpty)
    }
}
