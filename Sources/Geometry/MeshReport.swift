/// What a mesh is, checked and measured: the properties every solid we write must have, and its size.
public struct MeshReport: Hashable, Sendable, Codable {
    /// Every edge has exactly two triangles.
    public var isClosed: Bool
    /// No edge has more than two triangles, and the triangles around every vertex form a single fan.
    public var isManifold: Bool
    /// Every edge is used once in each direction by its two triangles.
    public var isOriented: Bool
    /// The enclosed volume is positive (normals point out).
    public var isOutward: Bool
    /// Triangles with a repeated index or three collinear corners (exact test).
    public var degenerateTriangles: Int
    /// Pairs of triangles that intersect other than at shared corners or edges; nil when not checked.
    public var selfIntersections: Int?
    /// Volume in mm³ (signed: negative for an inside-out mesh).
    public var volume: Double
    /// Surface area in mm².
    public var area: Double
    public var bounds: Bounds
    /// Connected pieces (triangles joined by edges).
    public var shells: Int
    /// V - E + F over the vertices in use: 2 per closed sphere-like shell, 0 for a torus.
    public var eulerCharacteristic: Int
    public var triangles: Int
    public var vertices: Int
    /// Edges with one triangle.
    public var openEdges: Int
    /// Edges with more than two triangles.
    public var nonManifoldEdges: Int
    /// Vertices whose triangles form more than one fan.
    public var nonManifoldVertices: Int
    /// Coordinates that are NaN or infinite.
    public var nonFiniteVertices: Int

    /// Closed, manifold, oriented, outward, with no degenerate or intersecting triangles: a printable solid.
    /// An empty mesh is valid (it is the empty solid).
    public var isValid: Bool {
        isClosed && isManifold && isOriented && (isOutward || triangles == 0) && degenerateTriangles == 0
            && (selfIntersections ?? 0) == 0 && nonFiniteVertices == 0
    }

    /// One sentence per failed property.
    public var problems: [String] {
        var p = [String]()
        if nonFiniteVertices > 0 { p.append("\(nonFiniteVertices) vertices are not finite") }
        if !isClosed { p.append("not closed: \(openEdges) edges have only one triangle") }
        if nonManifoldEdges > 0 { p.append("not manifold: \(nonManifoldEdges) edges have more than two triangles") }
        if nonManifoldVertices > 0 { p.append("not manifold: \(nonManifoldVertices) vertices join separate fans") }
        if !isOriented { p.append("not consistently oriented: some edges are used twice in the same direction") }
        if !isOutward && triangles > 0 { p.append("inside out: volume is \(volume) mm³") }
        if degenerateTriangles > 0 { p.append("\(degenerateTriangles) degenerate triangles") }
        if let s = selfIntersections, s > 0 { p.append("\(s) pairs of triangles intersect") }
        return p
    }
}

extension Mesh {
    /// This mesh, if it is a valid solid, self-intersections included; otherwise `invalidResult`
    /// naming `what` and every problem. The last check before a result is written, so that no
    /// invalid mesh leaves the program.
    public func validated(_ what: String) throws(GeometryError) -> Mesh {
        guard !isValidSolid() else { return self }
        let r = report()
        guard r.isValid else { throw .invalidResult("\(what) is not a valid solid (\(r.problems.joined(separator: "; "))); nothing was written") }
        return self
    }

