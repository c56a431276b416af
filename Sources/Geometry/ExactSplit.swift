/// The split of one triangle along its contact segments, decided only by an exact orientation
/// predicate on the points' definitions (`IndirectPredicates`), never by rounded positions: what
/// `Corefinement.split` uses where its faster triangulation on rounded positions fails.
///
/// The boundary (the triangle's corners and the points inside its edges, in order) is cut into
/// fans; each point inside the triangle splits the triangle (or the two triangles beside the edge)
/// it lies in, found by walking from the last triangle made; each contact segment is then
/// recovered by flipping the edges that cross it, found by walking along it from one end (Sloan,
/// "A fast algorithm for generating constrained Delaunay triangulations", 1993), which ends because
/// the segments cross neither each other nor any point. Where a walk does not arrive, every
/// triangle is looked at. Every predicate is exact and slower than the fast path's, so it is only
/// used where the fast path cannot be trusted.
struct ExactSplit {
    /// `orient(a, b, c)`: the exact orientation of three point ids in the triangle's plane, positive
    /// for the triangle's own winding.
    let orient: (UInt32, UInt32, UInt32) -> Int
    /// `between(a, x, b)`: whether `x`, collinear with `a` and `b`, lies strictly between them.
    let between: (UInt32, UInt32, UInt32) -> Bool
    private var triangles = [(UInt32, UInt32, UInt32)?]()
    /// The triangle to the left of each directed edge (`EdgeTable.key(from, to)`).
    private var left = EdgeTable()
    /// The segments recovered so far, lower id first: no later flip may remove one.
    private var constrained = Set<DirectedEdge>()
    /// For each corner, a triangle that had it when it was made (checked before use): where walks
    /// round a point start.
    private var triangleAt = [UInt32: Int]()
    /// For each point of the boundary (`EdgeTable.key(id)`), the sides of the triangle it lies
    /// on (bits 0, 1, 2; two for a corner).
    private var sides = EdgeTable()

    private struct DirectedEdge: Hashable {
        var from: UInt32
        var to: UInt32
    }

    init(orient: @escaping (UInt32, UInt32, UInt32) -> Int, between: @escaping (UInt32, UInt32, UInt32) -> Bool) {
        self.orient = orient
        self.between = between
    }

    /// The pieces of the triangle with `corners` bounded by `boundary` (the corners and the points
    /// inside its sides, in order, counter-clockwise for `orient`), with every point of `points` and
    /// every segment of `segments` among their corners and edges.
    mutating func triangles(corners: (UInt32, UInt32, UInt32), boundary: [UInt32], points: [UInt32],
                            segments: [(UInt32, UInt32)]) throws(GeometryError) -> [(UInt32, UInt32, UInt32)] {
        try fan(boundary, corners: corners)
        let onBoundary = Set(boundary)
        var inserted = Set<UInt32>()
        for x in points + segments.flatMap({ [$0.0, $0.1] }) where !onBoundary.contains(x) && inserted.insert(x).inserted {
            try insert(x)
        }
        for (u, v) in segments where u != v { try recover(u, v) }
        return triangles.compactMap { $0 }
    }

    /// `orient(a, b, c)`, but 0 without evaluating it where the three lie on one side of the
    /// triangle: on its edge, exactly, by their definitions. Flips and walks along the boundary ask
    /// that often, and an exact zero is the slowest value to find (it takes the full expansion).
    private func orientation(_ a: UInt32, _ b: UInt32, _ c: UInt32) -> Int {
        if let x = sides[EdgeTable.key(a)], let y = sides[EdgeTable.key(b)], let z = sides[EdgeTable.key(c)], x & y & z != 0 {
            return 0
        }
        return orient(a, b, c)
    }

    private mutating func add(_ a: UInt32, _ b: UInt32, _ c: UInt32) {
        let index = triangles.count
        triangles.append((a, b, c))
        for (u, v) in [(a, b), (b, c), (c, a)] { left[EdgeTable.key(u, v)] = index }
        for x in [a, b, c] { triangleAt[x] = index }
    }

