/// The output stage after rounding: removes the vertices on a boolean's contact (the caller says
/// which) where they add nothing to the shape. Where a contact curve crosses the inside of a flat
/// face, or runs along a straight edge, the corefinement leaves points that only split triangles:
/// the crossings of one face's diagonals with the other's edges, points strung along a crease, and
/// the crossings an earlier boolean of a chain left that now lie inside a face. Each such vertex
/// is collapsed into a neighbour, so a chain of booleans does not pile them up.
///
/// A collapse of vertex `v` into its neighbour `u` is made only where
/// - the edge passes the link condition (`v` and `u` share no neighbour but the two corners across
///   the edge) and `v` has more than three neighbours, so the surface stays a closed 2-manifold;
/// - every triangle round `v` that survives (with `u` in place of `v`) is thicker than the
///   tolerance, faces the way it faced before, and has `v` within the tolerance of its plane: the
///   new surface is the old one to within the tolerance, so a corner, a bend or a curved crease
///   is never cut off;
/// - where two tags meet at `v`, they meet along the two edges from `v`, and `u` is at the end of
///   one of them, in line with `v` and the other end (to within the tolerance): the border between
///   parts stays where it was.
///
/// No vertex moves, so nothing is rounded again; each collapse removes one vertex and two
/// triangles, so the stage ends. The tolerance is the boolean's (`Tolerance`).
///
/// Many vertices are collapsed in parts over the cores (`simplify`): a collapse reads and writes
/// only the triangles round the vertex and round its neighbours, so vertices whose such triangles
/// all lie in one slab of space are collapsed with that slab's, apart from the others; the rest
/// follow one by one. The slabs depend on the mesh only, so the result does not depend on the
/// number of cores.
struct Simplification {
    private let vertices: [Vector3]
    private var triangles: [Mesh.Triangle]
    private var alive: [Bool]
    /// The triangles round each vertex (dead ones are skipped where read).
    private var star: Stars
    private let tolerance: Double
    /// The vertices the collapses went into: the triangles they made all have one of them.
    private(set) var targets = Set<UInt32>()

    /// From how many removable vertices on the work is shared out in slabs, and into how many.
    static let slabbingFrom = 4096, slabs = 8

    init(_ mesh: Mesh, tolerance: Double) {
        vertices = mesh.vertices
        triangles = mesh.triangles
        alive = [Bool](repeating: true, count: mesh.triangles.count)
        star = Stars(mesh)
        self.tolerance = tolerance
    }

    /// The mesh after the collapses (unreferenced vertices still in place).
    var mesh: Mesh {
        Mesh(vertices: vertices, triangles: triangles.indices.filter { alive[$0] }.map { triangles[$0] })
    }

    /// Collapses the vertices `removable` (ids, in increasing order) wherever that is allowed, again
    /// while a pass collapses anything (a collapse can free a neighbour that was blocked). From
    /// `slabbingFrom` vertices on, those inside a slab are collapsed slab by slab over the cores
    /// first, then the others, each vertex a slab's collapses left blocked tried again where a later
    /// collapse changed the triangles round it or round its neighbours.
    mutating func simplify(_ removable: [Int]) {
        var (triangles, alive) = (self.triangles, self.alive)
        (self.triangles, self.alive) = ([], [])
        defer { (self.triangles, self.alive) = (triangles, alive) }
        var found = Set<UInt32>()
        star.withShared { star in
            let (inSlab, rest) = removable.count >= Self.slabbingFrom ? Self.slabbed(removable, vertices, triangles, star) : ([], removable)
            triangles.withUnsafeMutableBufferPointer { triangles in
                alive.withUnsafeMutableBufferPointer { alive in
                    let editor = Editor(vertices: vertices, triangles: triangles, alive: alive, star: star, tolerance: tolerance)
                    // Each slab reads and writes only its own triangles and the stars of its own vertices.
                    let slabs = Parallel.each(inSlab.count) { k in
                        var slab = editor
                        let blocked = slab.collapse(inSlab[k])
                        return (slab.targets, blocked)
                    }
                    var last = editor
                    var waiting = [Bool](repeating: false, count: vertices.count)
                    for (targets, blocked) in slabs {
                        last.targets.formUnion(targets)
                        for v in blocked { waiting[v] = true }
                    }
                    if inSlab.isEmpty { _ = last.collapse(rest) } else { last.collapse(rest, waking: &waiting) }
                    found = last.targets
                }
            }
        }
        targets = found
    }

