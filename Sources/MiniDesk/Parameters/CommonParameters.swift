/// The parameters every item shares: the enclosure's dimensions (defaults from
/// `macmini-geometry.md` §0), colours, the printer and the overall scale, with the rules that tie
/// them together.
public enum CommonParameters {
    public static let specs: [ParameterSpec] = [
        .number("scale", 1, 0.3...4, "Uniform scale of the whole item (0.5 makes a half-size desk toy); fit clearances, the nozzle and the sizes of outside things (a phone, a cable) keep their millimetres"),
        .length("body.width", 127, 111...300, "Width of the enclosure, left to right"),
        .length("body.depth", 127, 111...300, "Depth of the enclosure, front to back"),
        .length("body.height", 50, 28...200, "Overall height, foot included"),
        .length("body.cornerRadius", 18, 0...26, "Radius of the rounded corners seen from above"),
        .length("body.topFillet", 3, 0...12, "Radius of the rounded top edge"),
        .length("body.bottomFillet", 1, 0...6, "Radius of the rounded bottom edge of the shell"),
        .length("foot.inset", 8.5, 1...45, "How far the round foot's edge sits inside the body's smaller side (8.5 mm makes the 110 mm foot of a 127 mm body)"),
        .length("foot.height", 6.5, 3...25, "Height of the foot, from the desk to the shell"),
        .color("colors.shell", Palette.silver, "Colour of the shell (aluminium)"),
        .color("colors.bottom", Palette.black, "Colour of the foot and bottom cover"),
        .length("printer.nozzle", 0.4, 0.2...0.8, "Nozzle diameter; details finer than this are reported").absolute(),
    ]

    public static let rules: [@Sendable (ParameterSet) -> [ParameterProblem]] = [
        { p in
            let limit = min(p.number("body.width"), p.number("body.depth")) / 2
            let r = p.number("body.cornerRadius")
            return r > limit ? [ParameterProblem("body.cornerRadius", "must be at most half the smaller of body.width and body.depth (\(fmt(limit)) mm), got \(fmt(r))")] : []
        },
        { p in
            let r = p.number("body.cornerRadius")
            return ["body.topFillet", "body.bottomFillet"].compactMap { name in
                let f = p.number(name)
                return r > 0 && f > r ? ParameterProblem(name, "must be at most body.cornerRadius (\(fmt(r)) mm), got \(fmt(f))") : nil
            }
        },
        { p in
            let shell = p.number("body.height") - p.number("foot.height")
            guard shell > 0 else {
                return [ParameterProblem("foot.height", "must be less than body.height (\(fmt(p.number("body.height"))) mm), got \(fmt(p.number("foot.height")))")]
            }
            // The cover's thickness is part of the shell's height here; the edges are the shell's own.
            let e = Enclosure(p), edges = p.number("body.topFillet") + e.bottomEdge.rise
            return edges > shell - e.coverThickness
                ? [ParameterProblem("body.topFillet", "and the shell's bottom edge (body.bottomFillet, rising at 60° from bottom.coverInset, \(fmt(e.bottomEdge.rise)) mm tall) together must be at most the shell's height over the cover, body.height - foot.height - bottom.coverThickness (\(fmt(shell - e.coverThickness)) mm), got \(fmt(edges))")]
                : []
        },
        { p in
            let inset = p.number("foot.inset"), fillet = p.number("body.bottomFillet")
            if inset < fillet {
                return [ParameterProblem("foot.inset", "must keep the foot under the flat of the shell: at least body.bottomFillet (\(fmt(fillet)) mm), got \(fmt(inset))")]
            }
            let diameter = min(p.number("body.width"), p.number("body.depth")) - 2 * inset
            return diameter < 20 ? [ParameterProblem("foot.inset", "leaves a foot \(fmt(diameter)) mm across, less than 20 mm, got \(fmt(inset))")] : []
        },
        // Warnings: details that become too small to print after scaling.
        finerThanTheNozzle(["body.topFillet", "body.bottomFillet"], consequence: "it will print as a sharp edge"),
    ]

    /// A rule that warns about each size parameter that comes out finer than the nozzle at real size
    /// (ignoring sizes of 0, and those whose switch, if given, is off).
    static func finerThanTheNozzle(_ names: [String], switches: [String: String] = [:], consequence: String) -> @Sendable (ParameterSet) -> [ParameterProblem] {
        { p in
            let scale = p.number("scale"), nozzle = p.number("printer.nozzle")
            return names.compactMap { name in
                let size = p.number(name)
                guard size > 0 && size < nozzle, switches[name].map({ p.bool($0) }) ?? true else { return nil }
                return ParameterProblem(name, "reaches \(fmt(size)) mm at scale \(fmt(scale)), finer than the \(fmt(nozzle)) mm nozzle; \(consequence)", isWarning: true)
            }
        }
    }

    static func fmt(_ v: Double) -> String { ParameterValue.number((v * 1000).rounded() / 1000).description }
}
