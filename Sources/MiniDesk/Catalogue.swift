import Geometry

/// Every item MiniDesk can make, in listing order.
public enum Catalogue {
    public static let items: [DeskItem] = [solid, stash, planter, phoneStand, penHolder]

    public static func item(named name: String) -> DeskItem? { items.first { $0.name == name } }

    /// The names of the parameters every item has (the body, the details, colours, fit, printer).
    public static let sharedParameterNames = Set((CommonParameters.specs + DetailParameters.specs).map(\.name))

    /// The parts every item can have, in palette order.
    public static let partNames = ["shell", "bottom", "foot", "ports", "light", "emblem"]

    /// An item's schema: the common parameters, then the item's own, then the details', with the
    /// item's own defaults and ranges for shared parameters (such as a smaller emblem beside a pot).
    static func schema(
        _ own: [ParameterSpec] = [], rules: [@Sendable (ParameterSet) -> [ParameterProblem]] = [],
        defaults: [String: ParameterValue] = [:], ranges: [String: ClosedRange<Double>] = [:],
        derived: (@Sendable (ParameterSet) -> ParameterSet)? = nil
    ) -> ParameterSchema {
        let specs = (CommonParameters.specs + own + DetailParameters.specs).map { spec in
            var s = spec
            if let value = defaults[spec.name] { s.defaultValue = value }
            if let range = ranges[spec.name] { (s.min, s.max) = (range.lowerBound, range.upperBound) }
            return s
        }
        return ParameterSchema(specs: specs, rules: CommonParameters.rules + DetailParameters.rules + rules, derived: derived)
    }

    /// A rule that keeps the emblem 1 mm clear of the openings an item cuts in the top, each given
    /// by a name for messages and its plan bounds.
    static func emblemClear(of openings: @escaping @Sendable (ParameterSet) -> [(name: String, min: Vector2, max: Vector2)]) -> @Sendable (ParameterSet) -> [ParameterProblem] {
        { p in
            guard p.bool("emblem.enabled"), let outline = try? Emblem.outline(p, resolution: .draft) else { return [] }
            let b = outline.bounds
            for o in openings(p) where b.min.x < o.max.x + 1 && b.max.x > o.min.x - 1 && b.min.y < o.max.y + 1 && b.max.y > o.min.y - 1 {
                return [ParameterProblem("emblem.offsetY", "puts the emblem (x \(fmt(b.min.x)) to \(fmt(b.max.x)), y \(fmt(b.min.y)) to \(fmt(b.max.y)) mm) within 1 mm of the \(o.name); move it with emblem.offsetX and emblem.offsetY, make it smaller with emblem.size, or turn it off with emblem.enabled=false")]
            }
            return []
        }
    }

    /// A rule that leaves two nozzle widths of wall behind the deepest port pocket, for items with
    /// thin walls.
    static func portsFit(wall name: String) -> @Sendable (ParameterSet) -> [ParameterProblem] {
        { p in
            guard p.bool("ports.enabled") else { return [] }
            let pocket = p.number("ports.depth") + p.number("ports.inlayThickness") + p.number("ports.power.recessDepth")
            let wall = p.number(name), backing = 2 * p.number("printer.nozzle")
            return pocket > wall - backing
                ? [ParameterProblem(name, "must leave two nozzle widths (\(fmt(backing)) mm) behind the deepest port pocket (ports.depth + ports.inlayThickness + ports.power.recessDepth = \(fmt(pocket)) mm), got \(fmt(wall))")]
                : []
        }
    }

    /// A rule that reports walls thinner than two nozzle widths: each wall is the parameter to
    /// blame and the wall's thickness in mm at real size. Errors, or warnings for walls whose loss
    /// only merges openings.
    static func wallsPrintable(asWarnings: Bool = false, _ walls: @escaping @Sendable (ParameterSet) -> [(name: String, thickness: Double)]) -> @Sendable (ParameterSet) -> [ParameterProblem] {
        { p in
            let scale = p.number("scale"), nozzle = p.number("printer.nozzle")
            return walls(p).compactMap { wall in
                let size = wall.thickness
                guard size < 2 * nozzle else { return nil }
                let at = scale == 1 ? "" : " at scale \(fmt(scale))"
                return ParameterProblem(wall.name, "leaves a wall of \(fmt(size)) mm\(at), thinner than two nozzle widths (2 x \(fmt(nozzle)) mm)", isWarning: asWarnings)
            }
        }
    }

    static func fmt(_ v: Double) -> String { CommonParameters.fmt(v) }
}
