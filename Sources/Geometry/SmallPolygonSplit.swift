/// Stage 6's pieces with few corners (docs/booleans.md): a simple polygon on the rounded points cut
/// into triangles that turn counter-clockwise, in stack buffers. The chain split's pieces, the
/// chords' larger pieces and the planar graph's faces without holes go through here; the general
/// triangulator (`Triangulation.swift`) takes what is not simple, has holes or is larger.
extension Corefinement {
    /// The most corners `appendSimplePolygon` takes: its checks grow as their square; larger pieces
    /// go to the general triangulator, whose grid keeps each ear test local.
    static let smallPolygonCapacity = 16

    /// Appends the triangles of the polygon of `n` vertex ids `id(0)...` (counter-clockwise in
    /// `flat`, at most `smallPolygonCapacity` corners) where it is simple once rounded
    /// (`isSimple`); false, appending nothing, otherwise or where no ear is found.
    static func appendSimplePolygon(
        _ n: Int, _ id: (Int) -> UInt32, _ flat: (UInt32) -> Vector2, _ tag: UInt32, into out: inout [Mesh.Triangle]
    ) -> Bool {
        guard n >= 3 && n <= smallPolygonCapacity else { return false }
        var ids = InlineArray<32, UInt32>(repeating: 0)
        var order = InlineArray<32, UInt8>(repeating: 0)
        var q = InlineArray<32, Vector2>(repeating: Vector2(0, 0))
        for k in 0..<n {
            ids[k] = id(k)
            order[k] = UInt8(k)
            q[k] = flat(ids[k])
        }
        return order.span.withUnsafeBufferPointer { piece in
            q.span.withUnsafeBufferPointer { positions in
                isSimple(piece.baseAddress!, n, positions.baseAddress!)
                    && triangulate(piece.baseAddress!, n, positions.baseAddress!, ids, tag, into: &out)
            }
        }
    }

    /// Whether the closed polygon of the `c` local numbers at `piece` (positions in `q`) is simple
    /// and turns counter-clockwise, decided exactly: no two corners at one position, no two edges
    /// meeting but at the corner they share, no corner turning straight back, and a left turn at
    /// the leftmost corner (of a simple polygon, a convex one).
    static func isSimple(_ piece: UnsafePointer<UInt8>, _ c: Int, _ q: UnsafePointer<Vector2>) -> Bool {
        guard c >= 3 else { return false }
        @inline(__always) func p(_ x: Int) -> Vector2 { q[Int(piece[x % c])] }
        var leftmost = 0
        for i in 0..<c {
            let (u, v, w) = (p(i), p(i + 1), p(i + 2))
            if u == v { return false }
            if u.x < p(leftmost).x || (u.x == p(leftmost).x && u.y < p(leftmost).y) { leftmost = i }
            // The corner at v: straight back along the edge it came in on.
            if Predicates.orient2d(u, v, w) == 0 && (w - v).dot(u - v) > 0 { return false }
            // Edges i and j that share no corner must not meet.
            for j in stride(from: i + 2, to: c, by: 1) where (j + 1) % c != i {
                let (x, y) = (p(j), p(j + 1))
                guard max(x.x, y.x) >= min(u.x, v.x), min(x.x, y.x) <= max(u.x, v.x),
                      max(x.y, y.y) >= min(u.y, v.y), min(x.y, y.y) <= max(u.y, v.y) else { continue }
                let o1 = Predicates.orient2d(u, v, x), o2 = Predicates.orient2d(u, v, y)
                let o3 = Predicates.orient2d(x, y, u), o4 = Predicates.orient2d(x, y, v)
                if o1 * o2 < 0 && o3 * o4 < 0 { return false }
                if (o1 == 0 && onSegment(x, u, v)) || (o2 == 0 && onSegment(y, u, v)) || (o3 == 0 && onSegment(u, x, y))
                    || (o4 == 0 && onSegment(v, x, y)) { return false }
            }
        }
        return Predicates.orient2d(p(leftmost + c - 1), p(leftmost), p(leftmost + 1)) > 0
    }

    /// Whether `x`, collinear with `u` and `v`, lies on the closed segment between them.
    @inline(__always) private static func onSegment(_ x: Vector2, _ u: Vector2, _ v: Vector2) -> Bool {
        min(u.x, v.x) <= x.x && x.x <= max(u.x, v.x) && min(u.y, v.y) <= x.y && x.y <= max(u.y, v.y)
    }

