/// Exact classification of the pieces of a corefinement with degenerate contact: each piece lies
/// inside or outside the other operand, or on its surface (a coplanar overlap), facing the same way
/// or the opposite way.
extension Corefinement {
    /// Where a piece of one operand lies against the other.
    enum Side: Equatable {
        case outside
        case inside
        /// On the other's surface, with outward normals the same (`sameFacing`) or opposite.
        case onSurface(sameFacing: Bool)
    }

    /// The side of every piece of operand `mesh` (0 for A, 1 for B) against the other, `operands`
    /// being A and B. A piece on the surface is found from its corners: all lie on one coplanar
    /// triangle of the other. The other pieces are grouped into patches that no contact curve
    /// crosses, and each patch is tested once with an exact ray: from a corner off the other surface
    /// where it has one, else from the centre of its largest piece.
    func sides(of mesh: Int, _ operands: [Mesh]) -> [Side] {
        let own = operands[mesh], other = operands[1 - mesh], list = pieces[mesh]
        var result = [Side?](repeating: nil, count: list.count)
        for (i, t) in list.enumerated() {
            guard let candidates = coplanar[mesh][sources[mesh][i]] else { continue }
            let onOther = [t.a, t.b, t.c].map { label(of: $0, in: 1 - mesh) }
            for u in candidates where onOther.allSatisfy({ $0.map { Corefinement.closure(of: other.triangles[u], u, holds: $0) } ?? false }) {
                result[i] = .onSurface(sameFacing: Corefinement.sameFacing(own.corners(sources[mesh][i]), other.corners(u)))
                break
            }
        }
        // Patches of the remaining pieces.
        var byEdge = [Edge: [Int]]()
        for (i, t) in list.enumerated() where result[i] == nil {
            for (u, v) in [(t.a, t.b), (t.b, t.c), (t.c, t.a)] { byEdge[Edge(u, v), default: []].append(i) }
        }
        var patches = UnionFind(count: list.count)
        for (edge, ts) in byEdge where !curveEdges.contains(edge) {
            for k in 1..<ts.count { patches.union(ts[0], ts[k]) }
        }
        var sample = [Int: Vector3]()  // patch root -> a point to test
        var largest = [Int: (area: Double, centre: Vector3)]()
        for (i, t) in list.enumerated() where result[i] == nil {
            let root = patches.find(i)
            guard sample[root] == nil else { continue }
            if let free = [t.a, t.b, t.c].first(where: { label(of: $0, in: 1 - mesh) == nil }) {
                sample[root] = vertices[Int(free)]
                continue
            }
            let (p, q, r) = (vertices[Int(t.a)], vertices[Int(t.b)], vertices[Int(t.c)])
            let area = (q - p).cross(r - p).length
            if area > largest[root]?.area ?? -1 { largest[root] = (area, (p + q + r) / 3) }
        }
        let test = PointInMesh(other)
        var inside = [Int: Bool]()
        for i in 0..<list.count where result[i] == nil {
            let root = patches.find(i)
            if inside[root] == nil { inside[root] = test.contains(sample[root] ?? largest[root]!.centre) }
            result[i] = inside[root]! ? .inside : .outside
        }
        return result.map { $0! }
    }

    /// Whether the closed triangle `t` (index `index`) holds the feature `s` of its mesh.
    private static func closure(of t: Mesh.Triangle, _ index: Int, holds s: Simplex) -> Bool {
        switch s {
        case .vertex(let v): t.a == v || t.b == v || t.c == v
        case .edge(let e): (0..<3).contains { Edge(t[$0], t[($0 + 1) % 3]) == e }
        case .face(let f): f == index
        }
    }

    /// Whether two coplanar triangles face the same way, exactly.
    private static func sameFacing(_ t: (Vector3, Vector3, Vector3), _ u: (Vector3, Vector3, Vector3)) -> Bool {
        let axis = TriangleContact.dominantAxis(TriangleContact.Corners(t))
        return Predicates.orient2d(t.0, t.1, t.2, droppingAxis: axis) == Predicates.orient2d(u.0, u.1, u.2, droppingAxis: axis)
    }
}
