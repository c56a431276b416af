/// Where a triangle `t` of one mesh meets a triangle `u` of another, decided exactly, degenerate
/// contact included: crossing faces, a corner on a face or an edge, edges through each other, and
/// coplanar overlaps. Each point of contact is named by the smallest feature of each triangle that
/// holds it (a corner, the inside of an edge, the inside of the face), so the same point found from
/// another pair of triangles gets the same name.
enum TriangleContact {
    /// A feature of one triangle: corner k, the inside of edge k (from corner k to k+1), or the
    /// inside of the face.
    enum Feature: Hashable {
        case corner(Int)
        case edge(Int)
        case face

        /// Whether this feature lies on the closed edge k.
        func isOn(edge k: Int) -> Bool {
            switch self {
            case .corner(let c): c == k || c == (k + 1) % 3
            case .edge(let e): e == k
            case .face: false
            }
        }
    }

    /// A point of contact: its feature in `t` and in `u`.
    struct Point: Hashable {
        var t: Feature
        var u: Feature

        /// Whether the point is a corner of either triangle.
        var touchesACorner: Bool {
            if case .corner = t { return true }
            if case .corner = u { return true }
            return false
        }
    }

    /// The contact of two triangles: its points, and the segments between them that lie on both.
    /// A coplanar overlap gives the boundary of the overlap as segments.
    struct Contact {
        var points: [Point] = []
        var segments: [(Int, Int)] = []
        var coplanar = false
    }

    typealias Corners = TriangleIntersection.Tri

    /// The contact of `t` and `u`, or nil if they are apart.
    static func contact(_ t: Corners, _ u: Corners) throws(GeometryError) -> Contact? {
        let su = (Predicates.orient3d(t.p0, t.p1, t.p2, u.p0), Predicates.orient3d(t.p0, t.p1, t.p2, u.p1), Predicates.orient3d(t.p0, t.p1, t.p2, u.p2))
        if oneSide(su) { return nil }
        let st = (Predicates.orient3d(u.p0, u.p1, u.p2, t.p0), Predicates.orient3d(u.p0, u.p1, u.p2, t.p1), Predicates.orient3d(u.p0, u.p1, u.p2, t.p2))
        if oneSide(st) { return nil }
        var contact = Contact()
        if su == (0, 0, 0) {
            contact.coplanar = true
            coplanarPoints(t, u, into: &contact)
        } else {
            // Each triangle meets the other's plane in a segment (or a point) on their common line;
            // the contact is the overlap of the two, whose ends are ends of one lying in the other.
            for end in planeSection(t, [st.0, st.1, st.2]) {
                if let f = locate(end, of: t, in: u) { add(Point(t: end, u: f), to: &contact) }
            }
            for end in planeSection(u, [su.0, su.1, su.2]) {
                if let f = locate(end, of: u, in: t) { add(Point(t: f, u: end), to: &contact) }
            }
            guard contact.points.count <= 2 else { throw degenerate(t) }
        }
        if contact.points.isEmpty { return nil }
        // Two points bound a segment of contact when they lie on one closed edge of either triangle;
        // off the coplanar case, two points always do.
        let n = contact.points.count
        for i in 0..<n {
            for j in (i + 1)..<n {
                let p = contact.points[i], q = contact.points[j]
                if !contact.coplanar || (0..<3).contains(where: { (p.t.isOn(edge: $0) && q.t.isOn(edge: $0)) || (p.u.isOn(edge: $0) && q.u.isOn(edge: $0)) }) {
                    contact.segments.append((i, j))
                }
            }
        }
        return contact
    }

    static func degenerate(_ t: Corners) -> GeometryError {
        .degenerateContact("triangles near \(t.p0) meet in a way the exact tests cannot resolve (a degenerate triangle?)")
    }

    @inline(__always) private static func oneSide(_ s: (Int, Int, Int)) -> Bool {
        (s.0 > 0 && s.1 > 0 && s.2 > 0) || (s.0 < 0 && s.1 < 0 && s.2 < 0)
    }

    private static func add(_ p: Point, to contact: inout Contact) {
        if !contact.points.contains(p) { contact.points.append(p) }
    }

