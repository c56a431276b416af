import Geometry
import Support

/// A CSG scene (`docs/csg-scene.md`): a resolution and one solid, or named parts each with its own
/// solid (an item's build, `minidesk export --scene`), read from JSON and written back exactly.
public struct CSGScene: Equatable, Sendable {
    public var resolution: Resolution
    public var parts: [Part]
    /// What the scene was made from (an item, its mode and parameters), kept as written.
    public var source: JSONValue?

    /// One solid of the scene, and how a slicer should see it.
    public struct Part: Hashable, Sendable {
        /// The part's name; nil for the one solid of a `root` scene.
        public var name: String?
        /// The display colour as `#RRGGBB`.
        public var color: String?
        /// The piece of the print the part belongs to (see `MiniDesk.Part.piece`).
        public var piece: String?
        /// The move from the part's place in the assembled model to where it prints.
        public var layout: Transform?
        public var solid: Solid

        public init(name: String? = nil, color: String? = nil, piece: String? = nil, layout: Transform? = nil, solid: Solid) {
            self.name = name
            self.color = color
            self.piece = piece
            self.layout = layout
            self.solid = solid
        }
    }

    public init(resolution: Resolution = .normal, parts: [Part], source: JSONValue? = nil) {
        self.resolution = resolution
        self.parts = parts
        self.source = source
    }

    /// A scene of one solid, written with a `root`.
    public init(resolution: Resolution = .normal, root: Solid) {
        self.init(resolution: resolution, parts: [Part(solid: root)])
    }

    /// Whether the scene is one unnamed solid (`root`) rather than named parts.
    public var isSingleSolid: Bool { parts.count == 1 && parts[0].name == nil }

    /// Every part's mesh, in order. Parts, and sibling nodes within them, are built concurrently; a
    /// failure names the JSON path of the node where it happened.
    public func meshes() throws(CSGError) -> [Mesh] {
        let parts = self.parts, resolution = self.resolution
        return try Parallel.each(parts.count) { i throws(CSGError) in
            do throws(SolidError) {
                return try parts[i].solid.mesh(resolution: resolution)
            } catch {
                throw CSGError(path: nodePath(part: i, trail: error.trail), error: error.error)
            }
        }
    }

    /// The JSON path of the node that `trail` reaches in part `part`, as the writer lays the tree out
    /// (`root`, `parts[1].root`, then `.difference[2]` and so on; placements and tags are keys of
    /// the node they apply to, unless it has its own, which makes a `group` of one).
    func nodePath(part: Int, trail: [Int]) -> String {
        var path = isSingleSolid ? "root" : "parts[\(part)].root"
        var node = parts[part].solid
        for i in trail {
            switch node {
            case .transformed(let inner, _):
                if case .transformed = inner { path += ".group[0]" } else if case .tagged = inner { path += ".group[0]" }
                node = inner
            case .tagged(let inner, _):
                if case .tagged = inner { path += ".group[0]" }
                node = inner
            default:
                let children = node.children
                guard i < children.count else { return path }
                path += ".\(CSGSceneWriter.key(of: node))[\(i)]"
                node = children[i]
            }
        }
        return path
    }
}

/// A node that could not be evaluated: its JSON path and the kernel's reason.
public struct CSGError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var error: GeometryError
    public var description: String { "\(path): \(error)" }
}
