import Foundation

/// The solid primitives. Each is closed and outward-oriented by construction, in millimetres.
extension Mesh {
    /// A box of `size`, centred on `center`.
    public static func box(size: Vector3, center: Vector3 = .zero) throws(GeometryError) -> Mesh {
        try Shape.requirePositive(size.x, "box size.x")
        try Shape.requirePositive(size.y, "box size.y")
        try Shape.requirePositive(size.z, "box size.z")
        let h = size / 2
        var v = [Vector3]()
        for k in 0..<8 {
            v.append(center + Vector3(k & 1 == 0 ? -h.x : h.x, k & 2 == 0 ? -h.y : h.y, k & 4 == 0 ? -h.z : h.z))
        }
        let quads = [(0, 2, 3, 1), (4, 5, 7, 6), (0, 1, 5, 4), (2, 6, 7, 3), (0, 4, 6, 2), (1, 3, 7, 5)]
        var t = [Triangle]()
        for (a, b, c, d) in quads {
            t.append(Triangle(a, b, c))
            t.append(Triangle(a, c, d))
        }
        return Mesh(vertices: v, triangles: t)
    }

    /// A cylinder of `radius` along +Z from z = 0 to `height` (or centred on z = 0). Its vertices sit at
    /// angles 2πi/n counter-clockwise from +X; `segments` overrides the resolution.
    public static func cylinder(
        radius: Double, height: Double, segments: Int? = nil, centered: Bool = false, resolution: Resolution = .normal
    ) throws(GeometryError) -> Mesh {
        let disc = try Shape.circle(radius: radius, segments: segments, resolution: resolution)
        let m = try extrusion(of: disc, height: height)
        return centered ? m.translated(by: Vector3(0, 0, -height / 2)) : m
    }

    /// A cone or frustum along +Z from z = 0 to `height`, with `bottomRadius` and `topRadius`
    /// (either may be 0 for a point, not both).
    public static func cone(
        bottomRadius: Double, topRadius: Double, height: Double, segments: Int? = nil, resolution: Resolution = .normal
    ) throws(GeometryError) -> Mesh {
        try Shape.requirePositive(height, "cone height")
        guard bottomRadius.isFinite, topRadius.isFinite, bottomRadius >= 0, topRadius >= 0, bottomRadius + topRadius > 0 else {
            throw .invalidParameter("cone radii must be >= 0 and not both 0, got \(bottomRadius) and \(topRadius)")
        }
        let n = segments ?? resolution.segments(radius: max(bottomRadius, topRadius))
        guard n >= 3 else { throw .invalidParameter("cone segments must be >= 3, got \(n)") }
        let profile = [Vector2(0, 0), Vector2(bottomRadius, 0), Vector2(topRadius, height), Vector2(0, height)]
        return try revolution(of: Shape(contours: [Contour(profile)]), segments: n)
    }

    /// A UV sphere of `radius` centred on `center`, with single-vertex poles.
    public static func sphere(radius: Double, center: Vector3 = .zero, segments: Int? = nil, resolution: Resolution = .normal) throws(GeometryError) -> Mesh {
        try Shape.requirePositive(radius, "sphere radius")
        var n = segments ?? resolution.segments(radius: radius)
        guard n >= 3 else { throw .invalidParameter("sphere segments must be >= 3, got \(n)") }
        n = max(4, n + n % 2)
        let rings = n / 2
        var profile = [Vector2]()
        for k in 0...rings {
            let (c, s) = Arc.cosSin(-Double.pi / 2 + Double.pi * Double(k) / Double(rings))
            profile.append(Vector2(radius * c, radius * s))
        }
        let shape = Shape(polygons: [Polygon(outer: Contour(profile))])
        return try revolution(of: shape, segments: n).translated(by: center)
    }

