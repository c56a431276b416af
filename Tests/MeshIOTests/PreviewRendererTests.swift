import CMinizip
import Foundation
import Geometry
import Testing
@testable import MeshIO

@Suite struct PreviewRendererTests {
    static let parts: [(mesh: Mesh, color: String)] = [
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
}
