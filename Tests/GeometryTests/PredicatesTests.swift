import Testing
@testable import Geometry

/// The predicates (and each exact path they can take) against exact integer arithmetic on inputs
/// chosen to sit on or next to a line or plane, where a plain floating-point evaluation gets the
/// sign wrong.
@Suite struct PredicatesTests {
    /// Coordinates k / 2^30 for integers k, so that the exact sign is computable with Int128.
    static let scale = Double(1 << 30)

    static func exactOrient2d(_ a: (Int64, Int64), _ b: (Int64, Int64), _ c: (Int64, Int64)) -> Int {
        let det = Int128(a.0 - c.0) * Int128(b.1 - c.1) - Int128(a.1 - c.1) * Int128(b.0 - c.0)
        return det == 0 ? 0 : (det > 0 ? 1 : -1)
    }

    static func exactOrient3d(_ a: [Int64], _ b: [Int64], _ c: [Int64], _ d: [Int64]) -> Int {
        let bx = Int128(b[0] - a[0]), by = Int128(b[1] - a[1]), bz = Int128(b[2] - a[2])
        let cx = Int128(c[0] - a[0]), cy = Int128(c[1] - a[1]), cz = Int128(c[2] - a[2])
        let dx = Int128(d[0] - a[0]), dy = Int128(d[1] - a[1]), dz = Int128(d[2] - a[2])
        let det = dx * (by * cz - bz * cy) + dy * (bz * cx - bx * cz) + dz * (bx * cy - by * cx)
        return det == 0 ? 0 : (det > 0 ? 1 : -1)
    }

    @Test func orient2dMatchesExactArithmeticNearALine() {
        var rng = SeededRandom(seed: 1)
        var onLine = 0
        for _ in 0..<20_000 {
            let a = (Int64.random(in: -(1 << 36)...(1 << 36), using: &rng), Int64.random(in: -(1 << 36)...(1 << 36), using: &rng))
            let b = (Int64.random(in: -(1 << 36)...(1 << 36), using: &rng), Int64.random(in: -(1 << 36)...(1 << 36), using: &rng))
            // c on the line a b (at a step that keeps it on the grid), nudged by at most one grid unit.
            let t = Int64.random(in: -4...4, using: &rng)
            let c = (a.0 + t * (b.0 - a.0) / 4 + Int64.random(in: -1...1, using: &rng),
                     a.1 + t * (b.1 - a.1) / 4 + Int64.random(in: -1...1, using: &rng))
            let v = { (p: (Int64, Int64)) in Vector2(Double(p.0) / Self.scale, Double(p.1) / Self.scale) }
            let expected = Self.exactOrient2d(a, b, c)
            if expected == 0 { onLine += 1 }
            #expect(Predicates.orient2d(v(a), v(b), v(c)) == expected)
            #expect(Predicates.orient2dMinors(v(a), v(b), v(c)) == expected)
        }
        #expect(onLine > 100)
    }

    @Test(arguments: [28, 39])
    func orient3dMatchesExactArithmeticNearAPlane(bits: Int) {
        var rng = SeededRandom(seed: 2)
        var onPlane = 0
        for _ in 0..<20_000 {
            let r = { (rng: inout SeededRandom) in (0..<3).map { _ in Int64.random(in: -(1 << bits)...(1 << bits), using: &rng) } }
            let a = r(&rng), b = r(&rng), c = r(&rng)
            let s = Int64.random(in: -2...2, using: &rng), t = Int64.random(in: -2...2, using: &rng)
            let d = (0..<3).map { k in a[k] + s * (b[k] - a[k]) / 2 + t * (c[k] - a[k]) / 2 + Int64.random(in: -1...1, using: &rng) }
            let v = { (p: [Int64]) in Vector3(Double(p[0]) / Self.scale, Double(p[1]) / Self.scale, Double(p[2]) / Self.scale) }
            let expected = Self.exactOrient3d(a, b, c, d)
            if expected == 0 { onPlane += 1 }
            #expect(Predicates.orient3d(v(a), v(b), v(c), v(d)) == expected)
            // The exact path from the raw coordinates, which the predicate takes where a difference is inexact.
            #expect(Predicates.orient3dLaplace(v(a), v(b), v(c), v(d)) == expected)
        }
        #expect(onPlane > 100)
    }

