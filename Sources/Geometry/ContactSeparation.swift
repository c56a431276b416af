/// Where the kept pieces of a boolean meet only at a vertex or along an edge (solids touching there),
/// the result is still a 2-manifold: each edge pairs the triangles around it that bound one solid
/// wedge (or, where the solid is joined round the edge's end anyway, one empty wedge), and a vertex
/// shared by separate fans of triangles is duplicated, one copy per fan. This is topology only; no
/// position changes.
extension Mesh {
    /// The key of the directed edge u -> v.
    @inline(__always) private static func key(_ u: UInt32, _ v: UInt32) -> UInt64 { UInt64(u) << 32 | UInt64(v) }

    /// Where the triangles round a crowded edge lie, exactly: each kept piece of a corefinement lies
    /// in the plane of its input triangle, on one side of the edge, which an input corner of that
    /// triangle marks (see `Corefinement.PieceDirections`). Without it, the rounded positions of the
    /// triangles' far corners decide (after the rounding repair, whose edits have no input triangle).
    typealias Directions = Corefinement.PieceDirections

    /// The mesh with its contact vertices duplicated per fan.
    static func separatingContacts(vertices: [Vector3], triangles: [Triangle], directions: Directions? = nil) throws(GeometryError) -> Mesh {
        let users = EdgeUsers(vertexCount: vertices.count, triangles: triangles)
        // Kept pieces whose sides were decided apart must still close up: each edge used as often in
        // one direction as in the other. Where rounding has hidden a sliver from the exact side
        // tests, they may not, and this is a refusal rather than an open mesh.
        for (i, t) in triangles.enumerated() {
            for k in 0..<3 where !users.isBalanced(halfEdge: 3 * i + k) {
                throw .degenerateContact("the pieces kept near \(vertices[Int(t[k])]) do not close up; the operands nearly touch there")
            }
        }
        // Around an edge with more than two triangles, the pairs bound solid wedges. Where the solid
        // is connected round an end of the edge anyway (two holes that touch along an edge inside a
        // block), that leaves the edge shared; those edges pair the empty wedges instead, which
        // separates the holes' surfaces there.
        var crowded = [(u: UInt32, v: UInt32, around: [Int])]()
        users.forEachCrowdedEdge { u, v, forward, backward in crowded.append((u, v, forward + backward)) }
        var emptyWedges = Set<UInt64>()
        while true {
            let result = try fanned(vertices, triangles, users, emptyWedges: emptyWedges, directions: directions)
            var shared = Set<UInt64>()
            for (u, v, around) in crowded {
                // The triangles' copies of the edge: each may be used by two of them, no more.
                var copies = [UInt64: Int]()
                for i in around {
                    let o = triangles[i], r = result.triangles[i]
                    let a = r[(0..<3).first { o[$0] == u }!], b = r[(0..<3).first { o[$0] == v }!]
                    copies[key(a, b), default: 0] += 1
                }
                if copies.values.contains(where: { $0 > 2 }) { shared.insert(key(u, v)) }
            }
            if shared.isEmpty { return result }
            guard !shared.isSubset(of: emptyWedges) else {
                let v = UInt32(shared.first! >> 32)
                throw .degenerateContact("the result has more than two surfaces meeting along an edge near \(vertices[Int(v)]) that cannot be separated")
            }
            emptyWedges.formUnion(shared)
        }
    }

