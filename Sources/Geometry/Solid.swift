/// A solid as data: a tree of primitives, placements and booleans, in millimetres. Building one does
/// no geometry; `mesh(resolution:)` evaluates it. So a model's build can be compared, saved as a CSG
/// scene and evaluated later to exactly the same mesh.
///
/// Each case evaluates to the `Mesh` call of the same name, and placements are applied one after the
/// other as written, so a tree gives bit for bit the mesh that the calls it records give.
public indirect enum Solid: Hashable, Sendable {
    /// `Mesh.box(size:center:)`: `size` centred on `center`.
    case box(size: Vector3, center: Vector3 = .zero)
    /// `Mesh.cylinder`: along +Z from z = 0 (or centred on z = 0), `segments` from the resolution
    /// when nil.
    case cylinder(radius: Double, height: Double, segments: Int? = nil, centered: Bool = false)
    /// `Mesh.sphere`, centred on the origin.
    case sphere(radius: Double, segments: Int? = nil)
    /// `Mesh.roundedBox`: centred on x = y = 0, from z = 0 to `height`.
    case roundedBox(width: Double, depth: Double, height: Double, cornerRadius: Double, top: BoxEdge, bottom: BoxEdge)
    /// `Mesh.roundedShell`: the rounded box hollowed out from below.
    case roundedShell(width: Double, depth: Double, height: Double, cornerRadius: Double, top: BoxEdge, bottom: BoxEdge, wall: Double, ceiling: Double)
    /// `Mesh.roundedSolid`: the rounded plan following `profile`, (inset, z) stations from the bottom
    /// face up, each given as `Vector2(inset, z)`.
    case roundedSolid(width: Double, depth: Double, cornerRadius: Double, profile: [Vector2])
    /// `Mesh.extrusion(of:from:to:topScale:)`.
    case extrusion(Shape, from: Double, to: Double, topScale: Vector2 = Vector2(1, 1))
    /// `Mesh.revolution(of:segments:)`.
    case revolution(Shape, segments: Int? = nil)
    /// A mesh given as it is.
    case mesh(Mesh)
    /// `Mesh.union`.
    case union([Solid])
    /// The first solid less all the others (`Mesh.subtracting(_:)`, in one batch).
    case difference(Solid, [Solid])
    /// What every solid covers.
    case intersection([Solid])
    /// Disjoint solids joined without a boolean (`Mesh.merged`); no solids is the empty solid.
    case group([Solid])
    /// The solid mapped by a transform.
    case transformed(Solid, Transform)
    /// The solid with every triangle tagged (`Mesh.tagged`).
    case tagged(Solid, UInt32)

    /// The empty solid.
    public static let empty = Solid.group([])

    /// Whether the tree is the empty solid as written (an empty group, or one of empty groups). A
    /// difference that happens to cut everything away is not known to be empty before evaluation.
    public var isEmpty: Bool {
        switch self {
        case .group(let solids), .union(let solids): return solids.allSatisfy(\.isEmpty)
        case .transformed(let s, _), .tagged(let s, _): return s.isEmpty
        default: return false
        }
    }

    /// The solids directly below this one in the tree, in order (the difference's base first).
    public var children: [Solid] {
        switch self {
        case .union(let s), .intersection(let s), .group(let s): return s
        case .difference(let base, let cutters): return [base] + cutters
        case .transformed(let s, _), .tagged(let s, _): return [s]
        default: return []
        }
    }

    // MARK: - Verbs

    public func transformed(by transform: Transform) -> Solid { .transformed(self, transform) }
    public func translated(by t: Vector3) -> Solid { .transformed(self, .translation(t)) }
    /// Rotated about X, then Y, then Z, by the given angles in degrees.
    public func rotated(degrees r: Vector3) -> Solid { .transformed(self, .rotation(degrees: r)) }
    public func tagged(_ tag: UInt32) -> Solid { .tagged(self, tag) }
    /// This solid less every cutter, in one batch; no cutters leaves it as it is.
    public func subtracting(_ cutters: [Solid]) -> Solid { cutters.isEmpty ? self : .difference(self, cutters) }
    public func subtracting(_ cutter: Solid) -> Solid { .difference(self, [cutter]) }
    public func union(_ other: Solid) -> Solid { .union([self, other]) }
    public func intersection(_ other: Solid) -> Solid { .intersection([self, other]) }

    /// `Mesh.extrusion(of:from:to:)`: `shape` in the XY plane from z = `bottom` to z = `top`.
    public static func extrusion(of shape: Shape, from bottom: Double, to top: Double) -> Solid {
        .extrusion(shape, from: bottom, to: top)
    }

    /// `Mesh.extrusion(of:height:)`: `shape` from z = 0 to `height`.
    public static func extrusion(of shape: Shape, height: Double) -> Solid { .extrusion(shape, from: 0, to: height) }
}
