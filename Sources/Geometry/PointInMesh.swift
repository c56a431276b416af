/// Exact inside/outside tests of a point against a closed mesh, by counting crossings of a ray with
/// exact predicates. A ray that meets an edge or corner is discarded and another direction is tried
/// (the six axis directions first, then random ones), so every counted crossing is clean.
struct PointInMesh {
    let mesh: Mesh
    let bounds: Bounds
    /// The triangles' boxes, for meshes asked many times: a ray then visits only the triangles whose
    /// boxes it passes through, not all of them.
    let index: BoundingVolumeHierarchy?

    init(_ mesh: Mesh, indexed: Bool = false) {
        self.mesh = mesh
        bounds = mesh.bounds
        index = indexed ? BoundingVolumeHierarchy(boxes: (0..<mesh.triangles.count).map { i in
            let (a, b, c) = mesh.corners(i)
            return Bounds(a, b, c)
        }) : nil
    }

    /// Whether `p` is inside the mesh (the winding number is non-zero). `p` must not lie on the surface.
    func contains(_ p: Vector3) -> Bool {
        guard bounds.contains(p) else { return false }
        let reach = (bounds.size.length + (p - bounds.center).length) * 2 + 1
        if index == nil {
            for axis in 0..<3 {
                for direction in [1.0, -1.0] {
                    if let w = axisWinding(from: p, axis: axis, direction: direction, reach: reach) { return w != 0 }
                }
            }
        }
        var rng = SeededRandom(seed: 0x5EED)
        for _ in 0..<64 {
            let d = Vector3(Double.random(in: -1...1, using: &rng), Double.random(in: -1...1, using: &rng), Double.random(in: -1...1, using: &rng))
            guard d.length > 0.1 else { continue }
            let far = p + d.normalized * reach
            if let w = winding(from: p, to: far) { return w != 0 }
        }
        return false
    }

    /// The winding number of `p` from the signed crossings of segment `p far`, or nil if the segment
    /// touches an edge or corner of a triangle (the caller then tries another direction).
    private func winding(from p: Vector3, to far: Vector3) -> Int? {
        var w = 0
        var clean = true
        func visit(_ i: Int) {
            guard clean else { return }
            switch crossing(i, p, far) {
            case nil: clean = false
            case let s?: w += s
            }
        }
        if let index {
            index.forEachBox(crossedBy: p, far, visit)
        } else {
            for i in 0..<mesh.triangles.count { visit(i) }
        }
        return clean ? w : nil
    }

    /// The winding number of `p` from a ray along an axis (`direction` +1 or -1), or nil if it touches
    /// an edge or corner. Along an axis, a triangle whose box misses the ray needs no exact test.
    private func axisWinding(from p: Vector3, axis: Int, direction: Double, reach: Double) -> Int? {
        var far = p
        far[axis] += direction * reach
        let u = axis == 0 ? 1 : 0, v = axis == 2 ? 1 : 2
        let (pu, pv, pa) = (p[u], p[v], p[axis])
        var w = 0
        for i in 0..<mesh.triangles.count {
            let (a, b, c) = mesh.corners(i)
            if min(a[u], b[u], c[u]) > pu || max(a[u], b[u], c[u]) < pu || min(a[v], b[v], c[v]) > pv || max(a[v], b[v], c[v]) < pv { continue }
            if direction > 0 ? max(a[axis], b[axis], c[axis]) < pa : min(a[axis], b[axis], c[axis]) > pa { continue }
            guard let s = crossing(i, p, far) else { return nil }
            w += s
        }
        return w
    }

    /// How segment `p far` crosses triangle i: +1 leaving through its outward side, -1 entering, 0
    /// not at all, nil touching an edge or corner or running in its plane.
    @inline(__always) private func crossing(_ i: Int, _ p: Vector3, _ far: Vector3) -> Int? {
        let (a, b, c) = mesh.corners(i)
        let sp = Predicates.orient3d(a, b, c, p), sf = Predicates.orient3d(a, b, c, far)
        if sp == sf && sp != 0 { return 0 }
        if sp == 0 && sf == 0 { return nil }  // the ray runs in the triangle's plane: try another
        if sf == 0 { return 0 }  // the far end is outside the bounds, so off the triangle
        // The start in the triangle's plane (not on the triangle, by the precondition): the ray
        // leaves the plane at once and cannot cross this triangle.
        if sp == 0 { return 0 }
        let s0 = Predicates.orient3d(p, far, a, b), s1 = Predicates.orient3d(p, far, b, c), s2 = Predicates.orient3d(p, far, c, a)
        if s0 == 0 || s1 == 0 || s2 == 0 {
            if (s0 >= 0 && s1 >= 0 && s2 >= 0) || (s0 <= 0 && s1 <= 0 && s2 <= 0) { return nil }
            return 0
        }
        guard s0 == s1 && s1 == s2 else { return 0 }
        return sf > 0 ? 1 : -1
    }
}

extension Mesh {
    /// Whether `point` lies inside this closed mesh (its winding number is non-zero), by exact ray
    /// crossings. A point exactly on the surface may be answered either way.
    public func contains(_ point: Vector3) -> Bool { PointInMesh(self).contains(point) }
}
