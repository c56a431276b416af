/// Corefinement of two closed meshes: finds where their surfaces meet, with exact predicates on the
/// input coordinates, and splits every triangle they meet in so that both meshes share the contact
/// curves as edges. A point of contact is named by the smallest feature of each mesh that holds it:
/// a corner (an input vertex, so a corner of one mesh on the other's surface keeps its id and two
/// equal corners become one), the inside of an edge, or the inside of a face. Every triangle around
/// a feature therefore refers to the same vertex, and stitching is by identity, never by distance.
///
/// The pieces are classified exactly, patch by patch (`sides(of:_:)`). Degenerate contact (coplanar
/// faces, a corner or edge on the other surface, a single point of contact) sets `degenerate`: the
/// kept pieces may then touch each other at a vertex or along an edge, which the caller separates.
struct Corefinement {
    /// The split triangles of each operand, over the shared vertex list.
    var vertices: [Vector3]
    var pieces: [[Mesh.Triangle]]  // pieces[0] from A, pieces[1] from B
    /// For each operand's piece, the source triangle index.
    var sources: [[Int]]
    /// Undirected edges (lower id, higher id) along the contact curves.
    var curveEdges: Set<Edge>
    /// Whether any contact was degenerate.
    var degenerate = false
    /// A point where the operands nearly touch, if they do (see `NearContactSnapping`): a corner of a
    /// triangle in contact lies within the tolerance (`Tolerance`) of the other triangle but not in
    /// its plane, a crossing edge has an end that near the other's plane, or a crossing lies that
    /// near the edge of the face it goes through. The pieces there are thinner than rounding, so
    /// their exact sides and their rounded corners cannot be trusted.
    var nearlyTouching: Vector3?
    /// Whether the corefinement stopped where it found near contact (see `init`): nothing is split.
    private(set) var stoppedAtNearContact = false
    /// How many triangles were split by `ExactSplit`, because their split on rounded positions
    /// failed: their rounded pieces may fold, so the result must be checked.
    var exactSplits = 0
    /// For each operand and triangle, the other operand's triangles coplanar with it and overlapping it.
    var coplanar: [[Int: [Int]]] = [[:], [:]]
    /// For each vertex id, the feature of operand m holding it, if any (for m's own input vertices, unused).
    private var labels: [[Simplex?]] = [[], []]
    /// Further features of operand m holding a vertex, where one operand has coincident features (its
    /// own shells touching along an edge or at a corner, as a union of touching solids leaves them).
    private var moreLabels: [[UInt32: [Simplex]]] = [[:], [:]]
    /// For every input vertex id, the id standing for it: the lowest of the input vertices equal to
    /// it (a corner of B equal to one of A takes A's id; coincident corners of one operand become one).
    private(set) var representative: [UInt32] = []
    private let counts: (Int, Int)
    /// The definitions of the constructed points, in id order after the input vertices.
    private var constructed: [ContactPoint] = []

    /// The exact definition of vertex `id`: an input vertex, or a constructed point.
    func definition(of id: UInt32) -> ContactPoint {
        Int(id) < counts.0 + counts.1 ? .vertex(vertices[Int(id)]) : constructed[Int(id) - counts.0 - counts.1]
    }

    struct Edge: Hashable {
        var a: UInt32
        var b: UInt32
        init(_ x: UInt32, _ y: UInt32) { (a, b) = x < y ? (x, y) : (y, x) }
    }

    /// A feature of one operand, by that operand's own vertex ids and triangle indices.
    enum Simplex: Hashable {
        case vertex(UInt32)
        case edge(Edge)
        case face(Int)

        var isVertex: Bool { if case .vertex = self { true } else { false } }
    }

    /// The id standing for input vertex `v` (local) of operand `mesh`.
    func root(_ v: UInt32, of mesh: Int) -> UInt32 { representative[Int(mesh == 0 ? v : v + UInt32(counts.0))] }

    /// The feature of operand `mesh` holding vertex `id` (global), or nil if the vertex is off its surface.
    func label(of id: UInt32, in mesh: Int) -> Simplex? {
        if mesh == 0 && id < UInt32(counts.0) { return .vertex(id) }
        if mesh == 1 && id >= UInt32(counts.0) && id < UInt32(counts.0 + counts.1) { return .vertex(id - UInt32(counts.0)) }
        return labels[mesh][Int(id)]
    }

    /// Whether vertex `id` (global) lies on both operands: a constructed point, or a corner of one
    /// operand on the other's surface.
    func isOnContact(_ id: UInt32) -> Bool {
        if Int(id) >= counts.0 + counts.1 { return true }
        return label(of: id, in: Int(id) < counts.0 ? 1 : 0) != nil
    }

