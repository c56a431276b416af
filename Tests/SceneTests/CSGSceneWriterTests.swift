import Foundation
import Geometry
import Testing
@testable import Scene
import Support

/// The writer is the reader's inverse: every kind of node, placed and tagged in every order, reads
/// back as the same tree, and so evaluates to the same mesh bit for bit.
@Suite struct CSGSceneWriterTests {
    static let square = try! Shape.roundedRectangle(width: 4, height: 3, cornerRadius: 1, resolution: .draft)
    static let ring = Shape(polygons: [Polygon(
        outer: Contour([Vector2(0, 0), Vector2(6, 0), Vector2(6, 6), Vector2(0, 6)]),
        holes: [Contour([Vector2(2, 2), Vector2(2, 4), Vector2(4, 4), Vector2(4, 2)])])])

    /// One of each kind, with awkward numbers (thirds, -0, tiny and huge) where the bits must survive.
    static let everything: Solid = .union([
        .box(size: Vector3(1, 2, 3)),
        .box(size: Vector3(1, 2, 3), center: Vector3(0.5, 1, 1.5)),
        .box(size: Vector3(1.0 / 3, 2, 3), center: Vector3(-0.0, 1e-17, 12_345_678.9)),
        .cylinder(radius: 1, height: 2, segments: 7, centered: true),
        .cylinder(radius: 0.1, height: 2),
        .sphere(radius: 2, segments: 9),
        .roundedBox(width: 20, depth: 10, height: 5, cornerRadius: 3, top: .fillet(1), bottom: .printable(radius: 1, slope: 60 * .pi / 180, inset: 1.5)),
        .roundedShell(width: 20, depth: 10, height: 5, cornerRadius: 3, top: .printable(radius: 0.5, slope: 1, inset: 0), bottom: .fillet(0), wall: 2, ceiling: 1),
        .roundedSolid(width: 9, depth: 8, cornerRadius: 2, profile: [Vector2(1, 0), Vector2(0, 1), Vector2(0, 4)]),
        .extrusion(square, from: 0, to: 2),
        .extrusion(square, from: -0.0, to: 2, topScale: Vector2(0.5, 0.25)),
        .extrusion(ring, from: -1.5, to: 1.0 / 7),
        .revolution(ring.translated(by: Vector2(1, 0)), segments: 12),
        .mesh(try! Mesh.box(size: Vector3(1, 1, 1)).rotated(degrees: Vector3(10, 20, 30))),
        .difference(.box(size: Vector3(5, 5, 5)), [.sphere(radius: 1), .cylinder(radius: 1, height: 9)]),
        .intersection([.box(size: Vector3(5, 5, 5)), .sphere(radius: 4)]),
        .group([.box(size: Vector3(1, 1, 1)), .box(size: Vector3(1, 1, 1)).translated(by: Vector3(3, 0, 0))]),
        .group([.box(size: Vector3(1, 1, 1))]),
        .empty,
        Solid.box(size: Vector3(1, 1, 1)).translated(by: Vector3(1, 2, 3)).rotated(degrees: Vector3(0, 0, 33)).translated(by: Vector3(-1, 0, 0)),
        Solid.box(size: Vector3(1, 1, 1)).tagged(3).tagged(4).translated(by: Vector3(1, 0, 0)).tagged(5),
        Solid.box(size: Vector3(1, 1, 1)).transformed(by: Transform(row0: Vector3(-1, 0, 0), row1: .unitY, row2: .unitZ, translation: Vector3(0.1, 0.2, 0.3))),
    ])

    @Test func everyKindReadsBackAsTheSameTree() throws {
        let scene = CSGScene(
            resolution: .draft,
            parts: [
                .init(name: "all", color: "#12AB9F", piece: "foot", layout: .translation(Vector3(0, 1, 0)), solid: Self.everything),
                .init(name: "other", solid: .sphere(radius: 1)),
            ],
            source: .object(["item": .string("test"), "parameters": .object(["a": .number(-0.0)])]))
        let back = try CSGScene.read(scene.data)
        #expect(back == scene)
        #expect(back.data == scene.data)
        // The writer places a placed node by a group of one; the reader takes that group away.
        #expect(scene.json.text.contains("\"group\""))
        let one = CSGScene(root: Self.everything)
        #expect(try CSGScene.read(one.data) == one)
        #expect(one.json.text.contains("\"root\"") && !one.json.text.contains("\"parts\""))
    }

    @Test func aTreeAndItsSceneGiveTheSameMesh() throws {
        // Everything but the overlapping union (whose booleans are tested elsewhere): each node alone.
        guard case .union(let nodes) = Self.everything else { Issue.record("not a union"); return }
        for node in nodes {
            let scene = CSGScene(resolution: .draft, root: node)
            let direct = try node.mesh(resolution: .draft)
            let read = try CSGScene.read(scene.data).meshes()[0]
            #expect(read.vertices == direct.vertices && read.triangles == direct.triangles, "\(node)")
        }
    }

    @Test func numbersKeepTheirBits() throws {
        let values: [Double] = [-0.0, 0, 1, -1, 0.1, 1.0 / 3, 1e-300, 5e-324, 1.7976931348623157e308, 123_456_789_012_345_678, 2.5e15, 0.30000000000000004]
        let text = JSONValue.array(values.map { .number($0) }).text
        guard case .array(let back) = try JSONValue.parse(Data(text.utf8)) else { Issue.record("not an array"); return }
        for (v, b) in zip(values, back) {
            guard case .number(let n) = b else { Issue.record("\(b)"); continue }
            #expect(n.bitPattern == v.bitPattern, "\(v) came back as \(n)")
        }
        #expect(text == "[-0, 0, 1, -1, 0.1, 0.3333333333333333, 1e-300, 5e-324, 1.7976931348623157e+308, 1.2345678901234568e+17, 2500000000000000.0, 0.30000000000000004]\n")
        #expect(JSONValue.object(["b": .string("a\"\\\n\u{01}é"), "a": .array([.bool(true), .null])]).text == "{\n  \"a\": [\n    true,\n    null\n  ],\n  \"b\": \"a\\\"\\\\\\n\\u0001é\"\n}\n")
    }
}
