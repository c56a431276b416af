import Foundation
import Testing
@testable import Geometry

/// The stack triangulator of small simple polygons (`Corefinement.appendSimplePolygon`): a simple
/// polygon tiles exactly (checked as `ChainSplitTests` checks a split), one that is not simple
/// once rounded is declined with nothing appended.
@Suite struct SmallPolygonSplitTests {
    static func split(_ points: [Vector2]) -> [Mesh.Triangle]? {
        var out = [Mesh.Triangle(9, 9, 9)]
        guard Corefinement.appendSimplePolygon(points.count, { UInt32($0) }, { points[Int($0)] }, 7, into: &out) else {
            #expect(out.count == 1, "a declined polygon appended triangles")
            return nil
        }
        return Array(out.dropFirst())
    }

    @Test func aConcavePolygonWithCollinearCornersTiles() throws {
        // An L shape with two corners in the middle of its sides.
        let points = [Vector2(0, 0), Vector2(4, 0), Vector2(8, 0), Vector2(8, 4), Vector2(4, 4), Vector2(4, 8), Vector2(0, 8), Vector2(0, 4)]
        let pieces = try #require(Self.split(points))
        #expect(pieces.count == points.count - 2)
        let boundary = (0..<UInt32(points.count)).map { $0 }
        ChainSplitTests.expectTiling(pieces, points, boundary: boundary, segments: [])
    }

    @Test func whatIsNotSimpleIsDeclined() {
        // A bow tie, a polygon turning clockwise, a spike back along an edge, two corners at one
        // point, and more corners than it takes.
        #expect(Self.split([Vector2(0, 0), Vector2(4, 4), Vector2(4, 0), Vector2(0, 4)]) == nil)
        #expect(Self.split([Vector2(0, 0), Vector2(0, 4), Vector2(4, 4), Vector2(4, 0)]) == nil)
        #expect(Self.split([Vector2(0, 0), Vector2(4, 0), Vector2(2, 0), Vector2(2, 4)]) == nil)
        #expect(Self.split([Vector2(0, 0), Vector2(4, 0), Vector2(4, 4), Vector2(2, 2), Vector2(4, 4), Vector2(0, 4)]) == nil)
        let circle = (0..<40).map { k in Vector2(100 * cos(Double(k) * .pi / 20), 100 * sin(Double(k) * .pi / 20)) }
        #expect(Self.split(circle) == nil)
    }
}
