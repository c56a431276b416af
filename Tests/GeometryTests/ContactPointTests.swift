import Testing
@testable import Geometry

/// The rounded position of a constructed point (`ContactPoint.position`): where the floating-point
/// estimate's error bound is too wide (a segment crossing a plane at a grazing angle), the position
/// comes from the exact homogeneous coordinates, computed in stack buffers; checked against an
/// exact rational answer, and against the same coordinates computed with `ExactValue`.
@Suite struct ContactPointTests {
    /// Whether two doubles are within `units` units in the last place of each other.
    static func within(_ a: Double, _ b: Double, units: Double) -> Bool {
        abs(a - b) <= units * max(a.ulp, b.ulp)
    }

    @Test func aGrazingCrossingIsPlacedFromItsExactCoordinates() throws {
        // The plane through r, s, t tilted by 2^-30, crossed by a segment running 2^-40 off it per
        // unit: the estimate's bound is far wider than 2^-47 of the scale, and the exact crossing
        // lies at parameter 1/4 of the way from p, (-1, 0.5, z) with z on the plane.
        let tilt = 0x1p-30, lean = 0x1p-40
        let r = Vector3(0, 0, 0), s = Vector3(1, 0, tilt), t = Vector3(0, 1, 0)
        let p = Vector3(-3, 0.5, -3 * tilt + lean), q = Vector3(5, 0.5, 5 * tilt - 3 * lean)
        let point = ContactPoint.crossing(p: p, q: q, r: r, s: s, t: t)
        let scale = 8.0
        let estimate = try #require(point.estimate)
        #expect(estimate.error > scale * 0x1p-47, "the estimate decided; the test does not reach the exact path")
        let x = point.position(scale: scale)
        #expect(x.x == -1)
        #expect(x.y == 0.5)
        #expect(Self.within(x.z, -tilt, units: 2), "z \(x.z), exactly \(-tilt)")
    }

    @Test(arguments: 0..<50)
    func randomGrazingCrossingsMatchTheExactValuePath(seed: Int) {
        // A random plane, and a segment through a point on it nearly along it (a normal component
        // of 1e-13 of its length), far from the origin in some cases (coordinates to 1e4).
        var random = SeededRandom(seed: UInt64(seed) * 7919 + 3)
        func value(_ size: Double) -> Double { Double.random(in: -size...size, using: &random) }
        let size = [1.0, 100, 1e4][seed % 3]
        let r = Vector3(value(size), value(size), value(size))
        let u = Vector3(value(1), value(1), value(1)), v = Vector3(value(1), value(1), value(1))
        let s = r + u * 10, t = r + v * 10
        let n = u.cross(v)
        let on = r + u * value(1) + v * value(1)
        let along = u * value(1) + v * value(1) + n * (1e-13 * value(1))
        let p = on - along * Double.random(in: 0.1...5, using: &random), q = on + along * Double.random(in: 0.1...5, using: &random)
        let point = ContactPoint.crossing(p: p, q: q, r: r, s: s, t: t)
        let scale = 2 * size + 20
        #expect(point.estimate.map { $0.error > scale * 0x1p-47 } ?? true, "the estimate decided; the test does not reach the exact path")
        let x = point.position(scale: scale)
        let e = point.exact
        let w = e.w.approximation
        guard w != 0 else { return }
        let expected = Vector3(e.x.approximation / w, e.y.approximation / w, e.z.approximation / w)
        for k in 0..<3 where p[k] != q[k] {
            #expect(Self.within(x[k], expected[k], units: 4), "coordinate \(k): \(x[k]) against \(expected[k])")
        }
    }
}