    /// Every feature of operand `mesh` holding vertex `id` (global): usually one, none if it is off
    /// that surface, several where coincident features of the operand hold it.
    func allLabels(of id: UInt32, in mesh: Int) -> [Simplex] {
        guard let first = label(of: id, in: mesh) else { return [] }
        return [first] + (moreLabels[mesh][id] ?? [])
    }

    /// The corefinement of `a` and `b`. With `stoppingAtNearContact`, where the operands nearly touch
    /// (`nearlyTouching`), it stops as soon as that is known, before any triangle is split, and sets
    /// `stoppedAtNearContact`: the caller snaps the operands together first (`NearContactSnapping`).
    init(_ a: Mesh, _ b: Mesh, stoppingAtNearContact: Bool = false) throws(GeometryError) {
        let meshes = [a, b]
        let offset = UInt32(a.vertices.count)
        counts = (a.vertices.count, b.vertices.count)
        func globalID(_ mesh: Int, _ v: UInt32) -> UInt32 { mesh == 0 ? v : v + offset }

        // Stages 1 to 3: the pairs in contact, their points and segments.
        let near = Tolerance.of([a, b])
        var registry = ContactRegistry(a, b, tolerance: near)
        for (chunk, nearWithout) in try Self.pairsInContact(a, b, tolerance: near) {
            if registry.nearPoint == nil { registry.nearPoint = nearWithout }
            for (ia, ib, contact) in chunk { try registry.add(contact, Int(ia), Int(ib)) }
        }
        // Coincident edges of one operand (its shells touching along an edge) cross a face of the
        // other at one point, computed to the same bits from either copy; such points are made one
        // below, with the degenerate contact.
        if let p = registry.nearPoint, stoppingAtNearContact {
            vertices = a.vertices + b.vertices
            nearlyTouching = p
            stoppedAtNearContact = true
            (pieces, sources, curveEdges) = ([[], []], [[], []], [])
            return
        }
        registry.roundConstructedPoints()
        if !registry.isDegenerate && Corefinement.hasRepeatedPosition(registry.positions) { registry.markDegenerate() }
        vertices = a.vertices + b.vertices + registry.positions
        constructed = registry.definitions
        registry.joinCoincidentPoints(at: vertices)
        degenerate = registry.isDegenerate
        nearlyTouching = registry.nearPoint
        coplanar = registry.coplanarPairs
        let (roots, found, extra) = registry.resolved()
        labels = found
        moreLabels = extra
        representative = roots
        let segments = registry.segments, alongEdges = registry.alongEdges, newDefinitions = registry.definitions
        func resolve(_ id: UInt32) -> UInt32 { Int(id) < roots.count ? roots[Int(id)] : id }

        // Points on each edge of each mesh, for splitting the triangles that share the edge, and
        // points inside each face.
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
        let edgePoints = [EdgePoints(vertexCount: a.vertices.count, entries: onEdge[0]), EdgePoints(vertexCount: b.vertices.count, entries: onEdge[1])]
        let vertexList = vertices
        let inputCount = a.vertices.count + b.vertices.count, definitions = newDefinitions
        let definition = { (id: UInt32) -> ContactPoint in
            Int(id) < inputCount ? .vertex(vertexList[Int(id)]) : definitions[Int(id) - inputCount]
        }
        // The points inside the edge from `start` to `end` (input vertices) in order, exactly: by the
        // coordinate on which the edge runs furthest, compared on the points' definitions.
        func sortedAlong(_ start: UInt32, _ end: UInt32, _ ids: ArraySlice<UInt32>) -> [UInt32] {
            if ids.count == 1 { return [ids[ids.startIndex]] }
            let d = vertexList[Int(end)] - vertexList[Int(start)]
            let axis = abs(d.x) >= abs(d.y) && abs(d.x) >= abs(d.z) ? 0 : (abs(d.y) >= abs(d.z) ? 1 : 2)
            let direction = d[axis] > 0 ? 1 : -1
            let points = ids.map { ($0, HomogeneousPoint(definition($0))) }
            return points.sorted { IndirectPredicates.compare($0.1, $1.1, along: axis) * direction < 0 }.map(\.0)
        }

        // The contact curves: segments across triangles, and the stretches of edges between the ends
        // of segments along them.
        var curve = Set<Edge>()
        for mesh in 0..<2 {
            for segs in segments[mesh] { for (p, q) in segs { curve.insert(Edge(p, q)) } }
            for (edge, segs) in alongEdges[mesh] {
                let start = resolve(globalID(mesh, edge.a)), end = resolve(globalID(mesh, edge.b))
                let chain = [start] + sortedAlong(start, end, edgePoints[mesh].points(edge.a, edge.b)) + [end]
                for (p, q) in segs {
                    guard let i = chain.firstIndex(of: resolve(p)), let j = chain.firstIndex(of: resolve(q)) else {
                        throw .degenerateContact("a contact segment along the edge from \(vertexList[Int(start)]) to \(vertexList[Int(end)]) ends off that edge; the operands nearly touch there")
                    }
                    for k in min(i, j)..<max(i, j) { curve.insert(Edge(chain[k], chain[k + 1])) }
                }
            }
        }
        curveEdges = curve

        // The triangles with contact points on them, split one by one over the cores.
        let segmentsOf = segments, pointsIn = inFace
        func corners(_ mesh: Int, _ t: Mesh.Triangle) -> (UInt32, UInt32, UInt32) {
            (resolve(globalID(mesh, t.a)), resolve(globalID(mesh, t.b)), resolve(globalID(mesh, t.c)))
        }
        // A triangle two of whose corners are one point (coincident corners of an operand, merged) is a
        // needle of no area: its other two edges are one edge, used once each way, so dropping it
        // keeps the operand closed. The contact points on that edge split the triangles beside it.
        func isNeedle(_ mesh: Int, _ t: Mesh.Triangle) -> Bool {
            let (a, b, c) = corners(mesh, t)
            return a == b || b == c || c == a
        }
        var cut = [(mesh: Int, triangle: Int)]()
        for mesh in 0..<2 {
            let onEdges = edgePoints[mesh]
            for (i, t) in meshes[mesh].triangles.enumerated()
            where (!segmentsOf[mesh][i].isEmpty || !pointsIn[mesh][i].isEmpty
                || !onEdges.points(t.a, t.b).isEmpty || !onEdges.points(t.b, t.c).isEmpty || !onEdges.points(t.c, t.a).isEmpty)
                && !isNeedle(mesh, t) {
                cut.append((mesh, i))
            }
        }
        let split = try Parallel.each(cut.count) { k throws(GeometryError) -> (pieces: [Mesh.Triangle], exact: Bool) in
            let (mesh, i) = cut[k]
            let t = meshes[mesh].triangles[i], onEdges = edgePoints[mesh]
            let points0 = onEdges.points(t.a, t.b), points1 = onEdges.points(t.b, t.c), points2 = onEdges.points(t.c, t.a)
            let (a, b, c) = corners(mesh, t)
            // Boundary: corners and the contact points inside each edge, in order.
            var boundary = [UInt32]()
            boundary.reserveCapacity(3 + points0.count + points1.count + points2.count)
            boundary.append(a)
            if !points0.isEmpty { boundary += sortedAlong(a, b, points0) }
            boundary.append(b)
            if !points1.isEmpty { boundary += sortedAlong(b, c, points1) }
            boundary.append(c)
            if !points2.isEmpty { boundary += sortedAlong(c, a, points2) }
            var out = [Mesh.Triangle]()
            let exact = try Corefinement.split(
                corners: (a, b, c), boundary: boundary, segments: segmentsOf[mesh][i], points: pointsIn[mesh][i], vertices: vertexList,
                definition: definition, tag: t.tag, tolerance: near, into: &out)
            return (out, exact)
        }
        exactSplits = split.count { $0.exact }
        pieces = [[], []]
        sources = [[], []]
        var next = 0
        for mesh in 0..<2 {
            var out = [Mesh.Triangle](), from = [Int]()
            out.reserveCapacity(meshes[mesh].triangles.count + meshes[mesh].triangles.count / 2)
            from.reserveCapacity(out.capacity)
            for (i, t) in meshes[mesh].triangles.enumerated() {
                if next < cut.count && cut[next] == (mesh, i) {
                    out += split[next].pieces
                    for _ in split[next].pieces.indices { from.append(i) }
                    next += 1
                } else if !isNeedle(mesh, t) {
                    let (a, b, c) = corners(mesh, t)
                    out.append(Mesh.Triangle(a, b, c, tag: t.tag))
                    from.append(i)
                }
            }
            pieces[mesh] = out
            sources[mesh] = from
        }
    }

