/// Corefinement of two closed meshes: finds where their surfaces meet, with exact predicates on the
/// input coordinates, and splits every triangle they meet in so that both meshes share the contact
/// curves as edges. A point of contact is named by the smallest feature of each mesh that holds it:
/// a corner (an input vertex, so a corner of one mesh on the other's surface keeps its id and two
/// equal corners become one), the inside of an edge, or the inside of a face. Every triangle around
/// a feature therefore refers to the same vertex, and stitching is by identity, never by distance.
///
/// Contact in general position (surfaces crossing) is classified by flipping inside and outside
/// across the curves. Degenerate contact (coplanar faces, a corner or edge on the other surface, a
/// single point of contact) sets `degenerate`, and the caller classifies every patch exactly.
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

    /// A point of contact where an edge of A and an edge of B pass through each other.
    private struct EdgeCrossing: Hashable {
        var a: Edge
        var b: Edge
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
        vertices = a.vertices + b.vertices
        func globalID(_ mesh: Int, _ v: UInt32) -> UInt32 { mesh == 0 ? v : v + offset }

        // Broad phase: the triangles of the operand with fewer in a BVH, queried with the other's.
        let indexed = a.triangles.count <= b.triangles.count ? a : b, queries = a.triangles.count <= b.triangles.count ? b : a
        let indexesA = a.triangles.count <= b.triangles.count
        let bvh = BoundingVolumeHierarchy(boxes: (0..<indexed.triangles.count).map { i -> Bounds in
            let (p, q, r) = indexed.corners(i)
            return Bounds(p, q, r)
        })

        // Points where an edge of one mesh passes through the inside of a triangle of the other, chained
        // by the edge's lower vertex (heads[edge mesh][vertex] into `links`): each is found from both
        // triangles on the edge, and the second must find the first's id. Edge-edge crossings are
        // rarer: hashed.
        var heads = [[Int32](repeating: -1, count: a.vertices.count), [Int32](repeating: -1, count: b.vertices.count)]
        var links = [(upper: UInt32, triangle: Int32, id: UInt32, next: Int32)]()
        var edgeCrossings = [EdgeCrossing: UInt32]()
        var newVertices = [Vector3]()
        var newDefinitions = [ContactPoint]()
        var found = [[Simplex?]](repeating: [Simplex?](repeating: nil, count: a.vertices.count + b.vertices.count), count: 2)
        var extra: [[UInt32: [Simplex]]] = [[:], [:]]
        // Input vertices found equal, joined in classes (union-find, the lowest id at the root): a
        // corner of B equal to a corner of A, or to several (where A's own shells touch at a point).
        var same = (0..<UInt32(a.vertices.count + b.vertices.count)).map { $0 }
        var isDegenerate = false
        var coplanarPairs: [[Int: [Int]]] = [[:], [:]]
        // Per triangle of each mesh: the contact segments across it, as pairs of vertex ids; and per
        // edge (local ids), the contact segments along it.
        var segments = [a.triangles.count, b.triangles.count].map { [[(UInt32, UInt32)]](repeating: [], count: $0) }
        var alongEdges: [[Edge: [(UInt32, UInt32)]]] = [[:], [:]]

        // Near contact (see `nearlyTouching`), noticed as the contact points are registered.
        let near = Tolerance.of([a, b])
        var nearPoint: Vector3?
        func nearlyInPlane(_ p: Vector3, _ t: TriangleContact.Corners) -> Bool {
            let n = (t.p1 - t.p0).cross(t.p2 - t.p0)
            return abs(n.dot(p - t.p0)) <= near * n.length && Predicates.orient3d(t.p0, t.p1, t.p2, p) != 0
        }
        // A corner of `t` within the tolerance of `u`'s plane but not in it, over `u` (up to the tolerance).
        func cornerNearlyOn(_ t: TriangleContact.Corners, _ u: TriangleContact.Corners) -> Vector3? {
            let n = (u.p1 - u.p0).cross(u.p2 - u.p0), length = n.length
            for k in 0..<3 {
                let p = t[k]
                guard abs(n.dot(p - u.p0)) <= near * length, Predicates.orient3d(u.p0, u.p1, u.p2, p) != 0 else { continue }
                var over = true
                for j in 0..<3 {
                    let e0 = u[j], e1 = u[(j + 1) % 3]
                    if (e1 - e0).cross(p - e0).dot(n) < -near * length * (e1 - e0).length { over = false }
                }
                if over { return p }
            }
            return nil
        }
        func nearlyOnEdge(_ x: Vector3, _ u: Vector3, _ v: Vector3) -> Bool {
            (x - u).cross(v - u).lengthSquared <= near * near * (v - u).lengthSquared
        }
        // `x`, where edge p q crosses the other triangle `t` (through its face, or at an edge of it).
        func checked(_ x: Vector3, _ p: Vector3, _ q: Vector3, _ t: TriangleContact.Corners, throughFace: Bool) -> Vector3 {
            if nearPoint == nil && (nearlyInPlane(p, t) || nearlyInPlane(q, t)
                || (throughFace && (nearlyOnEdge(x, t.p0, t.p1) || nearlyOnEdge(x, t.p1, t.p2) || nearlyOnEdge(x, t.p2, t.p0)))) {
                nearPoint = x
            }
            return x
        }
        func newVertex(_ position: Vector3, _ definition: ContactPoint) -> UInt32 {
            let id = UInt32(a.vertices.count + b.vertices.count + newVertices.count)
            newVertices.append(position)
            newDefinitions.append(definition)
            found[0].append(nil)
            found[1].append(nil)
            return id
        }
        func edgeTriangleCrossing(_ edgeMesh: Int, _ e: Edge, _ triangle: Int, _ position: () -> (Vector3, ContactPoint)) -> UInt32 {
            var k = heads[edgeMesh][Int(e.a)]
            while k >= 0 {
                let link = links[Int(k)]
                if link.upper == e.b && link.triangle == Int32(triangle) { return link.id }
                k = link.next
            }
            let (x, definition) = position()
            let id = newVertex(x, definition)
            links.append((e.b, Int32(triangle), id, heads[edgeMesh][Int(e.a)]))
            heads[edgeMesh][Int(e.a)] = Int32(links.count - 1)
            return id
        }
        func simplex(_ f: TriangleContact.Feature, _ t: Mesh.Triangle, _ index: Int) -> Simplex {
            switch f {
            case .corner(let k): .vertex(t[k])
            case .edge(let k): .edge(Edge(t[k], t[(k + 1) % 3]))
            case .face: .face(index)
            }
        }
        // The ends of an edge in the order of their positions, so that coincident edges of one
        // operand (its shells touching along an edge) give bit-identical crossings.
        func ends(_ mesh: Int, _ e: Edge) -> (Vector3, Vector3) {
            let p = meshes[mesh].vertices[Int(e.a)], q = meshes[mesh].vertices[Int(e.b)]
            return (p.x, p.y, p.z) < (q.x, q.y, q.z) ? (p, q) : (q, p)
        }
        // The vertex id of a point of contact, and the features of A and B holding it recorded.
        func register(_ p: TriangleContact.Point, _ ia: Int, _ ib: Int, _ ta: TriangleContact.Corners, _ tb: TriangleContact.Corners, coplanar: Bool) throws(GeometryError) -> UInt32 {
            let sa = simplex(p.t, a.triangles[ia], ia), sb = simplex(p.u, b.triangles[ib], ib)
            let id: UInt32
            switch (sa, sb) {
            case (.vertex(let v), .vertex(let w)):
                var (x, y) = (v, globalID(1, w))
                while same[Int(x)] != x { x = same[Int(x)] }
                while same[Int(y)] != y { y = same[Int(y)] }
                same[Int(max(x, y))] = min(x, y)
                id = v
            case (.vertex(let v), _): id = v
            case (_, .vertex(let w)): id = globalID(1, w)
            case (.edge(let ea), .edge(let eb)):
                if let known = edgeCrossings[EdgeCrossing(a: ea, b: eb)] {
                    id = known
                } else {
                    let (p, q) = ends(0, ea), (r, s) = ends(1, eb)
                    // Coplanar, or one of the edges crosses the other triangle's plane (the other may lie in it).
                    let inPlane = coplanar || Predicates.orient3d(tb.p0, tb.p1, tb.p2, p) == 0 || Predicates.orient3d(tb.p0, tb.p1, tb.p2, q) == 0
                    let x = coplanar ? Corefinement.lineCrossing(p, q, r, s, plane: ta)
                        : (inPlane ? Corefinement.planeCrossing(r, s, ta) : Corefinement.planeCrossing(p, q, tb))
                    let definition: ContactPoint = coplanar ? .crossing(p, q, r, s, inPlaneAlong: ta.projectionAxis)
                        : (inPlane ? .crossing(p: r, q: s, r: ta.p0, s: ta.p1, t: ta.p2) : .crossing(p: p, q: q, r: tb.p0, s: tb.p1, t: tb.p2))
                    id = newVertex(checked(checked(x, p, q, tb, throughFace: false), r, s, ta, throughFace: false), definition)
                    edgeCrossings[EdgeCrossing(a: ea, b: eb)] = id
                }
            case (.edge(let ea), .face):
                id = edgeTriangleCrossing(0, ea, ib) {
                    let (p, q) = ends(0, ea)
                    return (checked(Corefinement.planeCrossing(p, q, tb), p, q, tb, throughFace: true), .crossing(p: p, q: q, r: tb.p0, s: tb.p1, t: tb.p2))
                }
            case (.face, .edge(let eb)):
                id = edgeTriangleCrossing(1, eb, ia) {
                    let (p, q) = ends(1, eb)
                    return (checked(Corefinement.planeCrossing(p, q, ta), p, q, ta, throughFace: true), .crossing(p: p, q: q, r: ta.p0, s: ta.p1, t: ta.p2))
                }
            case (.face, .face):
                throw TriangleContact.degenerate(ta)
            }
            // An input vertex's feature in its own operand is itself.
            func record(_ m: Int, _ s: Simplex) {
                if let known = found[m][Int(id)], known != s {
                    if !(extra[m][id]?.contains(s) ?? false) { extra[m][id, default: []].append(s) }
                } else {
                    found[m][Int(id)] = s
                }
            }
            if id >= offset { record(0, sa) }
            if id < offset || id >= offset + UInt32(b.vertices.count) { record(1, sb) }
            return id
        }

        // The pairs in contact, found over the cores (query triangles shared out, results in query
        // order), then registered in this function's own loop: the nested functions above, called from
        // a closure, would have their captured state checked on every access.
        // Pairs that do not touch but have a corner within the tolerance of the other are near
        // contact too: two solids meant to share a face, a rounding error apart, would otherwise come
        // out as two shells nearly touching each other, which no later boolean could snap.
        let touching = try Parallel.map(queries.triangles.count, minimumChunk: 16) { range throws(GeometryError) in
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
        for (chunk, nearWithout) in touching {
            if nearPoint == nil { nearPoint = nearWithout }
            for (pairA, pairB, contact) in chunk {
                let ia = Int(pairA), ib = Int(pairB)
                let ta = TriangleContact.Corners(a.corners(ia)), tb = TriangleContact.Corners(b.corners(ib))
                if contact.coplanar || contact.count == 1 || contact.touchesACorner {
                    isDegenerate = true
                }
                if nearPoint == nil { nearPoint = cornerNearlyOn(tb, ta) ?? cornerNearlyOn(ta, tb) }
                if contact.coplanar {
                    coplanarPairs[0][ia, default: []].append(ib)
                    coplanarPairs[1][ib, default: []].append(ia)
                }
                var ids = InlineArray<6, UInt32>(repeating: 0)
                for i in 0..<contact.count { ids[i] = try register(contact[i], ia, ib, ta, tb, coplanar: contact.coplanar) }
                for i in 0..<contact.count {
                    for j in (i + 1)..<contact.count where contact.isSegment(i, j) {
                        for mesh in 0..<2 {
                            let fi = mesh == 0 ? contact[i].t : contact[i].u
                            let fj = mesh == 0 ? contact[j].t : contact[j].u
                            let t = mesh == 0 ? a.triangles[ia] : b.triangles[ib]
                            if let k = (0..<3).first(where: { fi.isOn(edge: $0) && fj.isOn(edge: $0) }) {
                                alongEdges[mesh][Edge(t[k], t[(k + 1) % 3]), default: []].append((ids[i], ids[j]))
                            } else {
                                segments[mesh][mesh == 0 ? ia : ib].append((ids[i], ids[j]))
                            }
                        }
                    }
                }
            }
        }
        // Coincident edges of one operand (its shells touching along an edge) cross a face of the
        // other at one point, computed to the same bits from either copy (`ends`); such points are
        // made one below, with the degenerate contact.
        // Each constructed point within a unit or two in the last place of its exact position.
        if let p = nearPoint, stoppingAtNearContact {
            nearlyTouching = p
            stoppedAtNearContact = true
            (pieces, sources, curveEdges) = ([[], []], [[], []], [])
            return
        }
        let scale = Tolerance.scale(of: near), pointDefinitions = newDefinitions
        newVertices = Parallel.map(newVertices.count, minimumChunk: 4096) { range in
            range.map { pointDefinitions[$0].position(scale: scale) }
        }.flatMap { $0 }
        if !isDegenerate && Corefinement.hasRepeatedPosition(newVertices) { isDegenerate = true }
        vertices += newVertices
        constructed = newDefinitions
        degenerate = isDegenerate
        nearlyTouching = nearPoint
        coplanar = coplanarPairs
        // Distinct ids at one position on one feature (where an operand's own shells touch, its
        // coincident corners or edges meet the other operand at the same points) become one point.
        same += (UInt32(same.count)..<UInt32(vertices.count)).map { $0 }
        if isDegenerate {
            var onFeature = [[Simplex: [UInt32]]](repeating: [:], count: 2)
            for m in 0..<2 {
                for (id, s) in found[m].enumerated() {
                    if let s, s.isVertex == false { onFeature[m][s, default: []].append(UInt32(id)) }
                }
                for id in extra[m].keys.sorted() { for s in extra[m][id]! where !s.isVertex { onFeature[m][s, default: []].append(id) } }
            }
            let at = vertices
            // Equal rounded positions are only a hint: two points are one where their definitions are.
            let inputs = a.vertices.count + b.vertices.count
            func isSamePoint(_ x: UInt32, _ y: UInt32) -> Bool {
                func point(_ id: UInt32) -> HomogeneousPoint {
                    HomogeneousPoint(Int(id) < inputs ? .vertex(at[Int(id)]) : newDefinitions[Int(id) - inputs])
                }
                let (p, q) = (point(x), point(y))
                return (0..<3).allSatisfy { IndirectPredicates.compare(p, q, along: $0) == 0 }
            }
            for m in 0..<2 {
                for (_, ids) in onFeature[m] where ids.count > 1 {
                    let sorted = ids.sorted { (at[Int($0)].x, at[Int($0)].y, at[Int($0)].z) < (at[Int($1)].x, at[Int($1)].y, at[Int($1)].z) }
                    for k in 1..<sorted.count where at[Int(sorted[k])] == at[Int(sorted[k - 1])] && isSamePoint(sorted[k], sorted[k - 1]) {
                        var (x, y) = (sorted[k], sorted[k - 1])
                        while same[Int(x)] != x { x = same[Int(x)] }
                        while same[Int(y)] != y { y = same[Int(y)] }
                        same[Int(max(x, y))] = min(x, y)
                    }
                }
            }
        }
        // Every id by its class's root from here on; a root holds the features of its whole class.
        for v in same.indices { same[v] = same[Int(same[v])] }
        for v in same.indices where same[v] != UInt32(v) {
            let r = same[v]
            for m in 0..<2 {
                for s in (found[m][v].map { [$0] } ?? []) + (extra[m][UInt32(v)] ?? []) {
                    if found[m][Int(r)] == nil {
                        found[m][Int(r)] = s
                    } else if found[m][Int(r)] != s && !(extra[m][r]?.contains(s) ?? false) {
                        extra[m][r, default: []].append(s)
                    }
                }
            }
        }
        labels = found
        moreLabels = extra
        representative = same
        let roots = same
        func resolve(_ id: UInt32) -> UInt32 { Int(id) < roots.count ? roots[Int(id)] : id }
        if isDegenerate {
            for m in 0..<2 {
                for t in segments[m].indices where !segments[m][t].isEmpty {
                    segments[m][t] = segments[m][t].map { (resolve($0.0), resolve($0.1)) }
                }
            }
        }

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
            for (id, s) in found[mesh].enumerated() where same[id] == UInt32(id) {
                if let s { place(UInt32(id), on: s) }
            }
            // In id order, not the dictionary's (which changes from run to run): the order of the
            // points inside a face decides how it is split.
            for id in extra[mesh].keys.sorted() where same[Int(id)] == id { for s in extra[mesh][id]! { place(id, on: s) } }
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

    /// Splits triangle `corners` (global ids) along its contact segments, appending the pieces to
    /// `out`. `boundary` runs round it: corner 0, the contact points inside edge 0 to 1 in order,
    /// corner 1, and so on. `segments` are the contact segments across the triangle, `points` the
    /// contact points inside it; those on no segment (a corner of the other mesh touching the face)
    /// become corners of the pieces too.
    ///
    /// The split is made on the rounded positions (`vertices`), which is fast and gives pieces
    /// that agree with the positions the output carries. Where that fails (points that round onto
    /// each other or across a corner), it is made by `ExactSplit` on the points' exact definitions
    /// instead. Returns whether it was: such pieces are right, but their rounded corners may fold.
    static func split(
        corners: (UInt32, UInt32, UInt32), boundary: [UInt32], segments: [(UInt32, UInt32)], points: [UInt32], vertices: [Vector3],
        definition: @escaping (UInt32) -> ContactPoint, tag: UInt32, tolerance: Double, into out: inout [Mesh.Triangle]
    ) throws(GeometryError) -> Bool {
        let p0 = vertices[Int(corners.0)]
        let normal = (vertices[Int(corners.1)] - p0).cross(vertices[Int(corners.2)] - p0)
        let axis = abs(normal.x) >= abs(normal.y) && abs(normal.x) >= abs(normal.z) ? 0 : (abs(normal.y) >= abs(normal.z) ? 1 : 2)
        let start = out.count
        if (try? roundedSplit(boundary, segments, points, vertices, axis: axis, flip: normal[axis] < 0, tag: tag, near: p0, into: &out)) != nil,
           isTiling(out[start...], boundary: boundary, segments: segments, points: points) {
            return false
        }
        out.removeSubrange(start...)
        // The triangle's own winding in the projection, and the exact orientation of three points in it.
        let winding = Predicates.orient2d(p0, vertices[Int(corners.1)], vertices[Int(corners.2)], droppingAxis: axis)
        var cache = [UInt32: HomogeneousPoint]()
        func point(_ id: UInt32) -> HomogeneousPoint {
            if let known = cache[id] { return known }
            let new = HomogeneousPoint(definition(id))
            cache[id] = new
            return new
        }
        let orient = { (a: UInt32, b: UInt32, c: UInt32) -> Int in
            IndirectPredicates.orient2d(point(a), point(b), point(c), droppingAxis: axis) * winding
        }
        // Two collinear points are ordered along a coordinate of the projection on which they differ.
        let between = { (a: UInt32, x: UInt32, b: UInt32) -> Bool in
            let (pa, pb) = (point(a), point(b))
            for k in [(axis + 1) % 3, (axis + 2) % 3] {
                let d = IndirectPredicates.compare(pb, pa, along: k)
                guard d != 0 else { continue }
                let px = point(x)
                return IndirectPredicates.compare(px, pa, along: k) == d && IndirectPredicates.compare(pb, px, along: k) == d
            }
            return false
        }
        var ring = [UInt32]()
        for x in boundary where x != ring.last { ring.append(x) }
        if ring.count > 1 && ring.first == ring.last { ring.removeLast() }
        var exact = ExactSplit(orient: orient, between: between)
        let before = out.count
        for (a, b, c) in try exact.triangles(boundary: ring, points: points, segments: segments) {
            out.append(Mesh.Triangle(a, b, c, tag: tag))
        }
        // The pieces must cover the triangle: their areas, whatever the rounded corners inside, add
        // up to its own (a contact point placed on an edge it is not on would break that). Only the
        // points on its edges change the sum, each by moving off its edge by its rounding, less
        // than the tolerance: twice the area changes by at most twice the perimeter times that.
        var sum = Vector3(0, 0, 0)
        for t in out[before...] {
            sum = sum + (vertices[Int(t.b)] - vertices[Int(t.a)]).cross(vertices[Int(t.c)] - vertices[Int(t.a)])
        }
        let length = normal.length
        let perimeter = (vertices[Int(corners.1)] - p0).length + (vertices[Int(corners.2)] - vertices[Int(corners.1)]).length
            + (p0 - vertices[Int(corners.2)]).length
        guard abs(sum.dot(normal) / length - length) <= 2 * perimeter * tolerance + 1e-9 * length else {
            throw .degenerateContact("the exact pieces of a triangle near \(p0) do not cover it; the operands nearly touch")
        }
        return true
    }

    /// Whether `pieces` tile the triangle as its contact requires, by their edges alone: each step of
    /// the boundary used once, its way round; each contact segment and every other edge used once
    /// each way; every contact point a corner. A split on rounded positions can miss that where a
    /// point rounds across a segment or an edge, and it then drops a segment the other operand's
    /// pieces have, which the pieces kept would not close up along.
    private static func isTiling(_ pieces: ArraySlice<Mesh.Triangle>, boundary: [UInt32], segments: [(UInt32, UInt32)], points: [UInt32]) -> Bool {
        // The directed edges of the pieces, sorted: a split has a few dozen, so no hashing.
        @inline(__always) func key(_ u: UInt32, _ v: UInt32) -> UInt64 { UInt64(u) << 32 | UInt64(v) }
        var edges = [UInt64]()
        edges.reserveCapacity(pieces.count * 3)
        for t in pieces {
            edges.append(key(t.a, t.b))
            edges.append(key(t.b, t.c))
            edges.append(key(t.c, t.a))
        }
        edges.sort()
        // The first index of a sorted array whose key is not below k.
        func lowerBound(_ keys: [UInt64], _ k: UInt64) -> Int {
            var lo = 0, hi = keys.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if keys[mid] < k { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }
        func uses(_ k: UInt64) -> Int {
            let lo = lowerBound(edges, k)
            var n = 0
            while lo + n < edges.count && edges[lo + n] == k { n += 1 }
            return n
        }
        var ring = [UInt32]()
        for x in boundary where x != ring.last { ring.append(x) }
        if ring.count > 1 && ring.first == ring.last { ring.removeLast() }
        var onBoundary = [UInt64]()
        for i in ring.indices {
            let u = ring[i], v = ring[(i + 1) % ring.count]
            guard uses(key(u, v)) == 1, uses(key(v, u)) == 0 else { return false }
            onBoundary.append(key(u, v))
        }
        onBoundary.sort()
        func isBoundary(_ k: UInt64) -> Bool {
            let lo = lowerBound(onBoundary, k)
            return lo < onBoundary.count && onBoundary[lo] == k
        }
        for (u, v) in segments where u != v && !isBoundary(key(u, v)) && !isBoundary(key(v, u)) {
            guard uses(key(u, v)) == 1, uses(key(v, u)) == 1 else { return false }
        }
        for (n, k) in edges.enumerated() where !isBoundary(k) {
            guard (n == 0 || edges[n - 1] != k) && (n + 1 == edges.count || edges[n + 1] != k), uses(k << 32 | k >> 32) == 1 else { return false }
        }
        guard !points.isEmpty else { return true }
        let corners = Set(pieces.flatMap { [$0.a, $0.b, $0.c] })
        return points.allSatisfy(corners.contains)
    }

    /// The split on rounded positions, projected along `axis` (mirrored when `flip`, so that the
    /// triangle turns counter-clockwise): chords when every segment runs from edge to edge, else a
    /// planar graph's faces, triangulated, with the points on no segment inserted.
    private static func roundedSplit(
        _ boundary: [UInt32], _ segments: [(UInt32, UInt32)], _ points: [UInt32], _ vertices: [Vector3],
        axis: Int, flip: Bool, tag: UInt32, near p0: Vector3, into out: inout [Mesh.Triangle]
    ) throws(GeometryError) {
        func flat(_ id: UInt32) -> Vector2 {
            let q = Predicates.project(vertices[Int(id)], axis)
            return flip ? Vector2(q.y, q.x) : q
        }
        if try chordSplit(boundary, segments, points, flat, tag, near: p0, into: &out) { return }
        var graph = PlanarGraph()
        for i in 0..<boundary.count { graph.addEdge(boundary[i], boundary[(i + 1) % boundary.count]) }
        for (u, v) in segments { graph.addEdge(u, v) }
        let faces = try graph.faces(position: flat)
        var triangles = [Mesh.Triangle]()
        for face in faces {
            let polygon = Polygon(outer: Contour(face.outer.map(flat)), holes: face.holes.map { Contour($0.map(flat)) })
            let ids = face.outer + face.holes.flatMap { $0 }
            guard polygon.allPoints == ids.map(flat) else {
                throw .degenerateContact("contact points on one triangle round to the same position near \(p0); the operands nearly touch")
            }
            for (x, y, z) in try triangulated(polygon, near: p0) {
                triangles.append(Mesh.Triangle(ids[x], ids[y], ids[z], tag: tag))
            }
        }
        let onSegments = Set(segments.flatMap { [$0.0, $0.1] })
        for x in points where !onSegments.contains(x) {
            try insert(x, into: &triangles, at: flat)
        }
        out += triangles
    }

    /// The common case, without a planar graph: chords from boundary point to boundary point, which
    /// cannot cross, cut the (convex) triangle into convex polygons, one chord at a time. False, with
    /// `out` untouched, when a contact segment or point lies inside the triangle.
    private static func chordSplit(
        _ boundary: [UInt32], _ segments: [(UInt32, UInt32)], _ points: [UInt32], _ flat: (UInt32) -> Vector2, _ tag: UInt32, near: Vector3,
        into out: inout [Mesh.Triangle]
    ) throws(GeometryError) -> Bool {
        let start = out.count
        // One chord (the usual crossing): the two sides of it, without building polygons first.
        if segments.count == 1 && points.allSatisfy({ $0 == segments[0].0 || $0 == segments[0].1 }),
           let i = boundary.firstIndex(of: segments[0].0), let j = boundary.firstIndex(of: segments[0].1) {
            let (lo, hi) = (min(i, j), max(i, j))
            let n = boundary.count
            if hi - lo == 1 || (lo == 0 && hi == n - 1) {
                if try appendConvex(n, { boundary[$0] }, flat, tag, near: near, into: &out) { return true }
            } else if try appendConvex(hi - lo + 1, { boundary[lo + $0] }, flat, tag, near: near, into: &out),
                      try appendConvex(n - hi + lo + 1, { boundary[(hi + $0) % n] }, flat, tag, near: near, into: &out) {
                return true
            }
            out.removeSubrange(start...)
            return false
        }
        // Several chords: each polygon is the set of its boundary positions (a bit mask, boundary order
        // is polygon order), so cutting one in two allocates nothing.
        guard boundary.count <= 64, segments.count < 16 else { return false }
        func below(_ n: Int) -> UInt64 { n == 64 ? ~0 : (1 << UInt64(n)) - 1 }  // the positions under n
        var polygons = InlineArray<16, UInt64>(repeating: 0)
        polygons[0] = below(boundary.count)
        var count = 1
        for (p, q) in segments {
            guard let i = boundary.firstIndex(of: p), let j = boundary.firstIndex(of: q) else { return false }
            let ends: UInt64 = 1 << UInt64(min(i, j)) | 1 << UInt64(max(i, j))
            guard let k = (0..<count).first(where: { polygons[$0] & ends == ends }) else { return false }
            // The positions from the lower end to the higher one, both included.
            let span = below(max(i, j) + 1) & ~below(min(i, j))
            let inner = polygons[k] & span, outer = polygons[k] & ~span | ends
            if inner.nonzeroBitCount == 2 || outer.nonzeroBitCount == 2 { continue }  // an edge already
            polygons[k] = inner
            polygons[count] = outer
            count += 1
        }
        guard points.allSatisfy({ x in segments.contains { $0.0 == x || $0.1 == x } }) else { return false }
        for k in 0..<count {
            var positions = InlineArray<64, UInt8>(repeating: 0)
            var n = 0
            var bits = polygons[k]
            while bits != 0 {
                positions[n] = UInt8(bits.trailingZeroBitCount)
                n += 1
                bits &= bits - 1
            }
            guard try appendConvex(n, { boundary[Int(positions[$0])] }, flat, tag, near: near, into: &out) else {
                out.removeSubrange(start...)
                return false
            }
        }
        return true
    }

    /// Appends the triangles of the convex, counter-clockwise polygon of `n` vertex ids `id(0)...`
    /// (collinear points allowed): a triangle, or a quad cut along its shorter proper diagonal, without
    /// allocating. False, appending nothing, if two of its points round to one position.
    private static func appendConvex(
        _ n: Int, _ id: (Int) -> UInt32, _ flat: (UInt32) -> Vector2, _ tag: UInt32, near: Vector3, into out: inout [Mesh.Triangle]
    ) throws(GeometryError) -> Bool {
        if n == 3 || n == 4 {
            let q0 = flat(id(0)), q1 = flat(id(1)), q2 = flat(id(2)), q3 = n == 4 ? flat(id(3)) : q0
            guard q0 != q1, q1 != q2, n == 3 ? q2 != q0 : (q2 != q3 && q3 != q0) else { return false }
            if n == 3 {
                out.append(Mesh.Triangle(id(0), id(1), id(2), tag: tag))
                return true
            }
            // The shorter diagonal whose two triangles are both proper.
            let first = Predicates.orient2d(q0, q1, q2) > 0 && Predicates.orient2d(q0, q2, q3) > 0
            let second = Predicates.orient2d(q1, q2, q3) > 0 && Predicates.orient2d(q1, q3, q0) > 0
            if first && (!second || (q2 - q0).lengthSquared <= (q3 - q1).lengthSquared) {
                out.append(Mesh.Triangle(id(0), id(1), id(2), tag: tag))
                out.append(Mesh.Triangle(id(0), id(2), id(3), tag: tag))
                return true
            }
            if second {
                out.append(Mesh.Triangle(id(1), id(2), id(3), tag: tag))
                out.append(Mesh.Triangle(id(1), id(3), id(0), tag: tag))
                return true
            }
        }
        let ids = (0..<n).map(id)
        guard let pieces = try convexPieces(ids, flat, tag, near: near) else { return false }
        out += pieces
        return true
    }

    /// Triangles of a convex, counter-clockwise polygon given by vertex ids (collinear points
    /// allowed), or nil if two of its points round to one position.
    private static func convexPieces(_ ids: [UInt32], _ flat: (UInt32) -> Vector2, _ tag: UInt32, near: Vector3) throws(GeometryError) -> [Mesh.Triangle]? {
        let q = ids.map(flat)
        for k in 0..<q.count where q[k] == q[(k + 1) % q.count] { return nil }
        return try triangulated(Polygon(outer: Contour(q)), near: near).map { Mesh.Triangle(ids[$0.0], ids[$0.1], ids[$0.2], tag: tag) }
    }

    /// The triangles of one piece of a split triangle. A piece fails to triangulate only when
    /// rounding the contact points to doubles has folded it: a corner of one operand lies within
    /// rounding of the other's surface without lying on it, so a contact point lands an ulp past it.
    private static func triangulated(_ polygon: Polygon, near p: Vector3) throws(GeometryError) -> [(Int, Int, Int)] {
        do {
            return try polygon.triangulated()
        } catch {
            throw .degenerateContact("contact points near \(p) land within rounding of a corner and cross it (a corner of one operand lies within about 1e-15 mm of the other's surface, but not on it); move one operand slightly")
        }
    }

    /// Splits the piece holding point `x` (inside the piece, or inside an edge shared by two pieces)
    /// so that `x` becomes a corner.
    private static func insert(_ x: UInt32, into triangles: inout [Mesh.Triangle], at flat: (UInt32) -> Vector2) throws(GeometryError) {
        let q = flat(x)
        for (n, t) in triangles.enumerated() {
            let c = [t.a, t.b, t.c], f = c.map(flat)
            let sides = (Predicates.orient2d(f[0], f[1], q), Predicates.orient2d(f[1], f[2], q), Predicates.orient2d(f[2], f[0], q))
            switch TriangleContact.feature(sides: sides) {
            case nil: continue
            case .face?:
                triangles[n] = Mesh.Triangle(c[0], c[1], x, tag: t.tag)
                triangles += [Mesh.Triangle(c[1], c[2], x, tag: t.tag), Mesh.Triangle(c[2], c[0], x, tag: t.tag)]
            case .edge(let k)?:
                // Split this piece and its neighbour across edge k.
                let (u, v, w) = (c[k], c[(k + 1) % 3], c[(k + 2) % 3])
                triangles[n] = Mesh.Triangle(u, x, w, tag: t.tag)
                triangles.append(Mesh.Triangle(x, v, w, tag: t.tag))
                guard let m = triangles.firstIndex(where: { s in (0..<3).contains { s[$0] == v && s[($0 + 1) % 3] == u } }) else {
                    throw .degenerateContact("a corner of one operand lies on the edge of a triangle of the other near \(q)")
                }
                let s = triangles[m], j = (0..<3).first { s[$0] == v }!, far = s[(j + 2) % 3]
                triangles[m] = Mesh.Triangle(v, x, far, tag: s.tag)
                triangles.append(Mesh.Triangle(x, u, far, tag: s.tag))
            case .corner?:
                throw .degenerateContact("two contact points coincide near \(q)")
            }
            return
        }
        throw .degenerateContact("a contact point near \(q) lies outside its triangle")
    }
}