    /// Cuts the simple, counter-clockwise polygon of the `c` local numbers at `piece` into
    /// triangles: ears turning strictly counter-clockwise with no other corner in them, then
    /// Lawson's flips towards the Delaunay triangulation that keeps the polygon's edges (as
    /// `Polygon.improved`). Appends them with global ids; false if no ear is found.
    static func triangulate(
        _ piece: UnsafePointer<UInt8>, _ c: Int, _ q: UnsafePointer<Vector2>, _ ids: InlineArray<32, UInt32>, _ tag: UInt32,
        into out: inout [Mesh.Triangle]
    ) -> Bool {
        @inline(__always) func at(_ x: Int) -> Vector2 { q[Int(piece[x])] }
        // Triangles as positions in the piece, three per triangle.
        var corner = InlineArray<96, UInt8>(repeating: 0)
        var made = 0
        if c == 3 {
            // Counter-clockwise: checked by `isSimple`.
            (corner[0], corner[1], corner[2]) = (0, 1, 2)
            made = 1
        } else {
            // A ring of positions 0..<c, cut down ear by ear.
            var next = InlineArray<32, UInt8>(repeating: 0), prev = InlineArray<32, UInt8>(repeating: 0)
            for x in 0..<c {
                next[x] = UInt8((x + 1) % c)
                prev[x] = UInt8((x + c - 1) % c)
            }
            var left = c, ear = 0, tried = 0
            while left > 3 {
                let a = Int(prev[ear]), z = Int(next[ear])
                let pa = at(a), pb = at(ear), pc = at(z)
                var isEar = Predicates.orient2d(pa, pb, pc) > 0
                var x = Int(next[z])
                while isEar && x != a {
                    let px = at(x)
                    if Predicates.orient2d(pa, pb, px) >= 0 && Predicates.orient2d(pb, pc, px) >= 0 && Predicates.orient2d(pc, pa, px) >= 0 {
                        isEar = false
                    }
                    x = Int(next[x])
                }
                if isEar {
                    (corner[3 * made], corner[3 * made + 1], corner[3 * made + 2]) = (UInt8(a), UInt8(ear), UInt8(z))
                    made += 1
                    next[a] = UInt8(z)
                    prev[z] = UInt8(a)
                    left -= 1
                    ear = z
                    tried = 0
                } else {
                    ear = z
                    tried += 1
                    if tried > left { return false }
                }
            }
            let a = Int(prev[ear]), z = Int(next[ear])
            guard Predicates.orient2d(at(a), at(ear), at(z)) > 0 else { return false }
            (corner[3 * made], corner[3 * made + 1], corner[3 * made + 2]) = (UInt8(a), UInt8(ear), UInt8(z))
            made += 1
            // Lawson's flips: an edge that is not the polygon's (x to x + 1), shared by two
            // triangles, whose far corner lies in the other's circumcircle, is flipped where both
            // new triangles turn strictly counter-clockwise.
            var budget = 20 * made + 100, flipped = true
            while flipped && budget > 0 {
                flipped = false
                for h in 0..<(3 * made) {
                    let t = h / 3, u = Int(corner[h]), w = Int(corner[3 * t + (h + 1) % 3]), o = Int(corner[3 * t + (h + 2) % 3])
                    guard (u + 1) % c != w && (w + 1) % c != u else { continue }
                    var g = -1
                    for k in 0..<(3 * made) where k / 3 != t && Int(corner[k]) == w && Int(corner[3 * (k / 3) + (k + 1) % 3]) == u {
                        g = k
                        break
                    }
                    guard g >= 0 else { continue }
                    let s = g / 3, far = Int(corner[3 * s + (g + 2) % 3])
                    let (pu, pw, po, pf) = (at(u), at(w), at(o), at(far))
                    guard Polygon.inCircumcircle(pu, pw, po, pf), Predicates.orient2d(po, pu, pf) > 0, Predicates.orient2d(pf, pw, po) > 0 else { continue }
                    (corner[3 * t], corner[3 * t + 1], corner[3 * t + 2]) = (UInt8(o), UInt8(u), UInt8(far))
                    (corner[3 * s], corner[3 * s + 1], corner[3 * s + 2]) = (UInt8(far), UInt8(w), UInt8(o))
                    flipped = true
                    budget -= 1
                    if budget == 0 { break }
                }
            }
        }
        for t in 0..<made {
            let (x, y, z) = (Int(piece[Int(corner[3 * t])]), Int(piece[Int(corner[3 * t + 1])]), Int(piece[Int(corner[3 * t + 2])]))
            out.append(Mesh.Triangle(ids[x], ids[y], ids[z], tag: tag))
        }
        return true
    }
}
