import Testing
@testable import Geometry

/// Stage 7 of the booleans (`Corefinement.sides(of:_:)`): every piece of a corefinement is classified
/// exactly, patch by patch, at the contact curves. The oracle is an independent exact ray test from
/// the centre of each piece thick enough for its centre to be off the other surface.
@Suite struct ClassificationTests {
    /// Checks every piece of both operands off the other's surface that is thick enough for its centre
    /// to lie well away from it; returns how many were checked.
    static func expectSidesAgreeWithRays(_ a: Mesh, _ b: Mesh, _ name: String) throws -> Int {
        let core = try Corefinement(a, b)
        let operands = [a, b]
        var checked = 0
        for m in 0..<2 {
            let sides = core.sides(of: m, operands)
            let other = PointInMesh(operands[1 - m])
            for (i, t) in core.pieces[m].enumerated() {
                let (p, q, r) = (core.vertices[Int(t.a)], core.vertices[Int(t.b)], core.vertices[Int(t.c)])
                let area = (q - p).cross(r - p).length / 2
                let longest = max((q - p).length, (r - q).length, (p - r).length)
                // Skip slivers: their centre can lie within rounding of the other surface.
                guard area > 1e-3 * longest * longest, longest > 1e-6 else { continue }
                if case .onSurface = sides[i] { continue }
                let centre = (p + q + r) / 3
                let expected: Corefinement.Side = other.contains(centre) ? .inside : .outside
                #expect(sides[i] == expected, "\(name): piece \(i) of operand \(m) at \(centre)")
                checked += 1
            }
        }
        return checked
    }

    @Test func turnedBoxesAgreeWithRays() throws {
        var rng = SeededRandom(seed: 7)
        var checked = 0
        for n in 0..<40 {
            checked += try Self.expectSidesAgreeWithRays(BooleanTests.randomBox(&rng), BooleanTests.randomBox(&rng), "pair \(n)")
        }
        #expect(checked > 1000)
    }

    /// Curved surfaces crossing: many patches, each bounded by several curves.
    @Test func spheresAndCylindersAgreeWithRays() throws {
        let sphere = try Mesh.sphere(radius: 10, segments: 48)
        let cylinder = try Mesh.cylinder(radius: 4, height: 30, segments: 40).translated(by: Vector3(2.3, 1.1, -15))
        let other = try Mesh.sphere(radius: 7, center: Vector3(6.1, 3.7, 2.9), segments: 40)
        #expect(try Self.expectSidesAgreeWithRays(sphere, cylinder, "sphere and cylinder") > 500)
        #expect(try Self.expectSidesAgreeWithRays(sphere, other, "two spheres") > 500)
    }

    /// Degenerate contact: a flush pocket (coplanar tops) and a box sharing a face; the coplanar
    /// pieces are on the surface, the others agree with the rays.
    @Test func degenerateContactAgreesWithRays() throws {
        let cube = BooleanTests.box(Vector3(0, 0, 0), Vector3(10, 10, 10))
        for (name, other) in [("flush pocket", BooleanTests.box(Vector3(2, 2, 5), Vector3(8, 8, 10))),
                              ("shared face", BooleanTests.box(Vector3(3, 3, 10), Vector3(7, 7, 14)))] {
            let core = try Corefinement(cube, other)
            let onSurface = core.sides(of: 0, [cube, other]).filter { if case .onSurface = $0 { true } else { false } }
            #expect(!onSurface.isEmpty, "\(name): coplanar pieces")
            #expect(try Self.expectSidesAgreeWithRays(cube, other, name) > 10)
        }
    }
}
