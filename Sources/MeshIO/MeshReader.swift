import Foundation
import Geometry

/// Reads mesh files in double precision. MiniDesk reads the formats it writes itself (STL, OBJ, PLY
/// and 3MF), exactly as they are stored: every coordinate as written, indexed formats with the
/// file's own vertex order, parts by their names. Other formats go through assimp, which reads in
/// single precision.
public enum MeshReader {
    /// The extensions MiniDesk reads itself (lower case, without the dot).
    public static let ownFormats: Set<String> = ["stl", "obj", "ply", "3mf"]

    /// Every part of the file as one mesh, with one tag per part (0, 1, ...).
    public static func read(_ path: String) throws(GeometryError) -> Mesh {
        Mesh.merged(try readParts(path).enumerated().map { $0.element.mesh.tagged(UInt32($0.offset)) })
    }

    /// The parameter file a 3MF written by `minidesk export` carries
    /// (`Metadata/minidesk_parameters.json`, OpenSCAD's parameter-set format), to build it again.
    public static func embeddedParameters(in path: String) throws(GeometryError) -> Data {
        let name = "Metadata/minidesk_parameters.json"
        guard let entries = ZipEntries.read(path, wanted: { $0 == name }) else {
            throw .invalidMesh("cannot read \(path): " + (FileManager.default.fileExists(atPath: path) ? "it is not a readable zip archive, as a 3MF must be" : "no such file"))
        }
        guard let entry = entries.first else {
            throw .invalidMesh("\(path) carries no MiniDesk parameters (\(name)); only a 3MF written by `minidesk export` does")
        }
        return entry.data
    }

    /// Each part of the file with its report (self-intersections included): what `minidesk check`
    /// prints and `export --verify` requires to be valid.
    public static func checkedParts(_ path: String) throws(GeometryError) -> [(name: String, report: MeshReport)] {
        let parts = try readParts(path)
        return Parallel.each(parts.count) { i in (parts[i].name, parts[i].mesh.report()) }
    }

    /// Each part of the file, named (a 3MF object, an OBJ group, an ASCII STL solid; otherwise the
    /// file's name), placed by the file's transforms. The error names the file and what is wrong
    /// with it: a missing file, a malformed line or record, an index out of range, or a coordinate
    /// that is not finite or does not fit the format's number type.
    public static func readParts(_ path: String) throws(GeometryError) -> [(name: String, mesh: Mesh)] {
        let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
        guard ownFormats.contains(ext) else { return try AssimpReader.readParts(path) }
        guard let data = FileManager.default.contents(atPath: path) else {
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
            throw .invalidMesh("cannot read \(path): \(exists ? (isFolder.boolValue ? "it is a folder" : "permission denied") : "no such file")")
        }
        let stem = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        let file = MeshFile(path: path, stem: stem)
        switch ext {
        case "stl": return try STLReader.parts(data, file)
        case "obj": return try OBJReader.parts(data, file)
        case "ply": return try PLYReader.parts(data, file)
        default: return try ThreeMFReader.parts(path, file)
        }
    }
}

/// The file being read, for messages.
struct MeshFile {
    let path: String
    /// The file's name without folder and extension: the name of a part the file does not name.
    let stem: String

    /// `invalidMesh` naming the file.
    func error(_ message: String) -> GeometryError { .invalidMesh("cannot read \(path): \(message)") }

    /// `p`, checked: finite, and within the range of a 32-bit float where the format stores one.
    func checked(_ p: Vector3, vertex: Int, float: Bool) throws(GeometryError) -> Vector3 {
        for c in [p.x, p.y, p.z] {
            if !c.isFinite { throw error("vertex \(vertex) has a coordinate that is not finite (\(c))") }
            if float && abs(c) > Double(Float.greatestFiniteMagnitude) {
                throw error("vertex \(vertex) has the coordinate \(c), which does not fit in the format's 32-bit float (at most ±\(Float.greatestFiniteMagnitude))")
            }
        }
        return p
    }

    /// A polygon's corners (indices into `vertices`, counter-clockwise seen from outside) as triangles
    /// with the same orientation: the polygon projected along its normal and ear-clipped. `face` names
    /// it in the error, if it folds or has no area.
    func triangles(of polygon: [UInt32], _ vertices: [Vector3], face: String) throws(GeometryError) -> [Mesh.Triangle] {
        if polygon.count == 3 { return [Mesh.Triangle(polygon[0], polygon[1], polygon[2])] }
        guard polygon.count > 3 else { throw error("\(face) has \(polygon.count) corners; a face needs at least 3") }
        // Newell's normal, then the projection that keeps the polygon counter-clockwise.
        var n = Vector3.zero
        for (k, i) in polygon.enumerated() {
            let p = vertices[Int(i)], q = vertices[Int(polygon[(k + 1) % polygon.count])]
            n = n + Vector3((p.y - q.y) * (p.z + q.z), (p.z - q.z) * (p.x + q.x), (p.x - q.x) * (p.y + q.y))
        }
        let axis = abs(n.x) >= abs(n.y) && abs(n.x) >= abs(n.z) ? 0 : (abs(n.y) >= abs(n.z) ? 1 : 2)
        let (u, v) = axis == 0 ? (1, 2) : (axis == 1 ? (2, 0) : (0, 1))
        let flip = n[axis] < 0
        let flat = polygon.map { i -> Vector2 in
            let p = vertices[Int(i)]
            return flip ? Vector2(p[v], p[u]) : Vector2(p[u], p[v])
        }
        let contour = Contour(flat)
        guard contour.points.count == flat.count, contour.signedArea > 0, let pieces = try? Polygon(outer: contour).triangulated() else {
            throw error("\(face) (\(polygon.count) corners) has no area or crosses itself, so it cannot be split into triangles")
        }
        return pieces.map { Mesh.Triangle(polygon[$0.0], polygon[$0.1], polygon[$0.2]) }
    }
}
