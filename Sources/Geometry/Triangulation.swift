/// Ear-clipping triangulation of polygons with holes, on exact predicates.
///
/// Holes are first joined to the outline by bridges (a pair of coincident edges), giving one weakly
/// simple ring; ears are then cut from that ring. Every input vertex is kept (collinear ones too, so
/// that meshes built from the result have no T-junctions), and no triangle has zero area.
extension Polygon {
    /// Triangles as index triples into `allPoints`, each counter-clockwise.
    public func triangulated() throws(GeometryError) -> [(Int, Int, Int)] {
        // Each bridge adds two nodes.
        var ring = Ring(points: allPoints, capacity: allPoints.count + 2 * holes.count)
        let head = ring.addLoop(0..<outer.points.count)
        var start = outer.points.count
        var holeHeads = [Int]()
        for h in holes {
            holeHeads.append(ring.addLoop(start..<(start + h.points.count)))
            start += h.points.count
        }
        if !holeHeads.isEmpty {
            // Merge holes from left to right, each to the nearest visible vertex of the growing ring.
            let order = holeHeads.map { ring.leftmost(of: $0) }.sorted {
                ring.p($0).x < ring.p($1).x || (ring.p($0).x == ring.p($1).x && ring.p($0).y < ring.p($1).y)
            }
            var merger = HoleMerger(ring: ring, outer: head)
            for h in order { try merger.merge(hole: h, ring: &ring) }
        }
        let triangles = try ring.clipEars(from: head)
        return Polygon.improved(triangles, points: ring.points, loopNext: loopNext)
    }

    /// For each point of `allPoints`, the next point of its loop (outer or hole): the polygon's edges,
    /// which must never flip, are the pairs (i, loopNext[i]).
    private var loopNext: [Int] {
        var next = [Int]()
        next.reserveCapacity(allPoints.count)
        var start = 0
        for loop in [outer] + holes {
            let n = loop.points.count
            for i in 0..<n { next.append(start + (i + 1) % n) }
            start += n
        }
        return next
    }

    /// Lawson's flips toward a Delaunay triangulation: an interior edge whose opposite corner lies in
    /// the other triangle's circumcircle is flipped, if the two triangles form a strictly convex quad
    /// (decided exactly, so every triangle stays counter-clockwise). Ear clipping leaves long slivers;
    /// this leaves well-shaped triangles with the same vertices and area.
    static func improved(_ input: [(Int, Int, Int)], points: [Vector2], loopNext: [Int]) -> [(Int, Int, Int)] {
        // Half-edge h runs from corner h % 3 to the next corner of triangle h / 3; twin[h] is the
        // half-edge running the other way in the neighbouring triangle, or -1 on the boundary. (No
        // nested functions touch these arrays: captured, they would be checked on every access.)
        var corner = [Int](repeating: 0, count: input.count * 3)
        for (i, t) in input.enumerated() {
            corner[3 * i] = t.0
            corner[3 * i + 1] = t.1
            corner[3 * i + 2] = t.2
        }
        // Only an edge with exactly two half-edges, running opposite ways, joins two triangles.
        var twin = [Int](repeating: -1, count: corner.count)
        if input.count <= 10 {
            // A few triangles: every pair of half-edges compared (cheaper than grouping them), with
            // the number of others on the same edge counted for each.
            withUnsafeTemporaryAllocation(of: Int8.self, capacity: corner.count) { others in
                others.initialize(repeating: 0)
                for g in 0..<corner.count {
                    let u = corner[g], w = corner[nextHalf(g)]
                    for h in (g + 1)..<corner.count {
                        let x = corner[h], y = corner[nextHalf(h)]
                        guard (x == w && y == u) || (x == u && y == w) else { continue }
                        others[g] += 1
                        others[h] += 1
                        if x == w { (twin[g], twin[h]) = (h, g) }
                    }
                }
                for g in 0..<corner.count where others[g] != 1 { twin[g] = -1 }
            }
        } else {
            let edges = EdgeGrouping(vertexCount: points.count, triangles: input.map { Mesh.Triangle($0.0, $0.1, $0.2) })
            let ids = edges.ids
            edges.forEachEdge { run in
                guard run.count == 2 else { return }
                let g = Int(ids[run.lowerBound]), h = Int(ids[run.lowerBound + 1])
                if corner[g] == corner[nextHalf(h)] {
                    twin[g] = h
                    twin[h] = g
                }
            }
        }
        // Over raw buffers: the flips of a face with hundreds of holes run to hundreds of thousands.
        corner.withUnsafeMutableBufferPointer { corner in
            twin.withUnsafeMutableBufferPointer { twin in
                points.withUnsafeBufferPointer { points in
                    loopNext.withUnsafeBufferPointer { loopNext in
                        flip(corner, twin, points, loopNext, budget: 20 * input.count + 100)
                    }
                }
            }
        }
        return (0..<input.count).map { (corner[3 * $0], corner[3 * $0 + 1], corner[3 * $0 + 2]) }
    }

