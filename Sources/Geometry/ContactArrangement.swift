/// Stages 5 and 6 of a corefinement (docs/booleans.md), after the contact is registered: where the
/// contact points lie on each operand (inside an edge, in order along it, or inside a face), the
/// contact curves as edges, and every triangle that a point or a segment touches split along them
/// (`Corefinement.split`), over the cores.
struct ContactArrangement {
    typealias Edge = Corefinement.Edge
    typealias Simplex = Corefinement.Simplex

    private let meshes: [Mesh]
    /// All vertices by global id: A's, B's, then the constructed points rounded.
    private let vertices: [Vector3]
    /// The definitions of the constructed points, in id order after the input vertices.
    private let definitions: [ContactPoint]
    /// The id standing for each vertex (`ContactRegistry.resolved()`).
    private let roots: [UInt32]
    private let segments: [[[(UInt32, UInt32)]]]
    private let alongEdges: [[(edge: Edge, from: UInt32, to: UInt32)]]
    /// Per operand: the points inside its edges, and those inside each face.
    private let edgePoints: [EdgePoints]
    private let inFace: [[[UInt32]]]
    private let tolerance: Double

    /// The arrangement of `a` and `b` with `registry`'s contact, resolved into `roots`, `found`
    /// (the feature of each operand holding each id) and `extra` (further features), its points
    /// rounded to `vertices`.
    init(_ a: Mesh, _ b: Mesh, _ registry: ContactRegistry, vertices: [Vector3], roots: [UInt32], found: [[Simplex?]],
         extra: [[UInt32: [Simplex]]], tolerance: Double) {
        meshes = [a, b]
        self.vertices = vertices
        definitions = registry.definitions
        self.roots = roots
        segments = registry.segments
        alongEdges = registry.alongEdges
        self.tolerance = tolerance
        var onEdge = [[(edge: Edge, id: UInt32)]](repeating: [], count: 2)
        var inFace = [a.triangles.count, b.triangles.count].map { [[UInt32]](repeating: [], count: $0) }
        for mesh in 0..<2 {
            func place(_ id: UInt32, on s: Simplex) {
                switch s {
                case .edge(let e): onEdge[mesh].append((e, id))
                case .face(let f): inFace[mesh][f].append(id)
                case .vertex: break
                }
            }
            // Ids merged into one are placed once, by their root (which holds all their features).
            for (id, s) in found[mesh].enumerated() where roots[id] == UInt32(id) {
                if let s { place(UInt32(id), on: s) }
            }
            // In id order, not the dictionary's (which changes from run to run): the order of the
            // points inside a face decides how it is split.
            for id in extra[mesh].keys.sorted() where roots[Int(id)] == id { for s in extra[mesh][id]! { place(id, on: s) } }
        }
        edgePoints = [EdgePoints(vertexCount: a.vertices.count, entries: onEdge[0]), EdgePoints(vertexCount: b.vertices.count, entries: onEdge[1])]
        self.inFace = inFace
    }

    private func globalID(_ mesh: Int, _ v: UInt32) -> UInt32 { mesh == 0 ? v : v + UInt32(meshes[0].vertices.count) }

    private func resolve(_ id: UInt32) -> UInt32 { Int(id) < roots.count ? roots[Int(id)] : id }

    /// The exact definition of vertex `id`.
    private func definition(_ id: UInt32) -> ContactPoint {
        Self.definition(id, vertices, definitions, inputs: meshes[0].vertices.count + meshes[1].vertices.count)
    }

    /// The exact definition of vertex `id`: input vertex, or constructed point after the `inputs`.
    private static func definition(_ id: UInt32, _ vertices: [Vector3], _ definitions: [ContactPoint], inputs: Int) -> ContactPoint {
        Int(id) < inputs ? .vertex(vertices[Int(id)]) : definitions[Int(id) - inputs]
    }

