/// Exact classification of the pieces of a corefinement (stage 7 of docs/booleans.md): each piece
/// lies inside or outside the other operand, or on its surface (a coplanar overlap), facing the same
/// way or the opposite way.
extension Corefinement {
    /// Where a piece of one operand lies against the other.
    enum Side: Equatable {
        case outside
        case inside
        /// On the other's surface, with outward normals the same (`sameFacing`) or opposite.
        case onSurface(sameFacing: Bool)
    }

    /// The side of every piece of operand `mesh` (0 for A, 1 for B) against the other, `operands`
    /// being A and B: the one classification of the boolean, for contact in general position and
    /// degenerate contact alike. A piece on the surface is found from its corners: all lie on one
    /// coplanar triangle of the other, found through the features holding them. The other pieces
    /// are grouped into patches that no contact curve crosses, and each patch is decided once, at a
    /// contact curve along its boundary, by the exact side of an input corner of the piece's own
    /// triangle (one strictly on the piece's side of the curve edge) against the other's triangle
    /// (or the wedge of two) that holds the curve there. Only a patch that no curve
    /// bounds (a surface the other does not meet), or one where every such test lies in a plane that
    /// would decide it, is tested with an exact ray: from a corner off the other surface where it has
    /// one, else from the centre of its largest piece.
    func sides(of mesh: Int, _ operands: [Mesh]) -> [Side] {
        let own = operands[mesh], other = operands[1 - mesh], list = pieces[mesh]
        var result = [Side?](repeating: nil, count: list.count)
        if hasCoplanar[mesh] { findOnSurface(mesh, own, other, into: &result) }
        // The contact curve's neighbours of each vertex (compressed rows; usually two, or none).
        var curveFirst = [Int32](repeating: 0, count: vertices.count + 1)
        for e in curveEdges {
            curveFirst[Int(e.a) + 1] += 1
            curveFirst[Int(e.b) + 1] += 1
        }
        for v in 0..<vertices.count { curveFirst[v + 1] += curveFirst[v] }
        var curveFill = curveFirst
        var curveNext = [UInt32](repeating: 0, count: curveEdges.count * 2)
        for e in curveEdges {
            curveNext[Int(curveFill[Int(e.a)])] = e.b
            curveFill[Int(e.a)] += 1
            curveNext[Int(curveFill[Int(e.b)])] = e.a
            curveFill[Int(e.b)] += 1
        }
        // Patches: pieces joined across every edge that is not on the curve. The half-edges on the
        // curve are where the patches are decided.
        let edges = EdgeGrouping(vertexCount: vertices.count, triangles: list)
        let ids = edges.ids
        var patches = UnionFind(count: list.count)
        var onCurve = [Int32]()
        // Over raw buffers: this runs over every piece of both operands.
        list.withUnsafeBufferPointer { list in
            result.withUnsafeBufferPointer { result in
                curveFirst.withUnsafeBufferPointer { curveFirst in
                    curveNext.withUnsafeBufferPointer { curveNext in
                        edges.forEachEdge { run in
                            let g = Int(ids[run.lowerBound]), t = list[g / 3]
                            let u = t[g % 3], w = t[g % 3 == 2 ? 0 : g % 3 + 1]
                            var curve = false
                            for k in Int(curveFirst[Int(u)])..<Int(curveFirst[Int(u) + 1]) where curveNext[k] == w { curve = true }
                            if curve {
                                for h in run where result[Int(ids[h]) / 3] == nil { onCurve.append(ids[h]) }
                            } else {
                                for h in run.dropFirst() where result[Int(ids[h]) / 3] == nil && result[g / 3] == nil {
                                    patches.union(g / 3, Int(ids[h]) / 3)
                                }
                            }
                        }
                    }
                }
            }
        }
        let roots = patches.roots()
        var inside = [Int8](repeating: -1, count: list.count)  // by patch root: inside (1), outside (0), unknown (-1)
        // Each patch is tried at its half-edges on the curve in order, the first of them almost
        // always deciding it: the features holding the ends of the others are looked up only for
        // the patches the first left open (W3: 1,001 and 2,000 patches, 96,188 half-edges each).
        var firstTries = [Int32](), laterTries = [Int32]()
        var tried = [Bool](repeating: false, count: list.count)
        for h in onCurve {
            let root = roots[Int(h) / 3]
            if tried[root] { laterTries.append(h) } else { firstTries.append(h) }
            tried[root] = true
        }
        var points = [UInt32: HomogeneousPoint]()
        func point(_ id: UInt32) -> HomogeneousPoint {
            if let known = points[id] { return known }
            let new = HomogeneousPoint(definition(of: id))
            points[id] = new
            return new
        }
        func decide(at halfEdges: [Int32]) {
            var features = [Simplex]()
            for h in halfEdges {
                let t = list[Int(h) / 3], k = Int(h) % 3
                for end in 0..<2 {
                    _ = firstLabel(of: t[(k + end) % 3], in: 1 - mesh) { s in
                        features.append(s)
                        return false
                    }
                }
            }
            let holding = Holders(other, 1 - mesh, of: self, features: features)
            for h in halfEdges {
                let i = Int(h) / 3, k = Int(h) % 3, root = roots[i]
                guard inside[root] < 0 else { continue }
                let t = list[i]
                let (u, v) = (t[k], t[(k + 1) % 3])
                let around = holding.triangles(holdingAll: allLabels(of: u, in: 1 - mesh), of: self, mesh: 1 - mesh)
                    .filter(holding.triangles(holdingAll: allLabels(of: v, in: 1 - mesh), of: self, mesh: 1 - mesh).contains)
                guard !around.isEmpty else { continue }
                // The piece lies left of u -> v in its input triangle. The line through u and v is
                // where that triangle's plane meets the planes holding the curve, so every point of
                // the triangle's plane strictly left of it lies on the piece's side of them: an input
                // corner there decides, exactly, however the piece's own corners were rounded.
                let source = own.triangles[sources[mesh][i]]
                let (p, q, r) = own.corners(sources[mesh][i])
                let axis = TriangleContact.Corners((p, q, r)).projectionAxis
                let turn = Predicates.orient2d(p, q, r, droppingAxis: axis)
                guard turn != 0 else { continue }
                for k in 0..<3 {
                    // A corner on the line through u and v (an end of the curve edge, or the curve runs
                    // along an edge from it) is not strictly left of it: the exact test would only find
                    // that out, from the exact coordinates of the constructed points.
                    guard !areOnOneSegment(u, v, from: source[k], of: mesh) else { continue }
                    let c = own.vertices[Int(source[k])]
                    guard IndirectPredicates.orient2d(point(u), point(v), HomogeneousPoint(.vertex(c)), droppingAxis: axis) == turn,
                          let side = Self.side(of: c, against: around, of: other) else { continue }
                    inside[root] = side ? 1 : 0
                    break
                }
            }
        }
        if !firstTries.isEmpty { decide(at: firstTries) }
        laterTries.removeAll { inside[roots[Int($0) / 3]] >= 0 }
        if !laterTries.isEmpty { decide(at: laterTries) }
        // The patches left: a ray each.
        var sample = [Int: Vector3]()  // patch root -> a corner off the other surface
        var largest = [Int: (area: Double, centre: Vector3)]()
        for (i, t) in list.enumerated() where result[i] == nil && inside[roots[i]] < 0 {
            let root = roots[i]
            guard sample[root] == nil else { continue }
            if let free = [t.a, t.b, t.c].first(where: { label(of: $0, in: 1 - mesh) == nil }) {
                sample[root] = vertices[Int(free)]
                continue
            }
            let (p, q, r) = (vertices[Int(t.a)], vertices[Int(t.b)], vertices[Int(t.c)])
            let area = (q - p).cross(r - p).length
            if area > largest[root]?.area ?? -1 { largest[root] = (area, (p + q + r) / 3) }
        }
        if !sample.isEmpty || !largest.isEmpty {
            let test = PointInMesh(other, indexed: true)
            for root in Set(sample.keys).union(largest.keys).sorted() {
                inside[root] = test.contains(sample[root] ?? largest[root]!.centre) ? 1 : 0
            }
        }
        return (0..<list.count).map { i in result[i] ?? (inside[roots[i]] == 1 ? .inside : .outside) }
    }

