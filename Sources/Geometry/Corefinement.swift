import Synchronization

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
    /// Undirected edges (lower id, higher id) along the contact curves, each once.
    var curveEdges: [Edge]
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
    /// For each operand and triangle, whether a triangle of the other operand is coplanar with it
    /// and overlaps it; and whether any is, per operand.
    var coplanar: [[Bool]] = [[], []]
    var hasCoplanar = [false, false]
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

    /// Calls `body` with every feature of operand `mesh` holding vertex `id` (global), in the order
    /// of `allLabels`, without gathering them; stops where `body` returns true. Whether it stopped.
    func firstLabel(of id: UInt32, in mesh: Int, where body: (Simplex) -> Bool) -> Bool {
        guard let first = label(of: id, in: mesh) else { return false }
        if body(first) { return true }
        guard let more = moreLabels[mesh][id] else { return false }
        return more.contains(where: body)
    }

    /// The corefinement of `a` and `b`. With `stoppingAtNearContact`, where the operands nearly touch
    /// (`nearlyTouching`), it stops as soon as that is known, before any triangle is split, and sets
    /// `stoppedAtNearContact`: the caller snaps the operands together first (`NearContactSnapping`).
    init(_ a: Mesh, _ b: Mesh, stoppingAtNearContact: Bool = false) throws(GeometryError) {
        counts = (a.vertices.count, b.vertices.count)

        // Stages 1 to 3: the pairs in contact, their points and segments.
        let near = Tolerance.of([a, b])
        var registry = ContactRegistry(a, b, tolerance: near)
        // Each chunk registered as soon as it is found, while the other cores find the next.
        try Self.pairsInContact(a, b, tolerance: near, stoppingAtNearContact: stoppingAtNearContact) { chunk throws(GeometryError) in
            if registry.nearPoint == nil { registry.nearPoint = chunk.nearWithout }
            // Stopping, the rest would be registered for nothing: the corefinement runs again
            // on the snapped operands.
            if stoppingAtNearContact && registry.nearPoint != nil { return false }
            for (ia, ib, contact) in chunk.pairs { try registry.add(contact, Int(ia), Int(ib)) }
            return true
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
        coplanar = registry.coplanar
        hasCoplanar = registry.coplanarCounts.map { $0 > 0 }
        let (roots, found, extra) = registry.resolved()
        labels = found
        moreLabels = extra
        representative = roots

        // Stages 5 and 6: the points on each operand, the curves, and the split triangles.
        let arrangement = ContactArrangement(a, b, registry, vertices: vertices, roots: roots, found: found, extra: extra, tolerance: near)
        curveEdges = try arrangement.curves()
        (pieces, sources, exactSplits) = try arrangement.split()
    }

    /// Stages 1 and 2: the pairs of triangles in contact, exactly (`TriangleContact`), found over
    /// the cores (the triangles of the operand with fewer in a BVH, queried with the other's, shared
    /// out in chunks; results in query order), each chunk with a point where a pair that does not
    /// touch nearly does (a corner near the other triangle, or two edges passing near each other),
    /// if one does: two solids meant to share a face, a rounding error apart,
    /// would otherwise come out as two shells nearly touching each other, which no later boolean
    /// could snap. `stoppingAtNearContact`: once a chunk has found such a point, the chunks still
    /// running stop where they are (what they return is incomplete, and only the point matters).
    static func pairsInContact(_ a: Mesh, _ b: Mesh, tolerance near: Double, stoppingAtNearContact: Bool = false) throws(GeometryError)
        -> [ContactChunk] {
        var chunks = [ContactChunk]()
        try pairsInContact(a, b, tolerance: near, stoppingAtNearContact: stoppingAtNearContact) { chunk throws(GeometryError) in
            chunks.append(chunk)
            return true
        }
        return chunks
    }

    /// A chunk of `pairsInContact`: the pairs of triangles in contact (of A, of B), and a point where
    /// a pair that does not touch nearly does, if the chunk found one.
    typealias ContactChunk = (pairs: [(ia: Int32, ib: Int32, contact: TriangleContact.Contact)], nearWithout: Vector3?)

    /// `pairsInContact`, each chunk handed to `consume` in query order as soon as it and those
    /// before it are found (`Parallel.stream`), while the cores find the next; `consume` returns
    /// false to stop.
    static func pairsInContact(_ a: Mesh, _ b: Mesh, tolerance near: Double, stoppingAtNearContact: Bool = false,
                               consuming consume: (ContactChunk) throws(GeometryError) -> Bool) throws(GeometryError) {
        let stopped = Atomic<Bool>(false)
        let indexesA = a.triangles.count <= b.triangles.count
        let indexed = indexesA ? a : b, queries = indexesA ? b : a
        let bvh = BoundingVolumeHierarchy(boxes: (0..<indexed.triangles.count).map { i -> Bounds in
            let (p, q, r) = indexed.corners(i)
            return Bounds(p, q, r)
        })
        // Some thousands of instructions a query, with its contacts.
        try Parallel.stream(queries.triangles.count, minimumChunk: 16, sharing: Parallel.isWorthSharing(queries.triangles.count, cost: 4000), {
            range throws(GeometryError) -> ContactChunk in
            var found = [(ia: Int32, ib: Int32, contact: TriangleContact.Contact)]()
            var nearWithout: Vector3?
            var candidates = [Int]()
            for iq in range {
                if stoppingAtNearContact && stopped.load(ordering: .relaxed) { break }
                let tq = TriangleContact.Corners(queries.corners(iq))
                let normal = (tq.p1 - tq.p0).cross(tq.p2 - tq.p0), limit = near * normal.length
                // The query's plane once: most candidates lie on one side of it.
                let plane = Predicates.Plane(tq.p0, tq.p1, tq.p2)
                candidates.removeAll(keepingCapacity: true)
                bvh.forEachOverlap(with: Bounds(tq.p0, tq.p1, tq.p2).expanded(by: near)) { candidates.append($0) }
                for ic in candidates {
                    let (ia, ib) = indexesA ? (ic, iq) : (iq, ic)
                    let tc = TriangleContact.Corners(indexed.corners(ic))
                    let sides = (plane.side(of: tc.p0), plane.side(of: tc.p1), plane.side(of: tc.p2))
                    let contact = TriangleContact.oneSide(sides) ? nil
                        : try indexesA ? TriangleContact.contact(tc, tq, su: nil, st: sides) : TriangleContact.contact(tq, tc, su: sides, st: nil)
                    if let contact {
                        found.append((Int32(ia), Int32(ib), contact))
                    } else if nearWithout == nil {
                        // Most pairs that do not touch lie beyond the tolerance on one side of the query's plane.
                        let d0 = normal.dot(tc.p0 - tq.p0), d1 = normal.dot(tc.p1 - tq.p0), d2 = normal.dot(tc.p2 - tq.p0)
                        if (d0 > limit && d1 > limit && d2 > limit) || (d0 < -limit && d1 < -limit && d2 < -limit) { continue }
                        // A corner near the other triangle, or two edges passing near each other.
                        nearWithout = TriangleDistance.nearCorner((tq.p0, tq.p1, tq.p2), (tc.p0, tc.p1, tc.p2), within: near, normal: normal, heights: (d0, d1, d2))
                            ?? TriangleDistance.nearEdge((tq.p0, tq.p1, tq.p2), (tc.p0, tc.p1, tc.p2), within: near, normal: normal, heights: (d0, d1, d2))
                        if nearWithout != nil && stoppingAtNearContact { stopped.store(true, ordering: .relaxed) }
                    }
                }
            }
            return (found, nearWithout)
        }, consuming: consume)
    }

    /// Whether two of `points` have the same coordinates, -0 as 0 (by an open-addressing table of indices).
    static func hasRepeatedPosition(_ points: [Vector3]) -> Bool {
        guard points.count > 1 else { return false }
        let size = 1 << (Int.bitWidth - (2 * points.count).leadingZeroBitCount)
        var table = [Int32](repeating: -1, count: size)
        for (i, p) in points.enumerated() {
            var slot = p.positionHash & (size - 1)
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