    private mutating func remove(_ index: Int) {
        guard let (a, b, c) = triangles[index] else { return }
        for (u, v) in [(a, b), (b, c), (c, a)] where left[EdgeTable.key(u, v)] == index { left[EdgeTable.key(u, v)] = nil }
        triangles[index] = nil
    }

    /// Cuts the boundary into fans, with no predicate to decide: the triangle's corners and the
    /// points inside its sides, which lie on them exactly and in order, as three chains from corner
    /// to corner. Where a side holds a point, take the corner `a` opposite it and that side's points
    /// next to its ends, `first` and `last`: side `a b` is fanned from `first`, the side's own points
    /// from `a`, and side `c a` from `last`. No fan's apex lies on the side it spans, so every piece
    /// turns left (checked, exactly: two points of one side that coincide would give a flat piece).
    /// Ear clipping took a number of predicates quadratic in the boundary's points, each exactly
    /// zero for three points of one side, so evaluated in full: 11 of the 21 billion instructions
    /// of hull-mask minus itself moved by 1e-6 mm.
    private mutating func fan(_ boundary: [UInt32], corners: (UInt32, UInt32, UInt32)) throws(GeometryError) {
        let n = boundary.count
        guard let i0 = boundary.firstIndex(of: corners.0), let i1 = boundary.firstIndex(of: corners.1),
              let i2 = boundary.firstIndex(of: corners.2), (i1 - i0 + n) % n < (i2 - i0 + n) % n else {
            throw .degenerateContact("the boundary of a split triangle does not run round its corners in order")
        }
        func chain(_ from: Int, _ to: Int) -> [UInt32] {
            var chain = [boundary[from]], k = from
            while k != to {
                k = (k + 1) % n
                chain.append(boundary[k])
            }
            return chain
        }
        var sides = [chain(i0, i1), chain(i1, i2), chain(i2, i0)]
        for (k, side) in sides.enumerated() {
            for x in side { self.sides[EdgeTable.key(x)] = (self.sides[EdgeTable.key(x)] ?? 0) | 1 << k }
        }
        // Side b c (index 1) is the one with a point inside, if any side has.
        if let k = sides.firstIndex(where: { $0.count > 2 }) {
            sides = (0..<3).map { sides[($0 + k + 2) % 3] }
        }
        let (ab, bc, ca) = (sides[0], sides[1], sides[2])
        let a = ab[0]
        var pieces = [(UInt32, UInt32, UInt32)]()
        if bc.count == 2 {
            pieces.append((a, bc[0], bc[1]))
        } else {
            let first = bc[1], last = bc[bc.count - 2]
            for i in 0..<(ab.count - 1) { pieces.append((ab[i], ab[i + 1], first)) }
            for i in 1..<(bc.count - 2) { pieces.append((a, bc[i], bc[i + 1])) }
            for i in 0..<(ca.count - 1) { pieces.append((ca[i], ca[i + 1], last)) }
        }
        for (p, q, r) in pieces {
            guard orientation(p, q, r) > 0 else {
                throw .degenerateContact("a piece of a split triangle is flat: two points of a side coincide, or its corners are collinear")
            }
            add(p, q, r)
        }
    }

    /// Makes point `x` inside the boundary a corner: the triangle holding it is split in three, or
    /// the two triangles beside the edge holding it in two each.
    private mutating func insert(_ x: UInt32) throws(GeometryError) {
        guard let (index, s) = locate(x), let (a, b, c) = triangles[index] else {
            throw .degenerateContact("a contact point lies outside its triangle")
        }
        let zeros = [s.0, s.1, s.2].filter { $0 == 0 }.count
        guard zeros < 2 else { throw .degenerateContact("two contact points of a split triangle coincide") }
        remove(index)
        if zeros == 0 {
            add(a, b, x)
            add(b, c, x)
            add(c, a, x)
            return
        }
        // On the edge u v, opposite w; the triangle across it has v u and its own far corner.
        let (u, v, w) = s.0 == 0 ? (a, b, c) : (s.1 == 0 ? (b, c, a) : (c, a, b))
        add(u, x, w)
        add(x, v, w)
        guard let across = left[EdgeTable.key(v, u)], let (p, q, r) = triangles[across] else {
            throw .degenerateContact("a contact point lies on the boundary of its triangle but not among its edge points")
        }
        let far = [p, q, r].first { $0 != u && $0 != v }!
        remove(across)
        add(v, x, far)
        add(x, u, far)
    }

