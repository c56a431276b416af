/// Mesh booleans by corefinement on exact predicates. The operands must be closed, consistently
/// oriented, outward 2-manifolds (checked); the result is one too. Output triangles keep the tag of
/// the input triangle they came from.
///
/// Every contact is resolved exactly, degenerate contact included: coplanar faces (flush pockets,
/// shared faces, stacked solids, identical operands), a corner or an edge on the other surface.
/// Coplanar overlaps follow orientation rules: where the faces face the same way, union and
/// intersection keep one copy and difference keeps neither; where they face opposite ways, only
/// difference keeps the first operand's face. Solids that touch only at a vertex or along an edge
/// stay separate shells, with vertices duplicated there.
extension Mesh {
    /// The solid covered by this mesh or `other`.
    public func union(_ other: Mesh) throws(GeometryError) -> Mesh {
        try Mesh.boolean(self, other, .union)
    }

    /// The solid covered by both meshes.
    public func intersection(_ other: Mesh) throws(GeometryError) -> Mesh {
        try Mesh.boolean(self, other, .intersection)
    }

    /// This solid with `other` removed.
    public func subtracting(_ other: Mesh) throws(GeometryError) -> Mesh {
        try Mesh.boolean(self, other, .difference)
    }

    /// This solid with every cutter removed. Cutters whose bounds do not overlap are cut in one
    /// operation, so a ring of vent slots costs one corefinement, not one per slot.
    public func subtracting(_ cutters: [Mesh]) throws(GeometryError) -> Mesh {
        var result = self
        // This mesh (item 0) and the cutters are checked at the same time.
        let triangles = cutters.reduce(triangles.count) { $0 + $1.triangles.count }
        _ = try Parallel.map(cutters.count + 1, minimumChunk: 1, sharing: Parallel.isWorthSharing(triangles, cost: Mesh.checkCost)) { range throws(GeometryError) in
            for i in range {
                if i == 0 { try Mesh.checkOperand(self, "the first operand") } else { try Mesh.checkOperand(cutters[i - 1], "cutter \(i - 1)") }
            }
        }
        for batch in Mesh.disjointBatches(cutters) {
            result = try Mesh.boolean(result, Mesh.merged(batch), .difference, checked: true)
        }
        return result
    }

    /// The union of all meshes. Meshes whose bounds do not overlap are merged without a boolean.
    public static func union(_ meshes: [Mesh]) throws(GeometryError) -> Mesh {
        let triangles = meshes.reduce(0) { $0 + $1.triangles.count }
        _ = try Parallel.map(meshes.count, minimumChunk: 1, sharing: Parallel.isWorthSharing(triangles, cost: checkCost)) { range throws(GeometryError) in
            for i in range { try checkOperand(meshes[i], "operand \(i)") }
        }
        var result = Mesh.empty
        for batch in disjointBatches(meshes) {
            result = try boolean(result, merged(batch), .union, checked: true)
        }
        return result
    }

    enum BooleanOperation { case union, intersection, difference }

    /// Groups meshes greedily so that the meshes within each group are pairwise apart: their bounds
    /// are disjoint, or their surfaces come no nearer than twice the tolerance (`Tolerance`) of the
    /// two and neither lies inside the other (a ring of vent slots whose boxes overlap but whose slots
    /// do not). Meshes that nearly touch go to different groups, so a boolean snaps them together:
    /// merged, they would be one operand that nearly touches itself, which snapping cannot edit.
    static func disjointBatches(_ meshes: [Mesh]) -> [[Mesh]] {
        let items = meshes.filter { !$0.isEmpty }
        let boxes = items.map(\.bounds)
        // Only earlier meshes whose boxes overlap can keep a mesh out of a batch (a mesh's own
        // tolerance is at least that of any pair it is in).
        let tree = BoundingVolumeHierarchy(boxes: boxes)
        var batchOf = [Int](repeating: 0, count: items.count)
        var batches = [[Mesh]]()
        for (i, m) in items.enumerated() {
            var blocked = Set<Int>()
            tree.forEachOverlap(with: boxes[i].expanded(by: 2 * Tolerance.of([boxes[i]]))) { j in
                if j < i && !blocked.contains(batchOf[j])
                    && !areApart(items[j], m, margin: 2 * Tolerance.of([boxes[j], boxes[i]])) { blocked.insert(batchOf[j]) }
            }
            let k = (0...batches.count).first { !blocked.contains($0) }!
            if k == batches.count { batches.append([]) }
            batches[k].append(m)
            batchOf[i] = k
        }
        return batches
    }

