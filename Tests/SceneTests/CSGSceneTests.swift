import Foundation
import Geometry
import Testing
@testable import Scene
import Support

@Suite struct CSGSceneTests {
    static func evaluate(_ json: String, files: [String: Mesh] = [:]) throws -> Mesh {
        let scene = try CSGScene.read(Data(json.utf8)) { (file: String) throws(GeometryError) -> Mesh in
            guard let mesh = files[file] else { throw .invalidMesh("cannot read \(file): no such file") }
            return mesh
        }
        return try scene.meshes()[0]
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
        let loaded = try Self.evaluate(#"{"root": {"mesh": {"file": "box.ply"}}}"#, files: ["box.ply": try Mesh.box(size: Vector3(1, 2, 3))])
        #expect(abs(loaded.report().volume - 6) < 1e-6 && loaded.report().isValid)
    }

    @Test(arguments: [
        (#"[1, 2]"#, "a scene must be a JSON object, got an array"),
        (#"{"root": "#, "not valid JSON"),
        (#"{}"#, "a scene needs a `root` node or `parts`"),
        (#"{"root": {}, "extra": 1}"#, "unknown key `extra` (allowed: parts, resolution, root, source)"),
        (#"{"root": {}}"#, "root: a node needs one shape key (box, cylinder, difference, extrude, group, intersection, mesh, polyhedron, revolve, roundedBox, roundedShell, roundedSolid, sphere, union)"),
        (#"{"root": {"box": {"size": [1,1,1]}, "sphere": {"radius": 1}}}"#, "root: a node has exactly one shape key, found box, sphere"),
        (#"{"root": {"difference": [{"box": {"size": [1,1,1]}}, {"box": {"size": [1,1,1]}}, {"cylinder": {"radius": -1, "height": 2}}]}}"#, "root.difference[2].cylinder.radius: must be > 0, got -1"),
        (#"{"root": {"box": {"size": [1, 1]}}}"#, "root.box.size: must be an array of 3 numbers, got 2 items"),
        (#"{"root": {"box": {"size": [1, true, 1]}}}"#, "root.box.size[1]: must be a number, got a boolean"),
        (#"{"root": {"box": {"size": [1, 1, 1], "center": 1}}}"#, "root.box.center: must be true or false, got a number"),
        (#"{"root": {"box": {"size": [1, 1, 1]}, "matrix": [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 0, 0]]}}"#, "root.matrix: must be invertible (its determinant is 0.0)"),
        (#"{"root": {"box": {"size": [1, 1, 1]}, "matrix": [[1, 0, 0, 0], [0, 1, 0, 0]], "translate": [1, 0, 0]}}"#, "root.matrix: a node takes `matrix` or `scale`, `rotate` and `translate`, not both"),
        (#"{"root": {"extrude": {"shape": {"rect": {"size": [1, 1]}}, "from": 2, "to": 1}}}"#, "root.extrude.to: must be above `from` (2.0), got 1.0"),
        (#"{"root": {"extrude": {"shape": {"polygons": [{"outer": [[0, 0], [0, 1], [1, 0]]}]}, "height": 1}}}"#, "root.extrude.shape.polygons[0].outer: an outline must run counter-clockwise"),
        (#"{"root": {"roundedBox": {"size": [9, 9, 9], "top": {"printable": {"slope": 2}}}}}"#, "root.roundedBox.top.printable.slope: must be less than π/2 (radians off the horizontal), got 2.0"),
        (#"{"root": {"roundedBox": {"size": [9, 9, 9], "topFillet": 1, "top": {"fillet": 1}}}}"#, "root.roundedBox.topFillet: give `topFillet` or `top`, not both"),
        (#"{"root": {"box": {"size": [1, 1, 1]}}, "parts": []}"#, "a scene has a `root` node or `parts`, not both"),
        (#"{"parts": []}"#, "parts: needs at least one part"),
        (#"{"parts": [{"name": "a", "root": {"sphere": {"radius": 1}}}, {"name": "a", "root": {"sphere": {"radius": 1}}}]}"#, "parts[1].name: names a second part `a`; part names must differ"),
        (#"{"parts": [{"name": "a", "color": "red", "root": {"sphere": {"radius": 1}}}]}"#, "parts[0].color: must be a colour as #RRGGBB, got \"red\""),
        (#"{"root": {"mesh": {"file": "/no/such.stl"}}}"#, "root.mesh.file: this scene cannot read mesh files"),
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
        (#"{"root": {"extrude": {"shape": {"rect": {"size": [1, 1]}, "circle": {"radius": 1}}, "height": 1}}}"#, "root.extrude.shape: a 2D shape has exactly one key (circle, polygon, polygons, rect, roundedRect, svg)"),
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
            _ = try scene.meshes()
            Issue.record("expected an error")
        } catch {
            #expect(error.path == "root.union[1]")
            #expect(error.description.hasPrefix("root.union[1]: roundedBox topFillet must be <="))
        }
        // Flush faces are resolved, not refused: a corner notch 2 mm on a side.
        let flush = try CSGScene.read(Data(#"{"root": {"difference": [{"box": {"size": [4, 4, 4]}}, {"box": {"size": [2, 2, 2]}}]}}"#.utf8))
        let notched = try flush.meshes()[0].report()
        #expect(notched.isValid && notched.volume == 56)
        #expect(throws: JSONError(path: "root.mesh.file", message: "cannot read no.stl: no such file")) {
            try Self.evaluate(#"{"root": {"mesh": {"file": "no.stl"}}}"#)
        }
        // A placed, tagged node inside a part: the path follows the JSON the writer lays out, where
        // a second placement goes on a group of one.
        let bad = Solid.roundedBox(width: 10, depth: 10, height: 3, cornerRadius: 2, top: .fillet(3), bottom: .fillet(0))
        let parts = CSGScene(parts: [
            .init(name: "a", solid: .box(size: Vector3(1, 1, 1))),
            .init(name: "b", solid: Solid.box(size: Vector3(1, 1, 1)).subtracting([bad.translated(by: Vector3(1, 0, 0)).rotated(degrees: Vector3(0, 0, 9)).tagged(2)])),
        ])
        #expect(throws: CSGError.self) { try parts.meshes() }
        do { _ = try parts.meshes() } catch {
            #expect(error.path == "parts[1].root.difference[1].group[0]")
            let written = try CSGScene.read(parts.data)
            #expect(written == parts)
        }
    }
}

extension Double {
    func isApproximately(_ other: Double) -> Bool { abs(self - other) < 1e-9 }
}
