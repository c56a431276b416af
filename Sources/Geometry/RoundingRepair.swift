/// The last stage of a boolean: its exact result, whose constructed corners carry rounded
/// positions, made into a mesh that is valid *as rounded*. Where the operands nearly touch, the exact
/// result holds pieces thinner than rounding; rounded, such a piece can have an edge of a few units
/// in the last place or three corners in a line, and fold over its neighbour. Local edits, each
/// keeping the mesh closed and oriented, remove them:
///
/// 1. **Collapse** each edge no longer than the tolerance into one end (an input corner keeps its
///    place; a constructed point moves to it), shortest first, where the ends share no neighbour
///    but the two corners across the edge (the link condition) and no thick triangle round the
///    moved end turns over against the input triangle it came from; and **flip** the long edge of
///    each thin triangle (a cap: its middle corner on, or rounded across, its long edge) to the
///    corner across it, where both halves are sound (where that edge is there already, a flap
///    thinner than rounding lies on the triangle beside, and the half that is the flap's triangle
///    turned over cancels it). Again while anything changes: each collapse removes a vertex, each
///    flip a thin triangle without making another.
/// 2. **Merge** the short edges the link condition kept, in clusters: triangles with two corners
///    merged vanish, and so do two triangles on the same corners facing opposite ways. Where that
///    makes the surface touch itself, the wedges are paired and the vertices duplicated as for
///    solids that touch (`separatingContacts`).
/// 3. **Drop** each closed shell no thicker than the tolerance (its volume at most the tolerance
///    times its area): a solid that is exactly there but thinner than rounding. Then flip again.
///
/// Nothing moves by more than a merged cluster's extent (the tolerance, for one short edge); across
/// a cap the surface moves by the cap's own height. The caller checks the result; where it still
/// crosses itself, `nudgeCrossings` moves rounded corners of the crossing triangles to the
/// neighbouring doubles where they cross less (a unit in the last place), and where it crosses
/// itself still, `collapseCrossings` merges corners of the crossing triangles (rounded ones
/// first) into neighbours up to `Tolerance.crossingReach` tolerances away (or farther, where the
/// surface round them is flat enough that it moves by no more than that), and the caller checks
/// again; where it crosses itself still, `dropThinCrossingShells` drops the shells that hold a
/// crossing and are no thicker than that reach on average.
struct RoundingRepair {
    private(set) var vertices: [Vector3]
    private var triangles: [Mesh.Triangle]
    private var alive: [Bool]
    /// The triangles round each vertex.
    private var star: Stars
    /// Which operand each vertex is a corner of (0 or 1), or 2 for a constructed point.
    private let origin: (Int) -> Int
    private let tolerance: Double
    /// For each triangle, the normal of the input triangle it came from: the way it must face.
    private var reference: [Vector3]

    /// The vertices of every triangle the edits made: only triangles with one of them, or with a
    /// constructed corner, can cross another.
    private(set) var edited = Set<UInt32>()
    /// The edges collapsed and the flips made (while either grows, the edits go on).
    private var collapses = 0
    private var flips = 0
    /// How many times step 4 merged the edges of crossing pairs that its checks kept.
    private var merges = 0
    /// The last search for crossing pairs (`crossingPairs`): the triangles, their corners' positions
    /// and the movable vertices it was made on, and the crossing pairs it found, by triangle index.
    private var lastSearch: (triangles: [Mesh.Triangle], alive: [Bool], vertices: [Vector3], movable: Set<UInt32>, pairs: [(Int, Int)])?

    /// `origin(v)`: 0 or 1 for a corner of the first or second operand, 2 for a point the boolean
    /// constructed. `tolerance`: the longest edge (mm) that may be collapsed.
    init(_ mesh: Mesh, normals: [Vector3], origin: @escaping (Int) -> Int, tolerance: Double) {
        vertices = mesh.vertices
        reference = normals
        triangles = mesh.triangles
        alive = [Bool](repeating: true, count: mesh.triangles.count)
        star = Stars(mesh)
        self.origin = origin
        self.tolerance = tolerance
    }

    /// The mesh after the edits (unreferenced vertices still in place).
    var mesh: Mesh {
        Mesh(vertices: vertices, triangles: triangles.indices.filter { alive[$0] }.map { triangles[$0] })
    }