    /// The triangles with each vertex duplicated per fan, where fans join across each edge in pairs:
    /// the solid wedges round an edge with more than two triangles, or the empty ones for edges
    /// (lower id, higher id) in `emptyWedges`.
    private static func fanned(
        _ vertices: [Vector3], _ triangles: [Triangle], _ users: EdgeUsers, emptyWedges: Set<UInt64>, directions: Directions?
    ) throws(GeometryError) -> Mesh {
        // Corners (3 i + k) that belong to one fan.
        var fans = UnionFind(count: triangles.count * 3)
        // Triangle x runs u -> v, triangle y runs v -> u: their corners at u and at v join.
        func join(_ x: Int, _ y: Int, _ u: UInt32, _ v: UInt32) {
            let tx = triangles[x], ty = triangles[y]
            let ku = tx.a == u ? 0 : (tx.b == u ? 1 : 2), kv = (ku + 1) % 3
            let mv = ty.a == v ? 0 : (ty.b == v ? 1 : 2), mu = (mv + 1) % 3
            fans.union(3 * x + ku, 3 * y + mu)
            fans.union(3 * x + kv, 3 * y + mv)
        }
        for (i, t) in triangles.enumerated() {
            for k in 0..<3 {
                let u = t[k], v = t[(k + 1) % 3]
                guard u < v else { continue }  // each undirected edge once, from its lower end
                if let twin = users.onlyTwin(of: 3 * i + k) {
                    join(i, twin / 3, u, v)
                    continue
                }
                let (forward, backward) = users.triangles(along: 3 * i + k)
                guard forward.first == i else { continue }
                for (x, y) in try wedges(u, v, forward, backward, vertices, triangles, solid: !emptyWedges.contains(key(u, v)), directions: directions) {
                    join(x, y, u, v)
                }
            }
        }
        // Each fan's vertex: the first fan round a vertex keeps its id, each other gets a copy.
        let none = UInt32.max
        var newVertices = vertices
        var fanVertex = [UInt32](repeating: none, count: triangles.count * 3)  // by fan root
        var claimed = [Bool](repeating: false, count: vertices.count)
        var result = triangles
        for (i, t) in triangles.enumerated() {
            for k in 0..<3 {
                let root = fans.find(3 * i + k)
                if fanVertex[root] == none {
                    let v = t[k]
                    if claimed[Int(v)] {
                        fanVertex[root] = UInt32(newVertices.count)
                        newVertices.append(vertices[Int(v)])
                    } else {
                        claimed[Int(v)] = true
                        fanVertex[root] = v
                    }
                }
                result[i][k] = fanVertex[root]
            }
        }
        return Mesh(vertices: newVertices, triangles: result)
    }

    /// Pairs the triangles around edge u v, `forward` running u -> v and `backward` v -> u, so that
    /// each pair bounds one solid wedge (or, unless `solid`, one empty wedge). Around the axis u -> v
    /// (counter-clockwise), a triangle running v -> u has its solid on the side of increasing angle,
    /// one running u -> v on the other, so each backward triangle pairs with the next triangle round
    /// (or the previous one), which must run forward.
    private static func wedges(
        _ u: UInt32, _ v: UInt32, _ forward: [Int], _ backward: [Int], _ vertices: [Vector3], _ triangles: [Triangle], solid: Bool,
        directions: Directions?
    ) throws(GeometryError) -> [(Int, Int)] {
        let around = forward + backward
        if let directions, let order = directions.order(round: u, v, around) {
            guard let sorted = order else { throw unpaired(vertices[Int(u)]) }
            return try paired(sorted, forward: forward, solid: solid, near: vertices[Int(u)])
        }
        let pu = vertices[Int(u)], pv = vertices[Int(v)], axis = pv - pu
        func far(_ t: Int) -> Vector3 {
            let c = triangles[t]
            return vertices[Int((0..<3).map { c[$0] }.first { $0 != u && $0 != v }!)]
        }
        let w0 = far(around[0])
        // Half-turns from w0: 0 for angles in [0, pi), 1 for [pi, 2 pi); then order within a half.
        func half(_ w: Vector3) -> Int {
            let s = Predicates.orient3d(pu, pv, w0, w)
            if s != 0 { return s > 0 ? 0 : 1 }
            let r0 = w0 - pu, r = w - pu
            let perp0 = r0 - axis * (r0.dot(axis) / axis.dot(axis)), perp = r - axis * (r.dot(axis) / axis.dot(axis))
            return perp0.dot(perp) > 0 ? 0 : 1
        }
        var ties = false
        let sorted = around.sorted { x, y in
            let wx = far(x), wy = far(y), hx = half(wx), hy = half(wy)
            if hx != hy { return hx < hy }
            let s = Predicates.orient3d(pu, pv, wx, wy)
            if s == 0 { ties = true }
            return s > 0
        }
        guard !ties else { throw unpaired(pu) }
        // Rounded positions (after the rounding repair merged vertices) may not alternate round the
        // edge where thin pieces fold; they are paired without crossing then, and the check that
        // follows the repair decides whether the folded result is valid.
        return (try? paired(sorted, forward: forward, solid: solid, near: pu)) ?? nested(sorted, forward: forward, solid: solid)
    }

    /// The pairs of triangles `sorted` counter-clockwise round an edge, matched like brackets: each
    /// backward one with a forward one after it (or, unless `solid`, before it), no two pairs
    /// interleaved. Where the triangles alternate, these are the pairs of neighbours `paired` makes.
    private static func nested(_ sorted: [Int], forward: [Int], solid: Bool) -> [(Int, Int)] {
        let isForward = Set(forward)
        // Backward triangles open a pair and forward ones close it (the other way round unless
        // `solid`), from the place after which the count of open pairs never falls below zero.
        let opens = sorted.map { isForward.contains($0) != solid }
        var depth = 0, lowest = 0, start = 0
        for (k, open) in opens.enumerated() {
            depth += open ? 1 : -1
            if depth < lowest { (lowest, start) = (depth, k + 1) }
        }
        var pairs = [(Int, Int)](), open = [Int]()
        for k in 0..<sorted.count {
            let t = sorted[(start + k) % sorted.count]
            if opens[(start + k) % sorted.count] {
                open.append(t)
            } else if let o = open.popLast() {
                pairs.append(isForward.contains(t) ? (t, o) : (o, t))
            }
        }
        return pairs
    }

