/// The check every boolean operand passes: finite, closed, manifold at every edge and vertex,
/// consistently oriented and outward. The same findings as `report()`, by grouping half-edges
/// (`EdgeGrouping`) rather than hashing them, since it runs on every operand of every boolean.
extension Mesh {
    /// About how many instructions `checkOperand` takes per triangle (`Parallel.isWorthSharing`).
    static let checkCost = 500

    /// Throws `invalidMesh` naming `name` and the first problem found; `insideOutHint` is added to
    /// the message for an inside-out mesh. A mesh flagged as checked (a boolean's result) passes
    /// unless `trustingTheCheckedFlag` is false.
    static func checkOperand(_ m: Mesh, _ name: String, insideOutHint: String = "", trustingTheCheckedFlag: Bool = true) throws(GeometryError) {
        guard !m.isEmpty, !(trustingTheCheckedFlag && m.isCheckedSolid) else { return }
        let nonFinite = m.vertices.count { !$0.isFinite }
        if nonFinite > 0 { throw .invalidMesh("\(name) has \(nonFinite) non-finite coordinates") }
        let edges = EdgeGrouping(vertexCount: m.vertices.count, triangles: m.triangles)
        @inline(__always) func upward(_ c: Int32) -> Bool {
            let t = m.triangles[Int(c) / 3], k = Int(c) % 3
            return t[k] < t[k == 2 ? 0 : k + 1]
        }
        var open = 0, crowded = 0, misoriented = 0
        var fans = UnionFind(count: m.triangles.count * 3)
        let corners = edges.ids
        edges.forEachEdge { run in
            if run.count == 1 {
                open += 1
            } else if run.count > 2 {
                crowded += 1
                let up = run.count { upward(corners[$0]) }
                if up > 1 || run.count - up > 1 { misoriented += 1 }
            } else {
                // The two triangles on this edge share a fan at each end (whatever their orientation).
                let c = Int(corners[run.lowerBound]), d = Int(corners[run.lowerBound + 1])
                let cNext = c - c % 3 + (c % 3 + 1) % 3, dNext = d - d % 3 + (d % 3 + 1) % 3
                if upward(Int32(c)) == upward(Int32(d)) {
                    misoriented += 1
                    fans.union(c, d)  // both run the same way
                    fans.union(cNext, dNext)
                } else {
                    fans.union(c, dNext)  // opposite ways
                    fans.union(cNext, d)
                }
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
