/// Stage 3 of a corefinement (docs/booleans.md): every point where a pair of triangles of
/// the two operands meet, named by the smallest feature of each operand that holds it, so that the
/// same point found from another pair gets the same id; and the contact segments between those
/// points, across each triangle or along its edges. Vertex ids are global: A's input vertices,
/// then B's, then the constructed points in the order they were found.
///
/// While registering, it notices near contact (`nearPoint`): a corner of a triangle in contact
/// within the tolerance of the other triangle's plane but not in it, a crossing edge with an end
/// that near the other's plane, or a crossing that near the edge of the face it goes through.
struct ContactRegistry {
    typealias Edge = Corefinement.Edge
    typealias Simplex = Corefinement.Simplex

    let a: Mesh, b: Mesh
    /// The tolerance (`Tolerance`) within which contact is near.
    let tolerance: Double
    /// The first global id of B's vertices.
    let offset: UInt32
    /// The constructed points, rounded where they were found, and their exact definitions.
    private(set) var positions = [Vector3]()
    private(set) var definitions = [ContactPoint]()
    /// For each global id, the feature of operand m holding it (nil off m's surface, and for m's own
    /// input vertices); further features where one operand has coincident features.
    private(set) var found: [[Simplex?]]
    private(set) var extra: [[UInt32: [Simplex]]] = [[:], [:]]
    /// Input vertices found equal, joined with the lowest id at the root: a corner of B equal to a
    /// corner of A, or to several (where A's own shells touch at a point).
    private(set) var same: UnionFind
    /// Whether any contact was degenerate: coplanar, a single point, or touching a corner.
    private(set) var isDegenerate = false
    /// For each operand and triangle, whether a triangle of the other operand is coplanar with it
    /// and overlaps it, and how many such triangles each operand has.
    private(set) var coplanar: [[Bool]]
    private(set) var coplanarCounts = [0, 0]
    /// Per triangle of each operand, the contact segments across it; per operand, those along its
    /// edges (local ids), each with its edge, in the order found.
    private(set) var segments: [[[(UInt32, UInt32)]]]
    private(set) var alongEdges: [[(edge: Edge, from: UInt32, to: UInt32)]] = [[], []]
    /// A point where the operands nearly touch, if one was noticed.
    var nearPoint: Vector3?

    /// Points where an edge passes through the inside of a triangle of the other operand, chained by
    /// the edge's lower vertex (`heads[edge's operand][vertex]` into `links`): each is found from
    /// both triangles on the edge, and the second must find the first's id. Edge-edge crossings are
    /// rarer: hashed.
    private var heads: [[Int32]]
    private var links = [(upper: UInt32, triangle: Int32, id: UInt32, next: Int32)]()
    private var edgeCrossings = [EdgeCrossing: UInt32]()

    /// A point of contact where an edge of A and an edge of B pass through each other.
    private struct EdgeCrossing: Hashable {
        var a: Edge
        var b: Edge
    }

    init(_ a: Mesh, _ b: Mesh, tolerance: Double) {
        self.a = a
        self.b = b
        self.tolerance = tolerance
        offset = UInt32(a.vertices.count)
        let inputs = a.vertices.count + b.vertices.count
        found = [[Simplex?]](repeating: [Simplex?](repeating: nil, count: inputs), count: 2)
        same = UnionFind(count: inputs)
        heads = [[Int32](repeating: -1, count: a.vertices.count), [Int32](repeating: -1, count: b.vertices.count)]
        segments = [a.triangles.count, b.triangles.count].map { [[(UInt32, UInt32)]](repeating: [], count: $0) }
        coplanar = [a.triangles.count, b.triangles.count].map { [Bool](repeating: false, count: $0) }
    }

