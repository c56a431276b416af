/// Mesh booleans by corefinement on exact predicates. The operands must be closed, consistently
/// oriented, outward 2-manifolds (checked); the result is one too. Output triangles keep the tag of
/// the input triangle they came from.
///
/// This kernel handles operands in general position: their surfaces may cross anywhere, but must not
/// touch without crossing (coplanar faces, a corner or an edge lying on the other surface). Such
/// contact is detected exactly and thrown as `GeometryError.degenerateContact`, never turned into a
/// broken mesh. Let cutters overshoot the faces they cut.
extension Mesh {
    /// The solid covered by this mesh or `other`.
    public func union(_ other: Mesh) throws(GeometryError) -> Mesh {
        try Mesh.boolean(self, other, .union)
    }

    /// The solid covered by both meshes.
    public func intersection(_ other: Mesh) throws(GeometryError) -> Mesh {
        try Mesh.boolean(self, other, .intersection)
    }

    /// This solid with `other` removed.
    public func subtracting(_ other: Mesh) throws(GeometryError) -> Mesh {
        try Mesh.boolean(self, other, .difference)
    }

    /// This solid with every cutter removed. Cutters whose bounds do not overlap are cut in one
    /// operation, so a ring of vent slots costs one corefinement, not one per slot.
    public func subtracting(_ cutters: [Mesh]) throws(GeometryError) -> Mesh {
        var result = self
        for (i, c) in cutters.enumerated() { try Mesh.checkOperand(c, "cutter \(i)") }
        for batch in Mesh.disjointBatches(cutters) {
            result = try Mesh.boolean(result, Mesh.merged(batch), .difference)
        }
        return result
    }

    /// The union of all meshes. Meshes whose bounds do not overlap are merged without a boolean.
    public static func union(_ meshes: [Mesh]) throws(GeometryError) -> Mesh {
        for (i, m) in meshes.enumerated() { try checkOperand(m, "operand \(i)") }
        var result = Mesh.empty
        for batch in disjointBatches(meshes) {
            result = try boolean(result, merged(batch), .union)
        }
        return result
    }

    enum BooleanOperation { case union, intersection, difference }

    /// Groups meshes greedily so that the meshes within each group are pairwise apart: their bounds
    /// are disjoint, or exact tests find that their surfaces share no point and neither lies inside
    /// the other (a ring of vent slots whose boxes overlap but whose slots do not).
    static func disjointBatches(_ meshes: [Mesh]) -> [[Mesh]] {
        var batches = [(bounds: [Bounds], meshes: [Mesh])]()
        for m in meshes where !m.isEmpty {
            let b = m.bounds
            let fits = { (batch: (bounds: [Bounds], meshes: [Mesh])) -> Bool in
                zip(batch.bounds, batch.meshes).allSatisfy { !$0.0.intersects(b) || areApart($0.1, m) }
            }
            if let k = batches.firstIndex(where: fits) {
                batches[k].bounds.append(b)
                batches[k].meshes.append(m)
            } else {
                batches.append(([b], [m]))
            }
        }
        return batches.map(\.meshes)
    }

    /// Whether two closed meshes are apart: their surfaces share no point and neither is inside the other.
    static func areApart(_ a: Mesh, _ b: Mesh) -> Bool {
        guard a.bounds.intersects(b.bounds) else { return true }
        let bvh = BoundingVolumeHierarchy(boxes: (0..<b.triangles.count).map { i in
            let (p, q, r) = b.corners(i)
            return Bounds(points: [p, q, r])
        })
        for i in 0..<a.triangles.count {
            let t = a.corners(i)
            var touching = false
            bvh.forEachOverlap(with: Bounds(points: [t.0, t.1, t.2])) { j in
                if !touching && TriangleIntersection.touch(t, b.corners(j)) { touching = true }
            }
            if touching { return false }
        }
        return !PointInMesh(b).contains(a.vertices[0]) && !PointInMesh(a).contains(b.vertices[0])
    }

    static func checkOperand(_ m: Mesh, _ name: String) throws(GeometryError) {
        guard !m.isEmpty else { return }
        let r = m.report(checkSelfIntersections: false)
        if r.nonFiniteVertices > 0 { throw .invalidMesh("\(name) has \(r.nonFiniteVertices) non-finite coordinates") }
        if !r.isClosed { throw .invalidMesh("\(name) is not closed: \(r.openEdges) edges have only one triangle") }
        if !r.isManifold { throw .invalidMesh("\(name) is not manifold: \(r.problems.joined(separator: "; "))") }
        if !r.isOriented { throw .invalidMesh("\(name) is not consistently oriented") }
        if !r.isOutward { throw .invalidMesh("\(name) is inside out (volume \(r.volume) mm³)") }
    }