    /// Lawson's flips on the half-edges `corner` and their `twin`s, at most `budget` of them tried.
    private static func flip(_ corner: UnsafeMutableBufferPointer<Int>, _ twin: UnsafeMutableBufferPointer<Int>,
                             _ points: UnsafeBufferPointer<Vector2>, _ loopNext: UnsafeBufferPointer<Int>, budget: Int) {
        var stack = [Int]()
        for h in 0..<corner.count where twin[h] > h && isFlippable(h, corner, twin, loopNext) { stack.append(h) }
        var budget = budget
        while let h = stack.popLast(), budget > 0 {
            budget -= 1
            let o = twin[h]
            guard o >= 0 else { continue }
            // h runs u -> w with a opposite; its twin o runs w -> u with b opposite.
            let u = corner[h], w = corner[nextHalf(h)], a = corner[prevHalf(h)], b = corner[prevHalf(o)]
            let pu = points[u], pw = points[w], pa = points[a], pb = points[b]
            guard inCircumcircle(pu, pw, pa, pb) else { continue }
            // The flip replaces u-w by a-b: both new triangles must be strictly counter-clockwise.
            guard Predicates.orient2d(pa, pu, pb) > 0, Predicates.orient2d(pb, pw, pa) > 0 else { continue }
            let outer = (twin[prevHalf(h)], twin[nextHalf(o)], twin[prevHalf(o)], twin[nextHalf(h)])  // a-u, u-b, b-w, w-a
            let t0 = h - h % 3, t1 = o - o % 3
            corner[t0] = a; corner[t0 + 1] = u; corner[t0 + 2] = b
            corner[t1] = b; corner[t1 + 1] = w; corner[t1 + 2] = a
            twin[t0] = outer.0
            if outer.0 >= 0 { twin[outer.0] = t0 }
            twin[t0 + 1] = outer.1
            if outer.1 >= 0 { twin[outer.1] = t0 + 1 }
            twin[t1] = outer.2
            if outer.2 >= 0 { twin[outer.2] = t1 }
            twin[t1 + 1] = outer.3
            if outer.3 >= 0 { twin[outer.3] = t1 + 1 }
            twin[t0 + 2] = t1 + 2
            twin[t1 + 2] = t0 + 2
            if isFlippable(t0, corner, twin, loopNext) { stack.append(t0) }
            if isFlippable(t0 + 1, corner, twin, loopNext) { stack.append(t0 + 1) }
            if isFlippable(t1, corner, twin, loopNext) { stack.append(t1) }
            if isFlippable(t1 + 1, corner, twin, loopNext) { stack.append(t1 + 1) }
        }
    }

    @inline(__always) private static func nextHalf(_ h: Int) -> Int { h % 3 == 2 ? h - 2 : h + 1 }
    @inline(__always) private static func prevHalf(_ h: Int) -> Int { h % 3 == 0 ? h + 2 : h - 1 }

    /// Whether half-edge h joins two triangles across an edge that is not one of the polygon's own.
    @inline(__always) private static func isFlippable(_ h: Int, _ corner: UnsafeMutableBufferPointer<Int>, _ twin: UnsafeMutableBufferPointer<Int>,
                                                      _ loopNext: UnsafeBufferPointer<Int>) -> Bool {
        guard twin[h] >= 0 else { return false }
        let u = corner[h], w = corner[nextHalf(h)]
        return !(u < loopNext.count && loopNext[u] == w) && !(w < loopNext.count && loopNext[w] == u)
    }

