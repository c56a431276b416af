import Foundation
import Geometry

/// A CSG scene (`docs/csg-scene.md`): a resolution and a tree of shapes and booleans, read from JSON
/// and evaluated by the geometry kernel.
public struct CSGScene: Sendable {
    public var resolution: Resolution
    public var root: CSGNode

    public init(resolution: Resolution = .normal, root: CSGNode) {
        self.resolution = resolution
        self.root = root
    }

    /// Evaluates the tree into one mesh. `loadMesh` reads a `mesh` node's file; every file is read
    /// once, before any geometry is built. Sibling nodes are then built concurrently. A failure names
    /// the JSON path of the node where it happened.
    public func evaluate(loadMesh: (String) throws(GeometryError) -> Mesh) throws(CSGError) -> Mesh {
        var meshes = [String: Mesh]()
        try root.load(into: &meshes, loadMesh)
        return try root.evaluate(resolution, meshes)
    }
}

/// A node that could not be evaluated: its JSON path and the kernel's reason.
public struct CSGError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var error: GeometryError
    public var description: String { "\(path): \(error)" }
}

/// One node: a shape, its placement (scale, then rotation about X, Y and Z in degrees, then
/// translation), and an optional tag for every triangle it yields.
public struct CSGNode: Sendable {
    public indirect enum Kind: Sendable {
        case box(size: Vector3, centered: Bool)
        case cylinder(radius: Double, height: Double, segments: Int?, centered: Bool)
        case sphere(radius: Double, segments: Int?)
        case roundedBox(size: Vector3, cornerRadius: Double, topFillet: Double, bottomFillet: Double, centered: Bool)
        case extrude(shape: Shape, height: Double, topScale: Vector2, centered: Bool)
        case revolve(shape: Shape, segments: Int?)
        case polyhedron(points: [Vector3], faces: [[Int]])
        case mesh(file: String)
        case union([CSGNode])
        case difference([CSGNode])
        case intersection([CSGNode])
    }

    public var kind: Kind
    public var transform: Transform
    public var tag: UInt32?
    /// Where the node stands in its scene file, for messages.
    public var path: String

    public init(_ kind: Kind, transform: Transform = .identity, tag: UInt32? = nil, path: String = "root") {
        self.kind = kind
        self.transform = transform
        self.tag = tag
        self.path = path
    }

    private var children: [CSGNode] {
        switch kind {
        case .union(let n), .difference(let n), .intersection(let n): n
        default: []
        }
    }

    /// Reads the file of every `mesh` node in this subtree that `meshes` does not hold yet.
    func load(into meshes: inout [String: Mesh], _ read: (String) throws(GeometryError) -> Mesh) throws(CSGError) {
        if case .mesh(let file) = kind, meshes[file] == nil {
            do {
                meshes[file] = try read(file)
            } catch {
                throw CSGError(path: path, error: error)
            }
        }
        for child in children { try child.load(into: &meshes, read) }
    }

    /// The mesh of this subtree, with the files of `mesh` nodes already read into `meshes`.
    func evaluate(_ r: Resolution, _ meshes: [String: Mesh]) throws(CSGError) -> Mesh {
        // Children report their own paths; this node's own work reports this path.
        let children = self.children
        let evaluated = try Parallel.each(children.count) { i throws(CSGError) in try children[i].evaluate(r, meshes) }
        do {
            return try evaluateSelf(r, meshes, evaluated)
        } catch {
            throw CSGError(path: path, error: error)
        }
    }

    private func evaluateSelf(_ r: Resolution, _ meshes: [String: Mesh], _ children: [Mesh]) throws(GeometryError) -> Mesh {
        var mesh: Mesh
        switch kind {
        case .box(let size, let centered):
            mesh = try Mesh.box(size: size, center: centered ? .zero : size / 2)
        case .cylinder(let radius, let height, let segments, let centered):
            mesh = try Mesh.cylinder(radius: radius, height: height, segments: segments, centered: centered, resolution: r)
        case .sphere(let radius, let segments):
            mesh = try Mesh.sphere(radius: radius, segments: segments, resolution: r)
        case .roundedBox(let size, let cornerRadius, let topFillet, let bottomFillet, let centered):
            mesh = try Mesh.roundedBox(
                width: size.x, depth: size.y, height: size.z, cornerRadius: cornerRadius,
                topFillet: topFillet, bottomFillet: bottomFillet, resolution: r)
            if centered { mesh = mesh.translated(by: Vector3(0, 0, -size.z / 2)) }
        case .extrude(let shape, let height, let topScale, let centered):
            mesh = try Mesh.extrusion(of: shape, height: height, topScale: topScale)
            if centered { mesh = mesh.translated(by: Vector3(0, 0, -height / 2)) }
        case .revolve(let shape, let segments):
            mesh = try Mesh.revolution(of: shape, segments: segments, resolution: r)
        case .polyhedron(let points, let faces):
            mesh = try Mesh.polyhedron(points: points, faces: faces)
        case .mesh(let file):
            mesh = meshes[file]!  // read by `load(into:_:)` before evaluation
        case .union:
            mesh = try Mesh.union(children)
        case .difference:
            mesh = try children[0].subtracting(Array(children.dropFirst()))
        case .intersection:
            mesh = children[0]
            for c in children.dropFirst() { mesh = try mesh.intersection(c) }
        }
        if transform != .identity { mesh = mesh.transformed(by: transform) }
        if let tag { mesh = mesh.tagged(tag) }
        return mesh
    }
}
