/// Why a `Solid` could not be evaluated: the kernel's reason, and where in the tree it happened.
public struct SolidError: Error, Sendable, CustomStringConvertible {
    /// The index into `Solid.children` at each level, from the root down to the failing solid.
    public var trail: [Int]
    public var error: GeometryError

    public init(trail: [Int], error: GeometryError) {
        self.trail = trail
        self.error = error
    }

    public var description: String { error.description }
}

extension Solid {
    /// The solid's mesh, with curves divided as `resolution` says. Sibling solids that are
    /// booleans themselves are evaluated at the same time on every core (the others take a few
    /// microseconds); the mesh does not depend on it.
    public func mesh(resolution: Resolution = .normal) throws(SolidError) -> Mesh {
        let children = self.children
        let meshes = try Parallel.each(children.count, sharing: children.contains(where: \.hasBoolean)) { i throws(SolidError) in
            do throws(SolidError) {
                return try children[i].mesh(resolution: resolution)
            } catch {
                throw SolidError(trail: [i] + error.trail, error: error.error)
            }
        }
        do throws(GeometryError) {
            return try evaluate(resolution, meshes)
        } catch {
            throw SolidError(trail: [], error: error)
        }
    }

    /// Whether a boolean is evaluated anywhere in this solid.
    private var hasBoolean: Bool {
        switch self {
        case .union, .intersection, .difference: return true
        default: return children.contains(where: \.hasBoolean)
        }
    }

    /// This node's own step, its children's meshes given.
    private func evaluate(_ r: Resolution, _ children: [Mesh]) throws(GeometryError) -> Mesh {
        switch self {
        case let .box(size, center):
            return try Mesh.box(size: size, center: center)
        case let .cylinder(radius, height, segments, centered):
            return try Mesh.cylinder(radius: radius, height: height, segments: segments, centered: centered, resolution: r)
        case let .sphere(radius, segments):
            return try Mesh.sphere(radius: radius, segments: segments, resolution: r)
        case let .roundedBox(width, depth, height, cornerRadius, top, bottom):
            return try Mesh.roundedBox(width: width, depth: depth, height: height, cornerRadius: cornerRadius, top: top, bottom: bottom, resolution: r)
        case let .roundedShell(width, depth, height, cornerRadius, top, bottom, wall, ceiling):
            return try Mesh.roundedShell(
                width: width, depth: depth, height: height, cornerRadius: cornerRadius, top: top, bottom: bottom, wall: wall, ceiling: ceiling,
                resolution: r)
        case let .roundedSolid(width, depth, cornerRadius, profile):
            return try Mesh.roundedSolid(
                width: width, depth: depth, cornerRadius: cornerRadius, profile: profile.map { (inset: $0.x, z: $0.y) }, resolution: r)
        case let .extrusion(shape, bottom, top, topScale):
            return try Mesh.extrusion(of: shape, from: bottom, to: top, topScale: topScale)
        case let .revolution(shape, segments):
            return try Mesh.revolution(of: shape, segments: segments, resolution: r)
        case .mesh(let mesh):
            return mesh
        case .union:
            return try Mesh.union(children)
        case .difference:
            return try children[0].subtracting(Array(children.dropFirst()))
        case .intersection:
            guard var result = children.first else { return Mesh() }
            for c in children.dropFirst() { result = try result.intersection(c) }
            return result
        case .group:
            return children.count == 1 ? children[0] : Mesh.merged(children)
        case .transformed(_, let transform):
            return children[0].transformed(by: transform)
        case .tagged(_, let tag):
            return children[0].tagged(tag)
        }
    }
}
