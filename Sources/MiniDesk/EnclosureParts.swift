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

    public init() {}
}

extension Enclosure {
    /// The item's parts in palette order: `shell`, `bottom`, then `ports`, `light` and `emblem` when
    /// they have any material.
    public func parts(_ features: ItemFeatures, resolution: Resolution) throws(GeometryError) -> [Part] {
        var shellCutters = try portCutters(resolution: resolution)
        if let pocket = try emblemPocket(resolution: resolution) { shellCutters.append(pocket) }
        let body: Mesh
        if let replaced = features.shellBody { body = replaced } else { body = try shellBody(resolution: resolution) }
        let shell = try body.subtracting(shellCutters + features.shellCutters + features.inlayCutters)

        var bottom = try bottomBody(resolution: resolution)
        if !features.bottomAdditions.isEmpty { bottom = try Mesh.union([bottom] + features.bottomAdditions) }
        bottom = try bottom.subtracting(try bottomCutters(resolution: resolution) + features.bottomCutters)

        var parts = [
            Part(name: "shell", color: p.text("colors.shell"), mesh: shell),
            Part(name: "bottom", color: p.text("colors.bottom"), mesh: bottom),
        ]
        var inlays = try portInlays(resolution: resolution)
        if !features.inlayCutters.isEmpty { inlays = try inlays.subtracting(features.inlayCutters) }
        if !inlays.isEmpty { parts.append(Part(name: "ports", color: p.text("colors.ports"), mesh: inlays)) }
        if let pipe = try lightPipe(resolution: resolution) { parts.append(Part(name: "light", color: p.text("colors.light"), mesh: pipe)) }
        if let emblem = try emblemInlay(resolution: resolution) { parts.append(Part(name: "emblem", color: p.text("colors.emblem"), mesh: emblem)) }
        return parts
    }
}