    /// Stages 1 and 2: the pairs of triangles in contact, exactly (`TriangleContact`), found over
    /// the cores (the triangles of the operand with fewer in a BVH, queried with the other's, shared
    /// out in chunks; results in query order), each chunk with a point where a pair that does not
    /// touch nearly does, if one does: two solids meant to share a face, a rounding error apart,
    /// would otherwise come out as two shells nearly touching each other, which no later boolean
    /// could snap.
    static func pairsInContact(_ a: Mesh, _ b: Mesh, tolerance near: Double) throws(GeometryError)
        -> [(pairs: [(ia: Int32, ib: Int32, contact: TriangleContact.Contact)], nearWithout: Vector3?)] {
        let indexesA = a.triangles.count <= b.triangles.count
        let indexed = indexesA ? a : b, queries = indexesA ? b : a
        let bvh = BoundingVolumeHierarchy(boxes: (0..<indexed.triangles.count).map { i -> Bounds in
            let (p, q, r) = indexed.corners(i)
            return Bounds(p, q, r)
        })
        return try Parallel.map(queries.triangles.count, minimumChunk: 16) { range throws(GeometryError) in
            var found = [(ia: Int32, ib: Int32, contact: TriangleContact.Contact)]()
            var nearWithout: Vector3?
            var candidates = [Int]()
            for iq in range {
                let tq = TriangleContact.Corners(queries.corners(iq))
                let normal = (tq.p1 - tq.p0).cross(tq.p2 - tq.p0), limit = near * normal.length
                candidates.removeAll(keepingCapacity: true)
                bvh.forEachOverlap(with: Bounds(tq.p0, tq.p1, tq.p2).expanded(by: near)) { candidates.append($0) }
                for ic in candidates {
                    let (ia, ib) = indexesA ? (ic, iq) : (iq, ic)
                    let ta = indexesA ? TriangleContact.Corners(a.corners(ia)) : tq, tb = indexesA ? tq : TriangleContact.Corners(b.corners(ib))
                    if let contact = try TriangleContact.contact(ta, tb) {
                        found.append((Int32(ia), Int32(ib), contact))
                    } else if nearWithout == nil {
                        // Most pairs that do not touch lie beyond the tolerance on one side of the query's plane.
                        let tc = indexesA ? ta : tb
                        let d0 = normal.dot(tc.p0 - tq.p0), d1 = normal.dot(tc.p1 - tq.p0), d2 = normal.dot(tc.p2 - tq.p0)
                        if (d0 > limit && d1 > limit && d2 > limit) || (d0 < -limit && d1 < -limit && d2 < -limit) { continue }
                        nearWithout = TriangleDistance.nearCorner((tq.p0, tq.p1, tq.p2), (tc.p0, tc.p1, tc.p2), within: near, normal: normal, heights: (d0, d1, d2))
                    }
                }
            }
            return (found, nearWithout)
        }
    }

