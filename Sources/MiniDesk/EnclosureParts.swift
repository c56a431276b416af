import Geometry
import Scene

/// What an item changes in the plain enclosure: material it removes from the shell, the cover or
/// the foot, material it adds to the cover, and ports it opens right through.
public struct ItemFeatures: Sendable {
    /// The shell's solid before any cut, when the item replaces the plain body (the stash's lid).
    public var shellBody: Solid? = nil
    /// Cut from the shell together with the details.
    public var shellCutters: [Solid] = []
    /// Joined to the cover (each overlapping it, never only touching).
    public var bottomAdditions: [Solid] = []
    /// Cut from the cover together with the button's and the key's grooves.
    public var bottomCutters: [Solid] = []
    /// Cut from the foot together with the vents.
    public var footCutters: [Solid] = []
    /// Cut from the shell and the cover both, and once from the merged body (the planter's drain
    /// holes).
    public var throughCutters: [Solid] = []
    /// Cut from the port inlays as well as the shell (a tunnel through a port's floor).
    public var inlayCutters: [Solid] = []
    /// Whether separate printing aligns shell and cover by a key ring (the stash's tray does that).
    public var registration = true
    /// Where the shell goes when it prints apart from the cover (the stash's lid, turned over beside
    /// its base), for the multicolour layout and the merged body; nil when shell and cover print
    /// together, standing on the cover.
    public var lidPlacement: Transform? = nil

    public init() {}
}

extension Enclosure {
    /// The item's parts in palette order: `shell`, `bottom` (the cover), `foot`, then `ports`,
    /// `light` and `emblem` when they have any material, each laid out to print without support.
    ///
    /// - `.multicolor`: the body (shell, cover and inlays in place) stands on its cover, and the foot
    ///   stands behind it as a piece of its own (`Part.piece` "foot"); a lid printed apart (the
    ///   stash's) goes where `lidPlacement` puts it, as piece "lid" beside the "base".
    /// - `.separate`: inlays get `fit.clearance` round them and lie flat in a row, the shell stands
    ///   on its underside, the cover and the foot on the bed, and a key ring on the cover fits a
    ///   groove in the shell.
    /// - `.merged`: one part, the body as one solid beside the foot (`mergedBody`).
    public func parts(_ features: ItemFeatures, resolution: Resolution, mode: PrintMode = .multicolor) throws(GeometryError) -> [CSGScene.Part] {
        var foot = try footBody(resolution: resolution).subtracting(try footCutters(resolution: resolution) + features.footCutters)
        if mode == .merged {
            foot = foot.transformed(by: footPlacement)
            return [CSGScene.Part(name: "merged", color: p.text("colors.shell"), solid: .group(try mergedBody(features, resolution: resolution) + [foot]))]
        }
        let separate = mode == .separate
        let clearance = separate ? p.number("fit.clearance") : 0
        var shellCutters = try portCutters(resolution: resolution, clearance: clearance)
        if let pocket = try emblemPocket(resolution: resolution, clearance: clearance) { shellCutters.append(pocket) }
        if separate && features.registration { shellCutters.append(try registrationGroove(resolution: resolution)) }
        let body = features.shellBody ?? shellBody
        var shell = body.subtracting(shellCutters + features.shellCutters + features.inlayCutters + features.throughCutters)
        let bottom = try cover(features, key: separate && features.registration, resolution: resolution)

        var inlays: Solid, light: Solid?, emblem: Solid?
        if separate {
            shell = shell.translated(by: Vector3(0, 0, -shellBottom))
            (inlays, light, emblem) = try separateInlays(resolution: resolution, less: features.inlayCutters)
        } else {
            inlays = try portInlays(resolution: resolution, less: features.inlayCutters)
            light = try lightPipe(resolution: resolution)
            emblem = try emblemInlay(resolution: resolution)
        }
        var parts = [
            CSGScene.Part(name: "shell", color: p.text("colors.shell"), solid: shell),
            CSGScene.Part(name: "bottom", color: p.text("colors.bottom"), solid: bottom),
            CSGScene.Part(name: "foot", color: p.text("colors.bottom"), solid: foot),
        ]
        if !inlays.isEmpty { parts.append(CSGScene.Part(name: "ports", color: p.text("colors.ports"), solid: inlays)) }
        if let light { parts.append(CSGScene.Part(name: "light", color: p.text("colors.light"), solid: light)) }
        if let emblem { parts.append(CSGScene.Part(name: "emblem", color: p.text("colors.emblem"), solid: emblem)) }
        if separate {
            return parts.map { part in
                var laid = part
                if part.name == "bottom" { laid.solid = part.solid.translated(by: Vector3(0, 0, -footHeight)) }
                return laid
            }
        }
        return parts.map { part in
            let (piece, layout) = printLayout(of: part.name!, features)
            return CSGScene.Part(name: part.name, color: part.color, piece: piece, layout: layout, solid: part.solid.transformed(by: layout))
        }
    }