    /// Whether vertices `u` and `v` (global ids) both lie on one segment from vertex `c` of operand
    /// `mesh` (its own id) to another of its vertices, or either is `c` itself, by the features
    /// holding them: then the three are collinear, exactly.
    private func areOnOneSegment(_ u: UInt32, _ v: UInt32, from c: UInt32, of mesh: Int) -> Bool {
        if case .vertex(c)? = label(of: u, in: mesh) { return true }
        if case .vertex(c)? = label(of: v, in: mesh) { return true }
        var end: UInt32?  // the segment's other end
        func holds(_ x: UInt32) -> Bool {
            guard x != c else { return true }
            if end == nil { end = x }
            return end == x
        }
        func isOnIt(_ id: UInt32) -> Bool {
            switch label(of: id, in: mesh) {
            case .vertex(let x)?: holds(x)
            case .edge(let e)?: holds(e.a) && holds(e.b)
            case .face?, nil: false
            }
        }
        return isOnIt(u) && isOnIt(v)
    }

    /// Marks the pieces of operand `mesh` that lie on the other's surface: all their corners lie on
    /// one coplanar triangle of the other (which is convex), found through the features holding them.
    private func findOnSurface(_ mesh: Int, _ own: Mesh, _ other: Mesh, into result: inout [Side?]) {
        let list = pieces[mesh]
        // The other's triangles that overlap a coplanar triangle of this one, by corner (all equal
        // corners as one) and by edge.
        let overlapping = coplanar[1 - mesh].indices.filter { coplanar[1 - mesh][$0] }
        // Round each corner (by the id standing for it): compressed rows.
        var rows = [Int32](repeating: 0, count: representative.count + 1)
        for u in overlapping {
            let t = other.triangles[u]
            for k in 0..<3 { rows[Int(root(t[k], of: 1 - mesh)) + 1] += 1 }
        }
        for r in 0..<representative.count { rows[r + 1] += rows[r] }
        var cornerFill = rows, around = [Int](repeating: 0, count: 3 * overlapping.count)
        var edgeHolders = EdgeTriangles(edges: 3 * overlapping.count)
        for u in overlapping {
            let t = other.triangles[u]
            for k in 0..<3 {
                let r = Int(root(t[k], of: 1 - mesh))
                around[Int(cornerFill[r])] = u
                cornerFill[r] += 1
                edgeHolders.add(u, on: EdgeTriangles.key(t[k], t[(k + 1) % 3]))
            }
        }
        let cornerFirst = rows, aroundCorner = around, alongEdge = edgeHolders
        // The other's triangles that hold a feature holding `id`, in label order, then in the order
        // each feature's holders were gathered.
        func holders(of id: UInt32, into found: inout [Int]) {
            found.removeAll(keepingCapacity: true)
            _ = firstLabel(of: id, in: 1 - mesh) { s in
                switch s {
                case .face(let f): found.append(f)
                case .vertex(let v):
                    let r = Int(root(v, of: 1 - mesh))
                    found += aroundCorner[Int(cornerFirst[r])..<Int(cornerFirst[r + 1])]
                case .edge(let e): alongEdge.forEachTriangle(on: EdgeTriangles.key(e.a, e.b)) { found.append($0) }
                }
                return false
            }
        }
        // Whether triangle `u` of the other is among those holding a feature holding `id`: the
        // same test, for one triangle, without gathering the others.
        let isOverlapping = coplanar[1 - mesh]
        func holds(_ u: Int, _ id: UInt32) -> Bool {
            firstLabel(of: id, in: 1 - mesh) { s in
                switch s {
                case .face(let f): return f == u
                case .vertex(let v):
                    guard isOverlapping[u] else { return false }
                    let r = root(v, of: 1 - mesh), t = other.triangles[u]
                    return root(t.a, of: 1 - mesh) == r || root(t.b, of: 1 - mesh) == r || root(t.c, of: 1 - mesh) == r
                case .edge(let e):
                    guard isOverlapping[u] else { return false }
                    let t = other.triangles[u], key = EdgeTriangles.key(e.a, e.b)
                    return EdgeTriangles.key(t.a, t.b) == key || EdgeTriangles.key(t.b, t.c) == key || EdgeTriangles.key(t.c, t.a) == key
                }
            }
        }
        var holdersA = [Int]()
        let isCoplanar = coplanar[mesh]
        for (i, t) in list.enumerated() where isCoplanar[sources[mesh][i]] {
            // The first triangle holding all three corners.
            holders(of: t.a, into: &holdersA)
            if let u = holdersA.first(where: { holds($0, t.b) && holds($0, t.c) }) {
                result[i] = .onSurface(sameFacing: Corefinement.sameFacing(own.corners(sources[mesh][i]), other.corners(u)))
            }
        }
    }

