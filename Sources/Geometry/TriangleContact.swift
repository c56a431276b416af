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
    /// A coplanar overlap gives the boundary of the overlap as segments. Held inline: a contact is
    /// found for every overlapping pair of triangles, so it must not allocate.
    struct Contact {
        /// At most six points: the corners of the convex overlap of two coplanar triangles.
        private var storage = InlineArray<6, Point>(repeating: Point(t: .face, u: .face))
        private(set) var count = 0
        var coplanar = false

        subscript(i: Int) -> Point { storage[i] }

        /// Adds `p` unless it is there already; false if the contact is full.
        mutating func add(_ p: Point) -> Bool {
            for i in 0..<count where storage[i] == p { return true }
            guard count < 6 else { return false }
            storage[count] = p
            count += 1
            return true
        }

        /// Whether points `i` and `j` bound a segment of contact: they lie on one closed edge of
        /// either triangle. Off the coplanar case, two points always do.
        func isSegment(_ i: Int, _ j: Int) -> Bool {
            guard coplanar else { return true }
            let p = storage[i], q = storage[j]
            for k in 0..<3 where (p.t.isOn(edge: k) && q.t.isOn(edge: k)) || (p.u.isOn(edge: k) && q.u.isOn(edge: k)) { return true }
            return false
        }

        /// Whether a point is a corner of either triangle.
        var touchesACorner: Bool {
            for i in 0..<count where storage[i].touchesACorner { return true }
            return false
        }
    }

    typealias Corners = TriangleIntersection.Tri

    /// The contact of `t` and `u`, or nil if they are apart.
    static func contact(_ t: Corners, _ u: Corners) throws(GeometryError) -> Contact? {
        try contact(t, u, su: nil, st: nil)
    }

    /// `contact(t, u)`, where the sides of `u`'s corners against `t`'s plane (`su`) or of `t`'s
    /// against `u`'s (`st`) may be known already (the `orient3d` signs, from a `Predicates.Plane`
    /// made once for many pairs).
    static func contact(_ t: Corners, _ u: Corners, su known: (Int, Int, Int)?, st knownT: (Int, Int, Int)?) throws(GeometryError) -> Contact? {
        let su = known ?? (Predicates.orient3d(t.p0, t.p1, t.p2, u.p0), Predicates.orient3d(t.p0, t.p1, t.p2, u.p1), Predicates.orient3d(t.p0, t.p1, t.p2, u.p2))
        if oneSide(su) { return nil }
        let st = knownT ?? (Predicates.orient3d(u.p0, u.p1, u.p2, t.p0), Predicates.orient3d(u.p0, u.p1, u.p2, t.p1), Predicates.orient3d(u.p0, u.p1, u.p2, t.p2))
        if oneSide(st) { return nil }
        var contact = Contact()
        if su == (0, 0, 0) {
            contact.coplanar = true
            guard coplanarPoints(t, u, into: &contact) else { throw degenerate(t) }
        } else {
            // Each triangle meets the other's plane in a segment (or a point) on their common line;
            // the contact is the overlap of the two, whose ends are ends of one lying in the other.
            var full = false
            forEachSectionEnd(st) { end in
                if let f = locate(end, of: t, in: u), !contact.add(Point(t: end, u: f)) { full = true }
            }
            forEachSectionEnd(su) { end in
                if let f = locate(end, of: u, in: t), !contact.add(Point(t: f, u: end)) { full = true }
            }
            guard !full, contact.count <= 2 else { throw degenerate(t) }
        }
        return contact.count == 0 ? nil : contact
    }

    static func degenerate(_ t: Corners) -> GeometryError {
        .degenerateContact("triangles near \(t.p0) meet in a way the exact tests cannot resolve (a degenerate triangle?)")
    }

    /// Whether the three signs are all positive or all negative.
    @inline(__always) static func oneSide(_ s: (Int, Int, Int)) -> Bool {
        (s.0 > 0 && s.1 > 0 && s.2 > 0) || (s.0 < 0 && s.1 < 0 && s.2 < 0)
    }

    /// The features of a triangle where it meets the other triangle's plane, given the sides of its
    /// corners: corners in the plane, and edges crossing it.
    @inline(__always) private static func forEachSectionEnd(_ side: (Int, Int, Int), _ body: (Feature) -> Void) {
        if side.0 == 0 { body(.corner(0)) }
        if side.0 * side.1 < 0 { body(.edge(0)) }
        if side.1 == 0 { body(.corner(1)) }
        if side.1 * side.2 < 0 { body(.edge(1)) }
        if side.2 == 0 { body(.corner(2)) }
        if side.2 * side.0 < 0 { body(.edge(2)) }
    }

    /// The feature of `other` holding a point of `tri`'s plane section (`end`), or nil if the point is
    /// outside `other`. A corner is tested in 2D (it lies exactly in `other`'s plane); an edge's
    /// crossing by the sides of the edge against `other`'s edges.
    private static func locate(_ end: Feature, of tri: Corners, in other: Corners) -> Feature? {
        switch end {
        case .corner(let k):
            let axis = other.projectionAxis
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
    /// edges crossing. They are the corners of the (convex) overlap; false if there are more than six.
    private static func coplanarPoints(_ t: Corners, _ u: Corners, into contact: inout Contact) -> Bool {
        let axis = t.projectionAxis
        let tp: InlineArray<3, Vector2> = [Predicates.project(t.p0, axis), Predicates.project(t.p1, axis), Predicates.project(t.p2, axis)]
        let up: InlineArray<3, Vector2> = [Predicates.project(u.p0, axis), Predicates.project(u.p1, axis), Predicates.project(u.p2, axis)]
        // side[3 i + k]: corner i of one triangle against edge k of the other.
        var tSide = InlineArray<9, Int>(repeating: 0), uSide = tSide
        for i in 0..<3 {
            for k in 0..<3 {
                tSide[3 * i + k] = Predicates.orient2d(up[k], up[(k + 1) % 3], tp[i])
                uSide[3 * i + k] = Predicates.orient2d(tp[k], tp[(k + 1) % 3], up[i])
            }
        }
        for i in 0..<3 {
            if let f = feature(sides: (tSide[3 * i], tSide[3 * i + 1], tSide[3 * i + 2])), !contact.add(Point(t: .corner(i), u: f)) { return false }
            if let f = feature(sides: (uSide[3 * i], uSide[3 * i + 1], uSide[3 * i + 2])), !contact.add(Point(t: f, u: .corner(i))) { return false }
        }
        for a in 0..<3 {
            for b in 0..<3 {
                let crossesB = tSide[3 * a + b] * tSide[3 * ((a + 1) % 3) + b] < 0
                let crossesA = uSide[3 * b + a] * uSide[3 * ((b + 1) % 3) + a] < 0
                if crossesA && crossesB && !contact.add(Point(t: .edge(a), u: .edge(b))) { return false }
            }
        }
        return true
    }
}
