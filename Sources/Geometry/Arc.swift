import Foundation

/// Points on circular arcs, with exact coordinates at multiples of 90 degrees so that arcs that meet
/// at a quadrant point share it bit for bit.
public enum Arc {
    /// cos and sin of `angle`, exact at multiples of a quarter turn.
    public static func cosSin(_ angle: Double) -> (Double, Double) {
        let quarters = angle / (Double.pi / 2)
        let rounded = quarters.rounded()
        if abs(quarters - rounded) < 1e-12 {
            switch ((Int(rounded) % 4) + 4) % 4 {
            case 0: return (1, 0)
            case 1: return (0, 1)
            case 2: return (-1, 0)
            default: return (0, -1)
            }
        }
        return (cos(angle), sin(angle))
    }

    /// `segments + 1` points from `start` to `end` radians (counter-clockwise when `end > start`),
    /// both ends included.
    public static func points(center: Vector2, radius: Double, start: Double, end: Double, segments: Int) -> [Vector2] {
        (0...segments).map { i in
            let t = start + (end - start) * Double(i) / Double(segments)
            let (c, s) = cosSin(t)
            return Vector2(center.x + radius * c, center.y + radius * s)
        }
    }
}