    /// Collapses the short edges one at a time and flips the caps, while that changes anything; then
    /// merges what is left of the short edges in clusters, drops the flat shells, and flips again.
    mutating func repair() {
        while true {
            let before = collapses + flips
            var short = [(length: Double, u: UInt32, v: UInt32)]()
            for (i, t) in triangles.enumerated() where alive[i] {
                for k in 0..<3 {
                    let u = t[k], v = t[(k + 1) % 3]
                    guard u < v else { continue }
                    let d = (vertices[Int(u)] - vertices[Int(v)]).length
                    if d <= tolerance { short.append((d, u, v)) }
                }
            }
            short.sort { ($0.length, $0.u, $0.v) < ($1.length, $1.u, $1.v) }
            for e in short { collapse(e.u, e.v) }
            for i in triangles.indices where alive[i] && isThin(i) { flipCap(i) }
            if collapses + flips == before { break }
        }
        // Where the merges leave edges that no pairing of wedges separates, they are not made; the
        // check after the repair decides (`case-12-942`).
        var merged = self
        if merged.mergeShortEdges(), (try? merged.separateContacts()) != nil { self = merged }
        dropFlatShells()
        for _ in 0..<8 {
            let before = flips
            for i in triangles.indices where alive[i] && isThin(i) { flipCap(i) }
            if flips == before { break }
        }
    }


    /// Step 4, for a result that still crosses itself as repaired: the crossing triangles give up
    /// their rounded corners. Each pass finds every crossing pair among the triangles with a
    /// constructed, snapped (`movable`) or edited corner, and collapses the shortest edge of the
    /// pair that has a constructed or snapped end (which moves: neither is where the exact
    /// operands had it), else the shortest between two input corners, that is no longer than
    /// `reach`, or, longer, moves the surface by no more than `reach` (the end it goes to lies that
    /// near the plane of every triangle that moves), under the checks of step 1 (the link
    /// condition; no thick triangle turns over); then flips the caps. Each pass that changes
    /// anything removes a vertex, so the passes end. With `merging`, where a pass collapses
    /// nothing, the crossing pairs' short edges are merged regardless of those checks, at most
    /// eight times. True if anything changed.
    mutating func collapseCrossings(movable: Set<UInt32>, reach: Double, merging: Bool = false) -> Bool {
        var changed = false
        while true {
            let (live, pairs) = crossingPairs(movable: movable)
            // The edges of a crossing pair: those with a rounded or snapped end first, then those
            // between input corners (two corners of one operand a tolerance apart, `case-8-98`);
            // shortest first.
            func edges(_ x: Int, _ y: Int) -> [(exact: Bool, length: Double, u: UInt32, v: UInt32)] {
                var edges = [(exact: Bool, length: Double, u: UInt32, v: UInt32)]()
                for t in [triangles[live[x]], triangles[live[y]]] {
                    for k in 0..<3 {
                        let u = min(t[k], t[(k + 1) % 3]), v = max(t[k], t[(k + 1) % 3])
                        let d = (vertices[Int(u)] - vertices[Int(v)]).length
                        let exact = !(origin(Int(u)) == 2 || origin(Int(v)) == 2 || movable.contains(u) || movable.contains(v))
                        edges.append((exact, d, u, v))
                    }
                }
                return edges.sorted { ($0.exact ? 1 : 0, $0.length, $0.u, $0.v) < ($1.exact ? 1 : 0, $1.length, $1.u, $1.v) }
            }
            let before = collapses
            for (x, y) in pairs where alive[live[x]] && alive[live[y]] {
                // Short edges, and longer ones where the surface round the moved end is so flat that
                // the collapse moves it by no more than `reach` (the tip of a wedge thinner than
                // rounding, whose two faces meet at a tiny angle).
                for e in edges(x, y) {
                    let c = collapses
                    if e.length <= reach { collapse(e.u, e.v, movable: movable) } else { collapse(e.u, e.v, movable: movable, flatWithin: reach) }
                    if collapses > c { break }
                }
            }
            guard collapses > before else {
                // `merging`, where the checks keep every crossing pair's edges (a needle whose short
                // edge would break the link condition, `case-10-123`): the first edge of each pair no
                // longer than `reach` is merged anyway, as short edges are in step 2, and the surface
                // is separated where that made it touch itself; the check after the repair decides.
                // Each merge removes vertices, and they are few.
                guard merging && merges < 8 else { return changed }
                let merged = pairs.compactMap { x, y in edges(x, y).first { $0.length <= reach }.map { ($0.u, $0.v) } }
                var attempt = self
                guard attempt.merge(merged), (try? attempt.separateContacts()) != nil else { return changed }
                attempt.dropFlatShells()
                self = attempt
                merges += 1
                changed = true
                for i in triangles.indices where alive[i] && isThin(i) { flipCap(i) }
                continue
            }
            changed = true
            for i in triangles.indices where alive[i] && isThin(i) { flipCap(i) }
        }
    }