    /// Whether two closed meshes are apart: their surfaces come no nearer than `margin` (mm) and
    /// neither is inside the other.
    static func areApart(_ a: Mesh, _ b: Mesh, margin: Double) -> Bool {
        guard a.bounds.expanded(by: margin).intersects(b.bounds) else { return true }
        let bvh = BoundingVolumeHierarchy(boxes: (0..<b.triangles.count).map { i in
            let (p, q, r) = b.corners(i)
            return Bounds(p, q, r)
        })
        for i in 0..<a.triangles.count {
            let t = a.corners(i)
            var touching = false
            bvh.forEachOverlap(with: Bounds(t.0, t.1, t.2).expanded(by: margin)) { j in
                if !touching && TriangleDistance.areWithin(t, b.corners(j), margin) { touching = true }
            }
            if touching { return false }
        }
        return !PointInMesh(b).contains(a.vertices[0]) && !PointInMesh(a).contains(b.vertices[0])
    }

    /// `checked`: the operands are known to be valid (checked by the caller, or results of booleans).
    static func boolean(_ a: Mesh, _ b: Mesh, _ op: BooleanOperation, checked: Bool = false) throws(GeometryError) -> Mesh {
        if !checked {
            _ = try Parallel.both(sharing: Parallel.isWorthSharing(a.triangles.count + b.triangles.count, cost: checkCost),
                                  { () throws(GeometryError) in try checkOperand(a, "the first operand") },
                                  { () throws(GeometryError) in try checkOperand(b, "the second operand") })
        }
        let boxes = a.isEmpty || b.isEmpty ? [] : [a.bounds, b.bounds]
        if boxes.isEmpty || !boxes[0].expanded(by: Tolerance.of(boxes)).intersects(boxes[1]) {
            switch op {
            case .union: return merged([a, b].filter { !$0.isEmpty }).markedChecked()
            case .intersection: return .empty
            case .difference: return a.markedChecked()
            }
        }
        do {
            return try corefined(a, b, op)
        } catch .degenerateContact(let message) {
            // An operand that crosses itself is the cause, where one does: it is named.
            try refuseCrossingItself(a, b)
            throw .degenerateContact(message)
        }
    }

    /// Throws `invalidMesh` naming the first of `a` and `b` that crosses itself, and where (a
    /// boolean's result, as a chain's first operand is, is known not to).
    private static func refuseCrossingItself(_ a: Mesh, _ b: Mesh) throws(GeometryError) {
        for (m, name) in [(a, "the first operand"), (b, "the second operand")] where !m.isKnownValid {
            let (count, first) = m.selfIntersections()
            guard let (i, j) = first else { continue }
            let (p, _, _) = m.corners(i), (q, _, _) = m.corners(j)
            throw .invalidMesh("\(name) crosses itself: \(count) pairs of its triangles intersect, the first near \(p) and \(q); a boolean needs solids whose surfaces do not cross themselves")
        }
    }

