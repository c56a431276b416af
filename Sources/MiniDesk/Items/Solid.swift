import Geometry
import Scene

extension Catalogue {
    /// The replica itself, with every detail.
    static let solid = DeskItem(
        name: "solid",
        summary: "The replica: silver shell, black foot with vents, ports, status light, power button and emblem",
        partNames: partNames,
        schema: schema(),
        build: { (p: ParameterSet, resolution: Resolution, mode: PrintMode) throws(GeometryError) -> [CSGScene.Part] in
            try Enclosure(p).parts(ItemFeatures(), resolution: resolution, mode: mode)
        })
}
