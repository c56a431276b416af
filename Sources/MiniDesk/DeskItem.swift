import Geometry
import Scene
import Support

/// A printable desk item: a name, a one-line description, its parameters, and how to build its parts.
public struct DeskItem: Sendable {
    public var name: String
    public var summary: String
    /// The part names, in palette order.
    public var partNames: [String]
    public var schema: ParameterSchema
    /// The named pieces it prints as, which a slicer moves apart: every item's `foot`, which stands
    /// behind the body (whose parts have no piece name), and the stash's `lid` and `base`, which
    /// replace the body. Parts carry their piece and `Part.layout`.
    public var pieces: [String] = ["foot"]
    /// Describes the parts, as solids, from a complete, valid parameter set at real size
    /// (`ParameterSchema.realSize`), laid out for `mode`.
    var build: @Sendable (ParameterSet, Resolution, PrintMode) throws(GeometryError) -> [CSGScene.Part]

    /// The parts `overrides` give (on top of the defaults): those whose detail is switched off are
    /// left out.
    public func partNames(_ overrides: ParameterSet) -> [String] {
        let values = schema.defaults.overriding(with: overrides)
        let switches = ["ports": "ports.enabled", "light": "light.enabled", "emblem": "emblem.enabled"]
        return partNames.filter { name in switches[name].map { values.bool($0) } ?? true }
    }

    /// The item's build as data: every part's solid for `overrides` on top of the defaults, laid
    /// out for `mode`, with the item, the mode and `overrides` as its `source`. Validated first
    /// (errors throw, with every problem at once; warnings are returned); sized as `scale` says,
    /// with clearances and other absolute lengths in true millimetres. No mesh is made, except to
    /// measure the inlays laid out in a row for `.separate`.
    public func scene(_ overrides: ParameterSet = ParameterSet(), resolution: Resolution, mode: PrintMode = .multicolor) throws(ItemError) -> (scene: CSGScene, warnings: [ParameterProblem]) {
        let problems = schema.validate(overrides)
        let errors = problems.filter { !$0.isWarning }
        guard errors.isEmpty else { throw .parameters(ParameterError(problems: errors)) }
        let values = schema.defaults.overriding(with: overrides)
        let parts: [CSGScene.Part]
        do {
            parts = try build(schema.realSize(values), resolution, mode).filter { !$0.solid.isEmpty }
        } catch {
            throw .geometry(error)
        }
        let source = JSONValue.object([
            "item": .string(name), "mode": .string(mode.rawValue),
            "parameters": .object(overrides.values.mapValues(\.jsonValue)),
        ])
        return (CSGScene(resolution: resolution, parts: parts, source: source), problems.filter(\.isWarning))
    }

    /// The parts for `overrides` on top of the defaults: the `scene` evaluated, its parts in
    /// parallel. A part that comes out empty is left out.
    public func parts(_ overrides: ParameterSet = ParameterSet(), resolution: Resolution, mode: PrintMode = .multicolor) throws(ItemError) -> (parts: [Part], warnings: [ParameterProblem]) {
        let (scene, warnings) = try self.scene(overrides, resolution: resolution, mode: mode)
        let meshes: [Mesh]
        do { meshes = try scene.meshes() } catch { throw .geometry(error.error) }
        var parts = [Part]()
        for (part, mesh) in zip(scene.parts, meshes) where !mesh.isEmpty {
            parts.append(Part(name: part.name ?? name, color: part.color.flatMap(Color.init(hex:)) ?? Color(red: 0xC0, green: 0xC0, blue: 0xC0), mesh: mesh, piece: part.piece, layout: part.layout))
        }
        return (parts, warnings)
    }
}

/// How an item's parts are laid out for printing.
public enum PrintMode: String, Sendable, CaseIterable {
    /// Every part in place, as one object for a multi-material printer.
    case multicolor
    /// Every part on its own, lying on the bed the way it prints best, for a single-colour printer
    /// and glue: the shell and cover align by a key ring, and inlays fit their pockets with
    /// `fit.clearance` to spare.
    case separate
    /// One body, the union of all parts, in the shell's colour: for printing in one colour without
    /// glue. (The stash stays two bodies, lid and base.)
    case merged
}

/// Why an item could not be built: bad parameters (exit code 2), or the kernel's refusal (1).
public enum ItemError: Error, Sendable, CustomStringConvertible {
    case parameters(ParameterError)
    case geometry(GeometryError)

    public var description: String {
        switch self {
        case .parameters(let e): return e.description
        case .geometry(let e): return e.description
        }
    }
}
