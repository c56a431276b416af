import Foundation
import Testing
@testable import Geometry

/// Unions of cubes turned about Z by equal steps, cut down from Manifold's Perturb3 "nasty gear"
/// (`Boolean.Perturb3` in its test suite). Each union step leaves crossings a rounding error from the
/// next cube's faces, so a later step meets operands that nearly touch themselves. The volumes come
/// from an analytic oracle: the plan area of the union of the turned squares times the height.
@Suite struct TurnedCubeGearTests {
    /// A cube of `size` (x, y, z) centred on the origin, turned by `degrees` about Z, with the
    /// corners and faces of the regression scene: corner i at x = i >> 2, y = i >> 1 & 1, z = i & 1
    /// (0 for -size / 2, 1 for +size / 2), turned as x cos - y sin, x sin + y cos.
    static func turnedBox(_ size: Vector3, degrees: Double) -> Mesh {
        let c = cos(degrees * .pi / 180), s = sin(degrees * .pi / 180)
        let points = (0..<8).map { i -> Vector3 in
            let x = (i >> 2 == 0 ? -0.5 : 0.5) * size.x, y = (i >> 1 & 1 == 0 ? -0.5 : 0.5) * size.y
            let z = (i & 1 == 0 ? -0.5 : 0.5) * size.z
            return Vector3(x * c - y * s, x * s + y * c, z)
        }
        let faces = [(1, 0, 4), (2, 4, 0), (1, 3, 0), (3, 1, 5), (3, 2, 0), (3, 7, 2), (5, 4, 6), (5, 1, 4), (6, 4, 2), (7, 6, 2), (7, 3, 5), (7, 5, 6)]
        return Mesh(vertices: points, triangles: faces.map { Mesh.Triangle($0.0, $0.1, $0.2) })
    }

    /// The area of the union of squares of side `side` centred on the origin, turned by each of
    /// `degrees`: half the integral of r(φ)² round the origin, where r(φ) = (side / 2) / cos δ and δ
    /// is the angle from φ to the nearest face normal of the square that reaches farthest at φ.
    static func unionArea(side: Double, degrees: [Double]) -> Double {
        let turns = degrees.map { $0 * .pi / 180 }, quarter = Double.pi / 2
        // The angle from φ to the nearest face normal of the square turned by θ, in [0, π/4].
        func offset(_ phi: Double, _ theta: Double) -> Double {
            let d = (phi - theta).truncatingRemainder(dividingBy: quarter)
            let m = d < 0 ? d + quarter : d
            return min(m, quarter - m)
        }
        // Where the farthest-reaching square can change: at its corners and normals, and where two
        // squares reach equally far (the bisectors of their normals and corners).
        var breaks = [0.0, 2 * .pi]
        for t in turns {
            for u in turns {
                for k in 0..<16 {
                    let b = ((t + u) / 2 + Double(k) * .pi / 8).truncatingRemainder(dividingBy: 2 * .pi)
                    breaks.append(b < 0 ? b + 2 * .pi : b)
                }
            }
        }
        breaks.sort()
        var area = 0.0
        for (lo, hi) in zip(breaks, breaks.dropFirst()) where hi > lo {
            let mid = (lo + hi) / 2
            // The square reaching farthest at mid; over [lo, hi] its δ runs monotonically.
            let theta = turns.max { offset(mid, $0) < offset(mid, $1) }!
            // ∫ sec²(δ) dφ = ±(tan δ(hi) - tan δ(lo)), with δ increasing or decreasing in φ.
            let rising = offset(mid + 1e-9, theta) > offset(mid, theta)
            let sweep = tan(offset(hi, theta)) - tan(offset(lo, theta))
            area += 0.5 * (side / 2) * (side / 2) * (rising ? sweep : -sweep)
        }
        return area
    }