    /// Step 4, first: where the result crosses itself, a constructed corner of a crossing triangle may
    /// only have been rounded to the wrong side of a face it lies on exactly, which a triangle of the
    /// other operand meets at a grazing angle there (a close copy's crescent: a side 1e-16 mm off
    /// the face's plane moved the crossing 5e-6 mm along an edge that meets it at 2e-11 rad). Each
    /// such corner is tried, once, at the 26 doubles next to its rounded position (one unit in the
    /// last place on each axis) and moves to the one where its triangles cross the fewest others,
    /// if that is fewer than where it is and no sound triangle round it turns thin or over. Each
    /// move lowers the number of crossing pairs, so the passes end; no topology changes. True if a
    /// corner moved.
    mutating func nudgeCrossings(movable: Set<UInt32>) -> Bool {
        var changed = false
        var tried = Set<UInt32>()
        while true {
            let (live, pairs) = crossingPairs(movable: movable)
            let corners = Set(pairs.flatMap { [live[$0.0], live[$0.1]] }.flatMap { i in [triangles[i].a, triangles[i].b, triangles[i].c] })
                .filter { origin(Int($0)) == 2 && !tried.contains($0) }.sorted()
            tried.formUnion(corners)
            // The triangles' boxes at the start of the pass: a nudge moves a corner by a unit in the
            // last place, far below the tolerance, so a query widened by that finds every triangle
            // near a corner later in the pass too.
            let index = BoundingVolumeHierarchy(boxes: triangles.map { t in Bounds(vertices[Int(t.a)], vertices[Int(t.b)], vertices[Int(t.c)]) })
            var moved = false
            for v in corners where nudge(v, near: index) { moved = true }
            guard moved else { return changed }
            changed = true
        }
    }

    /// Moves `v` to the double next to it (on each axis) where its triangles cross the fewest others,
    /// if fewer than where it is and no sound triangle round it turns thin or over. True if it moved.
    /// `index`: the triangles' boxes, each within the tolerance of where the triangle is.
    private mutating func nudge(_ v: UInt32, near index: BoundingVolumeHierarchy) -> Bool {
        let fan = star[Int(v)].map(Int.init).filter { alive[$0] }
        guard !fan.isEmpty else { return false }
        let p = vertices[Int(v)]
        var candidates = [Vector3]()
        for x in [p.x, p.x.nextDown, p.x.nextUp] {
            for y in [p.y, p.y.nextDown, p.y.nextUp] {
                for z in [p.z, p.z.nextDown, p.z.nextUp] where Vector3(x, y, z) != p { candidates.append(Vector3(x, y, z)) }
            }
        }
        // The fan's triangles, boxed over every candidate position, and each pair of them, or of one
        // of them and another live triangle, whose boxes meet: the pairs that a move can make or
        // unmake crossings in. They make a small mesh of their own, the fan first.
        var reach = Bounds(p, p)
        for c in candidates { reach.formUnion(c) }
        let fanBoxes = fan.map { i -> Bounds in
            let t = triangles[i]
            return Bounds(vertices[Int(t.a)], vertices[Int(t.b)], vertices[Int(t.c)]).union(reach)
        }
        var region = fanBoxes[0]
        for b in fanBoxes { region.formUnion(b) }
        var local = [UInt32: UInt32]()
        var localVertices = [Vector3]()
        var localTriangles = [Mesh.Triangle]()
        func add(_ i: Int) {
            let t = triangles[i]
            func id(_ w: UInt32) -> UInt32 {
                if let l = local[w] { return l }
                local[w] = UInt32(localVertices.count)
                localVertices.append(vertices[Int(w)])
                return local[w]!
            }
            localTriangles.append(Mesh.Triangle(id(t.a), id(t.b), id(t.c)))
        }
        var pairs = [(Int, Int)]()
        for (a, i) in fan.enumerated() {
            add(i)
            for b in (a + 1)..<fan.count where fanBoxes[a].intersects(fanBoxes[b]) { pairs.append((a, b)) }
        }
        let fanSet = Set(fan)
        var near = [Int]()
        index.forEachOverlap(with: region.expanded(by: tolerance)) { near.append($0) }
        near.sort()
        for i in near where alive[i] && !fanSet.contains(i) {
            let t = triangles[i]
            let box = Bounds(vertices[Int(t.a)], vertices[Int(t.b)], vertices[Int(t.c)])
            guard box.intersects(region) else { continue }
            let meeting = fanBoxes.indices.filter { fanBoxes[$0].intersects(box) }
            guard !meeting.isEmpty else { continue }
            for a in meeting { pairs.append((a, localTriangles.count)) }
            add(i)
        }
        let lv = Int(local[v]!)
        // The pairs that cross at `q`, counted up to `limit` (a candidate that reaches the best
        // count so far is not taken, so the rest of its pairs need not be tested).
        func crossings(at q: Vector3, limit: Int = .max) -> Int {
            var positions = localVertices
            positions[lv] = q
            let mesh = Mesh(vertices: positions, triangles: localTriangles)
            let tests = fan.indices.map { CrossingTest(mesh, $0) }
            var count = 0
            for (a, b) in pairs where tests[a].crosses(b, of: mesh) {
                count += 1
                if count >= limit { break }
            }
            return count
        }
        let sound = fan.filter { isSound($0) }
        // The pairs that cross where v is go first: a candidate that keeps them is found out soon.
        let here = Mesh(vertices: localVertices, triangles: localTriangles)
        let testsHere = fan.indices.map { CrossingTest(here, $0) }
        let crossingHere = pairs.map { testsHere[$0.0].crosses($0.1, of: here) }
        var best = (count: crossingHere.count { $0 }, position: p)
        guard best.count > 0 else { return false }
        pairs = pairs.indices.filter { crossingHere[$0] }.map { pairs[$0] } + pairs.indices.filter { !crossingHere[$0] }.map { pairs[$0] }
        for c in candidates {
            vertices[Int(v)] = c
            let keepsShape = sound.allSatisfy { isSound($0) }
            vertices[Int(v)] = p
            guard keepsShape else { continue }
            let n = crossings(at: c, limit: best.count)
            if n < best.count { best = (n, c) }
        }
        guard best.position != p else { return false }
        vertices[Int(v)] = best.position
        edited.insert(v)
        return true
    }

