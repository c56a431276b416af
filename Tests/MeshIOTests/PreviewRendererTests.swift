import CMinizip
import Foundation
import Geometry
import MiniDesk
import Synchronization
import Testing
@testable import MeshIO

@Suite struct PreviewRendererTests {
    static let parts: [(mesh: Mesh, color: Color)] = [
        (try! Mesh.box(size: Vector3(10, 10, 4), center: Vector3(5, 5, 6)), "#C8C8CC"),
        (try! Mesh.cylinder(radius: 4, height: 4, segments: 32).translated(by: Vector3(5, 5, 0)), "#1A1A1A"),
    ]

    @Test func pngHasTheRightStructureAndPixels() throws {
        let png = PreviewRenderer(view: .iso, size: 64).png(Self.parts)
        #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(String(decoding: png[12..<16], as: UTF8.self) == "IHDR")
        let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == 64 && height == 64 && png[24] == 8 && png[25] == 2)
        #expect(String(decoding: png.suffix(8).prefix(4), as: UTF8.self) == "IEND")
        // The image data inflates back to 64 rows of a filter byte and 64 RGB pixels.
        let idatStart = png.range(of: Data("IDAT".utf8))!.upperBound
        let length = png[(idatStart - 8)..<(idatStart - 4)].reduce(0) { $0 << 8 | Int($1) }
        var raw = [UInt8](repeating: 0, count: 64 * (64 * 3 + 1))
        var rawSize = uLong(raw.count)
        let body = [UInt8](png[idatStart..<(idatStart + length)])
        #expect(uncompress(&raw, &rawSize, body, uLong(body.count)) == Z_OK && rawSize == uLong(raw.count))
    }

    @Test func partsAreDrawnInTheirColoursOverTheBackground() {
        let r = PreviewRenderer(view: .front, size: 90)
        let pixels = r.render(Self.parts)
        func pixel(_ x: Int, _ y: Int) -> (Int, Int, Int) {
            let o = (y * 90 + x) * 3
            return (Int(pixels[o]), Int(pixels[o + 1]), Int(pixels[o + 2]))
        }
        #expect(pixel(1, 1) == (244, 244, 246))  // background corner
        // From the front the silver box is above the black foot: the centre of the top half is light,
        // low in the middle is dark.
        let upper = pixel(45, 30), lower = pixel(45, 62)
        #expect(upper.0 > 120 && lower.0 < 40, "\(upper) \(lower)")
        #expect(PreviewRenderer(view: .top, size: 90).render(Self.parts) != pixels)
    }

    /// The mean brightness (0 to 255) of the pixels within `radius` of (x, y) in a square image.
    static func brightness(_ pixels: [UInt8], size: Int, x: Int, y: Int, radius: Int = 1) -> Double {
        var sum = 0.0, count = 0.0
        for yy in (y - radius)...(y + radius) {
            for xx in (x - radius)...(x + radius) {
                let o = (yy * size + xx) * 3
                sum += 0.3 * Double(pixels[o]) + 0.59 * Double(pixels[o + 1]) + 0.11 * Double(pixels[o + 2])
                count += 1
            }
        }
        return sum / count
    }

    /// The lights follow the camera: a box seen from the front, the rear, the top and the bottom
    /// shows its facing side equally bright.
    @Test func everyViewIsLitAlike() throws {
        let box: [(mesh: Mesh, color: Color)] = [(try Mesh.box(size: Vector3(10, 10, 10)), "#C8C8CC")]
        let centre = [PreviewRenderer.View.front, .rear, .top, .bottom].map { view in
            Self.brightness(PreviewRenderer(view: view, size: 64).render(box), size: 64, x: 32, y: 32, radius: 4)
        }
        #expect(centre.max()! - centre.min()! < 1, "\(centre)")
        #expect(centre[0] > 150, "the facing side is well lit: \(centre)")
    }

    /// Outlines: two parts of one colour, a small box standing on a large one, seen from above.
    /// The small box's border shows as a dark line on the even grey of both tops.
    @Test func outlinesMarkWherePartsMeet() throws {
        let parts: [(mesh: Mesh, color: Color)] = [(try Mesh.box(size: Vector3(20, 20, 4), center: Vector3(10, 10, 2)), "#C8C8CC"), (try Mesh.box(size: Vector3(10, 10, 4), center: Vector3(10, 10, 6)), "#C8C8CC")]
        let size = 112
        let pixels = PreviewRenderer(view: .top, size: size).render(parts)
        // 20 mm fill 112 / 1.12 = 100 px: the small box spans px 31 to 81, its border at x = 31 and 81.
        let lower = Self.brightness(pixels, size: size, x: 20, y: 56), upper = Self.brightness(pixels, size: size, x: 56, y: 56)
        let border = min(Self.brightness(pixels, size: size, x: 31, y: 56, radius: 0), Self.brightness(pixels, size: size, x: 30, y: 56, radius: 0),
                         Self.brightness(pixels, size: size, x: 32, y: 56, radius: 0))
        #expect(abs(lower - upper) < 40, "both tops face the camera: \(lower) \(upper)")
        #expect(border < 0.75 * min(lower, upper), "the border is drawn: \(border) against \(lower) and \(upper)")
    }

    /// The pen holder from above: each bore reads as a dark disc at its place, the top round it light.
    @Test func penHolderBoresShowFromAbove() throws {
        let item = try #require(Catalogue.item(named: "pen-holder"))
        let parts = try item.parts(resolution: .draft).parts.map(\.assembled)
        let size = 284  // 127 mm x 1.12 over 284 px: 2 px a mm, the body centred
        let pixels = PreviewRenderer(view: .top, size: size).render(parts.map { ($0.mesh, $0.color) })
        func pixel(_ x: Double, _ y: Double) -> (Int, Int) { (Int((x - 63.5) * 2 + 142), Int(142 - (y - 63.5) * 2)) }
        // Bores at x 41.5, 63.5, 85.5 and y 49.5, 71.5, 93.5 (the grid of 22 mm moved 8 mm to the rear).
        for bx in [41.5, 63.5, 85.5] {
            for by in [49.5, 71.5, 93.5] {
                let (x, y) = pixel(bx, by), (tx, ty) = pixel(bx + 11, by + 11)
                let bore = Self.brightness(pixels, size: size, x: x, y: y, radius: 2), top = Self.brightness(pixels, size: size, x: tx, y: ty, radius: 1)
                #expect(bore < 0.6 * top, "the bore at (\(bx), \(by)) is dark: \(bore) against the top's \(top)")
            }
        }
    }

    /// The bottom view shows the power button's groove at its place under the rear-left corner
    /// (13 mm from the left and the rear), though it is as black as the cover round it.
    @Test func theBottomShowsTheButton() throws {
        let item = try #require(Catalogue.item(named: "solid"))
        let size = 400
        func picture(_ button: Bool) throws -> [UInt8] {
            let parts = try item.parts(ParameterSet(["button.enabled": .bool(button)]), resolution: .draft).parts.map(\.assembled)
            return PreviewRenderer(view: .bottom, size: size).render(parts.map { ($0.mesh, $0.color) })
        }
        let with = try picture(true), without = try picture(false)
        // Seen from below, x runs right and the rear is at the bottom: the button's centre (13, 114)
        // is at pixel (200 + (13 - 63.5) k, 200 + (114 - 63.5) k) with k = 400 / 142.24 px a mm.
        let k = Double(size) / (127 * 1.12), cx = 200 + (13 - 63.5) * k, cy = 200 + (114 - 63.5) * k
        var near = 0, far = 0
        for i in 0..<(size * size) where abs(Int(with[3 * i]) - Int(without[3 * i])) > 20 {
            let dx = Double(i % size) - cx, dy = Double(i / size) - cy
            if dx * dx + dy * dy < 6 * k * 6 * k { near += 1 } else { far += 1 }
        }
        #expect(near > 40 && far == 0, "\(near) pixels show the groove round (\(cx), \(cy)), \(far) elsewhere")
    }

    /// Progress rises to 1 as the bands finish.
    @Test func progressIsReported() {
        let seen = Mutex([Double]())
        _ = PreviewRenderer(view: .iso, size: 96).render(Self.parts) { share in seen.withLock { $0.append(share) } }
        let shares = seen.withLock { $0 }.sorted()
        #expect(shares.count == 6 && shares.last == 1 && shares.first! > 0, "\(shares)")
    }
}
