/// Ear-clipping triangulation of polygons with holes, on exact predicates.
///
/// Holes are first joined to the outline by bridges (a pair of coincident edges), giving one weakly
/// simple ring; ears are then cut from that ring. Every input vertex is kept (collinear ones too, so
/// that meshes built from the result have no T-junctions), and no triangle has zero area.
extension Polygon {
    /// Triangles as index triples into `allPoints`, each counter-clockwise.
    public func triangulated() throws(GeometryError) -> [(Int, Int, Int)] {
        var ring = Ring(points: allPoints)
        let outerHead = ring.addLoop(0..<outer.points.count)
        var start = outer.points.count
        var holeHeads = [Int]()
        for h in holes {
            holeHeads.append(ring.addLoop(start..<(start + h.points.count)))
            start += h.points.count
        }
        let head = outerHead
        // Merge holes from left to right, each to the nearest visible vertex.
        let order = holeHeads.map { ring.leftmost(of: $0) }.sorted {
            ring.p($0).x < ring.p($1).x || (ring.p($0).x == ring.p($1).x && ring.p($0).y < ring.p($1).y)
        }
        var pending = Set(order)
        for h in order {
            pending.remove(h)
            try ring.bridge(hole: h, into: head, pending: pending)
        }
        return try ring.clipEars(from: head)
    }
}

/// A doubly linked ring of polygon vertices.
private struct Ring {
    let points: [Vector2]
    var index = [Int]()  // node -> point index
    var prev = [Int]()
    var next = [Int]()
    var alive = [Bool]()

    init(points: [Vector2]) { self.points = points }

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

    /// Joins the hole ring at `h` to the ring through `head` with a bridge to the nearest visible vertex.
    mutating func bridge(hole h: Int, into head: Int, pending: Set<Int>) throws(GeometryError) {
        // A hole that touches the ring at a vertex joins there, with no bridge.
        var ringAt = [Vector2: [Int]]()
        for m in nodes(from: head) { ringAt[p(m), default: []].append(m) }
        for hv in nodes(from: h) {
            for m in ringAt[p(hv)] ?? [] where locallyInside(m, toward: p(next[hv])) && locallyInside(m, toward: p(prev[hv])) {
                splice(m, hv)
                return
            }
        }
        let ph = p(h)
        let candidates = nodes(from: head).sorted { (p($0) - ph).lengthSquared < (p($1) - ph).lengthSquared }
        var blockers = nodes(from: head)
        blockers += nodes(from: h)
        for other in pending { blockers += nodes(from: other) }
        for m in candidates {
            let pm = p(m)
            if pm == ph { continue }
            guard locallyInside(m, toward: ph), locallyInside(h, toward: pm) else { continue }
            var visible = true
            for b in blockers {
                let q = p(b), r = p(next[b])
                if q != pm, q != ph, isOnSegment(q, pm, ph) { visible = false; break }
                if segmentsCrossProperly(pm, ph, q, r) { visible = false; break }
            }
            if visible {
                splice(m, h)
                return
            }
        }
        throw .triangulationFailed("a hole at \(ph) has no visible vertex on the outline; contours may cross")
    }

    /// Links `m -> h ... h' -> m'`, duplicating both nodes so the ring runs out along the bridge and back.
    mutating func splice(_ m: Int, _ h: Int) {
        let m2 = duplicate(m), h2 = duplicate(h)
        let mNext = next[m], hPrev = prev[h]
        next[m] = h; prev[h] = m
        next[hPrev] = h2; prev[h2] = hPrev
        next[h2] = m2; prev[m2] = h2
        next[m2] = mNext; prev[mNext] = m2
        if pTouch(m, h) { removeZeroLengthBridge(m, h, h2, m2) }
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

    func isEar(_ b: Int) -> Bool {
        let a = prev[b], c = next[b]
        let pa = p(a), pb = p(b), pc = p(c)
        guard Predicates.orient2d(pa, pb, pc) > 0 else { return false }
        let minX = min(pa.x, pb.x, pc.x), maxX = max(pa.x, pb.x, pc.x)
        let minY = min(pa.y, pb.y, pc.y), maxY = max(pa.y, pb.y, pc.y)
        var n = next[c]
        while n != a {
            let q = p(n)
            if q.x >= minX, q.x <= maxX, q.y >= minY, q.y <= maxY, q != pa, q != pb, q != pc,
               Predicates.orient2d(pa, pb, q) >= 0, Predicates.orient2d(pb, pc, q) >= 0,
               Predicates.orient2d(pc, pa, q) >= 0 {
                return false
            }
            n = next[n]
        }
        return true
    }

    mutating func clipEars(from head: Int) throws(GeometryError) -> [(Int, Int, Int)] {
        var triangles = [(Int, Int, Int)]()
        var ear = head
        var stop = ear
        var count = nodes(from: head).count
        while count > 2 {
            if p(next[ear]) == p(ear) {
                // A zero-length edge where a hole touches the ring: the two nodes are one point.
                let n = next[ear]
                unlink(ear)
                count -= 1
                ear = n
                stop = ear
                continue
            }
            if isEar(ear) {
                triangles.append((index[prev[ear]], index[ear], index[next[ear]]))
                let n = next[ear]
                unlink(ear)
                count -= 1
                ear = n
                stop = ear
                continue
            }
            ear = next[ear]
            if ear == stop {
                // No ear left: what remains must be a zero-area sliver of already used vertices.
                let rest = nodes(from: ear)
                let used = Set(triangles.flatMap { [points[$0.0], points[$0.1], points[$0.2]] })
                let flat = rest.allSatisfy { Predicates.orient2d(p(rest[0]), p(rest[1 % rest.count]), p($0)) == 0 }
                if flat && rest.allSatisfy({ used.contains(p($0)) }) { break }
                throw .triangulationFailed("no ear to cut among \(rest.count) remaining vertices near \(p(ear)); the polygon is not simple")
            }
        }
        return triangles
    }
}
