import Foundation
import Testing
@testable import Geometry

@Suite struct TransformTests {
    static func close(_ a: Vector3, _ b: Vector3, _ tol: Double = 1e-12) -> Bool { (a - b).length <= tol }

    @Test func compositionAppliesTheRightOperandFirst() {
        let t = Transform.translation(Vector3(1, 2, 3)), s = Transform.scale(2)
        #expect((t * s).apply(to: Vector3(1, 1, 1)) == Vector3(3, 4, 5))
        #expect((s * t).apply(to: Vector3(1, 1, 1)) == Vector3(4, 6, 8))
        #expect(s.then(t) == t * s)
    }

    @Test func inverseUndoesRandomTransforms() throws {
        var rng = SeededRandom(seed: 3)
        for _ in 0..<200 {
            let r = Vector3(Double.random(in: -180...180, using: &rng), Double.random(in: -180...180, using: &rng), Double.random(in: -180...180, using: &rng))
            let s = Vector3(Double.random(in: 0.1...5, using: &rng), Double.random(in: -5 ... -0.1, using: &rng), Double.random(in: 0.1...5, using: &rng))
            let m = Transform.translation(Vector3(3, -4, 5)) * Transform.rotation(degrees: r) * Transform.scale(s)
            let inv = try #require(m.inverted)
            let p = Vector3(Double.random(in: -10...10, using: &rng), 1, 2)
            #expect(Self.close(inv.apply(to: m.apply(to: p)), p, 1e-9))
            #expect(Self.close((m * inv).apply(to: p), p, 1e-9))
        }
        #expect(Transform.scale(Vector3(1, 0, 1)).inverted == nil)
    }

    @Test func rotationsFollowTheRightHandRule() {
        let z90 = Transform.rotation(axis: .unitZ, angle: .pi / 2)
        #expect(Self.close(z90.apply(to: .unitX), .unitY))
        // Scene convention: about X, then Y, then Z.
        let r = Transform.rotation(degrees: Vector3(90, 0, 90))
        #expect(Self.close(r.apply(to: .unitY), Vector3(0, 0, 1)))
        #expect(Self.close(r.apply(to: .unitX), Vector3(0, 1, 0)))
    }

    @Test func normalsStayPerpendicularUnderShear() {
        let shear = Transform(row0: Vector3(1, 2, 0), row1: Vector3(0, 1, 0), row2: Vector3(0, 0, 1))
        let tangent = Vector3(1, 1, 0), normal = Vector3(1, -1, 0)
        let n = shear.apply(toNormal: normal)
        #expect(abs(shear.applyLinear(tangent).dot(n)) < 1e-12)
        #expect(abs(n.length - 1) < 1e-12)
        // A mirror keeps normals pointing out of the mirrored solid.
        let mirror = Transform.scale(Vector3(-1, 1, 1))
        #expect(Self.close(mirror.apply(toNormal: .unitX), Vector3(-1, 0, 0)))
    }

    @Test func boundsGrowAndIntersect() {
        var b = Bounds.empty
        #expect(b.isEmpty)
        b.formUnion(Vector3(1, 2, 3))
        b.formUnion(Vector3(-1, 5, 0))
        #expect(b.min == Vector3(-1, 2, 0) && b.max == Vector3(1, 5, 3))
        #expect(b.intersects(Bounds(min: Vector3(1, 5, 3), max: Vector3(2, 6, 4))))
        #expect(!b.intersects(Bounds(min: Vector3(1.1, 5, 3), max: Vector3(2, 6, 4))))
    }
}
