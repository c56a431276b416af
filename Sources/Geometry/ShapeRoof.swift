import Foundation

extension Shape {
    /// The shape with a roof that prints without support, for an opening cut into an upright wall
    /// with +y up. Each outer boundary is followed up both sides to where it leans `slope` radians
    /// off the horizontal, then straight on at that slope to the height of its highest point, and
    /// closed there by a flat top (a short bridge). What lay above the two roof lines is covered, so
    /// the result holds the shape; holes are kept as they are. Made for outlines whose top is round
    /// (a circle, a slot, the figure-8 inlet): a flat top with upright sides is kept unchanged.
    public func roofed(slope: Double) throws(GeometryError) -> Shape {
        guard slope.isFinite, slope > 0, slope < .pi / 2 else {
            throw .invalidParameter("roof slope must lie between 0 and π/2, got \(slope)")
        }
        return Shape(polygons: polygons.map { Polygon(outer: Shape.roofed($0.outer, slope: slope), holes: $0.holes) })
    }

    private static func roofed(_ contour: Contour, slope: Double) -> Contour {
        let points = contour.counterClockwise.points
        guard points.count >= 3 else { return contour }
        let (s, c) = (sin(slope), cos(slope))
        // The points each roof line rests on: furthest out along the lines' outward normals.
        func furthest(_ normal: Vector2) -> Int {
            points.indices.max { normal.dot(points[$0]) < normal.dot(points[$1]) || (normal.dot(points[$0]) == normal.dot(points[$1]) && points[$0].y < points[$1].y) }!
        }
        let right = furthest(Vector2(s, c)), left = furthest(Vector2(-s, c))
        let top = points.map(\.y).max()!
        let r = points[right], l = points[left]
        var rightTop = Vector2(r.x - (top - r.y) * c / s, top), leftTop = Vector2(l.x + (top - l.y) * c / s, top)
        if rightTop.x < leftTop.x {
            // The lines meet below the top: a pointed roof.
            let x = (r.x + l.x) / 2 + (l.y - r.y) * c / (2 * s)
            rightTop = Vector2(x, r.y + (r.x - x) * s / c)
            leftTop = rightTop
        }
        // Counter-clockwise from the left roof point down, round the bottom and up to the right one.
        // (One point bearing both lines is an apex already steeper than the roof: all is kept.)
        let n = points.count
        let count = left == right ? n : (right - left + n) % n + 1
        let kept = (0..<count).map { points[(left + $0) % n] }
        return Contour(kept + [rightTop, leftTop])
    }
}