    /// The features of `tri` where it meets the other triangle's plane, given the sides of its corners:
    /// corners in the plane, and edges crossing it.
    private static func planeSection(_ tri: Corners, _ side: [Int]) -> [Feature] {
        var ends = [Feature]()
        for k in 0..<3 {
            if side[k] == 0 { ends.append(.corner(k)) }
            if side[k] * side[(k + 1) % 3] < 0 { ends.append(.edge(k)) }
        }
        return ends
    }

    /// The feature of `other` holding a point of `tri`'s plane section (`end`), or nil if the point is
    /// outside `other`. A corner is tested in 2D (it lies exactly in `other`'s plane); an edge's
    /// crossing by the sides of the edge against `other`'s edges.
    private static func locate(_ end: Feature, of tri: Corners, in other: Corners) -> Feature? {
        switch end {
        case .corner(let k):
            let axis = dominantAxis(other)
            let p = Predicates.project(tri[k], axis)
            let q = (Predicates.project(other.p0, axis), Predicates.project(other.p1, axis), Predicates.project(other.p2, axis))
            return feature(sides: (Predicates.orient2d(q.0, q.1, p), Predicates.orient2d(q.1, q.2, p), Predicates.orient2d(q.2, q.0, p)))
        case .edge(let k):
            let p = tri[k], q = tri[(k + 1) % 3]
            return feature(sides: (Predicates.orient3d(p, q, other.p0, other.p1), Predicates.orient3d(p, q, other.p1, other.p2), Predicates.orient3d(p, q, other.p2, other.p0)))
        case .face:
            return nil
        }
    }

    /// The feature of a triangle holding a point, from the point's sides against edges 0, 1 and 2
    /// (zero: on the edge's line), or nil if outside.
    static func feature(sides s: (Int, Int, Int)) -> Feature? {
        let inside = (s.0 >= 0 && s.1 >= 0 && s.2 >= 0) || (s.0 <= 0 && s.1 <= 0 && s.2 <= 0)
        guard inside else { return nil }
        switch (s.0 == 0, s.1 == 0, s.2 == 0) {
        case (false, false, false): return .face
        case (true, false, false): return .edge(0)
        case (false, true, false): return .edge(1)
        case (false, false, true): return .edge(2)
        case (true, true, false): return .corner(1)
        case (false, true, true): return .corner(2)
        case (true, false, true): return .corner(0)
        case (true, true, true): return nil  // a degenerate triangle holds nothing
        }
    }

    /// The points of contact of two coplanar triangles: the corners of each inside the other, and
    /// edges crossing. They are the corners of the (convex) overlap.
    private static func coplanarPoints(_ t: Corners, _ u: Corners, into contact: inout Contact) {
        let axis = dominantAxis(t)
        let tp = [Predicates.project(t.p0, axis), Predicates.project(t.p1, axis), Predicates.project(t.p2, axis)]
        let up = [Predicates.project(u.p0, axis), Predicates.project(u.p1, axis), Predicates.project(u.p2, axis)]
        // side[i][k]: corner i of one triangle against edge k of the other.
        var tSide = [[Int]](repeating: [0, 0, 0], count: 3), uSide = tSide
        for i in 0..<3 {
            for k in 0..<3 {
                tSide[i][k] = Predicates.orient2d(up[k], up[(k + 1) % 3], tp[i])
                uSide[i][k] = Predicates.orient2d(tp[k], tp[(k + 1) % 3], up[i])
            }
        }
        for i in 0..<3 {
            if let f = feature(sides: (tSide[i][0], tSide[i][1], tSide[i][2])) { add(Point(t: .corner(i), u: f), to: &contact) }
            if let f = feature(sides: (uSide[i][0], uSide[i][1], uSide[i][2])) { add(Point(t: f, u: .corner(i)), to: &contact) }
        }
        for a in 0..<3 {
            for b in 0..<3 {
                let crossesB = tSide[a][b] * tSide[(a + 1) % 3][b] < 0
                let crossesA = uSide[b][a] * uSide[(b + 1) % 3][a] < 0
                if crossesA && crossesB { add(Point(t: .edge(a), u: .edge(b)), to: &contact) }
            }
        }
    }

    /// An axis whose projection keeps the triangle non-degenerate.
    static func dominantAxis(_ v: Corners) -> Int {
        for axis in [2, 0, 1] where Predicates.orient2d(v.p0, v.p1, v.p2, droppingAxis: axis) != 0 { return axis }
        return 2
    }
}
