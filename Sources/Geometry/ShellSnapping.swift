extension NearContactSnapping {
    /// `m` with those of its shells (triangles joined by shared vertices) that nearly touch each
    /// other snapped together, pair by pair, as two operands are, and the vertices that moved or
    /// that the edits made. (An operand given as one polyhedron of two shells whose edges pass
    /// 2e-16 mm apart, `case-2043-8421-one-operand`, snapped as it was to a third solid that
    /// meets both there, had one shell cross the other.) Only shells whose boxes come
    /// within `tolerance` of each other and that have triangles in contact or within `tolerance`
    /// (the broad phase of the corefinement) are snapped; where the snapping of a pair gives up,
    /// that pair stays as it was; where the snapped shells cross each other, `m` is returned as it
    /// was.
    static func snappingShells(of m: Mesh, tolerance: Double) -> (mesh: Mesh, edited: Set<UInt32>) {
        var joined = UnionFind(count: m.vertices.count)
        for t in m.triangles {
            joined.union(Int(t.a), Int(t.b))
            joined.union(Int(t.a), Int(t.c))
        }
        var shellOfRoot = [Int: Int](), shells = [[Mesh.Triangle]]()
        for t in m.triangles {
            let root = joined.find(Int(t.a))
            let s = shellOfRoot[root] ?? shells.count
            if s == shells.count {
                shellOfRoot[root] = s
                shells.append([])
            }
            shells[s].append(t)
        }
        guard shells.count > 1 else { return (m, []) }
        let boxes = shells.map { ts in Bounds(points: ts.flatMap { [m.vertices[Int($0.a)], m.vertices[Int($0.b)], m.vertices[Int($0.c)]] }) }
        // Pairs of shells whose boxes come within the tolerance: a sweep along x.
        let byStart = boxes.indices.sorted { (boxes[$0].min.x, $0) < (boxes[$1].min.x, $1) }
        var pairs = [(Int, Int)]()
        for (n, i) in byStart.enumerated() {
            for j in byStart[(n + 1)...] {
                if boxes[j].min.x > boxes[i].max.x + tolerance { break }
                if boxes[i].expanded(by: tolerance).intersects(boxes[j]) { pairs.append((min(i, j), max(i, j))) }
            }
        }
        var vertices = m.vertices, edited = Set<UInt32>()
        for (i, j) in pairs.sorted(by: { $0 < $1 }) {
            // Each shell with ids of its own, and the id in `vertices` of each of them.
            func extracted(_ ts: [Mesh.Triangle]) -> (Mesh, [UInt32]) {
                var local = [UInt32: UInt32](), global = [UInt32]()
                func id(_ v: UInt32) -> UInt32 {
                    if let l = local[v] { return l }
                    local[v] = UInt32(global.count)
                    global.append(v)
                    return local[v]!
                }
                let triangles = ts.map { Mesh.Triangle(id($0.a), id($0.b), id($0.c), tag: $0.tag) }
                return (Mesh(vertices: global.map { vertices[Int($0)] }, triangles: triangles), global)
            }
            let (first, firstIDs) = extracted(shells[i]), (second, secondIDs) = extracted(shells[j])
            // Only shells that touch or nearly touch: most whose boxes overlap are far apart.
            guard let contact = try? Corefinement.pairsInContact(first, second, tolerance: tolerance),
                  contact.contains(where: { !$0.pairs.isEmpty || $0.nearWithout != nil }),
                  let snapping = try? NearContactSnapping(first, second, tolerance: tolerance),
                  !snapping.meshes[0].edited.isEmpty || !snapping.meshes[1].edited.isEmpty else { continue }
            for (k, (s, ids)) in [(i, firstIDs), (j, secondIDs)].enumerated() {
                let snapped = snapping.meshes[k]
                var global = ids
                for (v, id) in ids.enumerated() { vertices[Int(id)] = snapped.vertices[v] }
                for p in snapped.vertices[ids.count...] {
                    global.append(UInt32(vertices.count))
                    vertices.append(p)
                }
                shells[s] = snapped.triangles.map { Mesh.Triangle(global[Int($0.a)], global[Int($0.b)], global[Int($0.c)], tag: $0.tag) }
                edited.formUnion(snapped.edited.map { global[Int($0)] })
            }
        }
        guard !edited.isEmpty else { return (m, []) }
        let snapped = Mesh(vertices: vertices, triangles: shells.flatMap { $0 })
        let suspects = snapped.triangles.map { edited.contains($0.a) || edited.contains($0.b) || edited.contains($0.c) }
        guard snapped.selfIntersections(stoppingAtFirst: true, suspects: suspects).first == nil else { return (m, []) }
        return (snapped, edited)
    }
}