    /// The contact of triangle `ia` of A and `ib` of B: its points registered, its segments recorded
    /// on the triangles or edges they run across or along.
    mutating func add(_ contact: TriangleContact.Contact, _ ia: Int, _ ib: Int) throws(GeometryError) {
        let ta = TriangleContact.Corners(a.corners(ia)), tb = TriangleContact.Corners(b.corners(ib))
        if contact.coplanar || contact.count == 1 || contact.touchesACorner {
            isDegenerate = true
        }
        // Coplanar triangles have every corner in each other's plane: none is near it.
        if nearPoint == nil && !contact.coplanar { nearPoint = cornerNearlyOn(tb, ta) ?? cornerNearlyOn(ta, tb) }
        if contact.coplanar {
            if !coplanar[0][ia] { coplanarCounts[0] += 1 }
            if !coplanar[1][ib] { coplanarCounts[1] += 1 }
            coplanar[0][ia] = true
            coplanar[1][ib] = true
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
                        alongEdges[mesh].append((Edge(t[k], t[(k + 1) % 3]), ids[i], ids[j]))
                    } else {
                        segments[mesh][mesh == 0 ? ia : ib].append((ids[i], ids[j]))
                    }
                }
            }
        }
    }

    /// Marks the contact degenerate (two constructed points round to one position, for one).
    mutating func markDegenerate() { isDegenerate = true }

    /// The constructed points at their final positions (each within a unit or two in the last
    /// place of its exact position, `ContactPoint.position`).
    mutating func roundConstructedPoints() {
        let scale = Tolerance.scale(of: tolerance), definitions = definitions
        positions = Parallel.map(definitions.count, minimumChunk: 4096) { range in
            range.map { definitions[$0].position(scale: scale) }
        }.flatMap { $0 }
    }

    /// Distinct ids of one point on one feature (where an operand's own shells touch, its
    /// coincident corners or edges meet the other operand at the same points) joined as one point,
    /// where their exact definitions are equal. `vertices` holds every position by global id.
    /// One point defined twice (an edge of the other operand crossing two coincident edges, once
    /// as that edge through the plane along one of them, once as the coincident edge through the
    /// plane along it) may round to positions a unit in the last place apart: the candidates are
    /// the ids whose positions lie within twice `ContactPoint.position`'s error bound of each
    /// other (`case-2080-8776`: two such ids, left apart, kept a sliver between them on one
    /// operand and not on the other, and the kept pieces did not close up).
    mutating func joinCoincidentPoints(at vertices: [Vector3]) {
        same.grow(to: vertices.count)
        guard isDegenerate else { return }
        // Per operand, the features inside an edge or a face that hold more than one id, with those
        // ids in the order found (the first id of each feature apart: most hold one, and an array
        // each was one in twenty of a small boolean's allocations).
        var onFeature = [[Simplex: [UInt32]]](repeating: [:], count: 2)
        for m in 0..<2 {
            var firstOn = [Simplex: UInt32](minimumCapacity: definitions.count)
            func note(_ id: UInt32, on s: Simplex) {
                guard !s.isVertex else { return }
                if let first = firstOn[s] {
                    onFeature[m][s, default: [first]].append(id)
                } else {
                    firstOn[s] = id
                }
            }
            for (id, s) in found[m].enumerated() { if let s { note(UInt32(id), on: s) } }
            for id in extra[m].keys.sorted() { for s in extra[m][id]! { note(id, on: s) } }
        }
        // Equal rounded positions are only a hint: two points are one where their definitions are.
        let inputs = a.vertices.count + b.vertices.count, definitions = definitions
        func isSamePoint(_ x: UInt32, _ y: UInt32) -> Bool {
            func point(_ id: UInt32) -> HomogeneousPoint {
                HomogeneousPoint(Int(id) < inputs ? .vertex(vertices[Int(id)]) : definitions[Int(id) - inputs])
            }
            let (p, q) = (point(x), point(y))
            return (0..<3).allSatisfy { IndirectPredicates.compare(p, q, along: $0) == 0 }
        }
        // Each rounded coordinate is within scale 2⁻⁴⁷ of the exact one.
        let reach = 2 * Tolerance.scale(of: tolerance) * 0x1p-47
        for m in 0..<2 {
            for (_, ids) in onFeature[m] {
                let sorted = ids.sorted { vertices[Int($0)].x < vertices[Int($1)].x }
                for k in 1..<sorted.count {
                    let p = vertices[Int(sorted[k])]
                    var j = k - 1
                    while j >= 0 && p.x - vertices[Int(sorted[j])].x <= reach {
                        let q = vertices[Int(sorted[j])]
                        if abs(p.y - q.y) <= reach && abs(p.z - q.z) <= reach && isSamePoint(sorted[k], sorted[j]) {
                            same.unionKeepingLowest(Int(sorted[k]), Int(sorted[j]))
                        }
                        j -= 1
                    }
                }
            }
        }
    }

    /// The id standing for each global id (the lowest of its class), and the features of each
    /// operand holding each id, a class's root holding those of its whole class.
    mutating func resolved() -> (representative: [UInt32], labels: [[Simplex?]], moreLabels: [[UInt32: [Simplex]]]) {
        let representative = (0..<found[0].count).map { UInt32(same.find($0)) }
        for v in representative.indices where representative[v] != UInt32(v) {
            let r = representative[v]
            for m in 0..<2 {
                func hold(_ s: Simplex) {
                    if found[m][Int(r)] == nil {
                        found[m][Int(r)] = s
                    } else if found[m][Int(r)] != s && !(extra[m][r]?.contains(s) ?? false) {
                        extra[m][r, default: []].append(s)
                    }
                }
                if let s = found[m][v] { hold(s) }
                if let more = extra[m][UInt32(v)] { for s in more { hold(s) } }
            }
        }
        if isDegenerate {
            for m in 0..<2 {
                for t in segments[m].indices {
                    for k in segments[m][t].indices {
                        let (p, q) = segments[m][t][k]
                        segments[m][t][k] = (representative[Int(p)], representative[Int(q)])
                    }
                }
            }
        }
        return (representative, found, extra)
    }

    // MARK: Registering points

    private func globalID(_ mesh: Int, _ v: UInt32) -> UInt32 { mesh == 0 ? v : v + offset }

    private mutating func newVertex(_ position: Vector3, _ definition: ContactPoint) -> UInt32 {
        let id = UInt32(a.vertices.count + b.vertices.count + positions.count)
        positions.append(position)
        definitions.append(definition)
        found[0].append(nil)
        found[1].append(nil)
        return id
    }

    private mutating func edgeTriangleCrossing(_ edgeMesh: Int, _ e: Edge, _ triangle: Int, _ position: (inout ContactRegistry) -> (Vector3, ContactPoint)) -> UInt32 {
        var k = heads[edgeMesh][Int(e.a)]
        while k >= 0 {
            let link = links[Int(k)]
            if link.upper == e.b && link.triangle == Int32(triangle) { return link.id }
            k = link.next
        }
        let (x, definition) = position(&self)
        let id = newVertex(x, definition)
        links.append((e.b, Int32(triangle), id, heads[edgeMesh][Int(e.a)]))
        heads[edgeMesh][Int(e.a)] = Int32(links.count - 1)
        return id
    }

    private static func simplex(_ f: TriangleContact.Feature, _ t: Mesh.Triangle, _ index: Int) -> Simplex {
        switch f {
        case .corner(let k): .vertex(t[k])
        case .edge(let k): .edge(Edge(t[k], t[(k + 1) % 3]))
        case .face: .face(index)
        }
    }

    /// The ends of an edge in the order of their positions, so that coincident edges of one
    /// operand (its shells touching along an edge) give bit-identical crossings.
    private func ends(_ mesh: Int, _ e: Edge) -> (Vector3, Vector3) {
        let vertices = mesh == 0 ? a.vertices : b.vertices
        let p = vertices[Int(e.a)], q = vertices[Int(e.b)]
        return (p.x, p.y, p.z) < (q.x, q.y, q.z) ? (p, q) : (q, p)
    }

    /// The vertex id of a point of contact, with the features of A and B holding it recorded.
    private mutating func register(_ p: TriangleContact.Point, _ ia: Int, _ ib: Int, _ ta: TriangleContact.Corners, _ tb: TriangleContact.Corners, coplanar: Bool) throws(GeometryError) -> UInt32 {
        let sa = Self.simplex(p.t, a.triangles[ia], ia), sb = Self.simplex(p.u, b.triangles[ib], ib)
        let id: UInt32
        switch (sa, sb) {
        case (.vertex(let v), .vertex(let w)):
            same.unionKeepingLowest(Int(v), Int(globalID(1, w)))
            id = v
        case (.vertex(let v), _): id = v
        case (_, .vertex(let w)): id = globalID(1, w)
        case (.edge(let ea), .edge(let eb)):
            if let known = edgeCrossings[EdgeCrossing(a: ea, b: eb)] {
                id = known
                // Found before through another pair of triangles, perhaps one in which both edges
                // lie: this pair may still be near contact (an end of an edge near its plane).
                if nearPoint == nil && !coplanar {
                    let (p, q) = ends(0, ea), (r, s) = ends(1, eb)
                    let x = positions[Int(known) - a.vertices.count - b.vertices.count]
                    noticeNearContact(at: x, of: p, q, crossing: tb, throughFace: false)
                    noticeNearContact(at: x, of: r, s, crossing: ta, throughFace: false)
                }
            } else {
                let (p, q) = ends(0, ea), (r, s) = ends(1, eb)
                // Coplanar, or one of the edges crosses the other triangle's plane (the other may lie in it).
                let inPlane = coplanar || Predicates.orient3d(tb.p0, tb.p1, tb.p2, p) == 0 || Predicates.orient3d(tb.p0, tb.p1, tb.p2, q) == 0
                let x = coplanar ? Corefinement.lineCrossing(p, q, r, s, plane: ta)
                    : (inPlane ? Corefinement.planeCrossing(r, s, ta) : Corefinement.planeCrossing(p, q, tb))
                let definition: ContactPoint = coplanar ? .crossing(p, q, r, s, inPlaneAlong: ta.projectionAxis)
                    : (inPlane ? .crossing(p: r, q: s, r: ta.p0, s: ta.p1, t: ta.p2) : .crossing(p: p, q: q, r: tb.p0, s: tb.p1, t: tb.p2))
                noticeNearContact(at: x, of: p, q, crossing: tb, throughFace: false)
                noticeNearContact(at: x, of: r, s, crossing: ta, throughFace: false)
                id = newVertex(x, definition)
                edgeCrossings[EdgeCrossing(a: ea, b: eb)] = id
            }
        case (.edge(let ea), .face):
            id = edgeTriangleCrossing(0, ea, ib) { registry in
                let (p, q) = registry.ends(0, ea), x = Corefinement.planeCrossing(p, q, tb)
                registry.noticeNearContact(at: x, of: p, q, crossing: tb, throughFace: true)
                return (x, .crossing(p: p, q: q, r: tb.p0, s: tb.p1, t: tb.p2))
            }
        case (.face, .edge(let eb)):
            id = edgeTriangleCrossing(1, eb, ia) { registry in
                let (p, q) = registry.ends(1, eb), x = Corefinement.planeCrossing(p, q, ta)
                registry.noticeNearContact(at: x, of: p, q, crossing: ta, throughFace: true)
                return (x, .crossing(p: p, q: q, r: ta.p0, s: ta.p1, t: ta.p2))
            }
        case (.face, .face):
            throw TriangleContact.degenerate(ta)
        }
        // An input vertex's feature in its own operand is itself.
        if id >= offset { record(0, sa, id) }
        if id < offset || id >= offset + UInt32(b.vertices.count) { record(1, sb, id) }
        return id
    }

    private mutating func record(_ m: Int, _ s: Simplex, _ id: UInt32) {
        if let known = found[m][Int(id)], known != s {
            if !(extra[m][id]?.contains(s) ?? false) { extra[m][id, default: []].append(s) }
        } else {
            found[m][Int(id)] = s
        }
    }

    // MARK: Near contact

    private func nearlyInPlane(_ p: Vector3, _ t: TriangleContact.Corners) -> Bool {
        let n = (t.p1 - t.p0).cross(t.p2 - t.p0)
        return abs(n.dot(p - t.p0)) <= tolerance * n.length && Predicates.orient3d(t.p0, t.p1, t.p2, p) != 0
    }

    /// A corner of `t` within the tolerance of `u`'s plane but not in it, over `u` (up to the tolerance).
    private func cornerNearlyOn(_ t: TriangleContact.Corners, _ u: TriangleContact.Corners) -> Vector3? {
        let n = (u.p1 - u.p0).cross(u.p2 - u.p0), length = n.length
        for k in 0..<3 {
            let p = t[k]
            // A corner of `u` itself (the two share it) lies in its plane.
            guard p != u.p0 && p != u.p1 && p != u.p2, abs(n.dot(p - u.p0)) <= tolerance * length,
                  Predicates.orient3d(u.p0, u.p1, u.p2, p) != 0 else { continue }
            var over = true
            for j in 0..<3 {
                let e0 = u[j], e1 = u[(j + 1) % 3]
                if (e1 - e0).cross(p - e0).dot(n) < -tolerance * length * (e1 - e0).length { over = false }
            }
            if over { return p }
        }
        return nil
    }

    private func nearlyOnEdge(_ x: Vector3, _ u: Vector3, _ v: Vector3) -> Bool {
        (x - u).cross(v - u).lengthSquared <= tolerance * tolerance * (v - u).lengthSquared
    }

    /// Notes `x` as near contact where edge `p q`, crossing triangle `t` there (through its face, or
    /// at an edge of it), has an end within the tolerance of `t`'s plane, or crosses its face that
    /// near one of its edges.
    private mutating func noticeNearContact(at x: Vector3, of p: Vector3, _ q: Vector3, crossing t: TriangleContact.Corners, throughFace: Bool) {
        if nearPoint == nil && (nearlyInPlane(p, t) || nearlyInPlane(q, t)
            || (throughFace && (nearlyOnEdge(x, t.p0, t.p1) || nearlyOnEdge(x, t.p1, t.p2) || nearlyOnEdge(x, t.p2, t.p0)))) {
            nearPoint = x
        }
    }
}
