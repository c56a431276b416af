import Geometry

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
    /// Builds the parts from a complete, valid parameter set at real size (`ParameterSchema.realSize`),
    /// laid out for `mode`.
    var build: @Sendable (ParameterSet, Resolution, PrintMode) throws(GeometryError) -> [Part]

    /// The parts `overrides` give (on top of the defaults): those whose detail is switched off are
    /// left out.
    public func partNames(_ overrides: ParameterSet) -> [String] {
        let values = schema.defaults.overriding(with: overrides)
        let switches = ["ports": "ports.enabled", "light": "light.enabled", "emblem": "emblem.enabled"]
        return partNames.filter { name in switches[name].map { values.bool($0) } ?? true }
    }

    /// The parts for `overrides` on top of the defaults: validated first (errors throw, with every
    /// problem at once; warnings are returned), then built for `mode` at the size `scale` gives,
    /// with clearances and other absolute lengths in true millimetres.
    public func parts(_ overrides: ParameterSet = ParameterSet(), resolution: Resolution, mode: PrintMode = .multicolor) throws(ItemError) -> (parts: [Part], warnings: [ParameterProblem]) {
        let problems = schema.validate(overrides)
        let errors = problems.filter { !$0.isWarning }
        guard errors.isEmpty else { throw .parameters(ParameterError(problems: errors)) }
        let values = schema.defaults.overriding(with: overrides)
        do {
            return (try build(schema.realSize(values), resolution, mode), problems.filter(\.isWarning))
        } catch {
            throw .geometry(error)
        }
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