    /// The removable vertices whose triangles and whose neighbours' triangles all have their centres
    /// in one slab of the mesh's bounds (`slabs` equal slabs across its longest side), by slab; and
    /// the others.
    private static func slabbed(_ removable: [Int], _ vertices: [Vector3], _ triangles: [Mesh.Triangle], _ star: Stars.Shared)
        -> (inSlab: [[Int]], rest: [Int]) {
        var bounds = Bounds.empty
        for v in removable { bounds.formUnion(vertices[v]) }
        let size = bounds.max - bounds.min
        let axis = size.x >= size.y && size.x >= size.z ? 0 : (size.y >= size.z ? 1 : 2)
        let low = bounds.min[axis], width = max(size[axis], .leastNormalMagnitude) / Double(Self.slabs)
        let slabOf = Parallel.map(triangles.count, minimumChunk: 4096) { range in
            range.map { i -> UInt8 in
                let t = triangles[i]
                let centre = (vertices[Int(t.a)][axis] + vertices[Int(t.b)][axis] + vertices[Int(t.c)][axis]) / 3
                // Truncated: the floor where not negative, and a negative quotient clamps to 0 either way.
                return UInt8(min(Self.slabs - 1, max(0, Int((centre - low) / width))))
            }
        }.flatMap { $0 }
        // Per removable vertex: its slab, or -1 where its triangles or its neighbours' span two.
        let slab = Parallel.map(removable.count, minimumChunk: 1024) { range in
            range.map { k -> Int in
                let v = removable[k]
                guard let first = star[v].first else { return -1 }
                let s = slabOf[Int(first)]
                for i in star[v] {
                    guard slabOf[Int(i)] == s else { return -1 }
                    let t = triangles[Int(i)]
                    for n in [t.a, t.b, t.c] where Int(n) != v {
                        for j in star[Int(n)] where slabOf[Int(j)] != s { return -1 }
                    }
                }
                return Int(s)
            }
        }.flatMap { $0 }
        var inSlab = [[Int]](repeating: [], count: Self.slabs), rest = [Int]()
        for (k, v) in removable.enumerated() {
            if slab[k] >= 0 { inSlab[slab[k]].append(v) } else { rest.append(v) }
        }
        return (inSlab.filter { !$0.isEmpty }, rest)
    }

    /// One triangle round a vertex, as the edge opposite it (counter-clockwise seen from outside).
    fileprivate struct Spoke {
        var triangle: Int
        var from: UInt32
        var to: UInt32
        var tag: UInt32
    }
}

/// The collapses on the mesh's arrays, shared by the slabs: each editor writes only the triangles
/// round the vertices it collapses and the stars of those vertices and their neighbours.
private struct Editor {
    typealias Spoke = Simplification.Spoke
    let vertices: [Vector3]
    nonisolated(unsafe) let triangles: UnsafeMutableBufferPointer<Mesh.Triangle>
    nonisolated(unsafe) let alive: UnsafeMutableBufferPointer<Bool>
    let star: Stars.Shared
    let tolerance: Double
    var targets = Set<UInt32>()
    /// The fan of the vertex being collapsed, kept between collapses so that each does not allocate one.
    private var spokes = [Spoke]()

    init(vertices: [Vector3], triangles: UnsafeMutableBufferPointer<Mesh.Triangle>, alive: UnsafeMutableBufferPointer<Bool>,
         star: Stars.Shared, tolerance: Double) {
        (self.vertices, self.triangles, self.alive, self.star, self.tolerance) = (vertices, triangles, alive, star, tolerance)
    }

    /// Collapses `pending` (in order) wherever allowed, again while a pass collapses anything; the
    /// vertices left blocked.
    mutating func collapse(_ pending: [Int]) -> [Int] {
        var pending = pending
        while !pending.isEmpty {
            var blocked = [Int]()
            for v in pending where collapse(v) == nil && !star[v].isEmpty { blocked.append(v) }
            if blocked.count == pending.count { return blocked }
            pending = blocked
        }
        return []
    }

    /// Collapses `pending` as `collapse(_:)` does; after each collapse, the vertices marked
    /// `waiting` round it (within two edges of the vertex it went into, whose collapse may now be
    /// allowed) join the next pass.
    mutating func collapse(_ pending: [Int], waking waiting: inout [Bool]) {
        var pending = pending
        while !pending.isEmpty {
            var next = [Int](), progress = false
            for v in pending {
                if let u = collapse(v) {
                    progress = true
                    for i in star[Int(u)] where alive[Int(i)] {
                        let t = triangles[Int(i)]
                        for n in [t.a, t.b, t.c] {
                            for j in star[Int(n)] where alive[Int(j)] {
                                let s = triangles[Int(j)]
                                for w in [s.a, s.b, s.c] where waiting[Int(w)] {
                                    waiting[Int(w)] = false
                                    next.append(Int(w))
                                }
                            }
                        }
                    }
                } else if !star[v].isEmpty {
                    next.append(v)
                }
            }
            guard progress else { return }
            pending = next.sorted()
        }
    }

