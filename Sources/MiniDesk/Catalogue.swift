import Geometry

/// Every item MiniDesk can make, in listing order.
public enum Catalogue {
    public static let items: [DeskItem] = [solid]

    public static func item(named name: String) -> DeskItem? { items.first { $0.name == name } }

    /// The replica. For now its shell and foot; ports, vents, button, light and emblem arrive with
    /// booleans that resolve touching operands.
    static let solid = DeskItem(
        name: "solid",
        summary: "The replica: a silver shell on a black foot (details to come)",
        partNames: ["shell", "bottom"],
        schema: ParameterSchema(specs: CommonParameters.specs, rules: CommonParameters.rules),
        build: { (p: ParameterSet, resolution: Resolution) throws(GeometryError) -> [Part] in
            let enclosure = Enclosure(p)
            return [
                Part(name: "shell", color: p.text("colors.shell"), mesh: try enclosure.shell(resolution: resolution)),
                Part(name: "bottom", color: p.text("colors.bottom"), mesh: try enclosure.foot(resolution: resolution)),
            ]
        })
}