    static func boolean(_ a: Mesh, _ b: Mesh, _ op: BooleanOperation) throws(GeometryError) -> Mesh {
        try checkOperand(a, "the first operand")
        try checkOperand(b, "the second operand")
        if a.isEmpty || b.isEmpty || !a.bounds.intersects(b.bounds) {
            switch op {
            case .union: return merged([a, b].filter { !$0.isEmpty })
            case .intersection: return .empty
            case .difference: return a
            }
        }
        let core = try Corefinement(a, b)
        let offset = UInt32(a.vertices.count)
        let inside = [
            classify(core.pieces[0], core, isOriginal: { $0 < offset }, against: PointInMesh(b)),
            classify(core.pieces[1], core, isOriginal: { $0 >= offset && $0 < offset + UInt32(b.vertices.count) }, against: PointInMesh(a)),
        ]
        var triangles = [Triangle]()
        for (i, t) in core.pieces[0].enumerated() where inside[0][i] == (op == .intersection) {
            triangles.append(t)
        }
        for (i, t) in core.pieces[1].enumerated() {
            switch op {
            case .union where !inside[1][i]: triangles.append(t)
            case .intersection where inside[1][i]: triangles.append(t)
            case .difference where inside[1][i]: triangles.append(t.flipped)
            default: break
            }
        }
        return Mesh(vertices: core.vertices, triangles: triangles).compacted()
    }

    /// For each piece, whether it lies inside the other operand: patches between crossing curves are
    /// flood-filled, one exact ray test per connected piece of surface decides a seed patch, and
    /// crossing a curve flips inside and outside.
    private static func classify(_ pieces: [Triangle], _ core: Corefinement, isOriginal: (UInt32) -> Bool, against other: PointInMesh) -> [Bool] {
        typealias Edge = Corefinement.Edge
        var byEdge = [Edge: [Int]]()
        for (i, t) in pieces.enumerated() {
            for (u, v) in [(t.a, t.b), (t.b, t.c), (t.c, t.a)] { byEdge[Edge(u, v), default: []].append(i) }
        }
        var patches = UnionFind(count: pieces.count)
        var surfaces = UnionFind(count: pieces.count)
        for (edge, ts) in byEdge {
            for k in 1..<ts.count {
                surfaces.union(ts[0], ts[k])
                if !core.curveEdges.contains(edge) { patches.union(ts[0], ts[k]) }
            }
        }
        // Patch adjacency across crossing curves.
        var across = [Int: Set<Int>]()
        for edge in core.curveEdges {
            guard let ts = byEdge[edge], ts.count == 2 else { continue }
            let p = patches.find(ts[0]), q = patches.find(ts[1])
            across[p, default: []].insert(q)
            across[q, default: []].insert(p)
        }
        var state = [Int: Bool]()  // patch root -> inside
        var seeded = Set<Int>()
        for (i, t) in pieces.enumerated() {
            let surface = surfaces.find(i)
            guard !seeded.contains(surface) else { continue }
            guard let v = [t.a, t.b, t.c].first(where: isOriginal) else { continue }
            seeded.insert(surface)
            let root = patches.find(i)
            state[root] = other.contains(core.vertices[Int(v)])
            var queue = [root]
            while let p = queue.popLast() {
                for q in across[p] ?? [] where state[q] == nil {
                    state[q] = !state[p]!
                    queue.append(q)
                }
            }
        }
        return (0..<pieces.count).map { state[patches.find($0)] ?? false }
    }

    /// The mesh without unreferenced vertices, indices renumbered in order of first use.
    func compacted() -> Mesh {
        var map = [UInt32: UInt32]()
        var newVertices = [Vector3]()
        func id(_ v: UInt32) -> UInt32 {
            if let m = map[v] { return m }
            let m = UInt32(newVertices.count)
            map[v] = m
            newVertices.append(vertices[Int(v)])
            return m
        }
        let t = triangles.map { Triangle(id($0.a), id($0.b), id($0.c), tag: $0.tag) }
        return Mesh(vertices: newVertices, triangles: t)
    }
}