    /// The boolean of two valid operands whose bounds overlap, in the stages of docs/booleans.md.
    /// Where the corefinement finds that the operands nearly touch, it stops, an operand that
    /// crosses itself there is named, and they are snapped together (`NearContactSnapping`) before
    /// it runs again; where that makes an operand cross itself, the shells of that operand that
    /// nearly touch each other are snapped together first. Where the operands still nearly touch
    /// (snapping left near contact, or was not used), a split had to be made exactly
    /// (`Corefinement.exactSplits`), or a kept piece with a rounded corner is no thicker than
    /// `Tolerance.crossingReach` tolerances, pieces thin enough may fold when the result is
    /// rounded to doubles: `RoundingRepair` mends them, and the result is checked (every triangle
    /// that rounding, a snap or an edit could have moved, against all the others). Operands that
    /// snapping settled touch only exactly, and are not checked for that alone. Every result is
    /// simplified (`Simplification`); where the simplified result fails the check, the
    /// unsimplified one is tried; where that fails too, an operand that crosses itself is named;
    /// otherwise the rounded corners of the crossing triangles are moved to neighbouring doubles
    /// where they cross less (`RoundingRepair.nudgeCrossings`) and both are tried again, then
    /// those corners are merged into neighbours (`RoundingRepair.collapseCrossings`) and both are
    /// tried again, then once more with the short edges the merges' checks kept merged anyway,
    /// then once more without the shells that still cross and are thinner on average than
    /// `Tolerance.crossingReach` tolerances (`RoundingRepair.dropThinCrossingShells`); then the
    /// boolean fails.
    private static func corefined(_ a: Mesh, _ b: Mesh, _ op: BooleanOperation) throws(GeometryError) -> Mesh {
        var (a, b) = (a, b)
        var core = try Corefinement(a, b, stoppingAtNearContact: true)
        // The vertices snapping moved or inserted, and the corners of the triangles it made.
        var snapped = Set<UInt32>()
        if core.stoppedAtNearContact {
            let tolerance = Tolerance.of([a, b])
            var editedA = Set<UInt32>(), editedB = Set<UInt32>()
            var snapping: NearContactSnapping?
            do {
                snapping = try NearContactSnapping(a, b, tolerance: tolerance)
            } catch .operandCrossesItself {
                // Snapping edits solids that do not cross themselves where they nearly touch
                // (and checks that its edits keep them so): one that does is named.
                try refuseCrossingItself(a, b)
            } catch .crossesItself(let k) {
                // The operand may nearly touch itself, as shells a rounding error apart: those are
                // snapped to each other first (once), then the operands again.
                let shells = NearContactSnapping.snappingShells(of: k == 0 ? a : b, tolerance: tolerance)
                if !shells.edited.isEmpty {
                    if k == 0 { (a, editedA) = shells } else { (b, editedB) = shells }
                    snapping = try? NearContactSnapping(a, b, tolerance: tolerance)
                }
            } catch {}
            if let snapping {
                (a, b) = (snapping.meshes[0].mesh, snapping.meshes[1].mesh)
                editedA.formUnion(snapping.meshes[0].edited)
                editedB.formUnion(snapping.meshes[1].edited)
            }
            let offset = UInt32(a.vertices.count)
            snapped = editedA.union(editedB.map { $0 + offset })
            core = try Corefinement(a, b)
        }
        let (result, pieces) = try kept(core, [a, b], op)
        let tolerance = Tolerance.of([a, b])
        let constructed = a.vertices.count + b.vertices.count..<core.vertices.count
        // A piece with a rounded corner that is thinner than the repair's reach: the operands come
        // that close there, a little farther apart than the tolerance, and rounding may cross it.
        let hasThinPiece = result.triangles.contains { t in
            guard constructed.contains(Int(t.a)) || constructed.contains(Int(t.b)) || constructed.contains(Int(t.c)) else { return false }
            let p = result.vertices[Int(t.a)], q = result.vertices[Int(t.b)], r = result.vertices[Int(t.c)]
            let longest = max((q - p).lengthSquared, (r - q).lengthSquared, (p - r).lengthSquared).squareRoot()
            return (q - p).cross(r - p).length <= Tolerance.crossingReach * tolerance * longest
        }
        guard core.nearlyTouching != nil || core.exactSplits > 0 || hasThinPiece else {
            // In general position the rounded result is valid as it is, and a collapse keeps it
            // closed, oriented and within the tolerance of where it was (docs/booleans.md). So is
            // the result of operands that snapping settled, where the corefinement of the snapped
            // operands finds no near contact left: they touch only exactly.
            return simplified(result, core, tolerance: tolerance).mesh.compacted().markedValid()
        }
        var repair = RoundingRepair(result, normals: pieces.normals(), origin: { v in v < a.vertices.count ? 0 : (constructed.contains(v) ? 2 : 1) },
                                    tolerance: tolerance)
        repair.repair()
        // Only a triangle with a corner that was constructed (rounded), snapped, copied or edited can
        // cross another: the rest are exact pieces of the operands, which the exact result keeps apart.
        func suspects(_ m: Mesh, _ edited: Set<UInt32>) -> [Bool] {
            m.triangles.map { t in t.a >= constructed.lowerBound || t.b >= constructed.lowerBound || t.c >= constructed.lowerBound
                || edited.contains(t.a) || edited.contains(t.b) || edited.contains(t.c) }
        }
        // The repaired result, simplified where that stays valid; nil where even the unsimplified one
        // folds (the repair's own search for crossing pairs, which after its first run tests only
        // what its edits changed, finds most such folds before the full check).
        func checked(moved: Set<UInt32>) -> Mesh? {
            let repaired = repair.mesh
            let simplification = Mesh.simplified(repaired, core, tolerance: tolerance)
            let compacted = simplification.mesh.compacted()
            if compacted.isValidSolid(suspects: suspects(simplification.mesh, moved.union(simplification.targets))) { return compacted }
            guard !repair.crossesItself(movable: snapped) else { return nil }
            let unsimplified = repaired.compacted()
            return unsimplified.isValidSolid(suspects: suspects(repaired, moved)) ? unsimplified : nil
        }
        if let mesh = checked(moved: repair.edited.union(snapped)) { return mesh.markedValid() }
        // The steps below mend what rounding folded. Where an operand crosses itself, the result
        // crosses itself there too, and they would only take long to find out that they cannot
        // mend it (Manifold's Generic_Twin_7081 right half minus itself turned: 51 s of nudges,
        // merges and drops, each step checking the result, before the refusal): that operand is
        // named now.
        try refuseCrossingItself(a, b)
        if repair.nudgeCrossings(movable: snapped), let mesh = checked(moved: repair.edited.union(snapped)) {
            return mesh.markedValid()
        }
        for merging in [false, true] {
            if repair.collapseCrossings(movable: snapped, reach: Tolerance.crossingReach * tolerance, merging: merging),
               let mesh = checked(moved: repair.edited.union(snapped)) {
                return mesh.markedValid()
            }
        }
        if repair.dropThinCrossingShells(movable: snapped, reach: Tolerance.crossingReach * tolerance),
           let mesh = checked(moved: repair.edited.union(snapped)) {
            return mesh.markedValid()
        }
        let report = repair.mesh.compacted().report(checkSelfIntersections: true)
        throw .degenerateContact("rounding the exact result to doubles folds it near \(core.nearlyTouching ?? a.bounds.min) (\(report.problems.joined(separator: "; ")))")
    }

