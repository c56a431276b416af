/// A connected planar region: one counter-clockwise outer contour and clockwise holes inside it.
/// Holes may touch the outline or each other at single points.
public struct Polygon: Hashable, Sendable {
    public var outer: Contour
    public var holes: [Contour]

    /// A region; the contours are re-oriented as needed (outer counter-clockwise, holes clockwise).
    public init(outer: Contour, holes: [Contour] = []) {
        self.outer = outer.counterClockwise
        self.holes = holes.map(\.clockwise)
    }

    /// The area in mm² (the outer area less the holes).
    public var area: Double { outer.signedArea + holes.reduce(0) { $0 + $1.signedArea } }

    /// Every point, outer first and then each hole in order: the indexing used by `triangulated()`.
    public var allPoints: [Vector2] { outer.points + holes.flatMap(\.points) }

    public func transformed(_ f: (Vector2) -> Vector2) -> Polygon {
        Polygon(outer: outer.transformed(f), holes: holes.map { $0.transformed(f) })
    }
}
