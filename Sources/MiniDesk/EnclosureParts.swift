import Geometry

/// What an item changes in the plain enclosure: material it removes from the shell or the bottom,
/// material it adds to the bottom, and ports it opens right through.
public struct ItemFeatures: Sendable {
    /// The shell's solid before any cut, when the item replaces the plain body (the stash's lid).
    public var shellBody: Mesh? = nil
    /// Cut from the shell together with the details.
    public var shellCutters: [Mesh] = []
    /// Joined to the bottom (each overlapping it, never only touching).
    public var bottomAdditions: [Mesh] = []
    /// Cut from the bottom together with the vents and the button groove.
    public var bottomCutters: [Mesh] = []
    /// Cut from the port inlays as well as the shell (a tunnel through a port's floor).
    public var inlayCutters: [Mesh] = []
    /// Whether separate printing aligns shell and cover by a key ring (the stash's tray does that).
    public var registration = true
    /// Where the shell goes when it prints apart from the base (the stash's lid, turned over beside
    /// it), for the merged body.
    public var lidPlacement: Transform? = nil

    public init() {}
}

extension Enclosure {
    /// The item's parts in palette order: `shell`, `bottom`, then `ports`, `light` and `emblem` when
    /// they have any material. For `.separate`, inlays get `fit.clearance` round them and lie flat
    /// in a row, the shell stands on its underside, and a key ring on the cover fits a groove in
    /// the shell.
    public func parts(_ features: ItemFeatures, resolution: Resolution, mode: PrintMode = .multicolor) throws(GeometryError) -> [Part] {
        if mode == .merged { return [Part(name: "merged", color: p.text("colors.shell"), mesh: try mergedBody(features, resolution: resolution))] }
        let separate = mode == .separate
        let clearance = separate ? p.number("fit.clearance") : 0
        var shellCutters = try portCutters(resolution: resolution, clearance: clearance)
        if let pocket = try emblemPocket(resolution: resolution, clearance: clearance) { shellCutters.append(pocket) }
        if separate && features.registration { shellCutters.append(try registrationGroove(resolution: resolution)) }
        let body: Mesh
        if let replaced = features.shellBody { body = replaced } else { body = try shellBody(resolution: resolution) }
        var shell = try body.subtracting(shellCutters + features.shellCutters + features.inlayCutters)

        var bottom = try bottomBody(resolution: resolution)
        let additions = features.bottomAdditions + (separate && features.registration ? [try registrationKey(resolution: resolution)] : [])
        if !additions.isEmpty { bottom = try Mesh.union([bottom] + additions) }
        bottom = try bottom.subtracting(try bottomCutters(resolution: resolution) + features.bottomCutters)

        var inlays: Mesh, light: Mesh?, emblem: Mesh?
        if separate {
            shell = shell.translated(by: Vector3(0, 0, -shellBottom))
            (inlays, light, emblem) = try separateInlays(resolution: resolution, less: features.inlayCutters)
        } else {
            inlays = try portInlays(resolution: resolution, less: features.inlayCutters)
            light = try lightPipe(resolution: resolution)
            emblem = try emblemInlay(resolution: resolution)
        }
        var parts = [
            Part(name: "shell", color: p.text("colors.shell"), mesh: shell),
            Part(name: "bottom", color: p.text("colors.bottom"), mesh: bottom),
        ]
        if !inlays.isEmpty { parts.append(Part(name: "ports", color: p.text("colors.ports"), mesh: inlays)) }
        if let light { parts.append(Part(name: "light", color: p.text("colors.light"), mesh: light)) }
        if let emblem { parts.append(Part(name: "emblem", color: p.text("colors.emblem"), mesh: emblem)) }
        return parts
    }
}

extension Enclosure {
    /// The union of all parts, built as one solid rather than by joining parts that meet face to
    /// face: the body from the cover's underside up (the cover as a band, then the shell's
    /// profile), the foot reaching into it, less what stays open (the ports in front of their
    /// floors, the vents, the button's groove, the item's own cuts). Inlays, the light and the
    /// emblem fill their pockets, so those are not cut. An item with its own shell body (the stash's
    /// lid) gets that body and its bottom as two solids.
    func mergedBody(_ features: ItemFeatures, resolution: Resolution) throws(GeometryError) -> Mesh {
        let open = try portOpenings(resolution: resolution)
        var bottom = try bottomBody(resolution: resolution)
        if let lid = features.shellBody {
            var shell = try lid.subtracting(open + features.shellCutters + features.inlayCutters)
            if let placement = features.lidPlacement { shell = shell.transformed(by: placement) }
            if !features.bottomAdditions.isEmpty { bottom = try Mesh.union([bottom] + features.bottomAdditions) }
            bottom = try bottom.subtracting(try bottomCutters(resolution: resolution) + features.bottomCutters)
            return Mesh.merged([shell, bottom])
        }
        var profile: [(inset: Double, z: Double)] = [(coverInset, footHeight), (coverInset, shellBottom)]
        for s in Mesh.roundedBoxProfile(height: height - shellBottom, topFillet: topFillet, bottomFillet: bottomFillet, resolution: resolution) {
            let station = (inset: s.inset, z: s.z + shellBottom)
            if let last = profile.last, last.inset == station.inset, last.z == station.z { continue }
            profile.append(station)
        }
        let body = try Mesh.roundedSolid(width: width, depth: depth, cornerRadius: cornerRadius, profile: profile, resolution: resolution)
            .translated(by: Vector3(center, 0))
        let foot = try Mesh.cylinder(radius: footDiameter / 2, height: footHeight + coverThickness / 2, resolution: resolution)
            .translated(by: Vector3(center, 0))
        let solid = try Mesh.union([body, foot] + features.bottomAdditions)
        return try solid.subtracting(
            open + features.shellCutters + features.inlayCutters + bottomCutters(resolution: resolution) + features.bottomCutters)
    }
}
