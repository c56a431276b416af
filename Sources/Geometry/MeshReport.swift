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
        let topology = Topology(self)
        var degenerate = 0
        for (i, t) in triangles.enumerated() {
            if t.a == t.b || t.b == t.c || t.c == t.a { degenerate += 1; continue }
            guard nonFinite == 0 else { continue }
            let (p, q, r) = corners(i)
            if Predicates.orient2d(p, q, r, droppingAxis: 0) == 0 && Predicates.orient2d(p, q, r, droppingAxis: 1) == 0
                && Predicates.orient2d(p, q, r, droppingAxis: 2) == 0 { degenerate += 1 }
        }

        // Volume and area, relative to a point near the mesh for precision.
        let origin = vertices.first(where: \.isFinite) ?? .zero
        var volume = 0.0, area = 0.0
        for i in 0..<triangles.count {
            let (p, q, r) = corners(i)
            let a = p - origin, b = q - origin, c = r - origin
            volume += a.dot(b.cross(c))
            area += (q - p).cross(r - p).length
        }
        var isUsed = [Bool](repeating: false, count: vertices.count)
        for t in triangles { isUsed[Int(t.a)] = true; isUsed[Int(t.b)] = true; isUsed[Int(t.c)] = true }
        let used = vertices.indices.filter { isUsed[$0] }

        var intersections: Int? = nil
        if checkSelfIntersections && nonFinite == 0 { intersections = countSelfIntersections() }
        return MeshReport(
            isClosed: topology.openEdges == 0, isManifold: topology.nonManifoldEdges == 0 && topology.nonManifoldVertices == 0,
            isOriented: topology.repeatedDirectedEdges == 0, isOutward: volume > 0, degenerateTriangles: degenerate,
            selfIntersections: intersections, volume: volume / 6, area: area / 2,
            bounds: Bounds(points: used.map { vertices[$0] }), shells: topology.shells,
            eulerCharacteristic: used.count - topology.edges + triangles.count - degenerateCountByIndex,
            triangles: triangles.count, vertices: used.count, openEdges: topology.openEdges,
            nonManifoldEdges: topology.nonManifoldEdges, nonManifoldVertices: topology.nonManifoldVertices, nonFiniteVertices: nonFinite)
    }

    private var degenerateCountByIndex: Int { triangles.filter { $0.a == $0.b || $0.b == $0.c || $0.c == $0.a }.count }

    /// The counts of the report that depend only on indices, from the half-edges grouped by edge
    /// (`EdgeGrouping`, which leaves out triangles with a repeated index) and two union-finds: one
    /// of triangles joined by edges (shells), one of triangle corners joined across the edges at
    /// their vertex (the fans round each vertex).
    private struct Topology {
        /// Undirected edges of the triangles without a repeated index.
        var edges = 0
        var openEdges = 0
        var nonManifoldEdges = 0
        /// Directed edges used more than once.
        var repeatedDirectedEdges = 0
        var shells = 0
        var nonManifoldVertices = 0

        init(_ mesh: Mesh) {
            let triangles = mesh.triangles
            let grouping = EdgeGrouping(vertexCount: mesh.vertices.count, triangles: triangles)
            let ids = grouping.ids
            var shellSets = UnionFind(count: triangles.count)
            var fans = UnionFind(count: 3 * triangles.count)
            /// Corner slot 3 t + k of the half-edge `h` at vertex `v` (one of its two ends).
            @inline(__always) func corner(_ h: Int, at v: UInt32) -> Int {
                let t = h / 3, k = h % 3
                return triangles[t][k] == v ? h : 3 * t + (k == 2 ? 0 : k + 1)
            }
            grouping.forEachEdge { run in
                edges += 1
                if run.count == 1 { openEdges += 1 } else if run.count > 2 { nonManifoldEdges += 1 }
                let first = Int(ids[run.lowerBound])
                let (u, v) = (triangles[first / 3][first % 3], triangles[first / 3][first % 3 == 2 ? 0 : first % 3 + 1])
                var along = 0, against = 0
                for g in run {
                    let h = Int(ids[g])
                    if triangles[h / 3][h % 3] == u { along += 1 } else { against += 1 }
                    shellSets.union(h / 3, first / 3)
                    fans.union(corner(h, at: u), corner(first, at: u))
                    fans.union(corner(h, at: v), corner(first, at: v))
                }
                repeatedDirectedEdges += (along > 1 ? 1 : 0) + (against > 1 ? 1 : 0)
            }
            // A triangle with a repeated index joins the others along its one real edge, and its
            // corners at one vertex are one corner of the fan there. (Rare: in invalid meshes only.)
            var flatEdges = [(key: UInt64, h: Int)]()
            for (t, tri) in triangles.enumerated() where tri.a == tri.b || tri.b == tri.c || tri.c == tri.a {
                for k in 0..<3 {
                    let h = 3 * t + k, u = tri[k], v = tri[k == 2 ? 0 : k + 1]
                    if u == v {
                        fans.union(h, 3 * t + (k == 2 ? 0 : k + 1))
                        continue
                    }
                    flatEdges.append((UInt64(min(u, v)) << 32 | UInt64(max(u, v)), h))
                    for g in grouping.halfEdges(between: u, and: v) {
                        let other = Int(ids[g])
                        shellSets.union(other / 3, t)
                        fans.union(corner(other, at: u), corner(h, at: u))
                        fans.union(corner(other, at: v), corner(h, at: v))
                    }
                }
            }
            flatEdges.sort { $0.key < $1.key }
            for (e, f) in zip(flatEdges, flatEdges.dropFirst()) where e.key == f.key {
                let (u, v) = (UInt32(e.key >> 32), UInt32(truncatingIfNeeded: e.key))
                shellSets.union(e.h / 3, f.h / 3)
                fans.union(corner(e.h, at: u), corner(f.h, at: u))
                fans.union(corner(e.h, at: v), corner(f.h, at: v))
            }
            shells = (0..<triangles.count).filter { shellSets.find($0) == $0 }.count
            // A vertex whose corners fall into more than one set joins separate fans.
            var fanOf = [Int](repeating: -1, count: mesh.vertices.count)
            var counted = [Bool](repeating: false, count: mesh.vertices.count)
            for c in 0..<(3 * triangles.count) {
                let v = Int(triangles[c / 3][c % 3]), root = fans.find(c)
                if fanOf[v] < 0 {
                    fanOf[v] = root
                } else if fanOf[v] != root && !counted[v] {
                    counted[v] = true
                    nonManifoldVertices += 1
                }
            }
        }
    }

    /// The number of intersecting triangle pairs (exact; contact at shared corners and edges is allowed).
    public func countSelfIntersections() -> Int { selfIntersections().count }

    /// The number of intersecting triangle pairs, and the first found (without suspects, by the
    /// lower triangle index). The pairs are tested over the cores, in chunks of triangles;
    /// `stoppingAtFirst` ends each chunk at its first pair (the count is then only whether there
    /// is one).
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
        let tested = suspects.map { s in triangles.indices.filter { s[$0] } } ?? Array(triangles.indices)
        if let suspects, 16 * tested.count < triangles.count {
            // A few suspects (what an edit or a repair changed) are indexed themselves, and every
            // triangle is a query: the index of the whole mesh cost such a check most of its time.
            let tree = BoundingVolumeHierarchy(boxes: tested.map { boxes[$0] })
            let tests = tested.map { CrossingTest(self, $0) }
            return Parallel.map(triangles.count, minimumChunk: 4096, sharing: Parallel.isWorthSharing(triangles.count, cost: 100)) {
                range -> (count: Int, pairs: [(Int, Int)]) in
                var count = 0
                var pairs = [(Int, Int)]()
                for j in range {
                    if stoppingAtFirst && count > 0 { break }
                    tree.forEachOverlap(with: boxes[j]) { k in
                        let i = tested[k]
                        // Each pair once: a pair of suspects from its higher index.
                        guard i != j, !suspects[j] || i < j, tests[k].crosses(j, of: self) else { return }
                        count += 1
                        if pairs.count < keeping { pairs.append((i, j)) }
                    }
                }
                return (count, pairs)
            }
        }
        let bvh = BoundingVolumeHierarchy(boxes: boxes)
        // Whether each triangle is tested from its own side (all of them, without suspects).
        let isTested = suspects ?? [Bool](repeating: true, count: triangles.count)
        return Parallel.map(tested.count, minimumChunk: 1024) { range -> (count: Int, pairs: [(Int, Int)]) in
            var count = 0
            var pairs = [(Int, Int)]()
            for i in tested[range] {
                if stoppingAtFirst && count > 0 { break }
                let test = CrossingTest(self, i)
                bvh.forEachOverlap(with: boxes[i]) { j in
                    // Each pair once: a pair of tested triangles from its lower index.
                    guard j > i || (j < i && !isTested[j]) else { return }
                    if test.crosses(j, of: self) {
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

/// Whether triangle `i` of a mesh crosses another of its triangles: they meet anywhere but along
/// an edge or at a corner they share (exact). Made once per triangle, tested against many. The
/// mesh is passed to each test rather than kept: a copy kept per triangle retained the mesh's
/// arrays, a count that the cores then contended for.
struct CrossingTest {
    let i: Int
    let plane: Predicates.Plane
    let tri: TriangleIntersection.Tri
    let axis: Int
    /// Whether the projection along `axis` maps the triangle one to one (it has an area).
    let projects: Bool

    init(_ mesh: Mesh, _ i: Int) {
        self.i = i
        let (p, q, r) = mesh.corners(i)
        plane = Predicates.Plane(p, q, r)
        tri = TriangleIntersection.Tri((p, q, r))
        axis = tri.projectionAxis
        projects = Predicates.orient2d(p, q, r, droppingAxis: axis) != 0
    }

    /// Whether triangle `j` of `mesh` (the mesh this test was made on) crosses triangle `i`.
    func crosses(_ j: Int, of mesh: Mesh) -> Bool {
        let t = mesh.triangles[i], u = mesh.triangles[j]
        // Neighbours in one plane that is not axis-aligned (a turned part's faces) cost `orient3d`
        // its exact evaluation, a few thousand instructions: where the filter cannot decide their
        // sides, the projection does first.
        if let shared = sharedEdgeOpposites(t, u) {
            // Two triangles on one edge meet only along it unless they lie in one plane and on one
            // side of it.
            let s = mesh.vertices[Int(shared)]
            if let side = plane.filteredSide(of: s), side != 0 { return false }
            let (p, q, r) = (tri[0], tri[1], tri[2])
            let (a, b, c) = t.a == u.a || t.a == u.b || t.a == u.c
                ? (t.b == u.a || t.b == u.b || t.b == u.c ? (p, q, r) : (r, p, q))
                : (q, r, p)
            if TriangleIntersection.meetOnlyAlongSharedEdge(a, b, c, s) || plane.side(of: s) != 0 { return false }
        } else if projects, sharesOneCorner(t, u) {
            // A fan round a corner: the other triangle's far corners strictly on one side of this
            // one's plane, or the two apart but for the corner in this one's projection, meet only
            // there.
            let other = TriangleIntersection.Tri(mesh.corners(j))
            var sides = 0, far = 0
            for k in 0..<3 where !tri.contains(other[k]) {
                far += 1
                sides += plane.filteredSide(of: other[k]) ?? 0
            }
            if far == 2 && abs(sides) == 2 { return false }
            if TriangleIntersection.meetOnlyAtSharedCorner(tri, other, axis) { return false }
        }
        return TriangleIntersection.intersect(plane, mesh.corners(j))
    }
}

/// Whether `t` and `u` share exactly one vertex index.
@inline(__always) private func sharesOneCorner(_ t: Mesh.Triangle, _ u: Mesh.Triangle) -> Bool {
    let inT = { (v: UInt32) in v == t.a || v == t.b || v == t.c }
    return (inT(u.a) ? 1 : 0) + (inT(u.b) ? 1 : 0) + (inT(u.c) ? 1 : 0) == 1
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
