import Testing
@testable import Geometry

/// The indirect predicates on constructed points against exact integer arithmetic, and on points
/// whose rounded positions give the wrong answer.
@Suite struct IndirectPredicatesTests {
    static func orient2d(_ a: ContactPoint, _ b: ContactPoint, _ c: ContactPoint, droppingAxis axis: Int) -> Int {
        IndirectPredicates.orient2d(HomogeneousPoint(a), HomogeneousPoint(b), HomogeneousPoint(c), droppingAxis: axis)
    }

    static func compare(_ a: ContactPoint, _ b: ContactPoint, along axis: Int) -> Int {
        IndirectPredicates.compare(HomogeneousPoint(a), HomogeneousPoint(b), along: axis)
    }

    /// Where segment p q crosses the plane x = c (given by three of its points).
    static func crossingX(_ p: Vector3, _ q: Vector3, _ c: Double) -> ContactPoint {
        .crossing(p: p, q: q, r: Vector3(c, 0, 0), s: Vector3(c, 1, 0), t: Vector3(c, 0, 1))
    }

    @Test func aCrossingIsComparedExactlyNotByItsRoundedPosition() {
        // (0,0,0) to (3,1,0) crosses x = 1 at y = 1/3, just above the double nearest to 1/3.
        let third = Self.crossingX(Vector3(0, 0, 0), Vector3(3, 1, 0), 1)
        #expect(Self.compare(third, .vertex(Vector3(1, 1.0 / 3, 0)), along: 1) == 1)
        #expect(Self.compare(third, .vertex(Vector3(1, (1.0 / 3).nextUp, 0)), along: 1) == -1)
        #expect(Self.compare(third, .vertex(Vector3(1, 5, 0)), along: 0) == 0)
        // At x = 10 the double nearest to 10/3 lies above it.
        let tenThirds = Self.crossingX(Vector3(0, 0, 0), Vector3(30, 10, 0), 10)
        #expect(Self.compare(tenThirds, .vertex(Vector3(10, 10.0 / 3, 0)), along: 1) == -1)
    }

    @Test func pointsOnOneLineAreCollinearThoughTheirRoundedPositionsAreNot() {
        let p = Vector3(0, 0, 0), q = Vector3(30, 10, 0)
        let a = Self.crossingX(p, q, 1), b = Self.crossingX(p, q, 10)
        #expect(Self.orient2d(.vertex(p), a, b, droppingAxis: 2) == 0)
        // The rounded points (1, 1/3) and (10, 10/3) turn: a test on them would see a triangle.
        #expect(Predicates.orient2d(Vector2(0, 0), Vector2(1, 1.0 / 3), Vector2(10, 10.0 / 3)) != 0)
        // Moved off the line by one ulp of the crossing's y, exactly decided either way.
        #expect(Self.orient2d(.vertex(p), a, .vertex(Vector3(10, 10.0 / 3, 0)), droppingAxis: 2) == 1)
        #expect(Self.orient2d(.vertex(p), .vertex(Vector3(10, 10.0 / 3, 0)), a, droppingAxis: 2) == -1)
    }

    @Test func aCoplanarEdgeCrossingLiesOnBothEdges() {
        // In the plane z = 0.1: p q and r s cross at (1/3, 1/3), which no double reaches.
        let z = 0.1
        let p = Vector3(0, 0, z), q = Vector3(1, 1, z), r = Vector3(0, 2.0 / 3, z), s = Vector3(2.0 / 3, 0, z)
        let x = ContactPoint.crossing(p, q, r, s, inPlaneAlong: 2)
        #expect(Self.orient2d(.vertex(p), .vertex(q), x, droppingAxis: 2) == 0)
        #expect(Self.orient2d(.vertex(r), .vertex(s), x, droppingAxis: 2) == 0)
        #expect(Self.compare(x, .vertex(Vector3(0, 0, z)), along: 2) == 0)
    }