    /// Whether `d` lies strictly inside the circumcircle of the counter-clockwise triangle `a b c`, with
    /// a relative margin so that nearly cocircular points do not flip back and forth.
    static func inCircumcircle(_ a: Vector2, _ b: Vector2, _ c: Vector2, _ d: Vector2) -> Bool {
        let ad = a - d, bd = b - d, cd = c - d
        let det = ad.lengthSquared * bd.cross(cd) - bd.lengthSquared * ad.cross(cd) + cd.lengthSquared * ad.cross(bd)
        let scale = ad.lengthSquared * abs(bd.cross(cd)) + bd.lengthSquared * abs(ad.cross(cd)) + cd.lengthSquared * abs(ad.cross(bd))
        return det > 1e-10 * scale
    }
}

/// Joins holes to the outline one by one. The contour edges never change, so they sit in a BVH built
/// once; the bridges added so far are checked directly, by their boxes first. The nodes of the ring
/// sit in a grid, searched nearest first for a bridge's end and looked up by position for holes
/// that touch the ring.
private struct HoleMerger {
    var grid: NodeGrid
    var bridges = [(Vector2, Vector2)]()
    let edges: [(Vector2, Vector2)]
    let edgeTree: BoundingVolumeHierarchy

    init(ring: Ring, outer head: Int) {
        // Bounds of every point, so that nodes joining later fall inside the grid.
        grid = NodeGrid(ring: ring, nodes: ring.nodes(from: head), spanning: Array(0..<ring.index.count))
        edges = (0..<ring.index.count).map { (ring.p($0), ring.p(ring.next[$0])) }
        edgeTree = BoundingVolumeHierarchy(boxes: edges.map { Bounds(Vector3($0.0, 0), Vector3($0.1, 0)) })
    }

    mutating func merge(hole h: Int, ring: inout Ring) throws(GeometryError) {
        let holeNodes = ring.nodes(from: h)
        // A hole that touches the ring at a vertex joins there, with no bridge.
        for hv in holeNodes {
            var touching: Int? = nil
            let q = ring.p(hv), after = ring.p(ring.next[hv]), before = ring.p(ring.prev[hv])
            grid.forEach(at: q) { m in
                guard ring.alive[m], ring.p(m) == q, ring.locallyInside(m, toward: after), ring.locallyInside(m, toward: before) else { return true }
                touching = m
                return false
            }
            if let m = touching {
                record(ring.splice(m, hv), ring: ring, hole: holeNodes)
                return
            }
        }
        let ph = ring.p(h)
        var bridge: Int? = nil
        grid.forEachNearestFirst(to: ph, position: ring.p) { m in
            guard ring.alive[m] else { return true }
            let pm = ring.p(m)
            guard pm != ph, ring.locallyInside(m, toward: ph), ring.locallyInside(h, toward: pm), visible(pm, ph) else { return true }
            bridge = m
            return false
        }
        guard let m = bridge else {
            throw .triangulationFailed("a hole at \(ph) has no visible vertex on the outline; contours may cross")
        }
        record(ring.splice(m, h), ring: ring, hole: holeNodes)
        bridges.append((ring.p(m), ph))
    }

    /// Whether the open segment from `a` to `b` meets no contour edge, no bridge and no vertex.
    private func visible(_ a: Vector2, _ b: Vector2) -> Bool {
        func blocks(_ q: Vector2, _ r: Vector2) -> Bool {
            if q != a, q != b, isOnSegment(q, a, b) { return true }
            if r != a, r != b, isOnSegment(r, a, b) { return true }
            return segmentsCrossProperly(a, b, q, r)
        }
        var clear = true
        edgeTree.forEachOverlap(with: Bounds(Vector3(a, 0), Vector3(b, 0))) { e in
            if clear && blocks(edges[e].0, edges[e].1) { clear = false }
        }
        guard clear else { return false }
        // A bridge whose box misses the segment's cannot block it.
        let lo = Vector2(min(a.x, b.x), min(a.y, b.y)), hi = Vector2(max(a.x, b.x), max(a.y, b.y))
        return !bridges.contains { q, r in
            max(q.x, r.x) >= lo.x && min(q.x, r.x) <= hi.x && max(q.y, r.y) >= lo.y && min(q.y, r.y) <= hi.y && blocks(q, r)
        }
    }

