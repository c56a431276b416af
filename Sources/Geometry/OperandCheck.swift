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
        var open = 0, crowded = 0, misoriented = 0
        var split = Set<UInt32>()
        var volume = 0.0
        // Over raw buffers: this runs on every operand of every boolean.
        m.triangles.withUnsafeBufferPointer { triangles in
            @inline(__always) func upward(_ c: Int32) -> Bool {
                let t = triangles[Int(c) / 3], k = Int(c) % 3
                return t[k] < t[k == 2 ? 0 : k + 1]
            }
            @inline(__always) func next(_ c: Int) -> Int { c % 3 == 2 ? c - 2 : c + 1 }
            let corners = edges.ids
            // Each half-edge's twin, the other half-edge of its edge, where the edge has two running
            // opposite ways.
            var twin = [Int32](repeating: -1, count: triangles.count * 3)
            twin.withUnsafeMutableBufferPointer { twin in
                edges.forEachEdge { run in
                    if run.count == 1 {
                        open += 1
                    } else if run.count > 2 {
                        crowded += 1
                        let up = run.count { upward(corners[$0]) }
                        if up > 1 || run.count - up > 1 { misoriented += 1 }
                    } else {
                        let c = corners[run.lowerBound], d = corners[run.lowerBound + 1]
                        if upward(c) == upward(d) { misoriented += 1 } else { (twin[Int(c)], twin[Int(d)]) = (d, c) }
                    }
                }
            }
            guard open == 0 else { return }
            if crowded > 0 || misoriented > 0 {
                split = Self.verticesJoiningSeparateFans(triangles, edges, vertexCount: m.vertices.count)
                return
            }
            // Every edge has two triangles, running opposite ways: the corners round a vertex form
            // cycles, each corner followed by the one across its outgoing half-edge. A vertex with
            // more than one cycle joins separate fans.
            var hasFan = [Bool](repeating: false, count: m.vertices.count)
            var seen = [Bool](repeating: false, count: triangles.count * 3)
            twin.withUnsafeBufferPointer { twin in
                hasFan.withUnsafeMutableBufferPointer { hasFan in
                    seen.withUnsafeMutableBufferPointer { seen in
                        for start in 0..<(triangles.count * 3) where !seen[start] {
                            let t = triangles[start / 3]
                            guard t.a != t.b && t.b != t.c && t.c != t.a else { continue }
                            let v = t[start % 3]
                            if hasFan[Int(v)] { split.insert(v) } else { hasFan[Int(v)] = true }
                            var c = start
                            repeat {
                                seen[c] = true
                                let across = Int(twin[c])
                                guard across >= 0 else { break }  // none here: every edge has two triangles
                                c = next(across)
                            } while c != start
                        }
                    }
                }
            }
            guard split.isEmpty else { return }
            m.vertices.withUnsafeBufferPointer { vertices in
                let origin = vertices[0]
                for t in triangles {
                    let p = vertices[Int(t.a)], q = vertices[Int(t.b)], r = vertices[Int(t.c)]
                    volume += (p - origin).dot((q - origin).cross(r - origin))
                }
            }
        }
        if open > 0 { throw .invalidMesh("\(name) is not closed: \(open) edges have only one triangle") }
        var problems = [String]()
        if crowded > 0 { problems.append("\(crowded) edges have more than two triangles") }
        if !split.isEmpty { problems.append("\(split.count) vertices join separate fans") }
        if !problems.isEmpty { throw .invalidMesh("\(name) is not manifold: \(problems.joined(separator: "; "))") }
        if misoriented > 0 { throw .invalidMesh("\(name) is not consistently oriented") }
        if volume <= 0 { throw .invalidMesh("\(name) is inside out (volume \(volume / 6) mm³)\(insideOutHint)") }
    }

    /// The vertices whose corners form more than one fan, where some edges have more than two
    /// triangles or two running the same way (a mesh the check refuses anyway): the corners of the
    /// two triangles on an edge are joined at both its ends, whichever way they run.
    private static func verticesJoiningSeparateFans(_ triangles: UnsafeBufferPointer<Triangle>, _ edges: EdgeGrouping,
                                                    vertexCount: Int) -> Set<UInt32> {
        @inline(__always) func upward(_ c: Int) -> Bool {
            let t = triangles[c / 3], k = c % 3
            return t[k] < t[k == 2 ? 0 : k + 1]
        }
        var fans = UnionFind(count: triangles.count * 3)
        let corners = edges.ids
        edges.forEachEdge { run in
            guard run.count == 2 else { return }
            let c = Int(corners[run.lowerBound]), d = Int(corners[run.lowerBound + 1])
            let cNext = c - c % 3 + (c % 3 + 1) % 3, dNext = d - d % 3 + (d % 3 + 1) % 3
            if upward(c) == upward(d) {
                fans.union(c, d)  // both run the same way
                fans.union(cNext, dNext)
            } else {
                fans.union(c, dNext)  // opposite ways
                fans.union(cNext, d)
            }
        }
        var fanOf = [Int](repeating: -1, count: vertexCount), split = Set<UInt32>()
        for c in 0..<(triangles.count * 3) {
            let t = triangles[c / 3]
            guard t.a != t.b && t.b != t.c && t.c != t.a else { continue }
            let v = t[c % 3], root = fans.find(c)
            if fanOf[Int(v)] < 0 { fanOf[Int(v)] = root } else if fanOf[Int(v)] != root { split.insert(v) }
        }
        return split
    }
}