    /// The triangle holding point `x` (inside it or on its sides) and the orientations of `x`
    /// against its three edges: found by walking from the last triangle made towards `x` across
    /// the edges it lies beyond (points along a contact curve come one after another, so a walk is
    /// short), else by looking at every triangle.
    private func locate(_ x: UInt32) -> (Int, (Int, Int, Int))? {
        var index = triangles.count - 1, from = -1
        for _ in 0..<triangles.count {
            guard index >= 0, let (a, b, c) = triangles[index] else { break }
            let s0 = orientation(a, b, x), s1 = orientation(b, c, x), s2 = orientation(c, a, x)
            if s0 >= 0 && s1 >= 0 && s2 >= 0 { return (index, (s0, s1, s2)) }
            // Across an edge that `x` lies beyond, not back the way the walk came.
            var next: Int?
            for (sign, u, v) in [(s0, a, b), (s1, b, c), (s2, c, a)] where sign < 0 {
                if let across = left[EdgeTable.key(v, u)], across != from {
                    next = across
                    break
                }
            }
            guard let next else { break }
            from = index
            index = next
        }
        for (index, t) in triangles.enumerated() {
            guard let (a, b, c) = t else { continue }
            let s0 = orientation(a, b, x)
            guard s0 >= 0 else { continue }
            let s1 = orientation(b, c, x)
            guard s1 >= 0 else { continue }
            let s2 = orientation(c, a, x)
            guard s2 >= 0 else { continue }
            return (index, (s0, s1, s2))
        }
        return nil
    }

    /// Makes the segment `u v` an edge, flipping the edges that cross it; a point lying on it
    /// splits it in two.
    private mutating func recover(_ u: UInt32, _ v: UInt32) throws(GeometryError) {
        if left[EdgeTable.key(u, v)] != nil || left[EdgeTable.key(v, u)] != nil {
            constrained.insert(DirectedEdge(from: min(u, v), to: max(u, v)))
            return
        }
        var crossing: [DirectedEdge]
        let found: Crossings
        if let walked = try walk(u, v) { found = walked } else { found = try scan(u, v) }
        switch found {
        case .through(let x):
            try recover(u, x)
            try recover(x, v)
            return
        case .edges(let edges):
            crossing = edges
        }
        // Each flip removes a crossing edge or moves it along the queue; a quadratic number of steps
        // ends it for segments that cross nothing they must keep.
        var budget = 4 * (crossing.count + 4) * (crossing.count + 4), next = 0
        while next < crossing.count {
            budget -= 1
            guard budget > 0 else { throw .degenerateContact("a contact segment could not be recovered in its triangle") }
            let e = crossing[next]
            next += 1
            guard let i = left[EdgeTable.key(e.from, e.to)], let j = left[EdgeTable.key(e.to, e.from)],
                  let t = triangles[i], let s = triangles[j] else {
                throw .degenerateContact("a contact segment crosses the boundary of its triangle")
            }
            let a = [t.0, t.1, t.2].first { $0 != e.from && $0 != e.to }!, b = [s.0, s.1, s.2].first { $0 != e.from && $0 != e.to }!
            // Triangle i runs from -> to -> a; triangle j runs to -> from -> b. The flip gives a b.
            guard orientation(a, e.from, b) > 0, orientation(b, e.to, a) > 0 else {
                crossing.append(e)
                continue
            }
            remove(i)
            remove(j)
            add(a, e.from, b)
            add(b, e.to, a)
            if crosses(u, v, a, b) { crossing.append(DirectedEdge(from: min(a, b), to: max(a, b))) }
        }
        guard left[EdgeTable.key(u, v)] != nil || left[EdgeTable.key(v, u)] != nil else {
            throw .degenerateContact("a contact segment could not be recovered in its triangle")
        }
        constrained.insert(DirectedEdge(from: min(u, v), to: max(u, v)))
    }

    /// What lies on the way from `u` to `v`: a point on the segment, or the edges that cross it.
    private enum Crossings {
        case through(UInt32)
        case edges([DirectedEdge])
    }