    /// Checks and measures the mesh. The self-intersection test (a BVH broad phase and exact predicates)
    /// is the costly part and can be skipped.
    public func report(checkSelfIntersections: Bool = true) -> MeshReport {
        let nonFinite = vertices.filter { !$0.isFinite }.count
        // Directed edges keyed by (from, to).
        var directed = [UInt64: Int]()
        directed.reserveCapacity(triangles.count * 3)
        @inline(__always) func key(_ a: UInt32, _ b: UInt32) -> UInt64 { UInt64(a) << 32 | UInt64(b) }
        var degenerate = 0
        for t in triangles {
            if t.a == t.b || t.b == t.c || t.c == t.a { degenerate += 1; continue }
            directed[key(t.a, t.b), default: 0] += 1
            directed[key(t.b, t.c), default: 0] += 1
            directed[key(t.c, t.a), default: 0] += 1
        }
        // An undirected edge is open with one use, non-manifold with more than two; the mesh is oriented
        // when no directed edge is used twice.
        var open = 0, nonManifoldEdges = 0, edgeCount = 0
        let misoriented = directed.values.filter { $0 > 1 }.count
        for (k, forward) in directed {
            let a = UInt32(k >> 32), b = UInt32(k & 0xffff_ffff)
            let backward = directed[key(b, a)] ?? 0
            guard a < b || backward == 0 else { continue }  // count each undirected edge once
            edgeCount += 1
            let total = forward + backward
            if total == 1 { open += 1 } else if total > 2 { nonManifoldEdges += 1 }
        }
        for (i, t) in triangles.enumerated() where !(t.a == t.b || t.b == t.c || t.c == t.a) && nonFinite == 0 {
            let (p, q, r) = corners(i)
            if Predicates.orient2d(p, q, r, droppingAxis: 0) == 0 && Predicates.orient2d(p, q, r, droppingAxis: 1) == 0
                && Predicates.orient2d(p, q, r, droppingAxis: 2) == 0 { degenerate += 1 }
        }

        // Shells and vertex fans by union-find.
        var shellSets = UnionFind(count: triangles.count)
        var firstTriangleOfEdge = [UInt64: Int]()
        for (i, t) in triangles.enumerated() {
            for (a, b) in [(t.a, t.b), (t.b, t.c), (t.c, t.a)] {
                let k = key(min(a, b), max(a, b))
                if let j = firstTriangleOfEdge[k] { shellSets.union(i, j) } else { firstTriangleOfEdge[k] = i }
            }
        }
        var shellRoots = Set<Int>()
        for i in 0..<triangles.count { shellRoots.insert(shellSets.find(i)) }
        let nonManifoldVertices = countNonManifoldVertices()

        // Volume and area, relative to a point near the mesh for precision.
        let origin = vertices.first(where: \.isFinite) ?? .zero
        var volume = 0.0, area = 0.0
        for i in 0..<triangles.count {
            let (p, q, r) = corners(i)
            let a = p - origin, b = q - origin, c = r - origin
            volume += a.dot(b.cross(c))
            area += (q - p).cross(r - p).length
        }
        let used = Set(triangles.flatMap { [$0.a, $0.b, $0.c] })

        var intersections: Int? = nil
        if checkSelfIntersections && nonFinite == 0 { intersections = countSelfIntersections() }
        return MeshReport(
            isClosed: open == 0, isManifold: nonManifoldEdges == 0 && nonManifoldVertices == 0,
            isOriented: misoriented == 0, isOutward: volume > 0, degenerateTriangles: degenerate,
            selfIntersections: intersections, volume: volume / 6, area: area / 2,
            bounds: Bounds(points: used.map { vertices[Int($0)] }), shells: shellRoots.count,
            eulerCharacteristic: used.count - edgeCount + triangles.count - degenerateCountByIndex,
            triangles: triangles.count, vertices: used.count, openEdges: open, nonManifoldEdges: nonManifoldEdges,
            nonManifoldVertices: nonManifoldVertices, nonFiniteVertices: nonFinite)
    }

    private var degenerateCountByIndex: Int { triangles.filter { $0.a == $0.b || $0.b == $0.c || $0.c == $0.a }.count }

    /// Vertices whose incident triangles, linked through edges at that vertex, form more than one fan.
    private func countNonManifoldVertices() -> Int {
        var incident = [[Int]](repeating: [], count: vertices.count)
        for (i, t) in triangles.enumerated() {
            for v in Set([t.a, t.b, t.c]) { incident[Int(v)].append(i) }
        }
        var count = 0
        for (v, tris) in incident.enumerated() where tris.count > 1 {
            // Link triangles that share an edge through v.
            var sets = UnionFind(count: tris.count)
            var byOther = [UInt32: Int]()
            for (k, ti) in tris.enumerated() {
                let t = triangles[ti]
                for w in [t.a, t.b, t.c] where w != UInt32(v) {
                    if let j = byOther[w] { sets.union(k, j) } else { byOther[w] = k }
                }
            }
            if Set((0..<tris.count).map { sets.find($0) }).count > 1 { count += 1 }
        }
        return count
    }

    /// The number of intersecting triangle pairs (exact; contact at shared corners and edges is allowed).
    public func countSelfIntersections() -> Int { selfIntersections().count }

    /// The number of intersecting triangle pairs, and the first (by the lower triangle index). The
    /// pairs are tested over the cores, in chunks of triangles; `stoppingAtFirst` ends each chunk at
    /// its first pair (the count is then only whether there is one).
    /// `suspects`: where given, only the pairs with at least one suspect triangle are tested (the
    /// caller knows that the others do not cross each other).
    func selfIntersections(stoppingAtFirst: Bool = false, suspects: [Bool]? = nil) -> (count: Int, first: (Int, Int)?) {
        let chunks = intersectingPairs(suspects: suspects, keeping: 1, stoppingAtFirst: stoppingAtFirst)
        return (chunks.reduce(0) { $0 + $1.count }, chunks.lazy.compactMap(\.pairs.first).first)
    }