    /// The points inside the edge from `start` to `end` (input vertices) in order, exactly: by the
    /// coordinate on which the edge runs furthest, compared on the points' definitions; appended
    /// to `out` (an array returned per edge was a tenth of a small boolean's allocations).
    private func appendSortedAlong(_ start: UInt32, _ end: UInt32, _ ids: ArraySlice<UInt32>, to out: inout [UInt32]) {
        if ids.count == 1 {
            out.append(ids[ids.startIndex])
            return
        }
        let d = vertices[Int(end)] - vertices[Int(start)]
        let axis = abs(d.x) >= abs(d.y) && abs(d.x) >= abs(d.z) ? 0 : (abs(d.y) >= abs(d.z) ? 1 : 2)
        let direction = d[axis] > 0 ? 1 : -1
        let sign = Double(direction)
        // Usually the estimates alone decide: ordered by them, each point lies farther from the next
        // than both their error bounds, twice (as `IndirectPredicates.compare` decides on them).
        func isApart(_ a: (point: Vector3, error: Double), _ b: (point: Vector3, error: Double)) -> Bool {
            let bound = (a.error + b.error) * (1 + 0x1p-40)
            return (b.point[axis] - a.point[axis]) * sign > 2 * bound
        }
        if ids.count == 2 {
            // Two points, the most common case, without arrays: the second goes first only where its
            // estimate is strictly lower, as a sort of the two would order them.
            let x = ids[ids.startIndex], y = ids[ids.startIndex + 1]
            if let ex = definition(x).estimate, let ey = definition(y).estimate {
                let swapped = ey.point[axis] * sign < ex.point[axis] * sign
                if swapped ? isApart(ey, ex) : isApart(ex, ey) {
                    out.append(swapped ? y : x)
                    out.append(swapped ? x : y)
                    return
                }
            }
        } else {
            let estimated = ids.map { ($0, definition($0).estimate) }
            if estimated.allSatisfy({ $0.1 != nil }) {
                let order = estimated.sorted { $0.1!.point[axis] * sign < $1.1!.point[axis] * sign }
                if zip(order, order.dropFirst()).allSatisfy({ isApart($0.1!, $1.1!) }) {
                    for (id, _) in order { out.append(id) }
                    return
                }
            }
        }
        let points = ids.map { ($0, HomogeneousPoint(definition($0))) }
        for (id, _) in points.sorted(by: { IndirectPredicates.compare($0.1, $1.1, along: axis) * direction < 0 }) { out.append(id) }
    }

    /// The contact curves: segments across triangles, and the stretches of edges between the ends
    /// of segments along them; each edge once, lower end first, in the order of their ends. (Keys
    /// sorted, not a `Set`: hashing each edge cost W3 1.7 percent of its instructions.)
    func curves() throws(GeometryError) -> [Edge] {
        var keys = [UInt64]()
        func insert(_ e: Edge) { keys.append(UInt64(e.a) << 32 | UInt64(e.b)) }
        for mesh in 0..<2 {
            for segs in segments[mesh] { for (p, q) in segs { insert(Edge(p, q)) } }
            // The segments along each edge together, the points along the edge sorted once: chained
            // by the edge's lower end (in the order found), each end's edges told apart by the other.
            let along = alongEdges[mesh]
            var first = [Int32](repeating: -1, count: meshes[mesh].vertices.count)
            var next = [Int32](repeating: -1, count: along.count)
            for n in along.indices.reversed() {
                next[n] = first[Int(along[n].edge.a)]
                first[Int(along[n].edge.a)] = Int32(n)
            }
            var chains = [(end: UInt32, chain: [UInt32])]()
            for lower in first.indices where first[lower] >= 0 {
                chains.removeAll(keepingCapacity: true)
                var n = Int(first[lower])
                while n >= 0 {
                    let (edge, p, q) = along[n]
                    n = Int(next[n])
                    let start = resolve(globalID(mesh, edge.a)), end = resolve(globalID(mesh, edge.b))
                    if !chains.contains(where: { $0.end == edge.b }) {
                        var chain = [start]
                        appendSortedAlong(start, end, edgePoints[mesh].points(edge.a, edge.b), to: &chain)
                        chain.append(end)
                        chains.append((edge.b, chain))
                    }
                    let chain = chains.first { $0.end == edge.b }!.chain
                    guard let i = chain.firstIndex(of: resolve(p)), let j = chain.firstIndex(of: resolve(q)) else {
                        throw .degenerateContact("a contact segment along the edge from \(vertices[Int(start)]) to \(vertices[Int(end)]) ends off that edge; the operands nearly touch there")
                    }
                    for k in min(i, j)..<max(i, j) { insert(Edge(chain[k], chain[k + 1])) }
                }
            }
        }
        keys.radixSort()
        var curve = [Edge]()
        curve.reserveCapacity(keys.count)
        for (n, key) in keys.enumerated() where n == 0 || key != keys[n - 1] {
            curve.append(Edge(UInt32(truncatingIfNeeded: key >> 32), UInt32(truncatingIfNeeded: key)))
        }
        return curve
    }

    /// A triangle's corners by the ids standing for them.
    private func corners(_ mesh: Int, _ t: Mesh.Triangle) -> (UInt32, UInt32, UInt32) {
        (resolve(globalID(mesh, t.a)), resolve(globalID(mesh, t.b)), resolve(globalID(mesh, t.c)))
    }

    /// What the split does with a triangle of an operand.
    private enum Fate: UInt8 {
        /// Kept whole: no contact point or segment touches it.
        case whole
        /// Split along the contact.
        case cut
        /// Dropped: a needle, two of whose corners are one point (coincident corners of an operand,
        /// merged), of no area. Its other two edges are one edge, used once each way, so dropping it
        /// keeps the operand closed; the contact points on that edge split the triangles beside it.
        case needle
    }