    /// After a splice: the hole's nodes and the two new duplicates join the ring.
    private mutating func record(_ added: [Int], ring: Ring, hole: [Int]) {
        for n in hole + added where ring.alive[n] { grid.insert(n, at: ring.p(n)) }
    }
}

/// A uniform grid of ring nodes, so an ear test looks only at the nodes near its triangle and a
/// bridge search visits nodes nearest first. Each cell is a chain through `link` (node to next node
/// in its cell), so inserting allocates nothing.
private struct NodeGrid {
    let origin: Vector2
    let cell: Double
    let columns: Int
    let rows: Int
    var head: [Int32]
    var link: [Int32]

    /// A grid holding `nodes`, sized for and spanning the positions of `spanning` (default: `nodes`).
    init(ring: Ring, nodes: [Int], spanning: [Int]? = nil) {
        var lo = Vector2(.infinity, .infinity), hi = Vector2(-.infinity, -.infinity)
        let extent = spanning ?? nodes
        for n in extent {
            let q = ring.p(n)
            lo = Vector2(min(lo.x, q.x), min(lo.y, q.y))
            hi = Vector2(max(hi.x, q.x), max(hi.y, q.y))
        }
        let side = max(1, Int(Double(extent.count).squareRoot() / 2))
        origin = lo
        cell = max((hi.x - lo.x), (hi.y - lo.y), 1e-300) / Double(side)
        columns = max(1, Int(((hi.x - lo.x) / cell).rounded(.down)) + 1)
        rows = max(1, Int(((hi.y - lo.y) / cell).rounded(.down)) + 1)
        head = [Int32](repeating: -1, count: columns * rows)
        link = [Int32](repeating: -1, count: ring.index.count)
        for n in nodes { insert(n, at: ring.p(n)) }
    }

    /// The cell of `q`, clamped to the grid. (Truncation is the floor for the quotients that are
    /// not negative, and the negative ones clamp to 0 either way: no call to `floor`, which the
    /// ear tests and the bridge searches made millions of times on W3.)
    func index(_ q: Vector2) -> (Int, Int) {
        (min(columns - 1, max(0, Int((q.x - origin.x) / cell))), min(rows - 1, max(0, Int((q.y - origin.y) / cell))))
    }

    mutating func insert(_ n: Int, at q: Vector2) {
        let (c, r) = index(q)
        if n >= link.count { link += [Int32](repeating: -1, count: n + 1 - link.count) }
        link[n] = head[r * columns + c]
        head[r * columns + c] = Int32(n)
    }

    /// Takes node `n`, at `q`, out of its cell (if there).
    mutating func remove(_ n: Int, at q: Vector2) {
        let (c, r) = index(q)
        let cell = r * columns + c
        var before: Int32 = -1
        var m = head[cell]
        while m >= 0 && Int(m) != n {
            before = m
            m = link[Int(m)]
        }
        guard m >= 0 else { return }
        if before < 0 { head[cell] = link[n] } else { link[Int(before)] = link[n] }
    }

    /// Calls `body` for every node in a cell that overlaps the box; stops when `body` returns false.
    func forEach(in lo: Vector2, _ hi: Vector2, _ body: (Int) -> Bool) {
        let (c0, r0) = index(lo), (c1, r1) = index(hi)
        for r in r0...r1 {
            for c in c0...c1 {
                var n = head[r * columns + c]
                while n >= 0 {
                    if !body(Int(n)) { return }
                    n = link[Int(n)]
                }
            }
        }
    }

    /// Calls `body` for every node in the cell of `q` (which holds every node at `q`); stops when
    /// `body` returns false.
    func forEach(at q: Vector2, _ body: (Int) -> Bool) {
        let (c, r) = index(q)
        var n = head[r * columns + c]
        while n >= 0 {
            if !body(Int(n)) { return }
            n = link[Int(n)]
        }
    }