    /// Every pair of intersecting triangles (each once), among the pairs with a suspect if
    /// `suspects` is given.
    func intersectingPairs(suspects: [Bool]? = nil) -> [(Int, Int)] {
        intersectingPairs(suspects: suspects, keeping: Int.max, stoppingAtFirst: false).flatMap(\.pairs)
    }

    /// Per chunk of tested triangles: how many intersecting pairs it found, and the first `keeping`
    /// of them.
    private func intersectingPairs(suspects: [Bool]?, keeping: Int, stoppingAtFirst: Bool) -> [(count: Int, pairs: [(Int, Int)])] {
        let boxes = (0..<triangles.count).map { i -> Bounds in
            let (p, q, r) = corners(i)
            return Bounds(p, q, r)
        }
        let bvh = BoundingVolumeHierarchy(boxes: boxes)
        let tested = suspects.map { s in triangles.indices.filter { s[$0] } } ?? Array(triangles.indices)
        // Whether each triangle is tested from its own side (all of them, without suspects).
        let isTested = suspects ?? [Bool](repeating: true, count: triangles.count)
        return Parallel.map(tested.count, minimumChunk: 1024) { range -> (count: Int, pairs: [(Int, Int)]) in
            var count = 0
            var pairs = [(Int, Int)]()
            for i in tested[range] {
                if stoppingAtFirst && count > 0 { break }
                bvh.forEachOverlap(with: boxes[i]) { j in
                    // Each pair once: a pair of tested triangles from its lower index.
                    guard j > i || (j < i && !isTested[j]) else { return }
                    if let shared = sharedEdgeOpposites(triangles[i], triangles[j]) {
                        // Two triangles on one edge meet only along it unless they lie in one plane
                        // and on one side of it.
                        let (p, q, r) = corners(i), s = vertices[Int(shared)]
                        if Predicates.orient3d(p, q, r, s) != 0 { return }
                        let t = triangles[i]
                        let (u, v, w) = t.a == triangles[j].a || t.a == triangles[j].b || t.a == triangles[j].c
                            ? (t.b == triangles[j].a || t.b == triangles[j].b || t.b == triangles[j].c ? (p, q, r) : (r, p, q))
                            : (q, r, p)
                        if TriangleIntersection.meetOnlyAlongSharedEdge(u, v, w, s) { return }
                    }
                    if TriangleIntersection.intersect(corners(i), corners(j)) {
                        count += 1
                        if pairs.count < keeping { pairs.append((i, j)) }
                    }
                }
            }
            return (count, pairs)
        }
    }

    /// Whether the mesh is a valid solid (`report().isValid`), found the cheap way: the operand
    /// check's grouping of half-edges, the exact test for collinear corners, and the self-
    /// intersection test over the cores, stopping at the first pair.
    public func isValidSolid() -> Bool { isValidSolid(suspects: nil) }

    /// `isValidSolid()`, where only the pairs of triangles with at least one of `suspects` (one
    /// flag per triangle) can cross each other.
    func isValidSolid(suspects: [Bool]?) -> Bool {
        guard !isEmpty else { return true }
        guard (try? Mesh.checkOperand(self, "", trustingTheCheckedFlag: false)) != nil else { return false }
        for (i, t) in triangles.enumerated() {
            if t.a == t.b || t.b == t.c || t.c == t.a { return false }
            let (p, q, r) = corners(i)
            if Predicates.orient2d(p, q, r, droppingAxis: 0) == 0 && Predicates.orient2d(p, q, r, droppingAxis: 1) == 0
                && Predicates.orient2d(p, q, r, droppingAxis: 2) == 0 { return false }
        }
        return selfIntersections(stoppingAtFirst: true, suspects: suspects).first == nil
    }
}

/// When `t` and `u` share two vertex indices, the index of `u`'s third vertex.
@inline(__always) private func sharedEdgeOpposites(_ t: Mesh.Triangle, _ u: Mesh.Triangle) -> UInt32? {
    let inT = { (v: UInt32) in v == t.a || v == t.b || v == t.c }
    let a = inT(u.a), b = inT(u.b), c = inT(u.c)
    switch (a, b, c) {
    case (true, true, false): return u.c
    case (true, false, true): return u.b
    case (false, true, true): return u.a
    default: return nil
    }
}