    @Test func theOracleGivesTheSquareAndAnEightPointedStar() {
        #expect(abs(Self.unionArea(side: 2, degrees: [0]) - 4) < 1e-12)
        #expect(abs(Self.unionArea(side: 2, degrees: [10, 100]) - 4) < 1e-12)
        // Two squares turned 45° apart: both, less their overlap, a regular octagon of inradius 1.
        #expect(abs(Self.unionArea(side: 2, degrees: [0, 45]) - (8 - 8 * tan(Double.pi / 8))) < 1e-12)
    }

    /// Six cubes scaled (2, 2, 1) and turned 5.625° x i (i = 1...6) in one union
    /// (`shared/regressions/six-turned-cubes-union.json`). The last step trapped: snapping the
    /// operands inserted points that coincide with corners already there, and the triangles between
    /// them became needles with a repeated corner.
    @Test func sixTurnedCubesUnite() throws {
        let angles = (1...6).map { 5.625 * Double($0) }
        let cubes = angles.map { Self.turnedBox(Vector3(2, 2, 1), degrees: $0) }
        let result = try Mesh.union(cubes)
        let r = BooleanTests.expectValid(result, "six turned cubes")
        #expect(abs(r.volume - Self.unionArea(side: 2, degrees: angles)) < 1e-9)
        #expect(r.shells == 1 && r.eulerCharacteristic == 2)
    }

    /// Eleven unit cubes turned 5.625° x i (i = 0...10), united one after another: the union that
    /// was refused while near contact was resolved by snapping the operands, whose snapped
    /// diagonals piled up round the centre. Every step is now exact, its rounding repaired.
    @Test func elevenTurnedCubesUnite() throws {
        let angles = (0..<11).map { 5.625 * Double($0) }
        let result = try Mesh.union(angles.map { Self.turnedBox(Vector3(1, 1, 1), degrees: $0) })
        let r = BooleanTests.expectValid(result, "eleven turned cubes")
        #expect(abs(r.volume - Self.unionArea(side: 1, degrees: angles)) < 1e-9)
        #expect(r.shells == 1 && r.eulerCharacteristic == 2)
    }

    /// Manifold's full nasty gear: the union of 16 unit cubes turned 5.625° apart, scaled (2, 2, 1),
    /// minus the union itself: three times the gear's plan area. It took minutes and ended with
    /// 22,592 triangles while each union step left its crossings inside the faces; simplified, it
    /// has fewer than Manifold's 1,658. (`Tests/RegressionScenes/nasty-gear.json` is the same scene
    /// for `csg`, on one core and on all.)
    @Test func theNastyGear() throws {
        let angles = (0..<16).map { 5.625 * Double($0) }
        let gear = try Mesh.union(angles.map { Self.turnedBox(Vector3(1, 1, 1), degrees: $0) })
        let result = try gear.scaled(by: Vector3(2, 2, 1)).subtracting(gear)
        let r = BooleanTests.expectValid(result, "the nasty gear")
        #expect(abs(r.volume - 3 * Self.unionArea(side: 1, degrees: angles)) < 1e-9)
        #expect(result.triangles.count <= 1658)
    }

    /// A 4 x 4 x 1 box minus k boxes 2 x 2 x 1 turned 5.625° x i about its axis, sharing its top and
    /// bottom faces (the benchmark's turned series, from the same gear). The turned boxes nearly
    /// touch each other, so their near contact is snapped; their corners and edges lie exactly in the
    /// shared planes, which snapping must leave to the corefinement: snapped there, they were split
    /// again at rounded points, and an operand folded.
    @Test(arguments: [2, 4, 8]) func turnedPocketsSharingTheirFaces(_ k: Int) throws {
        let angles = (1...k).map { 5.625 * Double($0) }
        let body = Self.turnedBox(Vector3(4, 4, 1), degrees: 0)
        let result = try body.subtracting(angles.map { Self.turnedBox(Vector3(2, 2, 1), degrees: $0) })
        let r = BooleanTests.expectValid(result, "\(k) turned pockets")
        #expect(abs(r.volume - (16 - Self.unionArea(side: 2, degrees: angles))) < 1e-9, "volume \(r.volume)")
    }
}