    /// The live triangles, and the pairs of them (as positions in that list, each pair in increasing
    /// order, the pairs sorted) that cross: only those with a constructed, snapped (`movable`) or
    /// edited corner are tested against the others. After the first search, only the triangles that
    /// changed since the last one (made, turned, or with a corner moved) are tested again: a pair
    /// of unchanged triangles crosses as it did. (A triangle only becomes a suspect by keeping its
    /// corners while a neighbour's edit marks one of them: it was then an exact piece, as is every
    /// unchanged non-suspect, and two exact pieces do not cross.)
    private mutating func crossingPairs(movable: Set<UInt32>) -> (live: [Int], pairs: [(Int, Int)]) {
        let live = triangles.indices.filter { alive[$0] }
        let mesh = Mesh(vertices: vertices, triangles: live.map { triangles[$0] })
        var isSuspect = (0..<vertices.count).map { origin($0) == 2 }
        for v in edited.union(movable) where Int(v) < isSuspect.count { isSuspect[Int(v)] = true }
        let suspects = live.map { i in
            let t = triangles[i]
            return isSuspect[Int(t.a)] || isSuspect[Int(t.b)] || isSuspect[Int(t.c)]
        }
        var found: [(Int, Int)]  // by triangle index
        if let last = lastSearch, last.movable == movable {
            func isInPlace(_ v: UInt32) -> Bool { Int(v) < last.vertices.count && last.vertices[Int(v)] == vertices[Int(v)] }
            let unchanged = triangles.indices.map { i in
                let t = triangles[i]
                return alive[i] && i < last.triangles.count && last.alive[i] && last.triangles[i] == t
                    && isInPlace(t.a) && isInPlace(t.b) && isInPlace(t.c)
            }
            found = last.pairs.filter { unchanged[$0.0] && unchanged[$0.1] }
            let boxes = (0..<live.count).map { x -> Bounds in
                let (p, q, r) = mesh.corners(x)
                return Bounds(p, q, r)
            }
            // The changed triangles (usually a few) in a tree of their own, which every live one asks.
            let changed = live.indices.filter { !unchanged[live[$0]] }
            let tree = BoundingVolumeHierarchy(boxes: changed.map { boxes[$0] })
            let tests = changed.map { CrossingTest(mesh, $0) }
            // Each pair once: a pair of changed triangles from its higher position.
            found += Parallel.map(live.count, minimumChunk: 2048, sharing: Parallel.isWorthSharing(changed.count, cost: 50_000)) { range in
                var pairs = [(Int, Int)]()
                for y in range {
                    tree.forEachOverlap(with: boxes[y]) { k in
                        let x = changed[k]
                        guard y != x, unchanged[live[y]] || y > x, suspects[x] || suspects[y], tests[k].crosses(y, of: mesh) else { return }
                        pairs.append((live[min(x, y)], live[max(x, y)]))
                    }
                }
                return pairs
            }.flatMap { $0 }
        } else {
            found = mesh.intersectingPairs(suspects: suspects).map { (live[min($0.0, $0.1)], live[max($0.0, $0.1)]) }
        }
        found.sort { $0.0 < $1.0 || ($0.0 == $1.0 && $0.1 < $1.1) }
        lastSearch = (triangles, alive, vertices, movable, found)
        // Positions in `live` of the triangle indices (both increasing).
        var position = [Int](repeating: -1, count: triangles.count)
        for (x, i) in live.enumerated() { position[i] = x }
        return (live, found.map { (position[$0.0], position[$0.1]) })
    }

