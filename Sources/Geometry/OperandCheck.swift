/// The check every boolean operand passes: finite, closed, manifold at every edge and vertex,
/// consistently oriented and outward. The same findings as `report()`, by sorting half-edges
/// rather than hashing them, since it runs on every operand of every boolean.
extension Mesh {
    /// Throws `invalidMesh` naming `name` and the first problem found; `insideOutHint` is added to
    /// the message for an inside-out mesh.
    static func checkOperand(_ m: Mesh, _ name: String, insideOutHint: String = "") throws(GeometryError) {
        guard !m.isEmpty else { return }
        let nonFinite = m.vertices.count { !$0.isFinite }
        if nonFinite > 0 { throw .invalidMesh("\(name) has \(nonFinite) non-finite coordinates") }
        // Half-edges (from << 32 | to, corner index 3 t + k), sorted by key.
        var half = [(key: UInt64, corner: Int32)]()
        half.reserveCapacity(m.triangles.count * 3)
        for (i, t) in m.triangles.enumerated() where t.a != t.b && t.b != t.c && t.c != t.a {
            for k in 0..<3 { half.append((UInt64(t[k]) << 32 | UInt64(t[(k + 1) % 3]), Int32(3 * i + k))) }
        }
        half.sort { $0.key < $1.key }
        func twin(_ key: UInt64) -> Int? {
            let wanted = key << 32 | key >> 32
            var (lo, hi) = (0, half.count)
            while lo < hi {
                let mid = (lo + hi) / 2
                if half[mid].key < wanted { lo = mid + 1 } else { hi = mid }
            }
            return lo < half.count && half[lo].key == wanted ? lo : nil
        }
        var open = 0, crowded = 0, misoriented = 0
        var fans = UnionFind(count: m.triangles.count * 3)
        var g = 0
        while g < half.count {
            var h = g + 1
            while h < half.count && half[h].key == half[g].key { h += 1 }
            if h - g > 1 { misoriented += 1 }
            let key = half[g].key, (a, b) = (key >> 32, key & 0xffff_ffff)
            let o = twin(key)
            var e = o ?? 0
            while let o, e < half.count && half[e].key == half[o].key { e += 1 }
            let forward = h - g, backward = o.map { e - $0 } ?? 0
            // Each undirected edge counted once: from its lower end, or from the only direction used.
            if a < b || backward == 0 {
                if forward + backward == 1 { open += 1 } else if forward + backward > 2 { crowded += 1 }
            }
            if forward + backward == 2 {
                // The two triangles on this edge share a fan at a and at b (whatever their orientation).
                let (x, y) = forward == 2 ? (g, g + 1) : (g, o!)
                let c = Int(half[x].corner), d = Int(half[y].corner)
                let cNext = c - c % 3 + (c % 3 + 1) % 3, dNext = d - d % 3 + (d % 3 + 1) % 3
                if forward == 2 {
                    fans.union(c, d)  // both run a -> b
                    fans.union(cNext, dNext)
                } else {
                    fans.union(c, dNext)  // c runs a -> b, d runs b -> a
                    fans.union(cNext, d)
                }
            }
            g = h
        }
        if open > 0 { throw .invalidMesh("\(name) is not closed: \(open) edges have only one triangle") }
        var problems = [String]()
        if crowded > 0 { problems.append("\(crowded) edges have more than two triangles") }
        var fanOf = [Int](repeating: -1, count: m.vertices.count), split = Set<UInt32>()
        for c in 0..<(m.triangles.count * 3) {
            let t = m.triangles[c / 3]
            guard t.a != t.b && t.b != t.c && t.c != t.a else { continue }
            let v = t[c % 3], root = fans.find(c)
            if fanOf[Int(v)] < 0 { fanOf[Int(v)] = root } else if fanOf[Int(v)] != root { split.insert(v) }
        }
        if !split.isEmpty { problems.append("\(split.count) vertices join separate fans") }
        if !problems.isEmpty { throw .invalidMesh("\(name) is not manifold: \(problems.joined(separator: "; "))") }
        if misoriented > 0 { throw .invalidMesh("\(name) is not consistently oriented") }
        let origin = m.vertices[0]
        var volume = 0.0
        for i in 0..<m.triangles.count {
            let (p, q, r) = m.corners(i)
            volume += (p - origin).dot((q - origin).cross(r - origin))
        }
        if volume <= 0 { throw .invalidMesh("\(name) is inside out (volume \(volume / 6) mm³)\(insideOutHint)") }
    }
}