    /// The triangles of one operand round the vertices that some features name (by the id standing
    /// for a corner, and by its own id for the ends of an edge), in compressed rows: one pass over
    /// its triangles, whatever its size.
    private struct Holders {
        /// Per vertex id standing for a corner (global) and per own vertex, its row, or -1.
        private let rootRow: [Int32], localRow: [Int32]
        private let rootFirst: [Int32], rootTriangles: [Int32]
        private let localFirst: [Int32], localTriangles: [Int32]

        /// Operand `index` of `core`, which is `mesh`, for queries about `features` (of that operand).
        init(_ mesh: Mesh, _ index: Int, of core: Corefinement, features: [Simplex]) {
            var rootRow = [Int32](), localRow = [Int32]()
            var roots: Int32 = 0, locals: Int32 = 0
            for s in features {
                switch s {
                case .face:
                    break
                case .edge(let e):
                    if localRow.isEmpty { localRow = [Int32](repeating: -1, count: mesh.vertices.count) }
                    if localRow[Int(e.a)] < 0 {
                        localRow[Int(e.a)] = locals
                        locals += 1
                    }
                    if localRow[Int(e.b)] < 0 {
                        localRow[Int(e.b)] = locals
                        locals += 1
                    }
                case .vertex(let v):
                    if rootRow.isEmpty { rootRow = [Int32](repeating: -1, count: core.representative.count) }
                    let r = Int(core.root(v, of: index))
                    if rootRow[r] < 0 {
                        rootRow[r] = roots
                        roots += 1
                    }
                }
            }
            // Each row in triangle order.
            func rows(_ rowOf: [Int32], _ count: Int32, _ key: (UInt32) -> Int) -> ([Int32], [Int32]) {
                guard count > 0 else { return ([0], []) }
                var first = [Int32](repeating: 0, count: Int(count) + 1)
                for t in mesh.triangles { for k in 0..<3 where rowOf[key(t[k])] >= 0 { first[Int(rowOf[key(t[k])]) + 1] += 1 } }
                for r in 0..<Int(count) { first[r + 1] += first[r] }
                var fill = first, items = [Int32](repeating: 0, count: Int(first[Int(count)]))
                for (i, t) in mesh.triangles.enumerated() {
                    for k in 0..<3 where rowOf[key(t[k])] >= 0 {
                        let r = Int(rowOf[key(t[k])])
                        items[Int(fill[r])] = Int32(i)
                        fill[r] += 1
                    }
                }
                return (first, items)
            }
            (rootFirst, rootTriangles) = rows(rootRow, roots) { Int(core.root($0, of: index)) }
            (localFirst, localTriangles) = rows(localRow, locals) { Int($0) }
            (self.rootRow, self.localRow) = (rootRow, localRow)
        }

