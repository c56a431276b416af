import Foundation
import Geometry

/// A shaded preview of coloured parts, drawn by our own software rasterizer: orthographic view, a
/// z-buffer, per-part colours, soft lighting (a key light, a fill light and ambient), and
/// anti-aliasing by rendering at three times the size and averaging.
public struct PreviewRenderer: Sendable {
    /// Where the camera looks from.
    public enum View: String, CaseIterable, Sendable {
        case iso, front, rear, top, bottom
    }

    public var view: View
    /// The output's width and height in pixels.
    public var size: Int
    /// Background colour as RGB.
    public var background: (UInt8, UInt8, UInt8) = (244, 244, 246)

    public init(view: View = .iso, size: Int = 512) {
        self.view = view
        self.size = size
    }

    /// The camera's axes: right, up and towards the viewer, in model coordinates (+Y is the rear).
    private var axes: (right: Vector3, up: Vector3, toward: Vector3) {
        switch view {
        case .front: return (.unitX, .unitZ, Vector3(0, -1, 0))
        case .rear: return (Vector3(-1, 0, 0), .unitZ, .unitY)
        case .top: return (.unitX, .unitY, .unitZ)
        case .bottom: return (.unitX, Vector3(0, -1, 0), Vector3(0, 0, -1))
        case .iso:
            let toward = Vector3(-1, -1.25, 1.1).normalized  // from the front-left, above
            let right = Vector3.unitZ.cross(toward).normalized
            return (right, toward.cross(right).normalized, toward)
        }
    }

    /// The PNG of `parts` (each a mesh and a `#RRGGBB` colour).
    public func png(_ parts: [(mesh: Mesh, color: String)]) -> Data {
        PNGEncoder.encode(width: size, height: size, rgb: render(parts))
    }

    /// RGB pixels, row by row from the top.
    public func render(_ parts: [(mesh: Mesh, color: String)]) -> [UInt8] {
        let ss = 3, n = size * ss
        let (right, up, toward) = axes
        var bounds = Bounds.empty
        for p in parts { bounds.formUnion(p.mesh.bounds) }
        // Fit the projected bounding box's corners, with a margin.
        var lo = Vector2(.infinity, .infinity), hi = Vector2(-.infinity, -.infinity)
        for k in 0..<8 where !bounds.isEmpty {
            let c = Vector3(k & 1 == 0 ? bounds.min.x : bounds.max.x, k & 2 == 0 ? bounds.min.y : bounds.max.y, k & 4 == 0 ? bounds.min.z : bounds.max.z)
            let q = Vector2(c.dot(right), c.dot(up))
            lo = Vector2(min(lo.x, q.x), min(lo.y, q.y))
            hi = Vector2(max(hi.x, q.x), max(hi.y, q.y))
        }
        let extent = max(hi.x - lo.x, hi.y - lo.y, 1e-9) * 1.12
        let scale = Double(n) / extent
        let center = (lo + hi) * 0.5
        func project(_ p: Vector3) -> Vector3 {
            Vector3((p.dot(right) - center.x) * scale + Double(n) / 2, Double(n) / 2 - (p.dot(up) - center.y) * scale, p.dot(toward))
        }
        var depth = [Double](repeating: -.infinity, count: n * n)
        var color = [Vector3](repeating: Vector3(Double(background.0), Double(background.1), Double(background.2)), count: n * n)
        let key = Vector3(-0.4, -0.7, 1).normalized, fill = Vector3(0.8, 0.3, 0.2).normalized
        for part in parts {
            let base = Self.rgb(part.color)
            for i in 0..<part.mesh.triangles.count {
                let (a, b, c) = part.mesh.corners(i)
                let normal = (b - a).cross(c - a).normalized
                guard normal.dot(toward) > 0 else { continue }  // facing away
                let light = 0.28 + 0.62 * max(0, normal.dot(key)) + 0.22 * max(0, normal.dot(fill)) + 0.12 * normal.dot(toward)
                let shade = base * min(light, 1.15)
                rasterize(project(a), project(b), project(c), n) { x, y, z in
                    let k = y * n + x
                    if z > depth[k] {
                        depth[k] = z
                        color[k] = shade
                    }
                }
            }
        }
        // Average each 3 x 3 block.
        var pixels = [UInt8](repeating: 0, count: size * size * 3)
        for y in 0..<size {
            for x in 0..<size {
                var sum = Vector3.zero
                for dy in 0..<ss { for dx in 0..<ss { sum = sum + color[(y * ss + dy) * n + x * ss + dx] } }
                let avg = sum / Double(ss * ss)
                let o = (y * size + x) * 3
                pixels[o] = UInt8(min(255, max(0, avg.x.rounded())))
                pixels[o + 1] = UInt8(min(255, max(0, avg.y.rounded())))
                pixels[o + 2] = UInt8(min(255, max(0, avg.z.rounded())))
            }
        }
        return pixels
    }

    /// Calls `plot(x, y, depth)` for every pixel centre inside the projected triangle.
    private func rasterize(_ a: Vector3, _ b: Vector3, _ c: Vector3, _ n: Int, _ plot: (Int, Int, Double) -> Void) {
        let area = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
        guard abs(area) > 1e-12 else { return }
        let x0 = max(0, Int(min(a.x, b.x, c.x).rounded(.down))), x1 = min(n - 1, Int(max(a.x, b.x, c.x).rounded(.up)))
        let y0 = max(0, Int(min(a.y, b.y, c.y).rounded(.down))), y1 = min(n - 1, Int(max(a.y, b.y, c.y).rounded(.up)))
        guard x0 <= x1, y0 <= y1 else { return }
        for y in y0...y1 {
            let py = Double(y) + 0.5
            for x in x0...x1 {
                let px = Double(x) + 0.5
                let w0 = ((b.x - px) * (c.y - py) - (b.y - py) * (c.x - px)) / area
                let w1 = ((c.x - px) * (a.y - py) - (c.y - py) * (a.x - px)) / area
                let w2 = 1 - w0 - w1
                if w0 >= 0, w1 >= 0, w2 >= 0 { plot(x, y, w0 * a.z + w1 * b.z + w2 * c.z) }
            }
        }
    }

    static func rgb(_ hex: String) -> Vector3 {
        let v = UInt32(hex.dropFirst(), radix: 16) ?? 0x808080
        return Vector3(Double((v >> 16) & 0xFF), Double((v >> 8) & 0xFF), Double(v & 0xFF))
    }
}