    /// Calls `body` for every node in order of distance from `q` (ties by node), for `q` inside the
    /// grid's span; stops when `body` returns false. Cells are gathered ring by ring around `q`'s cell:
    /// a node in ring k + 1 lies at least k cells from `q`, so the nodes gathered so far that are
    /// nearer than that come first.
    func forEachNearestFirst(to q: Vector2, position: (Int) -> Vector2, _ body: (Int) -> Bool) {
        let (c0, r0) = index(q)
        var pending = [(distance: Double, node: Int)]()
        let last = max(c0, columns - 1 - c0, r0, rows - 1 - r0)
        for k in 0...last {
            for r in max(0, r0 - k)...min(rows - 1, r0 + k) {
                let edgeRow = r == r0 - k || r == r0 + k
                for c in max(0, c0 - k)...min(columns - 1, c0 + k) where edgeRow || c == c0 - k || c == c0 + k {
                    var n = head[r * columns + c]
                    while n >= 0 {
                        pending.append(((position(Int(n)) - q).lengthSquared, Int(n)))
                        n = link[Int(n)]
                    }
                }
            }
            let reach = Double(k) * cell
            let sure = k == last ? Double.infinity : reach * reach
            pending.sort { $0.distance > $1.distance || ($0.distance == $1.distance && $0.node > $1.node) }
            while let nearest = pending.last, nearest.distance <= sure {
                pending.removeLast()
                if !body(nearest.node) { return }
            }
        }
    }
}

/// A directed edge between two points.
private struct PointPair: Hashable {
    var a: Vector2
    var b: Vector2
    init(_ a: Vector2, _ b: Vector2) { (self.a, self.b) = (a, b) }
}

/// A doubly linked ring of polygon vertices.
private struct Ring {
    let points: [Vector2]
    var index = [Int]()  // node -> point index
    var prev = [Int]()
    var next = [Int]()
    var alive = [Bool]()

    init(points: [Vector2], capacity: Int) {
        self.points = points
        index.reserveCapacity(capacity)
        prev.reserveCapacity(capacity)
        next.reserveCapacity(capacity)
        alive.reserveCapacity(capacity)
    }

    @inline(__always) func p(_ node: Int) -> Vector2 { points[index[node]] }

    mutating func addLoop(_ range: Range<Int>) -> Int {
        let first = index.count
        for (k, i) in range.enumerated() {
            index.append(i)
            prev.append(first + (k + range.count - 1) % range.count)
            next.append(first + (k + 1) % range.count)
            alive.append(true)
        }
        return first
    }

    func nodes(from head: Int) -> [Int] {
        var r = [head]
        var n = next[head]
        while n != head { r.append(n); n = next[n] }
        return r
    }

    func leftmost(of head: Int) -> Int {
        nodes(from: head).min { p($0).x < p($1).x || (p($0).x == p($1).x && p($0).y < p($1).y) }!
    }

    /// Whether the ring's interior lies on the segment from `a` towards `b`, just next to `a`.
    func locallyInside(_ a: Int, toward q: Vector2) -> Bool {
        let pa = p(prev[a]), pb = p(a), pn = p(next[a])
        let turn = Predicates.orient2d(pa, pb, pn)
        let leftOfOut = Predicates.orient2d(pb, pn, q) > 0
        let leftOfIn = Predicates.orient2d(pa, pb, q) > 0
        if turn > 0 { return leftOfOut && leftOfIn }
        if turn < 0 { return leftOfOut || leftOfIn }
        // Straight vertex, or a spike: the interior is left of the incoming edge.
        return leftOfIn && (pa != pn || leftOfOut)
    }

    /// Links `m -> h ... h' -> m'`, duplicating both nodes so the ring runs out along the bridge and back.
    @discardableResult
    mutating func splice(_ m: Int, _ h: Int) -> [Int] {
        let m2 = duplicate(m), h2 = duplicate(h)
        let mNext = next[m], hPrev = prev[h]
        next[m] = h; prev[h] = m
        next[hPrev] = h2; prev[h2] = hPrev
        next[h2] = m2; prev[m2] = h2
        next[m2] = mNext; prev[mNext] = m2
        if pTouch(m, h) { removeZeroLengthBridge(m, h, h2, m2) }
        return [m2, h2]
    }

    private func pTouch(_ m: Int, _ h: Int) -> Bool { p(m) == p(h) }

    /// With coincident `m` and `h`, drop the duplicates so no zero-length edge is left.
    private mutating func removeZeroLengthBridge(_ m: Int, _ h: Int, _ h2: Int, _ m2: Int) {
        // m -> h -> ... -> h2 -> m2: remove h (same point as m) and m2 (same as h2).
        unlink(h)
        unlink(m2)
    }

    mutating func unlink(_ n: Int) {
        next[prev[n]] = next[n]
        prev[next[n]] = prev[n]
        alive[n] = false
    }

