/// Corefinement of two closed meshes in general position: finds where their surfaces cross, with exact
/// predicates on the input coordinates, and splits every crossed triangle so that both meshes share
/// the crossing curves as edges. A crossing vertex is named by the pair (edge of one mesh, triangle of
/// the other), so every triangle around that edge refers to the same vertex. Where an edge passes
/// exactly through an edge of the other mesh (a cutter's edge through the diagonal of a cap, say), the
/// crossing vertex is named by the pair of edges and lies on both, splitting the triangles on either
/// side of each.
///
/// Other degenerate contact (a corner on the other surface, an edge through a corner, coplanar
/// overlapping faces) is detected exactly and thrown as `GeometryError.degenerateContact`.
struct Corefinement {
    /// The split triangles of each operand, over the shared vertex list.
    var vertices: [Vector3]
    var pieces: [[Mesh.Triangle]]  // pieces[0] from A, pieces[1] from B
    /// For each operand's piece, the source triangle index.
    var sources: [[Int]]
    /// Undirected edges (lower id, higher id) along the crossing curves.
    var curveEdges: Set<Edge>

    struct Edge: Hashable {
        var a: UInt32
        var b: UInt32
        init(_ x: UInt32, _ y: UInt32) { (a, b) = x < y ? (x, y) : (y, x) }
    }

    /// A crossing vertex: an edge (by its vertex ids, lower first) of mesh `edgeMesh` through the
    /// inside of triangle `triangle` of the other mesh, or edges of A and B through each other.
    private enum CrossingKey: Hashable {
        case edgeTriangle(edgeMesh: Int, edge: Edge, triangle: Int)
        case edgeEdge(Edge, Edge)
    }