    /// Points with full 53-bit coordinates in [1, 2), so every difference is exact (Sterbenz) and
    /// the predicates take their cheaper exact path: it agrees with the raw-coordinate path on
    /// points rounded onto a plane or a line, where the filter cannot decide.
    @Test func theExactDifferencePathsAgreeWithTheRawCoordinatePaths() {
        var rng = SeededRandom(seed: 4)
        var signs3 = [0: 0, 1: 0, -1: 0], signs2 = [0: 0, 1: 0, -1: 0]
        for n in 0..<20_000 {
            // Every other case on a coarse grid with steps of eighths, so that many points land exactly
            // on the plane or line, and are nudged off by a unit in the last place or so.
            let grid = n % 2 == 0
            let x = { (rng: inout SeededRandom) in
                grid ? 1.25 + Double(Int.random(in: 0..<(1 << 20), using: &rng)) * 0x1p-21 : Double.random(in: 1.25..<1.75, using: &rng)
            }
            let f = { (rng: inout SeededRandom) in
                grid ? Double(Int.random(in: -1...1, using: &rng)) / 8 : Double.random(in: -0.2...0.2, using: &rng)
            }
            let nudge = { (rng: inout SeededRandom) in grid ? Double(Int.random(in: -1...1, using: &rng)) * 0x1p-52 : 0 }
            let a = Vector3(x(&rng), x(&rng), x(&rng)), b = Vector3(x(&rng), x(&rng), x(&rng)), c = Vector3(x(&rng), x(&rng), x(&rng))
            let s = f(&rng), t = f(&rng)
            let d = a + (b - a) * s + (c - a) * t + Vector3(nudge(&rng), nudge(&rng), nudge(&rng))
            let sign3 = Predicates.orient3d(a, b, c, d)
            #expect(sign3 == Predicates.orient3dLaplace(a, b, c, d))
            signs3[sign3, default: 0] += 1
            let p = Vector2(a.x, a.y), q = Vector2(b.x, b.y), e = p + (q - p) * s + Vector2(nudge(&rng), 0)
            let sign2 = Predicates.orient2d(p, q, e)
            #expect(sign2 == Predicates.orient2dMinors(p, q, e))
            signs2[sign2, default: 0] += 1
        }
        #expect(signs3.values.allSatisfy { $0 > 100 }, "\(signs3)")
        #expect(signs2.values.allSatisfy { $0 > 100 }, "\(signs2)")
    }

    /// A point far from a small triangle, nearly in its plane (a corner of a box 1e38 mm across
    /// against a sliver of a model): the filter cannot decide, the differences of the point to the
    /// triangle are rounded, and the predicate agrees with the raw-coordinate path.
    @Test func farPointsNearlyInASmallTrianglesPlaneAgreeWithTheRawCoordinatePath() {
        var rng = SeededRandom(seed: 6)
        var signs = [0: 0, 1: 0, -1: 0]
        for n in 0..<20_000 {
            let x = { (rng: inout SeededRandom) in Double.random(in: 1.25..<1.75, using: &rng) }
            let a = Vector3(x(&rng), x(&rng), x(&rng)), b = Vector3(x(&rng), x(&rng), x(&rng)), c = Vector3(x(&rng), x(&rng), x(&rng))
            let far = [1e6, 1e20, 1e38][n % 3]
            let s = Double.random(in: -far...far, using: &rng), t = Double.random(in: -far...far, using: &rng)
            // In the plane but for rounding: a few units in the last place of its own size off it,
            // on either side, where the filter cannot decide.
            let d = a + (b - a) * s + (c - a) * t
            let sign = Predicates.orient3d(a, b, c, d)
            #expect(sign == Predicates.orient3dLaplace(a, b, c, d), "\(a) \(b) \(c) \(d)")
            signs[sign, default: 0] += 1
        }
        #expect(signs[1]! > 1000 && signs[-1]! > 1000, "\(signs)")
    }

    @Test func orient2dHandlesTheClassicNearCollinearGrid() {
        // Shewchuk's example: points near (0.5, 0.5) on the line through (12, 12) and (24, 24).
        var wrongByNaiveFormula = 0
        for i in 0..<64 {
            for j in 0..<64 {
                let a = Vector2(0.5 + Double(i) * 0x1p-53, 0.5 + Double(j) * 0x1p-53)
                let b = Vector2(12, 12), c = Vector2(24, 24)
                let naive = (a.x - c.x) * (b.y - c.y) - (a.y - c.y) * (b.x - c.x)
                let exact = i == j ? 0 : (i < j ? 1 : -1)  // above the line y = x is counter-clockwise
                #expect(Predicates.orient2d(a, b, c) == exact)
                if (naive == 0 ? 0 : (naive > 0 ? 1 : -1)) != exact { wrongByNaiveFormula += 1 }
            }
        }
        #expect(wrongByNaiveFormula > 0, "the grid should defeat the plain floating-point formula")
    }

    @Test func orientationSignsFollowTheDocumentedConvention() {
        #expect(Predicates.orient2d(Vector2(0, 0), Vector2(1, 0), Vector2(0, 1)) == 1)
        #expect(Predicates.orient2d(Vector2(0, 0), Vector2(0, 1), Vector2(1, 0)) == -1)
        let a = Vector3(0, 0, 0), b = Vector3(1, 0, 0), c = Vector3(0, 1, 0)
        #expect(Predicates.orient3d(a, b, c, Vector3(0, 0, 1)) == 1)
        #expect(Predicates.orient3d(a, b, c, Vector3(0, 0, -1)) == -1)
        #expect(Predicates.orient3d(a, b, c, Vector3(5, 7, 0)) == 0)
    }
}
