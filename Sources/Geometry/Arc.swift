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

    /// The corner arcs of a rounded rectangle `width` x `height` centred on the origin, with
    /// `segments` segments per corner (one point per corner when `radius` is 0), counter-clockwise from
    /// the lower-right corner. Arc ends on the sides sit exactly at x = ±width/2 and y = ±height/2.
    /// Every corner contributes `segments + 1` points (or one), so outlines of different sizes pair up.
    public static func roundedRectangle(width: Double, height: Double, radius: Double, segments: Int) -> [Vector2] {
        let w = width / 2 - radius, h = height / 2 - radius
        let centers = [Vector2(w, -h), Vector2(w, h), Vector2(-w, h), Vector2(-w, -h)]
        var pts = [Vector2]()
        for (i, c) in centers.enumerated() {
            guard radius > 0 else { pts.append(c); continue }
            let start = -Double.pi / 2 + Double(i) * Double.pi / 2
            for j in 0...segments {
                let (cs, sn) = cosSin(start + (Double.pi / 2) * Double(j) / Double(segments))
                pts.append(Vector2(
                    abs(cs) == 1 ? cs * width / 2 : c.x + radius * cs,
                    abs(sn) == 1 ? sn * height / 2 : c.y + radius * sn))
            }
        }
        return pts
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