    /// The edges crossing segment `u v` in order from `u`, found by turning round `u` to the
    /// triangle the segment leaves it through and walking across the edges it crosses to `v`; nil
    /// where the walk does not get there (then `scan` looks at every triangle).
    private func walk(_ u: UInt32, _ v: UInt32) throws(GeometryError) -> Crossings? {
        guard let start = triangleAt[u], let first = triangles[start], first.0 == u || first.1 == u || first.2 == u else { return nil }
        // Round u: each triangle as (u, b, c) counter-clockwise; the one with b right of u -> v and
        // c left of it holds the segment's start. Counter-clockwise first, then clockwise from the
        // start where the boundary stops the turn.
        var index = start, counterClockwise = true, found: (UInt32, UInt32)?
        for _ in 0...(2 * triangles.count) {
            guard let t = triangles[index] else { return nil }
            let (b, c) = t.0 == u ? (t.1, t.2) : (t.1 == u ? (t.2, t.0) : (t.0, t.1))
            let sb = orientation(u, v, b), sc = orientation(u, v, c)
            if sb == 0 && between(u, b, v) { return .through(b) }
            if sc == 0 && between(u, c, v) { return .through(c) }
            if sb < 0 && sc > 0 {
                found = (b, c)
                break
            }
            let next = counterClockwise ? left[EdgeTable.key(u, c)] : left[EdgeTable.key(b, u)]
            if let next, next != start {
                index = next
            } else if next == nil && counterClockwise {
                counterClockwise = false
                index = start
            } else {
                return nil
            }
        }
        // Across the crossed edges, each from its end right of u -> v to its end left of it.
        guard var (right, leftEnd) = found else { return nil }
        var edges = [DirectedEdge]()
        for _ in 0..<triangles.count {
            let key = DirectedEdge(from: min(right, leftEnd), to: max(right, leftEnd))
            guard !constrained.contains(key) else { throw Self.selfCrossing }
            edges.append(key)
            guard let across = left[EdgeTable.key(leftEnd, right)], let (p, q, r) = triangles[across] else { return nil }
            let d = p != leftEnd && p != right ? p : (q != leftEnd && q != right ? q : r)
            if d == v { return .edges(edges) }
            let side = orientation(u, v, d)
            if side == 0 { return between(u, d, v) ? .through(d) : nil }
            if side < 0 { right = d } else { leftEnd = d }
        }
        return nil
    }

    /// The edges crossing segment `u v`, or a point on it, found among all the triangles.
    private func scan(_ u: UInt32, _ v: UInt32) throws(GeometryError) -> Crossings {
        // The side of line u v each corner lies on, found once per corner.
        var side = [UInt32: Int]()
        func sideOf(_ x: UInt32) -> Int {
            if let known = side[x] { return known }
            let s = x == u || x == v ? 0 : orientation(u, v, x)
            side[x] = s
            return s
        }
        var crossing = [DirectedEdge]()
        var seen = Set<DirectedEdge>()
        for t in triangles {
            guard let (a, b, c) = t else { continue }
            for (x, y) in [(a, b), (b, c), (c, a)] {
                let sx = sideOf(x), sy = sideOf(y)
                if sx == 0 && x != u && x != v && between(u, x, v) { return .through(x) }
                guard sx * sy < 0, orientation(x, y, u) * orientation(x, y, v) < 0 else { continue }
                let key = DirectedEdge(from: min(x, y), to: max(x, y))
                if seen.insert(key).inserted {
                    guard !constrained.contains(key) else { throw Self.selfCrossing }
                    crossing.append(key)
                }
            }
        }
        return .edges(crossing)
    }

    /// Contact segments that cross inside a triangle: one of the operands crosses itself there.
    private static let selfCrossing = GeometryError.degenerateContact("two contact segments cross inside a triangle; an operand crosses itself there")

    /// Whether the segments `u v` and `x y` cross at a point inside both.
    private func crosses(_ u: UInt32, _ v: UInt32, _ x: UInt32, _ y: UInt32) -> Bool {
        guard x != u, x != v, y != u, y != v else { return false }
        return orientation(u, v, x) * orientation(u, v, y) < 0 && orientation(x, y, u) * orientation(x, y, v) < 0
    }
}