    /// The piece a part of the assembled item prints in, and the move that puts it there: the foot
    /// behind, the cover on the bed, and the shell's parts with the cover, or where `lidPlacement`
    /// puts them.
    func printLayout(of part: String, _ features: ItemFeatures) -> (piece: String?, layout: Transform) {
        let down = Transform.translation(Vector3(0, 0, -footHeight))
        switch part {
        case "foot": return ("foot", footPlacement)
        case "bottom": return (features.lidPlacement == nil ? nil : "base", down)
        default: return features.lidPlacement.map { ("lid", $0) } ?? (nil, down)
        }
    }

    /// The cover plate with the item's additions (and, for separate printing, the key ring that fits
    /// the shell), less its grooves and the item's cuts, in place.
    func cover(_ features: ItemFeatures, key: Bool, resolution: Resolution) throws(GeometryError) -> Solid {
        var cover = try coverPlate(resolution: resolution)
        let additions = features.bottomAdditions + (key ? [try registrationKey(resolution: resolution)] : [])
        if !additions.isEmpty { cover = .union([cover] + additions) }
        return cover.subtracting(try coverCutters(resolution: resolution) + features.bottomCutters + features.throughCutters)
    }
}

extension Enclosure {
    /// The union of the body's parts in print layout, built as one solid rather than by joining
    /// parts that meet face to face: the body from the cover's underside up (the cover as a band,
    /// then the shell's profile), standing on the bed, less what stays open (the ports in front of
    /// their floors, the button's and the key's grooves, the item's own cuts). Inlays, the light
    /// and the emblem fill their pockets, so those are not cut. An item with its own shell body
    /// (the stash's lid) gets that body, where `lidPlacement` puts it, and its base as two solids.
    func mergedBody(_ features: ItemFeatures, resolution: Resolution) throws(GeometryError) -> [Solid] {
        let open = try portOpenings(resolution: resolution)
        let down = Transform.translation(Vector3(0, 0, -footHeight))
        if let lid = features.shellBody {
            var shell = lid.subtracting(open + features.shellCutters + features.inlayCutters + features.throughCutters)
            if let placement = features.lidPlacement { shell = shell.transformed(by: placement) }
            return [shell, try cover(features, key: false, resolution: resolution).transformed(by: down)]
        }
        var profile: [(inset: Double, z: Double)] = [(coverInset, footHeight), (coverInset, shellBottom)]
        for s in Mesh.roundedBoxProfile(height: height - shellBottom, top: topEdge, bottom: bottomEdge, resolution: resolution) {
            let station = (inset: s.inset, z: s.z + shellBottom)
            if let last = profile.last, last.inset == station.inset, last.z == station.z { continue }
            profile.append(station)
        }
        let body = Solid.roundedSolid(width: width, depth: depth, cornerRadius: cornerRadius, profile: profile.map { Vector2($0.inset, $0.z) })
            .translated(by: Vector3(center, 0))
        let solid = features.bottomAdditions.isEmpty ? body : .union([body] + features.bottomAdditions)
        return [try solid.subtracting(open + features.shellCutters + features.inlayCutters + features.throughCutters + coverCutters(resolution: resolution) + features.bottomCutters)
            .transformed(by: down)]
    }
}
