import Geometry
import Scene

extension DeskItem {
    /// An item of your own on the Mac mini enclosure, which exports, renders and checks like the
    /// catalogue's items (`ItemExport.write`, `parts`, `scene`).
    ///
    /// - `name`: lowercase letters, digits and `-`, as it appears in file names.
    /// - `parameters`: its own parameters, beside the common ones (body, ports, light, button,
    ///   vents, emblem, colours, fit, scale); `rules` check them and name the fix, as the
    ///   catalogue's do.
    /// - `features`: what it adds to the enclosure (cutters into the shell, the cover or the foot,
    ///   a shell body of its own, ...), from the enclosure and a complete, valid parameter set at
    ///   real size, in the enclosure's millimetres: x from left to right, y from front to rear,
    ///   z up from the desk, the shell's top at `Enclosure.height`.
    ///
    /// Throws, naming the problem, for a name that cannot be a file name, and for parameters that are
    /// repeated or already common ones.
    public static func onEnclosure(
        name: String, summary: String, parameters: [ParameterSpec] = [],
        rules: [@Sendable (ParameterSet) -> [ParameterProblem]] = [],
        features: @escaping @Sendable (Enclosure, ParameterSet, Resolution) throws(GeometryError) -> ItemFeatures
    ) throws(ParameterError) -> DeskItem {
        var problems = [ParameterProblem]()
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-")
        if name.isEmpty || !name.allSatisfy(allowed.contains) || name.hasPrefix("-") {
            problems.append(ParameterProblem("name", "must be lowercase letters, digits and `-` (it names the files), got `\(name)`"))
        }
        let common = Set(Catalogue.schema().specs.map(\.name))
        var seen = Set<String>()
        for spec in parameters {
            if common.contains(spec.name) {
                problems.append(ParameterProblem(spec.name, "is a common parameter already; give your own a name of its own, such as `\(name).\(spec.name.split(separator: ".").last ?? "")`"))
            } else if !seen.insert(spec.name).inserted {
                problems.append(ParameterProblem(spec.name, "is declared twice; declare each parameter once"))
            }
        }
        guard problems.isEmpty else { throw ParameterError(problems: problems) }
        return DeskItem(
            name: name, summary: summary, partNames: Catalogue.partNames, schema: Catalogue.schema(parameters, rules: rules),
            build: { (p: ParameterSet, resolution: Resolution, mode: PrintMode) throws(GeometryError) -> [CSGScene.Part] in
                let enclosure = Enclosure(p)
                return try enclosure.parts(try features(enclosure, p, resolution), resolution: resolution, mode: mode)
            })
    }
}