    init(_ a: Mesh, _ b: Mesh) throws(GeometryError) {
        let meshes = [a, b]
        let offset = UInt32(a.vertices.count)
        vertices = a.vertices + b.vertices
        func globalID(_ mesh: Int, _ v: UInt32) -> UInt32 { mesh == 0 ? v : v + offset }

        // Broad phase: B's triangles in a BVH, queried with A's.
        let boxesB = (0..<b.triangles.count).map { i -> Bounds in
            let (p, q, r) = b.corners(i)
            return Bounds(points: [p, q, r])
        }
        let bvh = BoundingVolumeHierarchy(boxes: boxesB)

        var crossingIDs = [CrossingKey: UInt32]()
        // Per triangle of each mesh: the crossing segments on it, as pairs of vertex ids.
        var segments: [[Int: [(UInt32, UInt32)]]] = [[:], [:]]
        var newVertices = [Vector3]()

        func crossingID(_ key: CrossingKey, _ p: Vector3, _ q: Vector3, _ tri: (Vector3, Vector3, Vector3)) -> UInt32 {
            if let id = crossingIDs[key] { return id }
            let n = (tri.1 - tri.0).cross(tri.2 - tri.0)
            let dp = n.dot(p - tri.0), dq = n.dot(q - tri.0)
            let t = dp / (dp - dq)
            var x = p + (q - p) * min(1, max(0, t))
            // On an axis-aligned face the crossing lies exactly in its plane; interpolation could
            // round it off by an ulp.
            for k in 0..<3 where tri.0[k] == tri.1[k] && tri.1[k] == tri.2[k] { x[k] = tri.0[k] }
            let id = UInt32(a.vertices.count + b.vertices.count + newVertices.count)
            newVertices.append(x)
            crossingIDs[key] = id
            return id
        }

        for ia in 0..<a.triangles.count {
            let ta = a.corners(ia)
            let box = Bounds(points: [ta.0, ta.1, ta.2])
            var failure: GeometryError? = nil
            bvh.forEachOverlap(with: box) { ib in
                guard failure == nil else { return }
                let tb = b.corners(ib)
                do throws(GeometryError) {
                    guard let found = try Corefinement.crossings(ta, tb) else { return }
                    let ia3 = a.triangles[ia], ib3 = b.triangles[ib]
                    let edgesA = [Edge(ia3.a, ia3.b), Edge(ia3.b, ia3.c), Edge(ia3.c, ia3.a)]
                    let edgesB = [Edge(ib3.a, ib3.b), Edge(ib3.b, ib3.c), Edge(ib3.c, ib3.a)]
                    var ends = [UInt32]()
                    for end in found {
                        switch end {
                        case .edge(let mesh, let k):
                            // Edge k of the triangle from `mesh` crosses the other triangle's inside.
                            let (edge, other, oi) = mesh == 0 ? (edgesA[k], tb, ib) : (edgesB[k], ta, ia)
                            let m = meshes[mesh]
                            ends.append(crossingID(.edgeTriangle(edgeMesh: mesh, edge: edge, triangle: oi), m.vertices[Int(edge.a)], m.vertices[Int(edge.b)], other))
                        case .edges(let ka, let kb):
                            // A's edge crosses B's plane on B's edge.
                            let edge = edgesA[ka]
                            ends.append(crossingID(.edgeEdge(edge, edgesB[kb]), a.vertices[Int(edge.a)], a.vertices[Int(edge.b)], tb))
                        }
                    }
                    segments[0][ia, default: []].append((ends[0], ends[1]))
                    segments[1][ib, default: []].append((ends[0], ends[1]))
                } catch { failure = error }
            }
            if let f = failure { throw f }
        }
        vertices += newVertices
        // Crossing points on a triangle's edges also lie on its neighbour across that edge.
        var curve = Set<Edge>()
        for mesh in 0..<2 {
            for (_, segs) in segments[mesh] { for (p, q) in segs { curve.insert(Edge(p, q)) } }
        }
        curveEdges = curve

        // Points on each edge of each mesh, for splitting the triangles that share the edge.
        var onEdge: [[Edge: [UInt32]]] = [[:], [:]]
        for (key, id) in crossingIDs {
            switch key {
            case .edgeTriangle(let mesh, let edge, _): onEdge[mesh][edge, default: []].append(id)
            case .edgeEdge(let ea, let eb):
                onEdge[0][ea, default: []].append(id)
                onEdge[1][eb, default: []].append(id)
            }
        }

        pieces = [[], []]
        sources = [[], []]
        for mesh in 0..<2 {
            let m = meshes[mesh]
            for (i, t) in m.triangles.enumerated() {
                let idx = [t.a, t.b, t.c]
                let global = idx.map { globalID(mesh, $0) }
                let edgeIDs = (0..<3).map { onEdge[mesh][Edge(idx[$0], idx[($0 + 1) % 3])] ?? [] }
                let segs = segments[mesh][i] ?? []
                if segs.isEmpty && edgeIDs.allSatisfy(\.isEmpty) {
                    pieces[mesh].append(Mesh.Triangle(global[0], global[1], global[2], tag: t.tag))
                    sources[mesh].append(i)
                    continue
                }
                let split = try Corefinement.split(
                    corners: global, edgePoints: edgeIDs, segments: segs, vertices: vertices, tag: t.tag)
                pieces[mesh] += split
                sources[mesh] += [Int](repeating: i, count: split.count)
            }
        }
    }

    /// An end of the segment where two triangles cross: edge k of the triangle from `mesh` through the
    /// other's inside, or edge `a` of A's triangle and edge `b` of B's exactly through each other.
    enum End: Hashable {
        case edge(mesh: Int, k: Int)
        case edges(a: Int, b: Int)
    }