    /// The triangles round `v` in order round it, into `spokes`, or false where they do not form one disk.
    private func fan(_ v: Int, into spokes: inout [Spoke]) -> Bool {
        spokes.removeAll(keepingCapacity: true)
        for i in star[v] where alive[Int(i)] {
            let t = triangles[Int(i)]
            let k = t.a == UInt32(v) ? 0 : (t.b == UInt32(v) ? 1 : 2)
            spokes.append(Spoke(triangle: Int(i), from: t[(k + 1) % 3], to: t[(k + 2) % 3], tag: t.tag))
        }
        guard spokes.count >= 3 else { return false }
        // Sorted in place into a chain, each spoke starting where the one before ends.
        for slot in 1..<spokes.count {
            let last = spokes[slot - 1].to
            guard let next = (slot..<spokes.count).first(where: { spokes[$0].from == last }) else { return false }
            spokes.swapAt(slot, next)
        }
        guard spokes[spokes.count - 1].to == spokes[0].from else { return false }
        // Each neighbour once: a vertex where the surface touches itself is not one disk.
        for i in spokes.indices {
            for j in 0..<i where spokes[j].from == spokes[i].from { return false }
        }
        return true
    }

    private func normal(_ p: Vector3, _ q: Vector3, _ r: Vector3) -> Vector3 { (q - p).cross(r - p) }

    /// Collapses `v` into the neighbour that leaves the fattest triangles, if any may take it: that
    /// neighbour, or nil.
    private mutating func collapse(_ v: Int) -> UInt32? {
        var fan = [Spoke]()
        swap(&fan, &spokes)
        defer { swap(&fan, &spokes) }
        guard self.fan(v, into: &fan), fan.count > 3 else { return nil }
        // Where tags change round v: none, or two borders (the only neighbours v may go to).
        var borders = (-1, -1), borderCount = 0
        for slot in fan.indices where fan[slot].tag != fan[(slot + fan.count - 1) % fan.count].tag {
            if borderCount == 0 { borders.0 = slot } else { borders.1 = slot }
            borderCount += 1
        }
        guard borderCount == 0 || borderCount == 2 else { return nil }
        let p = vertices[v]
        if borderCount == 2 {
            let a = vertices[Int(fan[borders.0].from)], b = vertices[Int(fan[borders.1].from)]
            let ab = b - a
            guard ab.lengthSquared > 0, (p - a).cross(ab).length <= tolerance * ab.length else { return nil }
        }
        // The neighbour whose surviving triangles pass and are fattest (the first such, on a tie) and
        // that meets the link condition. A neighbour is dropped as soon as one of its triangles is no
        // fatter than the best so far.
        var best: (quality: Double, slot: Int)? = nil
        for slot in fan.indices where borderCount == 0 || slot == borders.0 || slot == borders.1 {
            let u = fan[slot].from, q = vertices[Int(u)]
            let bound = best?.quality ?? 0
            var worst = Double.infinity
            for spoke in fan where spoke.from != u && spoke.to != u {
                let x = vertices[Int(spoke.from)], y = vertices[Int(spoke.to)]
                let old = normal(p, x, y), new = normal(q, x, y)
                let longest = max((x - q).lengthSquared, (y - x).lengthSquared, (q - y).lengthSquared)
                let area = new.length
                guard old.dot(new) > 0, area > tolerance * longest.squareRoot(),
                      abs((p - q).dot(new)) <= tolerance * area else { worst = -1; break }
                worst = min(worst, area / longest)
                if worst <= bound { break }
            }
            if worst > bound && meetsLinkCondition(fan, slot) { best = (worst, slot) }
        }
        guard let slot = best?.slot else { return nil }
        let u = fan[slot].from
        for spoke in fan {
            if spoke.from == u || spoke.to == u {
                alive[spoke.triangle] = false
                continue
            }
            var t = triangles[spoke.triangle]
            for k in 0..<3 where t[k] == UInt32(v) { t[k] = u }
            triangles[spoke.triangle] = t
            star.append(Int32(spoke.triangle), to: Int(u))
        }
        star.clear(v)
        let alive = alive
        star.removeAll(of: Int(u)) { !alive[Int($0)] }
        targets.insert(u)
        return u
    }

    /// Whether the centre of `fan` and its neighbour at `slot` share no neighbour but the two
    /// corners across their edge: no other neighbour of the centre is joined to that one.
    private func meetsLinkCondition(_ fan: [Spoke], _ slot: Int) -> Bool {
        let u = fan[slot].from
        let across = (fan[(slot + fan.count - 1) % fan.count].from, fan[slot].to)
        for spoke in fan where spoke.from != u && spoke.from != across.0 && spoke.from != across.1 {
            let w = spoke.from
            // Read the shorter of the two stars.
            let (centre, other) = star[Int(u)].count <= star[Int(w)].count ? (u, w) : (w, u)
            for i in star[Int(centre)] where alive[Int(i)] {
                let t = triangles[Int(i)]
                if t.a == other || t.b == other || t.c == other { return false }
            }
        }
        return true
    }
}