    /// Integer coordinates small enough that the homogeneous determinant (degree 11) fits in Int128.
    @Test func orient2dOfCrossingsMatchesIntegerArithmetic() {
        var rng = SeededRandom(seed: 7)
        func point() -> (Vector3, [Int128]) {
            let c = (0..<3).map { _ in Int128(Int.random(in: -256...256, using: &rng)) }
            return (Vector3(Double(c[0]), Double(c[1]), Double(c[2])), c)
        }
        func cross(_ a: [Int128], _ b: [Int128]) -> [Int128] { [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]] }
        func minus(_ a: [Int128], _ b: [Int128]) -> [Int128] { zip(a, b).map { $0 - $1 } }
        func dot(_ a: [Int128], _ b: [Int128]) -> Int128 { zip(a, b).map { $0 * $1 }.reduce(0, +) }
        // Where p q crosses a random plane, with its exact homogeneous coordinates (x, y, z, w).
        func crossing(_ p: (Vector3, [Int128]), _ q: (Vector3, [Int128])) -> (ContactPoint, [Int128])? {
            let (r, ri) = point(), (s, si) = point(), (t, ti) = point()
            let n = cross(minus(si, ri), minus(ti, ri))
            let dp = dot(n, minus(p.1, ri)), dq = dot(n, minus(q.1, ri))
            guard dp * dq < 0 else { return nil }
            return (.crossing(p: p.0, q: q.0, r: r, s: s, t: t), (0..<3).map { q.1[$0] * dp - p.1[$0] * dq } + [dp - dq])
        }
        var checked = 0, degenerate = 0
        while checked < 400 {
            let p = point(), q = point()
            // Half the cases: two crossings of one segment and its end, exactly collinear.
            guard let (a, ha) = crossing(p, q), let (c, hc) = checked % 2 == 0 ? crossing(point(), point()) : crossing(p, q) else { continue }
            let corner = checked % 2 == 0 ? point() : p
            let (b, hb) = (ContactPoint.vertex(corner.0), corner.1 + [1])
            for axis in 0..<3 {
                let (u, v) = ((axis + 1) % 3, (axis + 2) % 3)
                let (x, y, z) = (ha, hb, hc)
                let det = x[u] * (y[v] * z[3] - y[3] * z[v]) - x[v] * (y[u] * z[3] - y[3] * z[u]) + x[3] * (y[u] * z[v] - y[v] * z[u])
                let sign = Int(det.signum() * x[3].signum() * y[3].signum() * z[3].signum())
                if sign == 0 { degenerate += 1 }
                #expect(Self.orient2d(a, b, c, droppingAxis: axis) == sign)
                let difference = x[axis] * z[3] - z[axis] * x[3]
                #expect(Self.compare(a, c, along: axis) == Int(difference.signum() * x[3].signum() * z[3].signum()))
            }
            checked += 1
        }
        // The collinear half is decided by the exact path: every one of its orientations is zero.
        #expect(degenerate >= 3 * 200)
    }

    @Test func intervalsHoldTheExactValue() {
        var rng = SeededRandom(seed: 3)
        for _ in 0..<2_000 {
            let a = Double.random(in: -1...1, using: &rng), b = Double.random(in: -1...1, using: &rng)
            let c = Double.random(in: -1...1, using: &rng), d = Double.random(in: -1...1, using: &rng)
            let interval = Interval(a) * Interval(b) - Interval(c) * Interval(d)
            let exact = ExactValue(a) * ExactValue(b) - ExactValue(c) * ExactValue(d)
            if let sign = interval.sign { #expect(sign == exact.sign) }
        }
        // a b - a b is exactly zero: the interval cannot tell, the exact value can.
        let a = 0.1, b = 0.7
        #expect((Interval(a) * Interval(b) - Interval(b) * Interval(a)).sign == nil)
        #expect((ExactValue(a) * ExactValue(b) - ExactValue(b) * ExactValue(a)).sign == 0)
    }

    /// Expansions stay exact as they are compressed: (p + q)² - p² - 2pq - q² is zero for doubles
    /// of any magnitudes, and the square keeps few components (uncompressed, 18 or more).
    @Test func compressedExpansionsStayExact() {
        var rng = SeededRandom(seed: 11)
        for _ in 0..<2_000 {
            let p = ExactValue(Double.random(in: -1...1, using: &rng) * Double(sign: .plus, exponent: Int.random(in: -60...60, using: &rng), significand: 1))
            let q = ExactValue.difference(Double.random(in: -1...1, using: &rng), Double.random(in: -1e-30...1e-30, using: &rng))
            let sum = p + q
            let square = sum * sum
            #expect((square - p * p - ExactValue(2) * p * q - q * q).sign == 0)
            #expect(square.terms.count <= 10)
            #expect((square - p * p - q * q).sign == (p * q).sign)
        }
    }

    /// A crossing's floating-point estimate lies within its stated error bound of the exact point,
    /// at grazing angles too (where the bound is large, or none is given).
    @Test func estimatesLieWithinTheirBounds() {
        var rng = SeededRandom(seed: 5)
        var bounded = 0
        for k in 0..<2_000 {
            func point(_ scale: Double) -> Vector3 {
                Vector3(Double.random(in: -scale...scale, using: &rng), Double.random(in: -scale...scale, using: &rng), Double.random(in: -scale...scale, using: &rng))
            }
            // Half the segments nearly parallel to the plane (z = 10 + tilt x).
            let tilt = k % 2 == 0 ? 1e-9 : 0.5
            let r = Vector3(0, 0, 10), s = Vector3(1, 0, 10 + tilt), t = Vector3(0, 1, 10)
            // p above the plane and q below it, by up to 1e-7 or up to 10.
            let reach = k % 4 < 2 ? 1e-7 : 10.0
            var p = point(100), q = point(100)
            p.z = 10 + tilt * p.x + Double.random(in: 1e-12...reach, using: &rng)
            q.z = 10 + tilt * q.x - Double.random(in: 1e-12...reach, using: &rng)
            let c = ContactPoint.crossing(p: p, q: q, r: r, s: s, t: t)
            let e = c.exact
            guard e.w.sign != 0, let (x, error) = c.estimate else { continue }
            bounded += 1
            for (coordinate, exact) in [(x.x, e.x), (x.y, e.y), (x.z, e.z)] {
                // |x w - X| <= error |w|, with w made positive.
                let w = e.w.sign > 0 ? e.w : -e.w, numerator = e.w.sign > 0 ? exact : -exact
                let difference = ExactValue(coordinate) * w - numerator
                let allowed = ExactValue(error) * w
                #expect((allowed - (difference.sign >= 0 ? difference : -difference)).sign >= 0)
            }
        }
        #expect(bounded > 1_000)
    }
}