    /// The crossing of triangles `t` (from A) and `u` (from B): nil when they are apart or touch at a
    /// single point where edges pass through each other, else the two ends of the crossing segment,
    /// with edge k running from corner k to k+1. Throws on any other degenerate contact.
    static func crossings(_ t: (Vector3, Vector3, Vector3), _ u: (Vector3, Vector3, Vector3)) throws(GeometryError) -> [End]? {
        let tv = [t.0, t.1, t.2], uv = [u.0, u.1, u.2]
        let su = uv.map { Predicates.orient3d(t.0, t.1, t.2, $0) }
        if su.allSatisfy({ $0 > 0 }) || su.allSatisfy({ $0 < 0 }) { return nil }
        let st = tv.map { Predicates.orient3d(u.0, u.1, u.2, $0) }
        if st.allSatisfy({ $0 > 0 }) || st.allSatisfy({ $0 < 0 }) { return nil }
        if su.contains(0) || st.contains(0) {
            if TriangleIntersection.touch(t, u) { throw degenerate(t, u) }
            return nil
        }
        var found = [End]()
        for (mesh, edges, signs, tri) in [(0, tv, st, u), (1, uv, su, t)] {
            for k in 0..<3 where signs[k] != signs[(k + 1) % 3] {
                let p = edges[k], q = edges[(k + 1) % 3]
                let s = [Predicates.orient3d(p, q, tri.0, tri.1), Predicates.orient3d(p, q, tri.1, tri.2), Predicates.orient3d(p, q, tri.2, tri.0)]
                if s.contains(0) {
                    guard s.allSatisfy({ $0 >= 0 }) || s.allSatisfy({ $0 <= 0 }) else { continue }
                    // Through the inside of one edge of `tri` (one zero); through a corner (two) is refused.
                    guard s.filter({ $0 == 0 }).count == 1, let j = s.firstIndex(of: 0) else { throw degenerate(t, u) }
                    let end = mesh == 0 ? End.edges(a: k, b: j) : End.edges(a: j, b: k)
                    if !found.contains(end) { found.append(end) }
                    continue
                }
                if s[0] == s[1] && s[1] == s[2] { found.append(.edge(mesh: mesh, k: k)) }
            }
        }
        if found.isEmpty { return nil }
        if found.count == 1, case .edges = found[0] { return nil }  // they meet only at that point
        guard found.count == 2 else { throw degenerate(t, u) }
        return found
    }

    private static func degenerate(_ t: (Vector3, Vector3, Vector3), _ u: (Vector3, Vector3, Vector3)) -> GeometryError {
        .degenerateContact("the operands touch without crossing cleanly near \(t.0) (coplanar faces, or a corner or edge lying on the other surface); move one operand slightly, or let cutters overshoot the faces they cut")
    }

    /// Splits one triangle along its crossing segments. `corners` are global ids, `edgePoints[k]` the
    /// crossing ids on edge k (corner k to k+1), `segments` the crossing segments on the triangle.
    static func split(
        corners: [UInt32], edgePoints: [[UInt32]], segments: [(UInt32, UInt32)], vertices: [Vector3], tag: UInt32
    ) throws(GeometryError) -> [Mesh.Triangle] {
        let p = corners.map { vertices[Int($0)] }
        let normal = (p[1] - p[0]).cross(p[2] - p[0])
        let axis = abs(normal.x) >= abs(normal.y) && abs(normal.x) >= abs(normal.z) ? 0 : (abs(normal.y) >= abs(normal.z) ? 1 : 2)
        let flip = normal[axis] < 0
        func flat(_ id: UInt32) -> Vector2 {
            let q = Predicates.project(vertices[Int(id)], axis)
            return flip ? Vector2(q.y, q.x) : q
        }
        // Boundary: corners and edge points in order, as graph edges.
        var graph = PlanarGraph()
        var boundary = [UInt32]()
        for k in 0..<3 {
            boundary.append(corners[k])
            let a = vertices[Int(corners[k])], d = vertices[Int(corners[(k + 1) % 3])] - a
            boundary += edgePoints[k].sorted { (vertices[Int($0)] - a).dot(d) < (vertices[Int($1)] - a).dot(d) }
        }
        for i in 0..<boundary.count { graph.addEdge(boundary[i], boundary[(i + 1) % boundary.count]) }
        for (u, v) in segments { graph.addEdge(u, v) }
        let faces = try graph.faces(position: flat)
        var triangles = [Mesh.Triangle]()
        for face in faces {
            let polygon = Polygon(outer: Contour(face.outer.map(flat)), holes: face.holes.map { Contour($0.map(flat)) })
            let ids = face.outer + face.holes.flatMap { $0 }
            guard polygon.allPoints == ids.map(flat) else {
                throw .degenerateContact("crossing points on one triangle round to the same position near \(p[0]); the operands nearly touch")
            }
            for (x, y, z) in try polygon.triangulated() {
                triangles.append(Mesh.Triangle(ids[x], ids[y], ids[z], tag: tag))
            }
        }
        return triangles
    }
}
