import Foundation

/// The basic 2D shapes. Every curved one takes a `Resolution`; all are centred on `center`.
extension Shape {
    /// A single polygon through `points` (either orientation).
    public static func polygon(_ points: [Vector2]) throws(GeometryError) -> Shape {
        try Shape(contours: [Contour(points)])
    }

    /// An axis-aligned rectangle `width` x `height` mm.
    public static func rectangle(width: Double, height: Double, center: Vector2 = .zero) throws(GeometryError) -> Shape {
        try requirePositive(width, "rectangle width")
        try requirePositive(height, "rectangle height")
        let w = width / 2, h = height / 2
        return single([Vector2(-w, -h), Vector2(w, -h), Vector2(w, h), Vector2(-w, h)], center)
    }

    /// A rectangle whose corners are quarter circles of `cornerRadius` mm (0 gives sharp corners,
    /// half the smaller side gives a stadium or circle).
    public static func roundedRectangle(
        width: Double, height: Double, cornerRadius: Double, center: Vector2 = .zero, resolution: Resolution = .normal
    ) throws(GeometryError) -> Shape {
        try requirePositive(width, "rounded rectangle width")
        try requirePositive(height, "rounded rectangle height")
        let limit = min(width, height) / 2
        guard cornerRadius.isFinite, cornerRadius >= 0, cornerRadius <= limit else {
            throw .invalidParameter("rounded rectangle cornerRadius must be between 0 and \(limit) (half the smaller side), got \(cornerRadius)")
        }
        let k = resolution.segments(radius: cornerRadius, angle: .pi / 2)
        return single(Arc.roundedRectangle(width: width, height: height, radius: cornerRadius, segments: k), center)
    }

    /// A slot: a rectangle with semicircular ends, `length` mm overall along x and `width` mm across.
    public static func stadium(length: Double, width: Double, center: Vector2 = .zero, resolution: Resolution = .normal) throws(GeometryError) -> Shape {
        try requirePositive(width, "stadium width")
        guard length.isFinite, length >= width else {
            throw .invalidParameter("stadium length must be >= its width (\(width)), got \(length)")
        }
        return try roundedRectangle(width: length, height: width, cornerRadius: width / 2, center: center, resolution: resolution)
    }

    /// A circle of `radius` mm, its vertices at angles 2πi/n counter-clockwise from +X.
    /// `segments` overrides the resolution.
    public static func circle(radius: Double, center: Vector2 = .zero, segments: Int? = nil, resolution: Resolution = .normal) throws(GeometryError) -> Shape {
        try requirePositive(radius, "circle radius")
        let n = segments ?? resolution.segments(radius: radius)
        guard n >= 3 else { throw .invalidParameter("circle segments must be >= 3, got \(n)") }
        return try regularPolygon(sides: n, circumradius: radius, center: center)
    }

    /// A regular polygon with `sides` corners on a circle of `circumradius` mm, the first on +X.
    public static func regularPolygon(sides: Int, circumradius: Double, center: Vector2 = .zero) throws(GeometryError) -> Shape {
        guard sides >= 3 else { throw .invalidParameter("regular polygon sides must be >= 3, got \(sides)") }
        try requirePositive(circumradius, "regular polygon circumradius")
        let pts = Arc.points(center: .zero, radius: circumradius, start: 0, end: 2 * .pi, segments: sides).dropLast()
        return single(Array(pts), center)
    }

    /// An isosceles trapezoid with a `bottomWidth` edge at y = -height/2 and a `topWidth` edge at +height/2.
    /// One of the widths may be 0 (a triangle).
    public static func trapezoid(bottomWidth: Double, topWidth: Double, height: Double, center: Vector2 = .zero) throws(GeometryError) -> Shape {
        try requirePositive(height, "trapezoid height")
        guard bottomWidth.isFinite, topWidth.isFinite, bottomWidth >= 0, topWidth >= 0, bottomWidth + topWidth > 0 else {
            throw .invalidParameter("trapezoid widths must be >= 0 and not both 0, got \(bottomWidth) and \(topWidth)")
        }
        let b = bottomWidth / 2, t = topWidth / 2, h = height / 2
        return single([Vector2(-b, -h), Vector2(b, -h), Vector2(t, h), Vector2(-t, h)], center)
    }

    /// An arc band: the ring between `innerRadius` and `outerRadius` from `startAngle` to `endAngle`
    /// radians, counter-clockwise. An inner radius of 0 gives a pie slice; a full turn gives an annulus.
    public static func arc(
        innerRadius: Double, outerRadius: Double, startAngle: Double, endAngle: Double,
        center: Vector2 = .zero, resolution: Resolution = .normal
    ) throws(GeometryError) -> Shape {
        try requirePositive(outerRadius, "arc outerRadius")
        guard innerRadius.isFinite, innerRadius >= 0, innerRadius < outerRadius else {
            throw .invalidParameter("arc innerRadius must be >= 0 and < outerRadius (\(outerRadius)), got \(innerRadius)")
        }
        let sweep = endAngle - startAngle
        guard sweep.isFinite, sweep > 0, sweep <= 2 * .pi + 1e-12 else {
            throw .invalidParameter("arc endAngle - startAngle must be in (0, 2π], got \(sweep)")
        }
        if sweep >= 2 * .pi - 1e-12 {
            let outer = try circle(radius: outerRadius, center: center, resolution: resolution)
            guard innerRadius > 0 else { return outer }
            let n = resolution.segments(radius: outerRadius)
            let inner = try circle(radius: innerRadius, center: center, segments: n)
            return Shape(polygons: [Polygon(outer: outer.polygons[0].outer, holes: [inner.polygons[0].outer])])
        }
        let k = resolution.segments(radius: outerRadius, angle: sweep)
        var pts = Arc.points(center: .zero, radius: outerRadius, start: startAngle, end: endAngle, segments: k)
        if innerRadius > 0 {
            pts += Arc.points(center: .zero, radius: innerRadius, start: endAngle, end: startAngle, segments: k)
        } else {
            pts.append(.zero)
        }
        return single(pts, center)
    }

    // MARK: - Helpers

    private static func single(_ points: [Vector2], _ center: Vector2) -> Shape {
        Shape(polygons: [Polygon(outer: Contour(points.map { $0 + center }))])
    }

    static func requirePositive(_ v: Double, _ name: String) throws(GeometryError) {
        guard v.isFinite, v > 0 else { throw .invalidParameter("\(name) must be a finite number > 0, got \(v)") }
    }
}