    mutating func duplicate(_ n: Int) -> Int {
        index.append(index[n]); prev.append(prev[n]); next.append(next[n]); alive.append(true)
        return index.count - 1
    }

    /// Whether the corner at `b` can be cut off: it turns left and no other node that may block it
    /// (`blocking`) lies in its closed triangle. The nodes are looked up in `grid`, which holds only
    /// those, or (small rings) walked round the ring.
    func isEar(_ b: Int, grid: NodeGrid?, blocking: [Bool]) -> Bool {
        let a = prev[b], c = next[b]
        let pa = p(a), pb = p(b), pc = p(c)
        guard Predicates.orient2d(pa, pb, pc) > 0 else { return false }
        let lo = Vector2(min(pa.x, pb.x, pc.x), min(pa.y, pb.y, pc.y))
        let hi = Vector2(max(pa.x, pb.x, pc.x), max(pa.y, pb.y, pc.y))
        @inline(__always) func blocks(_ n: Int) -> Bool {
            guard alive[n], blocking[n], n != a, n != b, n != c else { return false }
            let q = p(n)
            return q.x >= lo.x && q.x <= hi.x && q.y >= lo.y && q.y <= hi.y && q != pa && q != pb && q != pc
                && Predicates.orient2d(pa, pb, q) >= 0 && Predicates.orient2d(pb, pc, q) >= 0 && Predicates.orient2d(pc, pa, q) >= 0
        }
        guard let grid else {
            var n = next[c]
            while n != a {
                if blocks(n) { return false }
                n = next[n]
            }
            return true
        }
        var ear = true
        grid.forEach(in: lo, hi) { n in
            if blocks(n) {
                ear = false
                return false
            }
            return true
        }
        return ear
    }

    mutating func clipEars(from head: Int) throws(GeometryError) -> [(Int, Int, Int)] {
        var triangles = [(Int, Int, Int)]()
        var ear = head
        var stop = ear
        let all = nodes(from: head)
        var count = all.count
        // Only a node that does not turn left can block an ear: where the closed triangle of a
        // corner that turns left holds nodes, the boundary enters it across the edge opposite the
        // corner (it cannot cross the other two, its own edges), and the node of such a run
        // farthest from that edge turns right or goes straight, the inside being on the corner's
        // side (as in Mapbox's earcut). Cutting ears only ever turns nodes further left, so the
        // nodes that turn right or go straight at the start are all that may ever block.
        var blocking = [Bool](repeating: false, count: index.count)
        for n in all { blocking[n] = Predicates.orient2d(p(prev[n]), p(n), p(next[n])) <= 0 }
        // A small ring is walked in full for each ear test; a large one is looked up in a grid.
        var grid = all.count > 24 ? NodeGrid(ring: self, nodes: all.filter { blocking[$0] }, spanning: all) : nil
        while count > 2 {
            // A zero-length edge where a hole touches the ring (the two nodes are one point) goes
            // without a triangle.
            let isZeroLength = p(next[ear]) == p(ear)
            if isZeroLength || isEar(ear, grid: grid, blocking: blocking) {
                if !isZeroLength { triangles.append((index[prev[ear]], index[ear], index[next[ear]])) }
                let n = next[ear]
                // Cut nodes leave the grid, so that ear tests do not walk past them.
                grid?.remove(ear, at: p(ear))
                unlink(ear)
                count -= 1
                ear = n
                stop = ear
                continue
            }
            ear = next[ear]
            if ear == stop {
                // No ear left: what remains must enclose nothing (every edge run back along itself, as
                // where holes touched the outline) and use only points already in triangles.
                let rest = nodes(from: ear)
                let used = Set(triangles.flatMap { [points[$0.0], points[$0.1], points[$0.2]] })
                var edges = [PointPair: Int]()
                for n in rest { edges[PointPair(p(n), p(next[n])), default: 0] += 1 }
                let cancels = edges.allSatisfy { edges[PointPair($0.key.b, $0.key.a)] == $0.value }
                if cancels && rest.allSatisfy({ used.contains(p($0)) }) { break }
                throw .triangulationFailed("no ear to cut among \(rest.count) remaining vertices near \(p(ear)); the polygon is not simple")
            }
        }
        return triangles
    }
}
