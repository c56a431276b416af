/// Resolves overlapping and self-intersecting contours into the boundary of the region they fill:
/// every edge is split where it meets another, each piece carries its net winding contribution, and
/// the pieces whose two sides differ in filledness are chained into simple loops with the filled side
/// on their left. Loops touch at most at points, so `Shape` can nest them.
///
/// Crossing points are rounded to the nearest doubles; every decision after that is made with exact
/// predicates on those doubles.
enum PlanarArrangement {
    /// An undirected piece from `p` to `q` (`p` the lesser point), and the net number of contour edges
    /// running from `p` to `q` over it.
    private struct Piece {
        var p: Vector2
        var q: Vector2
        var weight: Int
    }

    private struct Key: Hashable {
        var p: Vector2
        var q: Vector2
    }

    static func boundary(of contours: [Contour], fillRule: FillRule) -> [Contour] {
        var edges = [(a: Vector2, b: Vector2)]()
        for c in contours {
            for i in 0..<c.points.count { edges.append((c.points[i], c.points[(i + 1) % c.points.count])) }
        }
        // Split points on each edge: its ends, crossings, and other edges' ends lying on it.
        var splits = edges.map { [$0.a, $0.b] }
        let boxes = edges.map { Bounds(Vector3($0.a, 0), Vector3($0.b, 0)) }
        BoundingVolumeHierarchy(boxes: boxes).forEachOverlappingPair { i, j in
            let (a, b) = edges[i], (c, d) = edges[j]
            if segmentsCrossProperly(a, b, c, d) {
                let x = crossing(a, b, c, d)
                splits[i].append(x)
                splits[j].append(x)
                return
            }
            for x in [c, d] where x != a && x != b && isOnSegment(x, a, b) { splits[i].append(x) }
            for x in [a, b] where x != c && x != d && isOnSegment(x, c, d) { splits[j].append(x) }
        }
        var weights = [Key: Int]()
        for (i, e) in edges.enumerated() {
            let dir = e.b - e.a
            let points = Array(Set(splits[i])).sorted { ($0 - e.a).dot(dir) < ($1 - e.a).dot(dir) }
            for k in 0..<(points.count - 1) {
                let (p, q) = (points[k], points[k + 1])
                if p.x < q.x || (p.x == q.x && p.y < q.y) { weights[Key(p: p, q: q), default: 0] += 1 }
                else { weights[Key(p: q, q: p), default: 0] -= 1 }
            }
        }
        // Sorted, so the result does not depend on the dictionary's (per-process) order.
        let pieces = weights.compactMap { $0.value == 0 ? nil : Piece(p: $0.key.p, q: $0.key.q, weight: $0.value) }
            .sorted { ($0.p.x, $0.p.y, $0.q.x, $0.q.y) < ($1.p.x, $1.p.y, $1.q.x, $1.q.y) }
        // Keep the pieces between a filled and an unfilled side, directed with the filled side left.
        // Crossing a piece from its right to its left adds its weight to the winding number.
        var directed = [(Vector2, Vector2)]()
        for piece in pieces {
            let right = windingRight(of: piece, among: pieces)
            let filledLeft = fillRule.isFilled(right + piece.weight), filledRight = fillRule.isFilled(right)
            if filledLeft && !filledRight { directed.append((piece.p, piece.q)) }
            if filledRight && !filledLeft { directed.append((piece.q, piece.p)) }
        }
        return chain(directed)
    }

    /// The intersection of two properly crossing segments, rounded.
    private static func crossing(_ a: Vector2, _ b: Vector2, _ c: Vector2, _ d: Vector2) -> Vector2 {
        let r = b - a, s = d - c
        let t = (c - a).cross(s) / r.cross(s)
        return a + r * min(1, max(0, t))
    }

    /// The winding number just right of the piece's midpoint: a ray cast to +x from a probe nudged off
    /// the piece, counting every piece with its weight.
    private static func windingRight(of piece: Piece, among pieces: [Piece]) -> Int {
        let mid = (piece.p + piece.q) * 0.5
        let length = (piece.q - piece.p).length
        let probe = mid + (piece.q - piece.p).normalized.perpendicular * (-1e-6 * length)
        var w = 0
        for other in pieces {
            let (a, b) = (other.p, other.q)
            if a.y <= probe.y && b.y > probe.y {
                if Predicates.orient2d(a, b, probe) > 0 { w += other.weight }
            } else if b.y <= probe.y && a.y > probe.y {
                if Predicates.orient2d(a, b, probe) < 0 { w -= other.weight }
            }
        }
        return w
    }

    /// Links directed pieces end to start into closed walks, then splits each walk at every point it
    /// visits twice, so every loop returned is simple.
    private static func chain(_ pieces: [(Vector2, Vector2)]) -> [Contour] {
        var outgoing = [Vector2: [Int]]()
        for (i, e) in pieces.enumerated() { outgoing[e.0, default: []].append(i) }
        var used = [Bool](repeating: false, count: pieces.count)
        var loops = [Contour]()
        for start in 0..<pieces.count where !used[start] {
            var walk = [Vector2]()
            var current: Int? = start
            while let c = current, !used[c] {
                used[c] = true
                walk.append(pieces[c].0)
                current = outgoing[pieces[c].1]?.first { !used[$0] }
            }
            loops += splitAtRepeatedPoints(walk)
        }
        return loops
    }

    private static func splitAtRepeatedPoints(_ walk: [Vector2]) -> [Contour] {
        var stack = [Vector2]()
        var position = [Vector2: Int]()
        var loops = [Contour]()
        for p in walk {
            if let k = position[p] {
                let loop = Array(stack[k...])
                for q in loop.dropFirst() { position[q] = nil }
                stack.removeSubrange((k + 1)...)
                if loop.count >= 3 { loops.append(Contour(loop)) }
            } else {
                position[p] = stack.count
                stack.append(p)
            }
        }
        if stack.count >= 3 { loops.append(Contour(stack)) }
        return loops
    }
}