    /// Whether two triangles of the repaired mesh cross, among the pairs with a constructed, snapped
    /// (`movable`) or edited corner (`crossingPairs`).
    mutating func crossesItself(movable: Set<UInt32>) -> Bool { !crossingPairs(movable: movable).pairs.isEmpty }

    /// The last edit, for a result that still crosses itself after `collapseCrossings`: drops each
    /// closed shell holding a crossing triangle whose volume is at most `reach` times its area, a
    /// solid thinner on average than the repair's reach, which no local edit rounds without a fold
    /// (a solid minus its copy moved by a few tolerances: long needles of the thin crescent left,
    /// `case-11-32`). True if a shell was dropped.
    mutating func dropThinCrossingShells(movable: Set<UInt32>, reach: Double) -> Bool {
        let (live, pairs) = crossingPairs(movable: movable)
        let holding = Set(pairs.flatMap { [live[$0.0], live[$0.1]] })
        return !holding.isEmpty && dropFlatShells(thickness: reach, holding: holding)
    }

    /// Drops every closed shell (triangles joined by edges) no thicker than `thickness` (mm; the
    /// tolerance by default) on average: its volume at most that times its area; with `holding`,
    /// only the shells that hold one of those triangles. Such a shell, a solid that is exactly
    /// there but thinner than rounding (two faces a rounding error apart, intersected), cannot be
    /// rounded without folding; without it the result is what it is to rounding. Where the
    /// floating-point volume is too close to that bound for its own rounding error to decide (a
    /// needle millimetres long and a few tolerances across), the volume is summed exactly. True if
    /// a shell was dropped.
    @discardableResult private mutating func dropFlatShells(thickness: Double? = nil, holding: Set<Int>? = nil) -> Bool {
        let thickness = thickness ?? tolerance
        let live = triangles.indices.filter { alive[$0] }
        guard !live.isEmpty else { return false }
        // Shells: the live triangles joined across their edges (positions in `live`).
        let liveTriangles = live.map { triangles[$0] }
        var shells = UnionFind(count: live.count)
        let edges = EdgeGrouping(vertexCount: vertices.count, triangles: liveTriangles)
        edges.forEachEdge { run in
            let g = Int(edges.ids[run.lowerBound]) / 3
            for h in run.dropFirst() { shells.union(Int(edges.ids[h]) / 3, g) }
        }
        let shell = shells.roots()
        // Each shell's volume from a corner of its own: about the coordinates' origin, the rounding
        // of the products (of the coordinates' size squared) would swamp a thin shell's volume.
        var volume = [Double](repeating: 0, count: live.count), area = volume
        var corner = [Vector3?](repeating: nil, count: live.count)
        // Per shell, the sum of the terms' magnitudes (without cancellation) and their count, which
        // bound the rounding error of its volume.
        var magnitude = volume, terms = [Int](repeating: 0, count: live.count)
        for (n, t) in liveTriangles.enumerated() {
            let root = shell[n]
            let o = corner[root] ?? vertices[Int(t.a)]
            corner[root] = o
            let p = vertices[Int(t.a)] - o, q = vertices[Int(t.b)] - o, r = vertices[Int(t.c)] - o
            volume[root] += p.dot(q.cross(r)) / 6
            area[root] += (q - p).cross(r - p).length / 2
            magnitude[root] += abs(p.x) * (abs(q.y * r.z) + abs(q.z * r.y)) + abs(p.y) * (abs(q.z * r.x) + abs(q.x * r.z))
                + abs(p.z) * (abs(q.x * r.y) + abs(q.y * r.x))
            terms[root] += 1
        }
        var isCandidate = [Bool](repeating: holding == nil, count: live.count)
        if let holding {
            for (n, i) in live.enumerated() where holding.contains(i) { isCandidate[shell[n]] = true }
        }
        var flat = [Bool](repeating: false, count: live.count), undecided = flat
        for root in live.indices where terms[root] > 0 && isCandidate[root] {
            let bound = thickness * area[root]
            // Each difference, product and sum is off by at most a unit in the last place of its
            // size: (terms + 8) units of the magnitudes in all, over 6.
            let error = Double(terms[root] + 8) * Double.ulpOfOne * magnitude[root] / 6
            if abs(volume[root]) <= bound { flat[root] = true } else if abs(volume[root]) <= bound + error { undecided[root] = true }
        }
        if undecided.contains(true) {
            // Six times the volume, exactly: the triple products of the raw corners (about the origin).
            var exact = [ExactValue?](repeating: nil, count: live.count)
            for (n, t) in liveTriangles.enumerated() where undecided[shell[n]] {
                let (a, b, c) = (vertices[Int(t.a)], vertices[Int(t.b)], vertices[Int(t.c)])
                let (ax, ay, az) = (ExactValue(a.x), ExactValue(a.y), ExactValue(a.z))
                let (bx, by, bz) = (ExactValue(b.x), ExactValue(b.y), ExactValue(b.z))
                let (cx, cy, cz) = (ExactValue(c.x), ExactValue(c.y), ExactValue(c.z))
                exact[shell[n]] = (exact[shell[n]] ?? ExactValue(0))
                    + ax * (by * cz - bz * cy) + ay * (bz * cx - bx * cz) + az * (bx * cy - by * cx)
            }
            for root in live.indices where undecided[root] && abs(exact[root]!.approximation) / 6 <= thickness * area[root] { flat[root] = true }
        }
        for (n, i) in live.enumerated() where flat[shell[n]] {
            alive[i] = false
        }
        return flat.contains(true)
    }

