import Foundation
import Geometry
import Testing
@testable import MeshIO

@Suite struct CSGSceneTests {
    static func evaluate(_ json: String) throws -> Mesh {
        let scene = try CSGScene.read(Data(json.utf8))
        return try scene.evaluate { (file: String) throws(GeometryError) -> Mesh in try AssimpReader.read(file) }
    }

    @Test func primitivesAndPlacement() throws {
        let box = try Self.evaluate(#"{"root": {"box": {"size": [2, 3, 4]}, "scale": 2, "rotate": [0, 0, 90], "translate": [10, 0, 0]}}"#)
        // Scaled to 4 x 6 x 8 from the origin, turned 90° about Z (x -> y), then moved.
        #expect(box.bounds.min.x.isApproximately(4) && box.bounds.max.x.isApproximately(10))
        #expect(box.bounds.min.y.isApproximately(0) && box.bounds.max.y.isApproximately(4))
        #expect(abs(box.report().volume - 192) < 1e-9)
        let centered = try Self.evaluate(#"{"root": {"cylinder": {"radius": 1, "height": 2, "segments": 4, "center": true}}}"#)
        #expect(centered.bounds.min.z == -1 && centered.vertices[0] == Vector3(1, 0, -1))
        let tagged = try Self.evaluate(#"{"root": {"union": [{"sphere": {"radius": 1}, "tag": 3}, {"box": {"size": [1, 1, 1]}, "translate": [5, 0, 0], "tag": 4}]}}"#)
        #expect(tagged.tags == [3, 4])
    }

    @Test func shapesIn2D() throws {
        let svg = try Self.evaluate(#"{"root": {"extrude": {"shape": {"svg": {"path": "M0 0 H4 V4 H0 Z M1 1 V3 H3 V1 Z", "fillRule": "evenodd"}}, "height": 2}}}"#)
        #expect(svg.report().volume == 24)
        let polygon = try Self.evaluate(#"{"root": {"extrude": {"shape": {"polygon": {"points": [[0,0],[4,0],[4,4],[0,4]], "holes": [[[1,1],[3,1],[3,3],[1,3]]]}}, "height": 1, "topScale": 1}}}"#)
        #expect(polygon.report().volume == 12)
        let ring = try Self.evaluate(#"{"root": {"revolve": {"shape": {"rect": {"size": [1, 2]}}, "segments": 8}, "translate": [0, 0, 1]}}"#)
        #expect(ring.report().isValid && ring.bounds.min.z == 1)
        let rounded = try Self.evaluate(#"{"root": {"extrude": {"shape": {"roundedRect": {"size": [10, 6], "radius": 3, "center": true}}, "height": 1}}}"#)
        #expect(rounded.report().isValid)
        let puck = try Self.evaluate(#"{"root": {"roundedBox": {"size": [20, 20, 5], "cornerRadius": 5, "topFillet": 1, "center": true}}}"#)
        #expect(puck.bounds.min.z == -2.5 && puck.report().isValid)
    }

    @Test func booleansAndEmptyResults() throws {
        let plate = try Self.evaluate(#"{"root": {"difference": [{"box": {"size": [10, 10, 2]}}, {"cylinder": {"radius": 1.3, "height": 4, "segments": 16}, "translate": [5.1, 4.9, -1]}]}}"#)
        let hole = try Mesh.cylinder(radius: 1.3, height: 2, segments: 16).report().volume
        #expect(abs(plate.report().volume - (200 - hole)) < 1e-9)
        let nothing = try Self.evaluate(#"{"root": {"intersection": [{"box": {"size": [1, 1, 1]}}, {"box": {"size": [1, 1, 1]}, "translate": [3, 0, 0]}]}}"#)
        #expect(nothing.isEmpty)
    }

    @Test func polyhedronAndMeshFiles() throws {
        let tetra = #"{"root": {"polyhedron": {"points": [[0,0,0],[1,0,0],[0,1,0],[0,0,1]], "faces": [[0,2,1],[0,1,3],[0,3,2],[1,2,3]]}}}"#
        #expect(abs(try Self.evaluate(tetra).report().volume - 1.0 / 6) < 1e-12)
        let folder = AtomicFileTests.tempFolder()
        try AtomicFile.write(IndexedMeshWriter.ply(try Mesh.box(size: Vector3(1, 2, 3))), to: folder + "/box.ply")
        let loaded = try Self.evaluate(#"{"root": {"mesh": {"file": "\#(folder)/box.ply"}}}"#)
        #expect(abs(loaded.report().volume - 6) < 1e-6 && loaded.report().isValid)
    }

    @Test(arguments: [
        (#"[1, 2]"#, "a scene must be a JSON object, got an array"),
        (#"{"root": "#, "not valid JSON"),
        (#"{}"#, "a scene needs a `root` node"),
        (#"{"root": {}, "extra": 1}"#, "unknown key `extra` (allowed: resolution, root)"),
        (#"{"root": {}}"#, "root: a node needs one shape key (box, cylinder, difference, extrude, intersection, mesh, polyhedron, revolve, roundedBox, sphere, union)"),
        (#"{"root": {"box": {"size": [1,1,1]}, "sphere": {"radius": 1}}}"#, "root: a node has exactly one shape key, found box, sphere"),
        (#"{"root": {"difference": [{"box": {"size": [1,1,1]}}, {"box": {"size": [1,1,1]}}, {"cylinder": {"radius": -1, "height": 2}}]}}"#, "root.difference[2].cylinder.radius: must be > 0, got -1"),
        (#"{"root": {"box": {"size": [1, 1]}}}"#, "root.box.size: must be an array of 3 numbers, got 2 items"),
        (#"{"root": {"box": {"size": [1, true, 1]}}}"#, "root.box.size[1]: must be a number, got a boolean"),
        (#"{"root": {"box": {"size": [1, 1, 1], "center": 1}}}"#, "root.box.center: must be true or false, got a number"),
        (#"{"root": {"box": {"sise": [1, 1, 1]}}}"#, "root.box: unknown key `sise`, did you mean `size`?"),
        (#"{"root": {"cylinder": {"radius": 1}}}"#, "root.cylinder: missing `height`"),
        (#"{"root": {"cylinder": {"radius": 1, "height": 1, "segments": 2.5}}}"#, "root.cylinder.segments: must be a whole number, got 2.5"),
        (#"{"root": {"cylinder": {"radius": 1, "height": 1, "segments": 2}}}"#, "root.cylinder.segments: must be from 3 to 1000000, got 2"),
        (#"{"root": {"union": []}}"#, "root.union: needs at least one node"),
        (#"{"root": {"union": {"box": {}}}}"#, "root.union: must be an array, got an object"),
        (#"{"root": {"sphere": {"radius": 1}, "tag": -1}}"#, "root.tag: must be from 0 to 4294967295, got -1"),
        (#"{"root": {"sphere": {"radius": 1}, "scale": [1, 0, 1]}}"#, "root.scale[1]: must be > 0, got 0"),
        (#"{"root": {"extrude": {"shape": {"svg": {"path": "M 0 0 L 1"}}, "height": 1}}}"#, "root.extrude.shape.svg.path: SVG path data, position 9: expected a number, found the end of the data"),
        (#"{"root": {"extrude": {"shape": {"svg": {"path": "M0 0", "fillRule": "odd"}}, "height": 1}}}"#, "root.extrude.shape.svg.fillRule: must be nonzero or evenodd, got \"odd\""),
        (#"{"root": {"extrude": {"shape": {"rect": {"size": [1, 1]}, "circle": {"radius": 1}}, "height": 1}}}"#, "root.extrude.shape: a 2D shape has exactly one key (circle, polygon, rect, roundedRect, svg)"),
        (#"{"root": {"polyhedron": {"points": [[0,0,0]], "faces": [[0, 1, 2]]}}}"#, "root.polyhedron.faces[0][1]: must be from 0 to 0, got 1"),
        (#"{"resolution": {"maxChordDeviation": 0}, "root": {"sphere": {"radius": 1}}}"#, "resolution.maxChordDeviation: must be > 0, got 0"),
        (#"{"resolution": {"minSegments": 9, "maxSegments": 8}, "root": {"sphere": {"radius": 1}}}"#, "resolution: resolution.maxSegments must be >= minSegments (9), got 8"),
    ])
    func malformedScenesNameTheJSONPath(json: String, message: String) {
        do {
            _ = try CSGScene.read(Data(json.utf8))
            Issue.record("expected an error for \(json)")
        } catch {
            #expect(error.description == message || (message == "not valid JSON" && error.description.hasPrefix(message)), "\(error.description)")
        }
    }

    @Test func evaluationErrorsNameTheNode() throws {
        let scene = try CSGScene.read(Data(#"{"root": {"union": [{"sphere": {"radius": 1}}, {"roundedBox": {"size": [10, 10, 3], "cornerRadius": 2, "topFillet": 3}}]}}"#.utf8))
        do {
            _ = try scene.evaluate { (f: String) throws(GeometryError) -> Mesh in .empty }
            Issue.record("expected an error")
        } catch {
            #expect(error.path == "root.union[1]")
            #expect(error.description.hasPrefix("root.union[1]: roundedBox topFillet must be <="))
        }
        // Flush faces are resolved, not refused: a corner notch 2 mm on a side.
        let flush = try CSGScene.read(Data(#"{"root": {"difference": [{"box": {"size": [4, 4, 4]}}, {"box": {"size": [2, 2, 2]}}]}}"#.utf8))
        let notched = try flush.evaluate { (f: String) throws(GeometryError) -> Mesh in .empty }.report()
        #expect(notched.isValid && notched.volume == 56)
        let missing = try CSGScene.read(Data(#"{"root": {"mesh": {"file": "/no/such.stl"}}}"#.utf8))
        do { _ = try missing.evaluate { (f: String) throws(GeometryError) -> Mesh in try AssimpReader.read(f) } } catch {
            #expect(error.description == "root: cannot read /no/such.stl: no such file")
        }
    }
}

@Suite struct IndexedMeshWriterTests {
    @Test func plyAndObjKeepIndexingAndBits() throws {
        let m = try Mesh.sphere(radius: 1.1, segments: 7).rotated(degrees: Vector3(11, 22, 33))
        let folder = AtomicFileTests.tempFolder()
        for (name, data) in [("m.ply", IndexedMeshWriter.ply(m)), ("m.obj", IndexedMeshWriter.obj(m))] {
            try AtomicFile.write(data, to: folder + "/" + name)
        }
        // The OBJ text holds every coordinate exactly (shortest round-trip decimals).
        let text = try String(contentsOfFile: folder + "/m.obj", encoding: .utf8)
        let vs = text.split(separator: "\n").filter { $0.hasPrefix("v ") }.map { $0.split(separator: " ").dropFirst().map { Double($0)! } }
        #expect(vs.count == m.vertices.count)
        for (v, p) in zip(vs, m.vertices) { #expect(v == [p.x, p.y, p.z]) }
        let faces = text.split(separator: "\n").filter { $0.hasPrefix("f ") }
        #expect(faces.first == "f \(m.triangles[0].a + 1) \(m.triangles[0].b + 1) \(m.triangles[0].c + 1)")
        // PLY: the header counts and the size of the binary body.
        let ply = IndexedMeshWriter.ply(m)
        let headerEnd = ply.range(of: Data("end_header\n".utf8))!.upperBound
        #expect(ply.count - headerEnd == m.vertices.count * 24 + m.triangles.count * 13)
    }
}

extension Double {
    func isApproximately(_ other: Double) -> Bool { abs(self - other) < 1e-9 }
}
