import Foundation
import Geometry
import MiniDesk
import Testing
@testable import MeshIO

/// Every assimp exporter MiniDesk offers, round-tripped: the file read back (by assimp where it
/// reads the format, by a small reader of the file's own text otherwise) holds every triangle, in
/// the same place (+Z up once read), with the part names where the format keeps them.
struct AssimpWriterTests {
    /// Two parts well apart: a 10 x 20 x 30 box at the origin and a sphere of radius 4 around (40, 5, 6).
    static let parts: [Part] = [
        Part(name: "shell", color: "#336699", mesh: try! Mesh.box(size: Vector3(10, 20, 30))),
        Part(name: "emblem", color: "#CC2200", mesh: try! Mesh.sphere(radius: 4, center: Vector3(40, 5, 6), segments: 16)),
    ]
    static var triangles: Int { parts.reduce(0) { $0 + $1.mesh.triangles.count } }
    static var bounds: Bounds { parts.map(\.mesh.bounds).reduce(parts[0].mesh.bounds) { $0.union($1) } }

    @Test func offersEveryExporterButOurOwnBinaryFBXAndGLTF1() {
        let ids = Set(AssimpFormat.all.map(\.id))
        for expected in ["collada", "stp", "x", "3ds", "gltf2", "glb2", "x3d", "fbxa", "assbin", "pbrt"] { #expect(ids.contains(expected), "\(expected)") }
        #expect(ids.isDisjoint(with: ["stl", "stlb", "ply", "obj", "3mf", "glb", "fbx", "gltf"]))
        #expect(AssimpFormat.named("DAE")?.id == "collada" && AssimpFormat.named("fbx")?.id == "fbxa" && AssimpFormat.named("json")?.id == "assjson" && AssimpFormat.named("STEP")?.id == "stp")
        #expect(AssimpFormat.named("gltf")?.id == "gltf2" && AssimpFormat.named("glb2")?.fileExtension == "glb")
        #expect(AssimpFormat.named("stl") == nil && AssimpFormat.named("nope") == nil)
        #expect(AssimpFormat.named("glb") == nil && AssimpFormat.named("OBJ") == nil, "MiniDesk's own formats stay its own")
    }

    @Test(arguments: AssimpFormat.all.map(\.id))
    func roundTrips(_ id: String) throws {
        let format = try #require(AssimpFormat.named(id))
        let folder = AtomicFileTests.tempFolder()
        let path = folder + "/item." + format.fileExtension
        let written = try AssimpWriter.write(Self.parts, format: format, to: path)
        #expect(written == [path] + format.companionExtensions.map { folder + "/item." + $0 })
        #expect(AtomicFileTests.leftovers(in: folder).isEmpty)
        let (names, triangles, bounds) = try Self.readBack(path, format)
        #expect(triangles == Self.triangles)
        // assimp holds positions as 32-bit floats.
        #expect((bounds.min - Self.bounds.min).length < 1e-4 && (bounds.max - Self.bounds.max).length < 1e-4, "\(bounds) for \(Self.bounds)")
        // X3D names every mesh after the file, and 3DS decorates the names.
        if id == "x3d" { #expect(names.count == 2) } else { #expect(zip(names, ["shell", "emblem"]).allSatisfy { $0.0.hasPrefix($0.1) }, "\(names)") }
    }

    @Test func coloursReachTheMaterials() throws {
        let folder = AtomicFileTests.tempFolder()
        try AssimpWriter.write(Self.parts, format: try #require(AssimpFormat.named("gltf2")), to: folder + "/c.gltf")
        let gltf = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/c.gltf"))) as! [String: Any]
        let materials = gltf["materials"] as! [[String: Any]]
        #expect(materials.map { $0["name"] as? String } == ["shell", "emblem"])
        let factor = (materials[1]["pbrMetallicRoughness"] as! [String: Any])["baseColorFactor"] as! [Double]
        #expect(abs(factor[0] - 0.8) < 1e-6 && abs(factor[1] - 0.1333) < 1e-4 && factor[2] == 0 && factor[3] == 1)
        try AssimpWriter.write(Self.parts, format: try #require(AssimpFormat.named("dae")), to: folder + "/c.dae")
        let dae = try String(contentsOfFile: folder + "/c.dae", encoding: .utf8)
        #expect(dae.contains("0.200000003   0.400000006   0.600000024   1"), "shell's #336699 as the diffuse colour")
    }

    @Test func stepNamesItsOwnFile() throws {
        let folder = AtomicFileTests.tempFolder()
        try AssimpWriter.write(Self.parts, format: try #require(AssimpFormat.named("stp")), to: folder + "/it's.stp")
        let text = try String(contentsOfFile: folder + "/it's.stp", encoding: .utf8)
        #expect(text.contains("FILE_NAME('it''s.stp',") && !text.contains("$blobfile"))
    }

    @Test func aFailedWriteLeavesNothing() throws {
        let folder = AtomicFileTests.tempFolder()
        let gltf = try #require(AssimpFormat.named("gltf2"))
        #expect(throws: FileOutputError.missingFolder(path: folder + "/none/a.gltf")) { try AssimpWriter.write(Self.parts, format: gltf, to: folder + "/none/a.gltf") }
        try FileManager.default.createDirectory(atPath: folder + "/a.gltf", withIntermediateDirectories: false)
        #expect(throws: FileOutputError.isDirectory(path: folder + "/a.gltf")) { try AssimpWriter.write(Self.parts, format: gltf, to: folder + "/a.gltf") }
        #expect(throws: FileOutputError.isDirectory(path: folder + "/a.gltf")) { try AssimpWriter.write(Self.parts, format: try #require(AssimpFormat.named("dae")), to: folder + "/a.gltf") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["a.gltf"])
    }

    @Test func a3DSMeshHoldsAtMost65535Vertices() throws {
        let folder = AtomicFileTests.tempFolder()
        let sphere = try Mesh.sphere(radius: 10, segments: 400)
        #expect(sphere.vertices.count > 65535)
        #expect(AssimpFormat.named("3ds")?.verticesPerMesh == 65535 && AssimpFormat.named("collada")?.verticesPerMesh == nil)
        try AssimpWriter.write([Part(name: "s", color: "#FFFFFF", mesh: sphere)], format: try #require(AssimpFormat.named("3ds")), to: folder + "/s.3ds")
        let back = try AssimpReader.readParts(folder + "/s.3ds")
        #expect(back.count > 1 && back.allSatisfy { $0.mesh.vertices.count <= 65535 })
        #expect(back.reduce(0) { $0 + $1.mesh.triangles.count } == sphere.triangles.count)
    }

    /// Part names, triangle count and bounds of a written file.
    static func readBack(_ path: String, _ format: AssimpFormat) throws -> ([String], Int, Bounds) {
        if format.readsBack {
            let parts = try AssimpReader.readParts(path)
            let bounds = parts.dropFirst().reduce(parts[0].mesh.bounds) { $0.union($1.mesh.bounds) }
            return (parts.map(\.name), parts.reduce(0) { $0 + $1.mesh.triangles.count }, bounds)
        }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        func numbers(_ s: Substring) -> [Double] { s.split(whereSeparator: { " \n\t(),".contains($0) }).compactMap { Double($0) } }
        func box(_ values: [Double]) -> Bounds {
            Bounds(points: stride(from: 0, to: values.count, by: 3).map { Vector3(values[$0], values[$0 + 1], values[$0 + 2]) })
        }
        switch format.id {
        case "stp":
            // One FACE_SURFACE per triangle; the corners are the CARTESIAN_POINTs the VERTEX_POINTs name.
            var points = [String: Substring]()
            var corners = [String]()
            for line in text.split(separator: "\n") {
                guard let eq = line.firstIndex(of: "=") else { continue }
                let id = String(line[..<eq]), body = line[line.index(after: eq)...]
                if body.hasPrefix("CARTESIAN_POINT") { points[id] = body.drop { $0 != "(" }.dropFirst().drop { $0 != "(" } }
                if body.hasPrefix("VERTEX_POINT"), let hash = body.firstIndex(of: "#") { corners.append(String(body[hash...].prefix { $0 != ")" })) }
            }
            let faces = text.components(separatedBy: "=FACE_SURFACE(").count - 1
            return (["shell", "emblem"], faces, box(corners.flatMap { numbers(points[$0] ?? "") }))
        case "assjson":
            let json = try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
            let meshes = json["meshes"] as! [[String: Any]]
            return (meshes.map { $0["name"] as! String }, meshes.reduce(0) { $0 + ($1["faces"] as! [Any]).count },
                    box(meshes.flatMap { $0["vertices"] as! [Double] }))
        case "assxml":
            let faces = text.components(separatedBy: "<Face num=\"3\">").count - 1
            let names = text.components(separatedBy: "<MeshList")[0].components(separatedBy: "<Node name=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
            var values = [Double]()
            for block in text.components(separatedBy: "<Positions").dropFirst() { values += numbers(block.split(separator: ">", maxSplits: 1)[1].components(separatedBy: "</Positions>")[0][...]) }
            return (names.filter { $0 != "MiniDesk" }, faces, box(values))
        case "pbrt":
            let shapes = text.components(separatedBy: "Shape \"trianglemesh\"").dropFirst()
            var triangles = 0, values = [Double]()
            for shape in shapes {
                triangles += numbers(shape.components(separatedBy: "\"integer indices\" [")[1].components(separatedBy: "]")[0][...]).count / 3
                values += numbers(shape.components(separatedBy: "\"point3 P\" [")[1].components(separatedBy: "]")[0][...])
            }
            return (["shell", "emblem"], triangles, box(values))
        default:
            Issue.record("no reader for \(format.id)")
            return ([], 0, Bounds(points: [Vector3.zero]))
        }
    }
}