    /// The result without the vertices on the contact that add nothing to its shape
    /// (`Simplification`): the points the boolean constructed, and the corners of one operand on the
    /// other's surface (where a chain of booleans has left the crossings of an earlier step, now
    /// inside a face). Vertices beyond the corefinement's are copies made where the result touches
    /// itself: they stay, and so does every vertex in the same place as one of them.
    private static func simplified(_ result: Mesh, _ core: Corefinement, tolerance: Double) -> Simplification {
        let touching = Set(result.vertices[min(core.vertices.count, result.vertices.count)...])
        var simplification = Simplification(result, tolerance: tolerance)
        simplification.simplify((0..<min(core.vertices.count, result.vertices.count)).filter {
            core.isOnContact(UInt32($0)) && !touching.contains(result.vertices[$0])
        })
        return simplification
    }

    /// The pieces a boolean keeps, each with the input triangle it came from.
    private struct KeptPieces {
        let core: Corefinement
        let operands: [Mesh]
        private(set) var triangles = [Triangle]()
        /// Per kept triangle: its operand, its piece there, and whether it is kept turned round.
        private(set) var origins = [(mesh: Int, piece: Int, flipped: Bool)]()

        init(_ core: Corefinement, _ operands: [Mesh]) {
            self.core = core
            self.operands = operands
            triangles.reserveCapacity(core.pieces[0].count + core.pieces[1].count)
            origins.reserveCapacity(triangles.capacity)
        }