    /// The pairs of triangles `sorted` counter-clockwise round an edge: each backward one with the
    /// next (or, unless `solid`, the previous) one, which must run forward.
    private static func paired(_ sorted: [Int], forward: [Int], solid: Bool, near: Vector3) throws(GeometryError) -> [(Int, Int)] {
        let isForward = Set(forward)
        var pairs = [(Int, Int)]()
        for (k, t) in sorted.enumerated() where !isForward.contains(t) {
            let next = sorted[(k + (solid ? 1 : sorted.count - 1)) % sorted.count]
            guard isForward.contains(next) else { throw unpaired(near) }
            pairs.append((next, t))
        }
        return pairs
    }

    private static func unpaired(_ near: Vector3) -> GeometryError {
        .degenerateContact("the result has more than two surfaces meeting along an edge near \(near) that cannot be paired into solids")
    }
}

/// The triangles using each edge, either way, grouped once (`EdgeGrouping`): half-edge 3 i + k runs
/// from corner k of triangle i to the next. The triangles have three distinct corners (kept pieces
/// and repaired triangles do); one with a repeated corner has no edges here, so the pieces do not
/// close up there and the caller refuses them.
private struct EdgeUsers {
    private let grouping: EdgeGrouping
    private let triangles: [Mesh.Triangle]
    /// For each half-edge, the position of its edge's first half-edge in `grouping.ids`, and the
    /// number of half-edges of that edge.
    private var run: [(start: Int32, count: Int32)]

    init(vertexCount: Int, triangles: [Mesh.Triangle]) {
        grouping = EdgeGrouping(vertexCount: vertexCount, triangles: triangles)
        self.triangles = triangles
        var run = [(start: Int32, count: Int32)](repeating: (0, 0), count: 3 * triangles.count)
        let ids = grouping.ids
        grouping.forEachEdge { r in
            for g in r { run[Int(ids[g])] = (Int32(r.lowerBound), Int32(r.count)) }
        }
        self.run = run
    }

    /// The vertex half-edge `h` starts from.
    private func from(_ h: Int) -> UInt32 { triangles[h / 3][h % 3] }

    /// Whether the edge of half-edge `h` is used as often in one direction as in the other.
    func isBalanced(halfEdge h: Int) -> Bool {
        let (start, count) = run[h]
        guard count > 0 else { return false }
        var balance = 0
        let low = min(from(h), triangles[h / 3][(h % 3 + 1) % 3])
        for g in Int(start)..<Int(start + count) { balance += from(Int(grouping.ids[g])) == low ? 1 : -1 }
        return balance == 0
    }

    /// The half-edge running the other way along the edge of `h`, where the edge has just the two.
    func onlyTwin(of h: Int) -> Int? {
        let (start, count) = run[h]
        guard count == 2 else { return nil }
        let g = Int(grouping.ids[Int(start)]), other = g == h ? Int(grouping.ids[Int(start) + 1]) : g
        return from(other) == from(h) ? nil : other
    }

    /// The triangles using the edge of half-edge `h` in its direction and in the other, each in
    /// increasing order.
    func triangles(along h: Int) -> (forward: [Int], backward: [Int]) {
        let (start, count) = run[h]
        let u = from(h)
        var forward = [Int](), backward = [Int]()
        for g in Int(start)..<Int(start + count) {
            let e = Int(grouping.ids[g])
            if from(e) == u { forward.append(e / 3) } else { backward.append(e / 3) }
        }
        return (forward, backward)
    }

    /// Calls `body` for each edge used more than once in a direction, from its lower end `u` to `v`,
    /// with the triangles running each way.
    func forEachCrowdedEdge(_ body: (_ u: UInt32, _ v: UInt32, _ forward: [Int], _ backward: [Int]) -> Void) {
        let ids = grouping.ids
        grouping.forEachEdge { r in
            guard r.count > 2 else { return }
            let h = Int(ids[r.lowerBound])
            let a = from(h), b = triangles[h / 3][(h % 3 + 1) % 3]
            let (along, against) = triangles(along: h)
            let (forward, backward) = a < b ? (along, against) : (against, along)
            if forward.count > 1 { body(min(a, b), max(a, b), forward, backward) }
        }
    }
}