    /// `shape` in the XY plane extruded along +Z from z = 0 to `height`. The top face is `shape`
    /// scaled by `topScale` about the origin (1 gives a prism; both factors must be > 0).
    public static func extrusion(of shape: Shape, height: Double, topScale: Vector2 = Vector2(1, 1)) throws(GeometryError) -> Mesh {
        try Shape.requirePositive(height, "extrusion height")
        return try extrusion(of: shape, from: 0, to: height, topScale: topScale)
    }

    /// `shape` in the XY plane extruded along +Z from z = `bottom` to z = `top` exactly (no rounding
    /// of a translated height), so that faces meant to be flush are.
    public static func extrusion(of shape: Shape, from bottom: Double, to top: Double, topScale: Vector2 = Vector2(1, 1)) throws(GeometryError) -> Mesh {
        guard bottom.isFinite, top.isFinite, top > bottom else {
            throw .invalidParameter("extrusion must run upwards between finite heights, got \(bottom) to \(top)")
        }
        try Shape.requirePositive(topScale.x, "extrusion topScale.x")
        try Shape.requirePositive(topScale.y, "extrusion topScale.y")
        guard !shape.isEmpty else { throw .invalidShape("extrusion of an empty shape") }
        var b = MeshBuilder()
        for polygon in shape.polygons {
            let loops = [polygon.outer] + polygon.holes
            var bottomIds = [UInt32](), topIds = [UInt32]()
            for loop in loops {
                let lower = loop.points.map { b.add(Vector3($0, bottom)) }
                let upper = loop.points.map { b.add(Vector3($0.x * topScale.x, $0.y * topScale.y, top)) }
                b.stitch(lower, upper)
                bottomIds += lower
                topIds += upper
            }
            try b.cap(polygon, ids: topIds, up: true)
            try b.cap(polygon, ids: bottomIds, up: false)
        }
        return b.mesh
    }

    /// `shape` in the XY plane extruded along +Z through every height of `levels` (strictly
    /// increasing, at least two): a ring of side faces between each pair of neighbouring levels and
    /// caps at the first and the last. The same solid as `extrusion(of:from:to:)` from the first
    /// level to the last, with vertices at the levels between, so that a map applied to the
    /// vertices afterwards can bend the sides there (a map that is affine between the levels keeps
    /// every face planar).
    public static func extrusion(of shape: Shape, levels: [Double]) throws(GeometryError) -> Mesh {
        guard levels.count >= 2, levels.allSatisfy(\.isFinite), zip(levels, levels.dropFirst()).allSatisfy({ $0 < $1 }) else {
            throw .invalidParameter("extrusion levels must be at least two finite heights in increasing order, got \(levels)")
        }
        guard !shape.isEmpty else { throw .invalidShape("extrusion of an empty shape") }
        var b = MeshBuilder()
        for polygon in shape.polygons {
            var bottomIds = [UInt32](), topIds = [UInt32]()
            for loop in [polygon.outer] + polygon.holes {
                let rings = levels.map { z in loop.points.map { b.add(Vector3($0, z)) } }
                for (lower, upper) in zip(rings, rings.dropFirst()) { b.stitch(lower, upper) }
                bottomIds += rings.first!
                topIds += rings.last!
            }
            try b.cap(polygon, ids: topIds, up: true)
            try b.cap(polygon, ids: bottomIds, up: false)
        }
        return b.mesh
    }