        mutating func add(_ t: Triangle, piece i: Int, of m: Int, flipped: Bool = false) {
            triangles.append(t)
            origins.append((m, i, flipped))
        }

        /// Per kept triangle, the normal of the input triangle it came from (turned round where
        /// the piece is): the way its rounded corners must still face, or zero where the input
        /// triangle is too thin to have one (a sliver an earlier boolean left), which any piece of
        /// it satisfies. Only the rounding repair asks for them.
        func normals() -> [Vector3] {
            let tolerance = Tolerance.of(operands)
            return origins.map { m, i, flipped in
                let (p, q, r) = operands[m].corners(core.sources[m][i])
                let n = (q - p).cross(r - p)
                let longest = max((q - p).lengthSquared, (r - q).lengthSquared, (p - r).lengthSquared)
                guard n.lengthSquared > tolerance * tolerance * longest else { return Vector3(0, 0, 0) }
                return flipped ? n * -1 : n
            }
        }

        /// Without the pairs of triangles on the same three corners that face opposite ways: a sheet
        /// of no thickness in the exact result (where snapping folded an operand's thin flap onto
        /// itself, `case-10-432`), which a regularized boolean drops. Both triangles of a pair use
        /// each of their edges once each way, so the rest stays closed.
        mutating func droppingSheets() {
            // An open-addressing table of triangle indices by sorted corners: a triangle meeting an
            // earlier one on the same corners facing the other way drops both.
            let size = 1 << (Int.bitWidth - (2 * max(1, triangles.count)).leadingZeroBitCount)
            var table = [Int32](repeating: -1, count: size)
            var dropped = [Bool](repeating: false, count: triangles.count)
            for (i, t) in triangles.enumerated() {
                let lo = min(t.a, t.b, t.c), hi = max(t.a, t.b, t.c), mid = t.a ^ t.b ^ t.c ^ lo ^ hi
                var h = UInt64(lo) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(mid) &* 0xC2B2_AE3D_27D4_EB4F ^ UInt64(hi) &* 0x1656_67B1_9E37_79F9
                h ^= h >> 29
                var slot = Int(truncatingIfNeeded: h) & (size - 1)
                var paired = false
                while table[slot] >= 0 {
                    let j = Int(table[slot]), s = triangles[j]
                    // The same corners the other way round: s is t with two corners swapped.
                    if !dropped[j] && (s == Triangle(t.a, t.c, t.b, tag: s.tag) || s == Triangle(t.c, t.b, t.a, tag: s.tag)
                        || s == Triangle(t.b, t.a, t.c, tag: s.tag)) {
                        dropped[i] = true
                        dropped[j] = true
                        paired = true
                        break
                    }
                    slot = (slot + 1) & (size - 1)
                }
                if !paired { table[slot] = Int32(i) }
            }
            guard dropped.contains(true) else { return }
            let keep = triangles.indices.filter { !dropped[$0] }
            triangles = keep.map { triangles[$0] }
            origins = keep.map { origins[$0] }
        }
    }