    /// Whether two of `points` have the same coordinates (by an open-addressing table of indices).
    static func hasRepeatedPosition(_ points: [Vector3]) -> Bool {
        guard points.count > 1 else { return false }
        let size = 1 << (Int.bitWidth - (2 * points.count).leadingZeroBitCount)
        var table = [Int32](repeating: -1, count: size)
        for (i, p) in points.enumerated() {
            var h = p.x.bitPattern &* 0x9E37_79B9_7F4A_7C15 ^ p.y.bitPattern &* 0xC2B2_AE3D_27D4_EB4F ^ p.z.bitPattern &* 0x1656_67B1_9E37_79F9
            h ^= h >> 29
            var slot = Int(truncatingIfNeeded: h) & (size - 1)
            while table[slot] >= 0 {
                if points[Int(table[slot])] == p { return true }
                slot = (slot + 1) & (size - 1)
            }
            table[slot] = Int32(i)
        }
        return false
    }

    /// Where segment `p q` crosses the plane of `tri`. On an axis-aligned plane the point lies in it
    /// exactly; interpolation could round it off by an ulp.
    static func planeCrossing(_ p: Vector3, _ q: Vector3, _ tri: TriangleContact.Corners) -> Vector3 {
        let n = (tri.p1 - tri.p0).cross(tri.p2 - tri.p0)
        let dp = n.dot(p - tri.p0), dq = n.dot(q - tri.p0)
        var x = p + (q - p) * min(1, max(0, dp / (dp - dq)))
        for k in 0..<3 where tri.p0[k] == tri.p1[k] && tri.p1[k] == tri.p2[k] { x[k] = tri.p0[k] }
        return x
    }

    /// Where segment `p q` crosses segment `r s` in the plane of `plane`, snapped onto any coordinate
    /// that is constant along `r s` or across the plane.
    static func lineCrossing(_ p: Vector3, _ q: Vector3, _ r: Vector3, _ s: Vector3, plane: TriangleContact.Corners) -> Vector3 {
        let n = (plane.p1 - plane.p0).cross(plane.p2 - plane.p0)
        let d = s - r
        let t = (r - p).cross(d).dot(n) / (q - p).cross(d).dot(n)
        var x = p + (q - p) * min(1, max(0, t))
        for k in 0..<3 where r[k] == s[k] { x[k] = r[k] }
        for k in 0..<3 where plane.p0[k] == plane.p1[k] && plane.p1[k] == plane.p2[k] { x[k] = plane.p0[k] }
        return x
    }
}
