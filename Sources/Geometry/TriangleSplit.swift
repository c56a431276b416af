/// Stage 6 of a corefinement (docs/booleans.md): each triangle split along the contact segments
/// across it, on rounded positions where that tiles it, else exactly (`ExactSplit`).
extension Corefinement {
    /// Splits triangle `corners` (global ids) along its contact segments, appending the pieces to
    /// `out`. `boundary` runs round it: corner 0, the contact points inside edge 0 to 1 in order,
    /// corner 1, and so on. `segments` are the contact segments across the triangle, `points` the
    /// contact points inside it; those on no segment (a corner of the other mesh touching the face)
    /// become corners of the pieces too.
    ///
    /// The split is made on the rounded positions (`vertices`), which is fast and gives pieces
    /// that agree with the positions the output carries. Where that fails (points that round onto
    /// each other or across a corner, or off a side: `hasPieceAlongOneSide`), it is made by
    /// `ExactSplit` on the points' exact definitions instead. Returns whether it was: such pieces
    /// are right, but their rounded corners may fold.
    static func split(
        corners: (UInt32, UInt32, UInt32), boundary: [UInt32], segments: [(UInt32, UInt32)], points: [UInt32], vertices: [Vector3],
        definition: (UInt32) -> ContactPoint, tag: UInt32, tolerance: Double, into out: inout [Mesh.Triangle]
    ) throws(GeometryError) -> Bool {
        let p0 = vertices[Int(corners.0)]
        let normal = (vertices[Int(corners.1)] - p0).cross(vertices[Int(corners.2)] - p0)
        let axis = abs(normal.x) >= abs(normal.y) && abs(normal.x) >= abs(normal.z) ? 0 : (abs(normal.y) >= abs(normal.z) ? 1 : 2)
        let start = out.count
        if let tiles = try? roundedSplit(corners, boundary, segments, points, vertices, axis: axis, flip: normal[axis] < 0, tag: tag, near: p0, into: &out),
           tiles || isTiling(out[start...], boundary: boundary, segments: segments, points: points),
           !hasPieceAlongOneSide(out[start...], corners: corners, boundary: boundary, vertices: vertices, tolerance: tolerance) {
            return false
        }
        out.removeSubrange(start...)
        // The triangle's own winding in the projection, and the exact orientation of three points in it.
        let winding = Predicates.orient2d(p0, vertices[Int(corners.1)], vertices[Int(corners.2)], droppingAxis: axis)
        // Every point of the split with its definition, made before the split asks for them: the
        // closures below then capture constants, which they read without exclusive access.
        var made = [HomogeneousPoint](), table = EdgeTable(capacity: boundary.count + points.count + 2 * segments.count)
        for id in boundary + points + segments.flatMap({ [$0.0, $0.1] }) where table[EdgeTable.key(id)] == nil {
            table[EdgeTable.key(id)] = made.count
            made.append(HomogeneousPoint(definition(id)))
        }
        let (known, index) = (made, table)
        func point(_ id: UInt32) -> HomogeneousPoint { known[index[EdgeTable.key(id)]!] }
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
        for (a, b, c) in try exact.triangles(corners: corners, boundary: ring, points: points, segments: segments) {
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

    /// Whether one of `pieces` has its three corners on one side of the triangle: a corner, a
    /// contact point inside that side and the next corner or point, with no area in the exact
    /// result. A split on rounded positions can make one where a contact point rounds off its side
    /// (`case-6002-1268`: its two neighbours then share an edge that runs along the side past the
    /// point, and the contact curve that ends there bounds nothing but the sliver, so the patches
    /// on both sides of it are joined). Only a piece no thicker than `tolerance` is looked up on
    /// `boundary` (corner 0, the points inside side 0 to 1, corner 1, and so on).
    static func hasPieceAlongOneSide(
        _ pieces: ArraySlice<Mesh.Triangle>, corners: (UInt32, UInt32, UInt32), boundary: [UInt32], vertices: [Vector3], tolerance: Double
    ) -> Bool {
        guard boundary.count > 3 else { return false }
        // The points of the boundary with the sides they lie on (bits 0, 1, 2; two for a corner),
        // sorted by id, made at the first thin piece (a face with thousands of contact points on
        // its sides has many).
        var onSides = [(id: UInt32, sides: Int)]()
        func sides(_ x: UInt32) -> Int {
            if onSides.isEmpty {
                var side = 0
                for y in boundary {
                    if y == corners.1 && side == 0 { side = 1 } else if y == corners.2 && side == 1 { side = 2 }
                    onSides.append((y, y == corners.0 ? 0b101 : (y == corners.1 ? 0b011 : (y == corners.2 ? 0b110 : 1 << side))))
                }
                onSides.sort { $0.id < $1.id }
            }
            var (low, high) = (0, onSides.count)
            while low < high {
                let middle = (low + high) / 2
                if onSides[middle].id < x { low = middle + 1 } else { high = middle }
            }
            var found = 0
            while low < onSides.count && onSides[low].id == x {
                found |= onSides[low].sides
                low += 1
            }
            return found
        }
        for t in pieces {
            // Thin: twice its area at most the tolerance times its longest edge (squared, over
            // every piece of a face with thousands).
            let p = vertices[Int(t.a)], q = vertices[Int(t.b)], r = vertices[Int(t.c)]
            let longest = max((q - p).lengthSquared, (r - q).lengthSquared, (p - r).lengthSquared)
            guard (q - p).cross(r - p).lengthSquared <= tolerance * tolerance * longest else { continue }
            if sides(t.a) & sides(t.b) & sides(t.c) != 0 { return true }
        }
        return false
    }

    /// Whether `pieces` tile the triangle as its contact requires, by their edges alone: each step of
    /// the boundary used once, its way round; each contact segment and every other edge used once
    /// each way; every contact point a corner. A split on rounded positions can miss that where a
    /// point rounds across a segment or an edge, and it then drops a segment the other operand's
    /// pieces have, which the pieces kept would not close up along.
    static func isTiling(_ pieces: ArraySlice<Mesh.Triangle>, boundary: [UInt32], segments: [(UInt32, UInt32)], points: [UInt32]) -> Bool {
        // Each edge as one key: its lower end, its higher end and its direction, so that an edge and
        // its reverse sort side by side; the ids in as few bits as the largest of any piece, step or
        // segment needs (a larger one would make another edge's key), so that the radix sort makes
        // few passes (a split of a face with many holes has tens of thousands of edges: no hashing,
        // no search per edge).
        var largest: UInt32 = 0
        for t in pieces { largest = max(largest, t.a, t.b, t.c) }
        for x in boundary { largest = max(largest, x) }
        for (u, v) in segments { largest = max(largest, u, v) }
        let bits = UInt64(UInt32.bitWidth - largest.leadingZeroBitCount)
        // (Ids of 2³¹ and more, which no mesh that fits in memory has, are left to the exact split.)
        guard bits <= 31 else { return false }
        @inline(__always) func key(_ u: UInt32, _ v: UInt32) -> UInt64 {
            u < v ? UInt64(u) << (bits + 1) | UInt64(v) << 1 : UInt64(v) << (bits + 1) | UInt64(u) << 1 | 1
        }
        var edges = [UInt64]()
        edges.reserveCapacity(pieces.count * 3)
        for t in pieces {
            edges.append(key(t.a, t.b))
            edges.append(key(t.b, t.c))
            edges.append(key(t.c, t.a))
        }
        edges.radixSort()
        var ring = [UInt32]()
        for x in boundary where x != ring.last { ring.append(x) }
        if ring.count > 1 && ring.first == ring.last { ring.removeLast() }
        var steps = ring.indices.map { key(ring[$0], ring[($0 + 1) % ring.count]) }
        steps.radixSort()
        for n in steps.indices.dropFirst() where steps[n - 1] == steps[n] { return false }
        // Walk the edges' runs (an edge alone, or with its reverse) with the steps beside them: an
        // edge alone must be a step, the same way round; an edge with its reverse must be no step
        // either way; no edge may be there twice the same way.
        var s = 0, n = 0, found = 0
        while n < edges.count {
            let e = edges[n]
            while s < steps.count && steps[s] < e & ~1 { s += 1 }
            let isOnStep = s < steps.count && steps[s] >> 1 == e >> 1
            if n + 1 < edges.count && edges[n + 1] >> 1 == e >> 1 {
                guard edges[n + 1] != e, n + 2 == edges.count || edges[n + 2] >> 1 != e >> 1, !isOnStep else { return false }
                n += 2
            } else {
                guard isOnStep && (steps[s] == e || (s + 1 < steps.count && steps[s + 1] == e)) else { return false }
                found += 1
                n += 1
            }
        }
        guard found == steps.count else { return false }
        // A segment not on the boundary is an inner edge, so its reverse is there if it is.
        func contains(_ keys: [UInt64], _ k: UInt64) -> Bool {
            var lo = 0, hi = keys.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if keys[mid] < k { lo = mid + 1 } else { hi = mid }
            }
            return lo < keys.count && keys[lo] == k
        }
        for (u, v) in segments where u != v && !contains(steps, key(u, v)) && !contains(steps, key(v, u)) {
            guard contains(edges, key(u, v)) else { return false }
        }
        // Every contact point is a corner.
        guard !points.isEmpty else { return true }
        var corner = EdgeTable(capacity: points.count)  // point -> 1 once found a corner
        for x in points { corner[EdgeTable.key(x)] = 0 }
        var missing = corner.count
        for t in pieces {
            for x in [t.a, t.b, t.c] where corner[EdgeTable.key(x)] == 0 {
                corner[EdgeTable.key(x)] = 1
                missing -= 1
            }
        }
        return missing == 0
    }

    /// The split on rounded positions, projected along `axis` (mirrored when `flip`, so that the
    /// triangle turns counter-clockwise): chords when every segment runs from edge to edge, chains
    /// (`chainSplit`) when they run from edge to edge through points inside, else a planar graph's
    /// faces, triangulated, with the points on no segment inserted. Returns whether the pieces tile
    /// the triangle by construction (see `chordSplit` and `chainSplit`); else `isTiling` must check.
    private static func roundedSplit(
        _ corners: (UInt32, UInt32, UInt32), _ boundary: [UInt32], _ segments: [(UInt32, UInt32)], _ points: [UInt32], _ vertices: [Vector3],
        axis: Int, flip: Bool, tag: UInt32, near p0: Vector3, into out: inout [Mesh.Triangle]
    ) throws(GeometryError) -> Bool {
        func flat(_ id: UInt32) -> Vector2 {
            let q = Predicates.project(vertices[Int(id)], axis)
            return flip ? Vector2(q.y, q.x) : q
        }
        var triangulatorUsed = false
        if try chordSplit(boundary, segments, points, flat, tag, near: p0, into: &out, triangulatorUsed: &triangulatorUsed) { return !triangulatorUsed }
        if chainSplit(corners: corners, boundary, segments, points, flat, tag, into: &out) { return true }
        var graph = PlanarGraph()
        for i in 0..<boundary.count { graph.addEdge(boundary[i], boundary[(i + 1) % boundary.count]) }
        for (u, v) in segments { graph.addEdge(u, v) }
        let faces = try graph.faces(position: flat)
        var triangles = [Mesh.Triangle]()
        for face in faces {
            if face.holes.isEmpty && appendSimplePolygon(face.outer.count, { face.outer[$0] }, flat, tag, into: &triangles) { continue }
            let polygon = Polygon(outer: Contour(face.outer.map(flat)), holes: face.holes.map { Contour($0.map(flat)) })
            let ids = face.outer + face.holes.flatMap { $0 }
            guard polygon.allPoints == ids.map(flat) else {
                throw .degenerateContact("contact points on one triangle round to the same position near \(p0); the operands nearly touch")
            }
            for (x, y, z) in try triangulated(polygon, near: p0) {
                triangles.append(Mesh.Triangle(ids[x], ids[y], ids[z], tag: tag))
            }
        }
        var onSegments = EdgeTable(capacity: 2 * segments.count)
        for (u, v) in segments {
            onSegments[EdgeTable.key(u)] = 0
            onSegments[EdgeTable.key(v)] = 0
        }
        for x in points where onSegments[EdgeTable.key(x)] == nil {
            try insert(x, into: &triangles, at: flat)
        }
        out += triangles
        return false
    }

    /// The common case, without a planar graph: chords from boundary point to boundary point, which
    /// cannot cross, cut the (convex) triangle into convex polygons, one chord at a time. False, with
    /// `out` untouched, when a contact segment or point lies inside the triangle. The polygons tile
    /// the triangle by construction (each boundary step in one polygon, each chord in two, every
    /// contact point an end of a chord), and so do their triangles where each has three or four
    /// corners; a larger one is cut by the general triangulator, which sets `triangulatorUsed`.
    private static func chordSplit(
        _ boundary: [UInt32], _ segments: [(UInt32, UInt32)], _ points: [UInt32], _ flat: (UInt32) -> Vector2, _ tag: UInt32, near: Vector3,
        into out: inout [Mesh.Triangle], triangulatorUsed: inout Bool
    ) throws(GeometryError) -> Bool {
        let start = out.count
        // One chord (the usual crossing): the two sides of it, without building polygons first.
        if segments.count == 1 && points.allSatisfy({ $0 == segments[0].0 || $0 == segments[0].1 }),
           let i = boundary.firstIndex(of: segments[0].0), let j = boundary.firstIndex(of: segments[0].1) {
            let (lo, hi) = (min(i, j), max(i, j))
            let n = boundary.count
            if hi - lo == 1 || (lo == 0 && hi == n - 1) {
                if try appendConvex(n, { boundary[$0] }, flat, tag, near: near, into: &out, triangulatorUsed: &triangulatorUsed) { return true }
            } else if try appendConvex(hi - lo + 1, { boundary[lo + $0] }, flat, tag, near: near, into: &out, triangulatorUsed: &triangulatorUsed),
                      try appendConvex(n - hi + lo + 1, { boundary[(hi + $0) % n] }, flat, tag, near: near, into: &out, triangulatorUsed: &triangulatorUsed) {
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
            guard try appendConvex(n, { boundary[Int(positions[$0])] }, flat, tag, near: near, into: &out, triangulatorUsed: &triangulatorUsed) else {
                out.removeSubrange(start...)
                return false
            }
        }
        return true
    }

    /// Appends the triangles of the convex, counter-clockwise polygon of `n` vertex ids `id(0)...`
    /// (collinear points allowed): a triangle, a quad cut along its shorter proper diagonal, or a
    /// larger one that is simple once rounded (`appendSimplePolygon`), without allocating; else the
    /// general triangulator's, which sets `triangulatorUsed`. False, appending nothing, if two of its
    /// points round to one position.
    private static func appendConvex(
        _ n: Int, _ id: (Int) -> UInt32, _ flat: (UInt32) -> Vector2, _ tag: UInt32, near: Vector3, into out: inout [Mesh.Triangle],
        triangulatorUsed: inout Bool
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
        if appendSimplePolygon(n, id, flat, tag, into: &out) { return true }
        triangulatorUsed = true
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