        /// The triangles that hold feature `s` (closed: a face holds its edges and corners), in order;
        /// `s` is one of the features the holders were made for.
        func triangles(holding s: Simplex, of core: Corefinement, mesh: Int) -> [Int] {
            switch s {
            case .face(let f):
                return [f]
            case .edge(let e):
                let ra = Int(localRow[Int(e.a)]), rb = Int(localRow[Int(e.b)])
                let a = localTriangles[Int(localFirst[ra])..<Int(localFirst[ra + 1])]
                let b = localTriangles[Int(localFirst[rb])..<Int(localFirst[rb + 1])]
                return a.filter(b.contains).map(Int.init)
            case .vertex(let v):
                let r = Int(rootRow[Int(core.root(v, of: mesh))])
                return rootTriangles[Int(rootFirst[r])..<Int(rootFirst[r + 1])].map(Int.init)
            }
        }

        /// The triangles that hold any of `features`, sorted, each once.
        func triangles(holdingAll features: [Simplex], of core: Corefinement, mesh: Int) -> [Int] {
            if features.count == 1, case .face(let f) = features[0] { return [f] }
            guard let first = features.first else { return [] }
            var all = triangles(holding: first, of: core, mesh: mesh)
            for s in features.dropFirst() { all += triangles(holding: s, of: core, mesh: mesh) }
            all.sort()
            var kept = 0
            for i in all.indices where kept == 0 || all[kept - 1] != all[i] {
                all[kept] = all[i]
                kept += 1
            }
            all.removeLast(all.count - kept)
            return all
        }
    }