    /// The fate of every triangle of operand `mesh`.
    private func fates(of mesh: Int) -> [Fate] {
        let triangles = meshes[mesh].triangles, segments = segments[mesh], inFace = inFace[mesh], onEdges = edgePoints[mesh]
        var fates = [Fate](repeating: .whole, count: triangles.count)
        for (i, t) in triangles.enumerated() {
            let (a, b, c) = corners(mesh, t)
            if a == b || b == c || c == a {
                fates[i] = .needle
            } else if !segments[i].isEmpty || !inFace[i].isEmpty
                || onEdges.hasPoints(t.a, t.b) || onEdges.hasPoints(t.b, t.c) || onEdges.hasPoints(t.c, t.a) {
                fates[i] = .cut
            }
        }
        return fates
    }

    /// The pieces of each operand (every triangle the contact touches split, one by one over the
    /// cores; the rest as they are, needles dropped), the input triangle of each piece, and how many
    /// triangles `ExactSplit` had to split.
    func split() throws(GeometryError) -> (pieces: [[Mesh.Triangle]], sources: [[Int]], exactSplits: Int) {
        // A few dozen instructions a triangle, one operand per core.
        let sharing = Parallel.isWorthSharing(meshes[0].triangles.count + meshes[1].triangles.count, cost: 50)
        let (fates0, fates1) = Parallel.both(sharing: sharing, { self.fates(of: 0) }, { self.fates(of: 1) })
        let fates = [fates0, fates1]
        var cut = [(mesh: Int, triangle: Int)]()
        for mesh in 0..<2 { for (i, fate) in fates[mesh].enumerated() where fate == .cut { cut.append((mesh, i)) } }
        // The definitions read from locals: a closure calling a method copies the arrangement (a
        // retain of each of its arrays) for each triangle, which the cores then contend for.
        let (vertices, definitions, inputs) = (vertices, definitions, meshes[0].vertices.count + meshes[1].vertices.count)
        // Some ten thousand instructions a triangle, and far more for one with many segments.
        let split = try Parallel.each(cut.count, sharing: Parallel.isWorthSharing(cut.count, cost: 10_000)) {
            k throws(GeometryError) -> (pieces: [Mesh.Triangle], exact: Bool) in
            let (mesh, i) = cut[k]
            let t = meshes[mesh].triangles[i], onEdges = edgePoints[mesh]
            let points0 = onEdges.points(t.a, t.b), points1 = onEdges.points(t.b, t.c), points2 = onEdges.points(t.c, t.a)
            let (a, b, c) = corners(mesh, t)
            // Boundary: corners and the contact points inside each edge, in order.
            var boundary = [UInt32]()
            boundary.reserveCapacity(3 + points0.count + points1.count + points2.count)
            boundary.append(a)
            if !points0.isEmpty { appendSortedAlong(a, b, points0, to: &boundary) }
            boundary.append(b)
            if !points1.isEmpty { appendSortedAlong(b, c, points1, to: &boundary) }
            boundary.append(c)
            if !points2.isEmpty { appendSortedAlong(c, a, points2, to: &boundary) }
            var out = [Mesh.Triangle]()
            // A triangulation of the boundary has its length less two triangles; each point inside
            // and each segment adds about two.
            out.reserveCapacity(boundary.count + 2 * (inFace[mesh][i].count + segments[mesh][i].count))
            let exact = try Corefinement.split(
                corners: (a, b, c), boundary: boundary, segments: segments[mesh][i], points: inFace[mesh][i], vertices: vertices,
                definition: { Self.definition($0, vertices, definitions, inputs: inputs) }, tag: t.tag, tolerance: tolerance, into: &out)
            return (out, exact)
        }
        // Each operand's pieces in the order of its triangles, one operand per core.
        let firstCut = [0, fates[0].count { $0 == .cut }]
        func pieces(of mesh: Int) -> (pieces: [Mesh.Triangle], sources: [Int]) {
            var out = [Mesh.Triangle](), from = [Int]()
            out.reserveCapacity(meshes[mesh].triangles.count + meshes[mesh].triangles.count / 2)
            from.reserveCapacity(out.capacity)
            var next = firstCut[mesh]
            for (i, t) in meshes[mesh].triangles.enumerated() {
                switch fates[mesh][i] {
                case .whole:
                    let (a, b, c) = corners(mesh, t)
                    out.append(Mesh.Triangle(a, b, c, tag: t.tag))
                    from.append(i)
                case .cut:
                    out += split[next].pieces
                    for _ in split[next].pieces.indices { from.append(i) }
                    next += 1
                case .needle:
                    break
                }
            }
            return (out, from)
        }
        let (pieces0, pieces1) = Parallel.both(sharing: sharing, { pieces(of: 0) }, { pieces(of: 1) })
        return ([pieces0.pieces, pieces1.pieces], [pieces0.sources, pieces1.sources], split.count { $0.exact })
    }
}
