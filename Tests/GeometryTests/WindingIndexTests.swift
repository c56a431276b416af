import Foundation
import Testing
@testable import Geometry

/// The slab index of a long loop (`WindingIndex`) gives the same exact winding numbers as
/// `Contour.winding(around:)`, which walks every edge, on loops and probes chosen to meet the
/// edge cases: probes on vertices and edges (nil), at the heights of vertices, outside the heights,
/// and loops that wind twice or touch themselves.
@Suite struct WindingIndexTests {
    static func expectSameWinding(_ loop: [Vector2], _ probes: [Vector2]) {
        let index = WindingIndex(loop), contour = Contour(loop)
        for p in probes { #expect(index.winding(around: p) == contour.winding(around: p), "probe \(p)") }
    }

    /// Probes: every vertex, every edge's midpoint (on the edge where it rounds there), points at each
    /// vertex's height left and right of it, and random points in and beyond the loop's box.
    static func probes(_ loop: [Vector2], random: inout SeededRandom) -> [Vector2] {
        var probes = loop
        for (i, a) in loop.enumerated() {
            let b = loop[(i + 1) % loop.count]
            probes.append(Vector2((a.x + b.x) / 2, (a.y + b.y) / 2))
            probes.append(Vector2(a.x - 0.25, a.y))
            probes.append(Vector2(a.x + 0.25, a.y))
        }
        for _ in 0..<300 { probes.append(Vector2(Double.random(in: -12...12, using: &random), Double.random(in: -12...12, using: &random))) }
        return probes
    }

    @Test func randomStarLoopsWindAsTheContourDoes() {
        var random = SeededRandom(seed: 7)
        for n in [3, 5, 17, 64, 400, 1500] {
            // A star round the origin, with corners on a grid of quarter millimetres, so that many
            // share a height with another corner or with a probe.
            let loop = (0..<n).map { k -> Vector2 in
                let angle = 2 * Double.pi * Double(k) / Double(n), r = Double.random(in: 2...10, using: &random)
                return Vector2((r * cos(angle) * 4).rounded() / 4, (r * sin(angle) * 4).rounded() / 4)
            }
            Self.expectSameWinding(loop, Self.probes(loop, random: &random))
            Self.expectSameWinding(loop.reversed(), Self.probes(loop, random: &random))
        }
    }

    @Test func aLoopWindingTwiceAndALoopTouchingItself() {
        var random = SeededRandom(seed: 11)
        // Twice round a square, so the inside has winding number 2.
        let square = [Vector2(-4, -4), Vector2(4, -4), Vector2(4, 4), Vector2(-4, 4)]
        let twice = square + square.map { Vector2($0.x * 0.5, $0.y * 0.5) }
        Self.expectSameWinding(twice, Self.probes(twice, random: &random))
        #expect(WindingIndex(twice).winding(around: Vector2(0, 0)) == 2)
        // A bow tie: two lobes that meet at the origin, wound opposite ways.
        let bowTie = [Vector2(-6, -3), Vector2(0, 0), Vector2(6, -3), Vector2(6, 3), Vector2(0, 0), Vector2(-6, 3)]
        Self.expectSameWinding(bowTie, Self.probes(bowTie, random: &random))
        #expect(WindingIndex(bowTie).winding(around: Vector2(0, 0)) == nil)
    }

    /// Long edges: a loop whose few tall edges span every slab, and a comb whose many tall teeth
    /// would put each edge in most slabs (the index then keeps one slab); a flat loop has one height.
    @Test func tallEdgesAndAFlatLoop() {
        var random = SeededRandom(seed: 13)
        var tall = [Vector2(0, -10), Vector2(1, 10)]
        for k in 0..<200 { tall.append(Vector2(-Double(k) * 0.05, 10 - Double(k) * 0.1)) }
        Self.expectSameWinding(tall, Self.probes(tall, random: &random))
        var comb = [Vector2]()
        for k in 0..<300 {
            comb.append(Vector2(Double(k) * 0.05, -10))
            comb.append(Vector2(Double(k) * 0.05 + 0.025, 10))
        }
        comb.append(Vector2(15, -11))
        comb.append(Vector2(0, -11))
        Self.expectSameWinding(comb, Self.probes(comb, random: &random))
        let flat = [Vector2(0, 1), Vector2(5, 1), Vector2(2, 1)]
        Self.expectSameWinding(flat, Self.probes(flat, random: &random))
    }
}