    /// Whether every edge of the contact curve is used by the kept triangles as often in one
    /// direction as in the other (elsewhere the kept pieces are whole surfaces of closed operands).
    /// Only rounding that hides a sliver from the exact tests can make it fail.
    private static func closesUp(_ triangles: [Triangle], along curve: [Corefinement.Edge], vertexCount: Int) -> Bool {
        // The curve's edges in rows by their lower end (usually one or two per row), each with the
        // number of uses running up less those running down.
        var first = [Int32](repeating: 0, count: vertexCount + 1)
        for e in curve { first[Int(e.a) + 1] += 1 }
        for v in 0..<vertexCount { first[v + 1] += first[v] }
        var fill = first
        var upper = [UInt32](repeating: 0, count: curve.count)
        for e in curve {
            upper[Int(fill[Int(e.a)])] = e.b
            fill[Int(e.a)] += 1
        }
        var balance = [Int32](repeating: 0, count: curve.count)
        for t in triangles {
            for k in 0..<3 {
                let u = t[k], v = t[k == 2 ? 0 : k + 1]
                let (low, high) = u < v ? (u, v) : (v, u)
                for slot in Int(first[Int(low)])..<Int(first[Int(low) + 1]) where upper[slot] == high {
                    balance[slot] += u < v ? 1 : -1
                }
            }
        }
        return balance.allSatisfy { $0 == 0 }
    }

    /// The pieces the boolean keeps, by their exact sides (`Corefinement.sides`), coplanar pieces by
    /// the orientation rules, with where each came from. With degenerate contact, vertices where
    /// kept pieces only touch are duplicated; in general position the kept pieces must close up
    /// along every curve edge, which only a defect could break.
    private static func kept(_ core: Corefinement, _ operands: [Mesh], _ op: BooleanOperation) throws(GeometryError) -> (Mesh, KeptPieces) {
        // Some thousands of instructions a piece, with its exact predicates.
        let both = Parallel.both(sharing: Parallel.isWorthSharing(core.pieces[0].count + core.pieces[1].count, cost: 3000),
                                 { core.sides(of: 0, operands) }, { core.sides(of: 1, operands) })
        let sides = [both.0, both.1]
        var kept = KeptPieces(core, operands)
        for (i, t) in core.pieces[0].enumerated() {
            switch sides[0][i] {
            case .outside where op != .intersection, .inside where op == .intersection: kept.add(t, piece: i, of: 0)
            case .onSurface(let same) where same != (op == .difference): kept.add(t, piece: i, of: 0)
            default: break
            }
        }
        for (i, t) in core.pieces[1].enumerated() {
            switch (sides[1][i], op) {
            case (.outside, .union), (.inside, .intersection): kept.add(t, piece: i, of: 1)
            case (.inside, .difference): kept.add(t.flipped, piece: i, of: 1, flipped: true)
            default: break
            }
        }
        if core.degenerate { kept.droppingSheets() }
        let triangles = kept.triangles
        if core.degenerate {
            let directions = Corefinement.PieceDirections(core: core, operands: operands, origins: kept.origins.map { ($0.mesh, $0.piece) })
            return (try separatingContacts(vertices: core.vertices, triangles: triangles, directions: directions), kept)
        }
        guard closesUp(triangles, along: core.curveEdges, vertexCount: core.vertices.count) else {
            throw .degenerateContact("the pieces kept along a contact curve do not close up; the operands nearly touch there")
        }
        return (Mesh(vertices: core.vertices, triangles: triangles), kept)
    }

    /// The mesh without unreferenced vertices, indices renumbered in order of first use.
    func compacted() -> Mesh {
        var map = [UInt32](repeating: .max, count: vertices.count)
        var newVertices = [Vector3]()
        newVertices.reserveCapacity(min(vertices.count, 3 * triangles.count))
        var t = triangles
        // Over raw buffers: this runs on every boolean's result.
        map.withUnsafeMutableBufferPointer { map in
            vertices.withUnsafeBufferPointer { vertices in
                t.withUnsafeMutableBufferPointer { t in
                    for i in t.indices {
                        var triangle = t[i]
                        for k in 0..<3 {
                            let v = Int(triangle[k])
                            if map[v] == .max {
                                map[v] = UInt32(newVertices.count)
                                newVertices.append(vertices[v])
                            }
                            triangle[k] = map[v]
                        }
                        t[i] = triangle
                    }
                }
            }
        }
        return Mesh(vertices: newVertices, triangles: t)
    }
}