    /// Step 2: merges every cluster of vertices joined by short edges into its first vertex (by
    /// origin, then id), and drops the triangles that vanish.
    @discardableResult private mutating func mergeShortEdges() -> Bool {
        var short = [(UInt32, UInt32)]()
        for (i, t) in triangles.enumerated() where alive[i] {
            for k in 0..<3 {
                let u = t[k], v = t[(k + 1) % 3]
                if u < v && (vertices[Int(u)] - vertices[Int(v)]).lengthSquared <= tolerance * tolerance { short.append((u, v)) }
            }
        }
        return merge(short)
    }

    /// Merges every cluster of vertices joined by `edges` into its first vertex (by origin, then
    /// id), and drops the triangles that vanish. Whether there was anything to merge.
    private mutating func merge(_ edges: [(UInt32, UInt32)]) -> Bool {
        guard !edges.isEmpty else { return false }
        var clusters = UnionFind(count: vertices.count)
        for (u, v) in edges { clusters.union(Int(u), Int(v)) }
        var keeper = [Int: Int]()  // cluster root -> the vertex that stays
        for v in vertices.indices {
            let root = clusters.find(v)
            if let k = keeper[root], (origin(k), k) <= (origin(v), v) { continue }
            keeper[root] = v
        }
        var faces = [SIMD3<UInt32>: Int]()  // sorted corners -> a live triangle on them
        for i in triangles.indices where alive[i] {
            var t = triangles[i]
            for k in 0..<3 {
                let merged = UInt32(keeper[clusters.find(Int(t[k]))]!)
                if merged != t[k] { edited.insert(merged) }
                t[k] = merged
            }
            guard t.a != t.b && t.b != t.c && t.c != t.a else {
                alive[i] = false
                continue
            }
            triangles[i] = t
            // A triangle on the same corners as one before it, facing the other way: both go.
            let low = min(t.a, t.b, t.c), high = max(t.a, t.b, t.c)
            let key = SIMD3(low, t.a ^ t.b ^ t.c ^ low ^ high, high)
            if let j = faces[key], alive[j], triangles[j] == Mesh.Triangle(t.a, t.c, t.b, tag: triangles[j].tag)
                || triangles[j] == Mesh.Triangle(t.c, t.b, t.a, tag: triangles[j].tag) || triangles[j] == Mesh.Triangle(t.b, t.a, t.c, tag: triangles[j].tag) {
                alive[i] = false
                alive[j] = false
                faces[key] = nil
                continue
            }
            faces[key] = i
        }
        return true
    }

    /// Pairs the wedges round edges that merging made shared by more than two triangles, and
    /// duplicates vertices where separate fans meet, as for solids that touch.
    private mutating func separateContacts() throws(GeometryError) {
        let live = triangles.indices.filter { alive[$0] }
        let separated = try Mesh.separatingContacts(vertices: vertices, triangles: live.map { triangles[$0] })
        vertices = separated.vertices
        triangles = separated.triangles
        reference = live.map { reference[$0] }
        alive = [Bool](repeating: true, count: triangles.count)
        star = Stars(separated)
    }