    /// `profile` drawn in the XZ half-plane (its x is the radius, >= 0; its y is z) revolved a full turn
    /// about the Z axis in `segments` steps (from the resolution by default). Points on the axis become
    /// single vertices.
    public static func revolution(of profile: Shape, segments: Int? = nil, resolution: Resolution = .normal) throws(GeometryError) -> Mesh {
        guard !profile.isEmpty else { throw .invalidShape("revolution of an empty profile") }
        let points = profile.polygons.flatMap(\.allPoints)
        guard let minR = points.map(\.x).min(), minR >= 0 else {
            throw .invalidShape("revolution profile must lie at x >= 0 (x is the radius); its smallest x is \(points.map(\.x).min() ?? 0)")
        }
        let n = segments ?? resolution.segments(radius: points.map(\.x).max() ?? 0)
        guard n >= 3 else { throw .invalidParameter("revolution segments must be >= 3, got \(n)") }
        var b = MeshBuilder()
        let angles = (0..<n).map { Arc.cosSin(2 * Double.pi * Double($0) / Double(n)) }
        for polygon in profile.polygons {
            for loop in [polygon.outer] + polygon.holes {
                let rings: [[UInt32]] = loop.points.map { p in
                    if p.x == 0 {
                        let axis = b.add(Vector3(0, 0, p.y))
                        return [UInt32](repeating: axis, count: n)
                    }
                    return angles.map { b.add(Vector3(p.x * $0.0, p.x * $0.1, p.y)) }
                }
                for i in 0..<rings.count {
                    b.stitch(rings[i], rings[(i + 1) % rings.count])
                }
            }
        }
        return b.mesh
    }

    /// A mesh from explicit data: `faces` are polygons of indices into `points`, counter-clockwise seen
    /// from outside (planar polygons with more than three corners are triangulated). Throws unless the
    /// result is a closed, consistently oriented, outward 2-manifold.
    public static func polyhedron(points: [Vector3], faces: [[Int]]) throws(GeometryError) -> Mesh {
        for (i, p) in points.enumerated() where !p.isFinite {
            throw .invalidMesh("polyhedron point \(i) is not finite: \(p)")
        }
        var triangles = [Triangle]()
        for (f, face) in faces.enumerated() {
            guard face.count >= 3 else { throw .invalidMesh("polyhedron face \(f) has \(face.count) corners; at least 3 are needed") }
            for i in face where i < 0 || i >= points.count {
                throw .invalidMesh("polyhedron face \(f) refers to point \(i); points are 0..<\(points.count)")
            }
            let repeats = face.count == 3 ? face[0] == face[1] || face[1] == face[2] || face[2] == face[0] : Set(face).count != face.count
            guard !repeats else { throw .invalidMesh("polyhedron face \(f) repeats a point: \(face)") }
            if face.count == 3 {
                triangles.append(Triangle(face[0], face[1], face[2]))
                continue
            }
            // Newell normal, then triangulate in the plane of its dominant axis.
            var normal = Vector3.zero
            for i in 0..<face.count {
                let p = points[face[i]], q = points[face[(i + 1) % face.count]]
                normal = normal + Vector3((p.y - q.y) * (p.z + q.z), (p.z - q.z) * (p.x + q.x), (p.x - q.x) * (p.y + q.y))
            }
            let axis = abs(normal.x) >= abs(normal.y) && abs(normal.x) >= abs(normal.z) ? 0 : (abs(normal.y) >= abs(normal.z) ? 1 : 2)
            let flat = face.map { Predicates.project(points[$0], axis) }
            let contour = Contour(flat)
            guard contour.points.count == face.count, contour.signedArea != 0 else {
                throw .invalidMesh("polyhedron face \(f) is degenerate (repeated or collinear points)")
            }
            let reversed = !contour.isCounterClockwise
            for (a, b, c) in try Polygon(outer: contour).triangulated() {
                // Polygon re-orients a clockwise contour: map its indices back to the face's order.
                let (ia, ib, ic) = reversed ? (face.count - 1 - a, face.count - 1 - b, face.count - 1 - c) : (a, b, c)
                triangles.append(reversed ? Triangle(face[ia], face[ic], face[ib]) : Triangle(face[ia], face[ib], face[ic]))
            }
        }
        let mesh = Mesh(vertices: points, triangles: triangles)
        try checkOperand(mesh, "polyhedron", insideOutHint: "; list face corners counter-clockwise seen from outside")
        return mesh.markedChecked()
    }
}
