import Foundation
import Geometry
import MiniDesk
import Synchronization

/// A shaded preview of coloured parts, drawn by our own software rasterizer: an orthographic view,
/// lights that follow the camera (so every face, the rear and the bottom included, is lit alike),
/// outlines where parts meet, faces fold and surfaces step back, a shade in recesses and a touch of
/// depth, so that pots, bores, slots, vents and the button read in every view. The recess shade is
/// screen-space ambient occlusion: how far each point lies below the mean depth round it, from a
/// coarse depth map of the whole view. Anti-aliased by supersampling (3 x 3 samples a pixel up to
/// 1,024 px, 2 x 2 above), drawn in horizontal bands over every core.
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

    /// The PNG of `parts` (each a mesh and its colour). `progress` hears the share done
    /// (0 to 1) as bands finish, from any thread.
    public func png(_ parts: [(mesh: Mesh, color: Color)], progress: (@Sendable (Double) -> Void)? = nil) -> Data {
        PNGEncoder.encode(width: size, height: size, rgb: render(parts, progress: progress))
    }

    /// One triangle that faces the camera: its projected corners, its part, its lit colour and its
    /// normal (for the fold outlines).
    private struct Facet {
        var a: Int, b: Int, c: Int
        var part: Int32
        var shade: SIMD3<Float>
        var normal: SIMD3<Float>
        var minY: Double, maxY: Double
    }

    /// RGB pixels, row by row from the top.
    public func render(_ parts: [(mesh: Mesh, color: Color)], progress: (@Sendable (Double) -> Void)? = nil) -> [UInt8] {
        let ss = size <= 1024 ? 3 : 2, n = size * ss
        let (right, up, toward) = axes
        var bounds = Bounds.empty
        for p in parts { bounds.formUnion(p.mesh.bounds) }
        // Fit the projected bounding box's corners, with a margin.
        var lo = Vector2(.infinity, .infinity), hi = Vector2(-.infinity, -.infinity)
        var nearest = -Double.infinity, farthest = Double.infinity
        for k in 0..<8 where !bounds.isEmpty {
            let c = Vector3(k & 1 == 0 ? bounds.min.x : bounds.max.x, k & 2 == 0 ? bounds.min.y : bounds.max.y, k & 4 == 0 ? bounds.min.z : bounds.max.z)
            let q = Vector2(c.dot(right), c.dot(up))
            lo = Vector2(min(lo.x, q.x), min(lo.y, q.y))
            hi = Vector2(max(hi.x, q.x), max(hi.y, q.y))
            nearest = max(nearest, c.dot(toward))
            farthest = min(farthest, c.dot(toward))
        }
        let extent = max(hi.x - lo.x, hi.y - lo.y, 1e-9) * 1.12
        let scale = Double(n) / extent  // samples per model unit
        let center = (lo + hi) * 0.5

        // Lights fixed to the camera: a key from the upper left, a fill from the right, and ambient.
        let key = (toward + up * 0.6 - right * 0.45).normalized, fill = (toward * 0.6 + right * 0.8 - up * 0.2).normalized
        var points = [SIMD3<Double>]()
        var facets = [Facet]()
        for (index, part) in parts.enumerated() {
            let base = Self.rgb(part.color)
            let first = points.count
            points.reserveCapacity(points.count + part.mesh.vertices.count)
            for p in part.mesh.vertices {
                points.append(SIMD3((p.dot(right) - center.x) * scale + Double(n) / 2, Double(n) / 2 - (p.dot(up) - center.y) * scale, p.dot(toward)))
            }
            for t in part.mesh.triangles {
                let (a, b, c) = (part.mesh.vertices[Int(t.a)], part.mesh.vertices[Int(t.b)], part.mesh.vertices[Int(t.c)])
                let normal = (b - a).cross(c - a).normalized
                guard normal.dot(toward) > 0 else { continue }  // facing away
                let light = 0.36 + 0.58 * max(0, normal.dot(key)) + 0.2 * max(0, normal.dot(fill)) + 0.08 * normal.dot(toward)
                let shade = base * min(light, 1.15)
                let ia = first + Int(t.a), ib = first + Int(t.b), ic = first + Int(t.c)
                let ys = [points[ia].y, points[ib].y, points[ic].y]
                facets.append(Facet(a: ia, b: ib, c: ic, part: Int32(index), shade: SIMD3(Float(shade.x), Float(shade.y), Float(shade.z)),
                                    normal: SIMD3(Float(normal.x), Float(normal.y), Float(normal.z)), minY: ys.min()!, maxY: ys.max()!))
            }
        }
        let partIsDark = parts.map { Self.rgb($0.color).dot(Vector3(0.3, 0.59, 0.11)) < 90 }

        // The recess shade, from a coarse depth map of the whole view (one sample per cell).
        let coarse = min(size, 512)
        let recess = RecessMap(cells: coarse, n: n, points: points, facets: facets, recess: Float(extent) * 0.03)
        // Bands of output rows, each with one sample row more on either side for the outlines.
        let margin = 1
        let bandRows = max(16, size / 16)
        let bands = (size + bandRows - 1) / bandRows
        // The facets each band (with its margins) meets, in drawing order.
        var binned = [[Int32]](repeating: [], count: bands)
        for (i, f) in facets.enumerated() {
            let first = max(0, Int(((f.minY - Double(margin)) / Double(bandRows * ss)).rounded(.down)))
            let last = min(bands - 1, Int(((f.maxY + Double(margin)) / Double(bandRows * ss)).rounded(.down)))
            if first <= last { for k in first...last { binned[k].append(Int32(i)) } }
        }
        let depthRange = Float(max(nearest - farthest, 1e-9))
        let step = Float(extent / Double(n))  // model units per sample
        let context = BandContext(
            n: n, ss: ss, size: size, bandRows: bandRows, margin: margin, points: points, facets: facets,
            partIsDark: partIsDark, background: SIMD3(Float(background.0), Float(background.1), Float(background.2)),
            nearest: Float(nearest), depthRange: depthRange, jump: max(4 * step, Float(extent) * 0.0025), recess: recess)
        let done = Mutex(0)
        let rows = Parallel.each(bands) { k -> [UInt8] in
            let pixels = context.draw(band: k, facets: binned[k])
            let finished = done.withLock { count -> Int in
                count += 1
                return count
            }
            progress?(Double(finished) / Double(bands))
            return pixels
        }
        return rows.flatMap { $0 }
    }

    /// What every band reads: the projected points and facets, and the shading constants.
    private struct BandContext: Sendable {
        var n: Int, ss: Int, size: Int, bandRows: Int, margin: Int
        var points: [SIMD3<Double>]
        var facets: [Facet]
        var partIsDark: [Bool]
        var background: SIMD3<Float>
        /// The depth of the nearest corner of the bounds, and the bounds' depth, for the depth cue.
        var nearest: Float, depthRange: Float
        /// The depth step between neighbouring samples that counts as a surface stepping back.
        var jump: Float
        var recess: RecessMap

        /// Output rows `band * bandRows ..< (band + 1) * bandRows`, as RGB.
        func draw(band: Int, facets list: [Int32]) -> [UInt8] {
            let firstRow = band * bandRows, lastRow = min(size, firstRow + bandRows)
            guard firstRow < lastRow else { return [] }
            // Sample rows top ..< bottom, the margins included.
            let top = max(0, firstRow * ss - margin), bottom = min(n, lastRow * ss + margin)
            let rows = bottom - top
            var depth = [Float](repeating: -.infinity, count: rows * n)
            var owner = [Int32](repeating: -1, count: rows * n)
            depth.withUnsafeMutableBufferPointer { depth in
                owner.withUnsafeMutableBufferPointer { owner in
                    for f in list { Self.rasterize(facets[Int(f)], points, n: n, top: top, rows: rows, depth: depth, owner: owner, id: f) }
                }
            }
            var pixels = [UInt8](repeating: 0, count: (lastRow - firstRow) * size * 3)
            let weight = 1 / Float(ss * ss)
            for y in firstRow..<lastRow {
                for x in 0..<size {
                    var sum = SIMD3<Float>(repeating: 0)
                    for dy in 0..<ss {
                        let row = y * ss + dy - top
                        for dx in 0..<ss { sum += sample(x * ss + dx, row, top: top, rows: rows, depth, owner) }
                    }
                    let avg = sum * weight
                    let o = ((y - firstRow) * size + x) * 3
                    pixels[o] = UInt8(min(255, max(0, avg.x.rounded())))
                    pixels[o + 1] = UInt8(min(255, max(0, avg.y.rounded())))
                    pixels[o + 2] = UInt8(min(255, max(0, avg.z.rounded())))
                }
            }
            return pixels
        }

        /// The colour of one sample: the background; an outline where the facet's part, fold or
        /// depth changes against a neighbour; or the facet's lit colour, shaded by recess and depth.
        func sample(_ x: Int, _ row: Int, top: Int, rows: Int, _ depth: [Float], _ owner: [Int32]) -> SIMD3<Float> {
            let k = row * n + x
            let id = owner[k]
            guard id >= 0 else { return background }
            let f = facets[Int(id)]
            let z = depth[k]
            var outline = false
            // Neighbours up to ss - 1 samples away, so that a line is about one pixel wide.
            let reach = max(1, ss - 1)
            for d in 0..<(4 * reach) {
                let distance = d / 4 + 1, side = d % 4
                let nx = x + (side == 0 ? distance : side == 1 ? -distance : 0), ny = row + (side == 2 ? distance : side == 3 ? -distance : 0)
                guard nx >= 0, nx < n, ny >= 0, ny < rows else { continue }
                let other = owner[ny * n + nx]
                if other == id { continue }
                if other < 0 { outline = true; break }  // the silhouette
                let g = facets[Int(other)]
                if g.part != f.part || abs(depth[ny * n + nx] - z) > jump * Float(distance) || (f.normal * g.normal).sum() < 0.82 {
                    // A fold or a step is drawn on its nearer side only; a part's border on both.
                    if depth[ny * n + nx] <= z || g.part != f.part { outline = true; break }
                }
            }
            let cue = 1 - 0.12 * min(1, max(0, (nearest - z) / depthRange))
            var shade = f.shade * cue * (1 - 0.55 * recess.share(x: x, y: row + top))
            if outline {
                shade = partIsDark[Int(f.part)] ? shade * 0.3 + SIMD3<Float>(128, 128, 134) * 0.7 : shade * 0.42
            }
            return shade
        }

        /// Writes facet `f` (numbered `id`) into buffers of `rows` rows of `n` samples, from sample row
        /// `top`, wherever it is nearer than what is there.
        static func rasterize(_ f: Facet, _ points: [SIMD3<Double>], n: Int, top: Int, rows: Int,
                              depth: UnsafeMutableBufferPointer<Float>, owner: UnsafeMutableBufferPointer<Int32>, id: Int32) {
            let a = points[f.a], b = points[f.b], c = points[f.c]
            let area = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
            guard abs(area) > 1e-12 else { return }
            let x0 = max(0, Int(min(a.x, b.x, c.x).rounded(.down))), x1 = min(n - 1, Int(max(a.x, b.x, c.x).rounded(.up)))
            let y0 = max(top, Int(min(a.y, b.y, c.y).rounded(.down))), y1 = min(top + rows - 1, Int(max(a.y, b.y, c.y).rounded(.up)))
            guard x0 <= x1, y0 <= y1 else { return }
            let inverse = 1 / area
            for y in y0...y1 {
                let py = Double(y) + 0.5
                let row = (y - top) * n
                for x in x0...x1 {
                    let px = Double(x) + 0.5
                    let w0 = ((b.x - px) * (c.y - py) - (b.y - py) * (c.x - px)) * inverse
                    let w1 = ((c.x - px) * (a.y - py) - (c.y - py) * (a.x - px)) * inverse
                    let w2 = 1 - w0 - w1
                    guard w0 >= 0, w1 >= 0, w2 >= 0 else { continue }
                    let z = Float(w0 * a.z + w1 * b.z + w2 * c.z)
                    if z > depth[row + x] {
                        depth[row + x] = z
                        owner[row + x] = id
                    }
                }
            }
        }
    }

    /// How far each point of the view lies below the mean depth of the surface round it (within 4%
    /// of the view), as a share of `recess` (0 to 1): on a coarse grid of `cells` x `cells` over the
    /// view's `n` x `n` samples, from box sums along rows and then columns, read bilinearly.
    private struct RecessMap: Sendable {
        var cells: Int
        /// Cells per sample.
        var scale: Double
        var values: [Float]

        init(cells: Int, n: Int, points: [SIMD3<Double>], facets: [Facet], recess: Float) {
            self.cells = cells
            scale = Double(cells) / Double(n)
            let coarse = points.map { [scale] p in SIMD3(p.x * scale, p.y * scale, p.z) }
            var depth = [Float](repeating: -.infinity, count: cells * cells)
            var owner = [Int32](repeating: -1, count: cells * cells)
            depth.withUnsafeMutableBufferPointer { depth in
                owner.withUnsafeMutableBufferPointer { owner in
                    for (i, f) in facets.enumerated() {
                        BandContext.rasterize(f, coarse, n: cells, top: 0, rows: cells, depth: depth, owner: owner, id: Int32(i))
                    }
                }
            }
            let radius = max(2, Int((Double(cells) * 0.04).rounded()))
            // Sums and counts of the covered cells within `radius` along each row.
            var sum = [Float](repeating: 0, count: cells * cells), hits = [Float](repeating: 0, count: cells * cells)
            for y in 0..<cells {
                var s: Float = 0, c: Float = 0
                let base = y * cells
                for x in 0..<min(radius, cells) where owner[base + x] >= 0 {
                    s += depth[base + x]
                    c += 1
                }
                for x in 0..<cells {
                    let add = x + radius, drop = x - radius - 1
                    if add < cells, owner[base + add] >= 0 { s += depth[base + add]; c += 1 }
                    if drop >= 0, owner[base + drop] >= 0 { s -= depth[base + drop]; c -= 1 }
                    sum[base + x] = s
                    hits[base + x] = c
                }
            }
            // Then along each column, and the depth below the mean.
            var values = [Float](repeating: 0, count: cells * cells)
            var columnSum = [Float](repeating: 0, count: cells), columnHits = [Float](repeating: 0, count: cells)
            for y in 0..<min(radius, cells) {
                for x in 0..<cells { columnSum[x] += sum[y * cells + x]; columnHits[x] += hits[y * cells + x] }
            }
            for y in 0..<cells {
                let add = y + radius, drop = y - radius - 1
                if add < cells { for x in 0..<cells { columnSum[x] += sum[add * cells + x]; columnHits[x] += hits[add * cells + x] } }
                if drop >= 0 { for x in 0..<cells { columnSum[x] -= sum[drop * cells + x]; columnHits[x] -= hits[drop * cells + x] } }
                for x in 0..<cells where owner[y * cells + x] >= 0 && columnHits[x] > 0 {
                    values[y * cells + x] = min(1, max(0, (columnSum[x] / columnHits[x] - depth[y * cells + x]) / recess))
                }
            }
            self.values = values
        }

        /// The share at sample (x, y) of the full view.
        func share(x: Int, y: Int) -> Float {
            let fx = max(0, min(Double(cells - 1), (Double(x) + 0.5) * scale - 0.5))
            let fy = max(0, min(Double(cells - 1), (Double(y) + 0.5) * scale - 0.5))
            let x0 = Int(fx), y0 = Int(fy), x1 = min(cells - 1, x0 + 1), y1 = min(cells - 1, y0 + 1)
            let tx = Float(fx - Double(x0)), ty = Float(fy - Double(y0))
            let top = values[y0 * cells + x0] * (1 - tx) + values[y0 * cells + x1] * tx
            let bottom = values[y1 * cells + x0] * (1 - tx) + values[y1 * cells + x1] * tx
            return top * (1 - ty) + bottom * ty
        }
    }

    static func rgb(_ color: Color) -> Vector3 { Vector3(Double(color.red), Double(color.green), Double(color.blue)) }
}