    /// Whether the triangle's corners lie in one line (exact).
    private func isFlat(_ t: Mesh.Triangle) -> Bool {
        Self.isFlat(vertices[Int(t.a)], vertices[Int(t.b)], vertices[Int(t.c)])
    }

    private static func isFlat(_ p: Vector3, _ q: Vector3, _ r: Vector3) -> Bool {
        Predicates.orient2d(p, q, r, droppingAxis: 0) == 0 && Predicates.orient2d(p, q, r, droppingAxis: 1) == 0
            && Predicates.orient2d(p, q, r, droppingAxis: 2) == 0
    }

    private func normal(_ p: Vector3, _ q: Vector3, _ r: Vector3) -> Vector3 { (q - p).cross(r - p) }

    /// Whether a triangle with corners `p`, `q`, `r` is thin: no higher than the tolerance over its
    /// longest edge (flat ones included). Its rounded normal says nothing then.
    private func isThin(_ p: Vector3, _ q: Vector3, _ r: Vector3) -> Bool {
        let longest = max((q - p).lengthSquared, (r - q).lengthSquared, (p - r).lengthSquared).squareRoot()
        return Self.isFlat(p, q, r) || normal(p, q, r).length <= tolerance * longest
    }

    /// Whether triangle `i`, with corners `p`, `q`, `r`, is sound: thicker than the tolerance, and
    /// facing the way the input triangle it came from faced.
    private func isSound(_ i: Int, _ p: Vector3, _ q: Vector3, _ r: Vector3) -> Bool {
        !isThin(p, q, r) && (reference[i] == Vector3(0, 0, 0) || normal(p, q, r).dot(reference[i]) > 0)
    }

    private func isThin(_ t: Mesh.Triangle) -> Bool {
        isThin(vertices[Int(t.a)], vertices[Int(t.b)], vertices[Int(t.c)])
    }

    private func isThin(_ i: Int) -> Bool {
        let t = triangles[i]
        return isThin(vertices[Int(t.a)], vertices[Int(t.b)], vertices[Int(t.c)])
    }

    private func isSound(_ i: Int) -> Bool {
        let t = triangles[i]
        return isSound(i, vertices[Int(t.a)], vertices[Int(t.b)], vertices[Int(t.c)])
    }

    /// The live triangles round `v` that also have `w` as a corner.
    private func shared(_ v: UInt32, _ w: UInt32) -> [Int] {
        star[Int(v)].map(Int.init).filter { alive[$0] && (triangles[$0].a == w || triangles[$0].b == w || triangles[$0].c == w) }
    }

    /// The vertices joined to `v` by an edge.
    private func neighbours(_ v: UInt32) -> Set<UInt32> {
        var result = Set<UInt32>()
        for i in star[Int(v)] where alive[Int(i)] {
            let t = triangles[Int(i)]
            for k in 0..<3 where t[k] != v { result.insert(t[k]) }
        }
        return result
    }

