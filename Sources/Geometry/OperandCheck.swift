/// The check every boolean operand passes: finite, closed, manifold at every edge and vertex,
/// consistently oriented and outward. The same findings as `report()`, by grouping half-edges in
/// rows by vertex rather than hashing them, since it runs on every operand of every boolean.
extension Mesh {
    /// Throws `invalidMesh` naming `name` and the first problem found; `insideOutHint` is added to
    /// the message for an inside-out mesh.
    static func checkOperand(_ m: Mesh, _ name: String, insideOutHint: String = "") throws(GeometryError) {
        guard !m.isEmpty, !m.isCheckedSolid else { return }
        let nonFinite = m.vertices.count { !$0.isFinite }
        if nonFinite > 0 { throw .invalidMesh("\(name) has \(nonFinite) non-finite coordinates") }
        // Half-edges in rows by their lower vertex (compressed rows), each with its higher vertex and
        // its corner 3 t + k: both directions of an edge land in one row, and rows are short.
        var first = [Int32](repeating: 0, count: m.vertices.count + 1)
        for t in m.triangles where t.a != t.b && t.b != t.c && t.c != t.a {
            first[Int(min(t.a, t.b)) + 1] += 1
            first[Int(min(t.b, t.c)) + 1] += 1
            first[Int(min(t.c, t.a)) + 1] += 1
        }
        for v in 0..<m.vertices.count { first[v + 1] += first[v] }
        var fill = first
        var higher = [UInt32](repeating: 0, count: Int(first[m.vertices.count]))
        var corners = [Int32](repeating: 0, count: higher.count)
        for (i, t) in m.triangles.enumerated() where t.a != t.b && t.b != t.c && t.c != t.a {
            for k in 0..<3 {
                let u = t[k], v = t[k == 2 ? 0 : k + 1]
                let slot = Int(fill[Int(min(u, v))])
                higher[slot] = max(u, v)
                corners[slot] = Int32(3 * i + k)
                fill[Int(min(u, v))] += 1
            }
        }
        @inline(__always) func upward(_ c: Int32) -> Bool {
            let t = m.triangles[Int(c) / 3], k = Int(c) % 3
            return t[k] < t[k == 2 ? 0 : k + 1]
        }
        var open = 0, crowded = 0, misoriented = 0
        var fans = UnionFind(count: m.triangles.count * 3)
        for v in 0..<m.vertices.count {
            let start = Int(first[v]), end = Int(first[v + 1])
            // Sort the row by higher vertex (insertion sort: rows hold a handful of half-edges).
            if end - start > 64 {
                let row = (start..<end).map { (higher[$0], corners[$0]) }.sorted { $0.0 < $1.0 }
                for (k, h) in row.enumerated() { (higher[start + k], corners[start + k]) = h }
            } else {
                for i in (start + 1)..<max(start + 1, end) {
                    let h = higher[i], c = corners[i]
                    var j = i
                    while j > start && higher[j - 1] > h {
                        higher[j] = higher[j - 1]
                        corners[j] = corners[j - 1]
                        j -= 1
                    }
                    higher[j] = h
                    corners[j] = c
                }
            }
            var g = start
            while g < end {
                var h = g + 1
                while h < end && higher[h] == higher[g] { h += 1 }
                let count = h - g
                if count == 1 {
                    open += 1
                } else if count > 2 {
                    crowded += 1
                    let up = (g..<h).count { upward(corners[$0]) }
                    if up > 1 || count - up > 1 { misoriented += 1 }
                } else {
                    // The two triangles on this edge share a fan at each end (whatever their orientation).
                    let c = Int(corners[g]), d = Int(corners[g + 1])
                    let cNext = c - c % 3 + (c % 3 + 1) % 3, dNext = d - d % 3 + (d % 3 + 1) % 3
                    if upward(corners[g]) == upward(corners[g + 1]) {
                        misoriented += 1
                        fans.union(c, d)  // both run the same way
                        fans.union(cNext, dNext)
                    } else {
                        fans.union(c, dNext)  // opposite ways
                        fans.union(cNext, d)
                    }
                }
                g = h
            }
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