    /// Whether a point next to a contact curve lies inside the other operand, where `holding` are the
    /// other's triangles that hold the curve there: one (the curve crosses its face), or the two
    /// beside one of its edges (a wedge, convex or not). Nil where the point lies in a plane that
    /// would decide it.
    private static func side(of w: Vector3, against holding: [Int], of other: Mesh) -> Bool? {
        func against(_ f: Int) -> Int {
            let (p, q, r) = other.corners(f)
            return Predicates.orient3d(p, q, r, w)
        }
        switch holding.count {
        case 1:
            let s = against(holding[0])
            return s == 0 ? nil : s < 0
        case 2:
            let (s1, s2) = (against(holding[0]), against(holding[1]))
            // The wedge is convex where the second triangle's far corner lies below the first.
            let t1 = other.triangles[holding[0]], t2 = other.triangles[holding[1]]
            guard let far = [t2.a, t2.b, t2.c].first(where: { $0 != t1.a && $0 != t1.b && $0 != t1.c }) else { return nil }
            let (p, q, r) = other.corners(holding[0])
            if Predicates.orient3d(p, q, r, other.vertices[Int(far)]) < 0 {
                if s1 < 0 && s2 < 0 { return true }
                if s1 > 0 || s2 > 0 { return false }
            } else {
                if s1 < 0 || s2 < 0 { return true }
                if s1 > 0 && s2 > 0 { return false }
            }
            return nil
        default:
            return nil
        }
    }

    /// Whether two coplanar triangles face the same way, exactly.
    private static func sameFacing(_ t: (Vector3, Vector3, Vector3), _ u: (Vector3, Vector3, Vector3)) -> Bool {
        let axis = TriangleContact.Corners(t).projectionAxis
        return Predicates.orient2d(t.0, t.1, t.2, droppingAxis: axis) == Predicates.orient2d(u.0, u.1, u.2, droppingAxis: axis)
    }
}