    /// Collapses the edge u v, if it still exists and may be collapsed: the ends share no neighbour
    /// but the two corners across the edge (the link condition), no thick triangle round the moved
    /// end turns over, and none loses its area unless it keeps a short edge; with `flatWithin`, the
    /// kept end also lies that near the plane of every triangle that moves.
    private mutating func collapse(_ u: UInt32, _ v: UInt32, movable: Set<UInt32> = [], flatWithin: Double? = nil) {
        // The constructed end moves, else a `movable` one (or the second operand's corner to the
        // first's; of two alike, the later id).
        let origin = self.origin
        func rank(_ x: UInt32) -> (Int, Int, UInt32) { (origin(Int(x)) == 2 ? 2 : (movable.contains(x) ? 1 : 0), origin(Int(x)), x) }
        let (gone, kept) = rank(u) > rank(v) ? (u, v) : (v, u)
        let across = shared(gone, kept)
        guard across.count == 2 else { return }
        var opposite = Set<UInt32>()
        for i in across {
            for k in 0..<3 where triangles[i][k] != u && triangles[i][k] != v { opposite.insert(triangles[i][k]) }
        }
        guard opposite.count == 2, neighbours(gone).intersection(neighbours(kept)) == opposite else { return }
        let target = vertices[Int(kept)]
        var moved = [(Int, Mesh.Triangle)]()
        for j in star[Int(gone)].map(Int.init) where alive[j] && !across.contains(j) {
            let t = triangles[j]
            if let flatWithin {
                // The kept end lies within `flatWithin` of the plane of every triangle that moves
                // (a triangle without area has none).
                let m = normal(vertices[Int(t.a)], vertices[Int(t.b)], vertices[Int(t.c)])
                guard m != Vector3(0, 0, 0), abs(m.dot(target - vertices[Int(gone)])) <= flatWithin * m.length else { return }
            }
            var n = t
            for k in 0..<3 where n[k] == gone { n[k] = kept }
            let (pa, pb, pc) = (t.a == gone ? target : vertices[Int(t.a)], t.b == gone ? target : vertices[Int(t.b)],
                                t.c == gone ? target : vertices[Int(t.c)])
            if isThin(pa, pb, pc) {
                if Self.isFlat(pa, pb, pc) && min((pb - pa).length, (pc - pb).length, (pa - pc).length) > tolerance { return }
            } else if normal(pa, pb, pc).dot(reference[j]) < 0 || (reference[j] != Vector3(0, 0, 0) && normal(pa, pb, pc).dot(reference[j]) == 0) {
                return
            }
            moved.append((j, n))
        }
        for i in across { alive[i] = false }
        for (j, n) in moved {
            triangles[j] = n
            star.append(Int32(j), to: Int(kept))
        }
        star.clear(Int(gone))
        let isAlive = alive
        star.removeAll(of: Int(kept)) { !isAlive[Int($0)] }
        edited.insert(kept)
        collapses += 1
    }

    /// Flips the longest edge of the thin triangle `i` (a cap: its middle corner on, or rounded
    /// across, its long edge) to the corner across it, where both new triangles are sound. Where the
    /// new edge is there already, a flap thinner than rounding lies on the triangle beside: the flip
    /// is made only if one new triangle is the flap's triangle turned over, and the two cancel.
    private mutating func flipCap(_ i: Int) {
        let t = triangles[i]
        let k = (0..<3).max { j, l in
            (vertices[Int(t[j])] - vertices[Int(t[(j + 1) % 3])]).lengthSquared
                < (vertices[Int(t[l])] - vertices[Int(t[(l + 1) % 3])]).lengthSquared
        }!
        let a = t[k], b = t[(k + 1) % 3], c = t[(k + 2) % 3]
        let beside = shared(a, b).filter { $0 != i }
        guard beside.count == 1 else { return }
        let j = beside[0], s = triangles[j]
        let d = (0..<3).map { s[$0] }.first { $0 != a && $0 != b }!
        guard c != d else { return }
        // The cap's corner lies on the long edge, so both new triangles are halves of the triangle
        // beside: they take its tag and the way it faces.
        let first = Mesh.Triangle(a, d, c, tag: s.tag), second = Mesh.Triangle(d, b, c, tag: s.tag)
        if neighbours(c).contains(d) {
            // The flap's triangle on c and d, facing against one of the halves.
            func opposite(_ n: Mesh.Triangle) -> Int? {
                shared(c, d).first { e in
                    let u = triangles[e]
                    return Set([u.a, u.b, u.c]) == Set([n.a, n.b, n.c]) && (0..<3).contains { u[$0] == n.b && u[($0 + 1) % 3] == n.a }
                }
            }
            let (kept, gone) = if let e = opposite(first) { (second, e) } else if let e = opposite(second) { (first, e) } else { (first, -1) }
            guard gone >= 0, isSound(j, vertices[Int(kept.a)], vertices[Int(kept.b)], vertices[Int(kept.c)]) else { return }
            replace(i, with: nil)
            replace(gone, with: nil)
            replace(j, with: kept)
            flips += 1
            return
        }
        let (pa, pb, pc, pd) = (vertices[Int(a)], vertices[Int(b)], vertices[Int(c)], vertices[Int(d)])
        guard isSound(j, pa, pd, pc), isSound(j, pd, pb, pc) else { return }
        replace(i, with: first)
        replace(j, with: second)
        reference[i] = reference[j]
        flips += 1
    }

    /// Puts `t` in slot `i` (nil: removes the triangle there), keeping the stars up to date.
    private mutating func replace(_ i: Int, with t: Mesh.Triangle?) {
        if alive[i] {
            for k in 0..<3 { star.removeAll(of: Int(triangles[i][k])) { $0 == Int32(i) } }
        }
        alive[i] = t != nil
        guard let t else { return }
        triangles[i] = t
        edited.formUnion([t.a, t.b, t.c])
        for k in 0..<3 { star.append(Int32(i), to: Int(t[k])) }
    }
}
