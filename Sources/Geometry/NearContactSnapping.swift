/// Snapping, the first stage of a boolean whose operands nearly touch: features of one operand
/// within the tolerance (`Tolerance`) of the other's surface, but not on it. Two solids rotated
/// separately that were meant to share a face are the usual case: after rounding, the corners that
/// should lie in the other's face sit 1e-15 mm off it, and the faces cross at tiny angles over their
/// whole area. The exact contact is then a film of slivers, which no rounding of the result to
/// doubles can keep apart: two faces a rounding error apart stay two faces.
///
/// Snapping makes such near contact exact by editing both operands, each by at most the tolerance:
/// - a corner near a corner of the other operand takes that corner's coordinates;
/// - a corner near the inside of an edge or a face of the other operand first takes the
///   coordinates that the feature's corners share (a face in an axis-aligned plane, an edge along
///   an axis), so that it lies in that plane exactly and the face stays flat;
/// - a corner near the inside of an edge or a face of the other operand is inserted into it (a
///   corner exactly in the face's plane is in exact contact with it, which the corefinement
///   resolves, and so is a corner exactly on an edge; but in the region snapping edits, where
///   the corner or an end of the edge is active, it is inserted all the same, so that both
///   operands have it and their triangulations of the region can agree),
///   but not beside a triangle that already has a corner at that point: such an edge or face
///   passes that near only as a sliver of the same sheet, and a second corner there folds it; nor
///   where the operand has a vertex at that point already, one snapping put there or an input
///   corner that shares its position with no other (a second vertex there would make it touch
///   itself; input vertices may share a point, as the shells of an earlier result do);
/// - two edges passing within the tolerance of each other are both split at one new common point
///   (a crease of the other operand before its flat diagonals; not where either operand has a
///   vertex already, as above), unless both are diagonals
///   inside flat regions (between two coplanar triangles of one tag): then the one that is not
///   the Delaunay diagonal of its quad is flipped, since splitting would add diagonals that cross
///   again, and flipping either one could flip back and forth. Both
///   meshes then tend to the same (Delaunay) triangulation of the region they share. Edges exactly
///   in one plane are in exact contact, and are left alone. No flip makes a diagonal that crosses
///   a crease of the other operand: two creases through one quad would have its diagonal flip back
///   and forth;
/// - a crease of one operand through a flat region of the other, with both its ends corners of
///   that other operand already, is made an edge of it by flipping the diagonals it crosses
///   (`recoverCrease`), rather than split at each.
///
/// Where two shells of an operand touch along an edge (an earlier result, with its vertices
/// duplicated there), splitting that edge splits the other shell's too, at the same point. Each
/// round sees its own edits as it makes them.
///
/// A vertex is active if snapping edited it, or if it is an end of near contact: found before the
/// first round, or a crossing of two edges found since (where such a new end lies exactly on an
/// edge of the other operand, the crossing waits a round, for that corner to go in first). After
/// the first round, the corners a round's edits make active are snapped in that round. Left
/// to the corefinement outside that region, the corners exactly on edges cost nothing: the chained
/// cuts of a Menger sponge put thousands of them on the edges of its bars, whose fans of slivers
/// slowed every later query.
///
/// Each round looks only round what could have changed: the first round round the ends of the
/// near contact found before it, the later ones round what the round before edited or made
/// active. This repeats until nothing is near any more. Afterwards the near contact is exact
/// contact (shared corners, shared edges, identical coplanar triangles), which the exact
/// corefinement resolves, and the two faces that were a rounding error apart are one face. Each
/// operand stays a closed, oriented 2-manifold: only splits and flips change its triangles. Every
/// edit either inserts a vertex or flips a diagonal towards the Delaunay one, so the rounds end in
/// practice; they are bounded all the same (64 rounds, 32 rounds in a row of flips only, a cycle
/// of such rounds, and new vertices: one per input vertex plus 1,000, and after the first round at
/// most three times as many as it inserted, plus 100), and snapping that does not settle leaves
/// the operands as they were. So does snapping that made an operand cross itself (checked,
/// exactly, on the triangles it edited), and an operand that crossed itself round the near
/// contact before any edit. Why it gave up is thrown as a `GiveUp`.
struct NearContactSnapping {
    /// The operands, edited.
    let meshes: [Editable]
    /// The largest distance in mm a vertex or surface moves.
    let tolerance: Double
    /// How many rounds snapping took, the last of which found nothing to change.
    private(set) var rounds = 0
    /// How many more vertices may be inserted before snapping gives up.
    private var budget = 0
    /// Where a round looks: what the round before changed (in either operand) or found and left
    /// for later, or for the first round the triangles round the ends of the near contact that
    /// `markNearContact` found, indexed by their boxes; nil where a round looks everywhere
    /// (`lookingEverywhere`, or a first round whose triangles are not much fewer than the
    /// operands'). Elsewhere the operands are as the round before found them, with nothing near
    /// left, so a round costs a query of this small tree per vertex and edge, and queries of the
    /// operands only where the near contact left something to settle.
    private var focus: BoundingVolumeHierarchy?
    /// The changes `focus` indexes.
    private var changes = [Change]()
    /// Per operand, per triangle at the start of this round: whether its box comes within three
    /// tolerances (and the slack) of a triangle's box of the other operand, as `isInFocus` reaches
    /// round a change. Read only where a round's focus is not much smaller than an operand
    /// (`nearFocus`): found again for a later round only then, and for the first round the
    /// marking's; nil where every round looks everywhere (`lookingEverywhere`). Snapping edits
    /// only where the operands come within the tolerance of each other, so elsewhere such a round
    /// has nothing to find: a model cut by a box whose face lies along its mirror plane
    /// (Manifold's Cray_left minus a half box) has near contact at every corner on that plane, and
    /// the rest of the model is left out at a query each.
    private var nearOther: [[Bool]]?
    /// Near contact this round found and left for the next.
    private var pending = [Change]()
    /// This round's edges of operand 0 that pass near an edge of operand 1, in the order
    /// `splitCrossingEdges` met them, each with the first of its crossings: where that round
    /// changed nothing, `splitOneDiagonalCrossing` picks from these instead of finding them again.
    private var firstCrossings = [(u: UInt32, w: UInt32, crossing: Editable.EdgeCrossing)]()

    /// A part of an operand that an edit changed (a triangle an edit made, or one with a corner an
    /// edit moves, by at most the tolerance), or the box of near contact left for later.
    struct Change {
        let box: Bounds
        let corners: (Vector3, Vector3, Vector3)?
        /// The triangle's normal, not normalized, and its length.
        let normal: Vector3, normalLength: Double

        init(_ a: Vector3, _ b: Vector3, _ c: Vector3) {
            box = Bounds(a, b, c)
            corners = (a, b, c)
            normal = (b - a).cross(c - a)
            normalLength = normal.length
        }

        init(box: Bounds) {
            self.box = box
            corners = nil
            normal = Vector3(0, 0, 0)
            normalLength = 0
        }

        /// Whether segment `p q` comes within `reach` of this change.
        func isNear(_ p: Vector3, _ q: Vector3, within reach: Double) -> Bool {
            guard let t = corners else { return true }
            // Farther than `reach` from the triangle's plane, on one side, all along: most of what a
            // query of the focus meets is settled by this alone.
            let dp = normal.dot(p - t.0), dq = normal.dot(q - t.0), r = reach * normalLength
            if (dp > r && dq > r) || (dp < -r && dq < -r) { return false }
            return TriangleDistance.segment(p, q, isWithin: reach, of: t)
        }
    }

    /// How many rounds snapping has to settle before the operands as its first round left them
    /// are checked for crossing themselves.
    static let roundsBeforeTheFirstIsChecked = 4

    /// Why snapping left the operands as they were.
    enum GiveUp: Error, Equatable {
        /// The edits did not settle within 64 rounds, or 32 rounds in a row only flipped, or such
        /// rounds went round in a cycle.
        case unsettled
        /// More new vertices were needed than allowed (by default one per vertex of the operands,
        /// plus 1,000).
        case overBudget
        /// After the first round, more than three times as many new vertices as it inserted, plus
        /// 100: edges splitting each other where two surfaces run parallel a little farther apart
        /// than the tolerance.
        case cascading
        /// The edits made this operand (0 or 1) cross itself.
        case crossesItself(operand: Int)
        /// This operand (0 or 1) crossed itself where the operands nearly touch, before any edit.
        case operandCrossesItself(operand: Int)
    }

    /// Snaps `a` and `b` together, moving nothing by more than `tolerance` (by default
    /// `Tolerance.of([a, b])`), with at most `insertions` new vertices (by default one per
    /// vertex of the operands, plus 1,000), and after the first round at most `laterRounds.times`
    /// as many as it inserted, plus `laterRounds.plus`; throws why not (`GiveUp`).
    /// `lookingEverywhere`: every round looks at all of both operands, not only where the round
    /// before changed something, with their indexes rebuilt whole (the same edits, at a higher
    /// cost: the tests' oracle for `focus` and for `Editable.reindex()`).
    init(_ a: Mesh, _ b: Mesh, tolerance: Double? = nil, insertions: Int? = nil, laterRounds: (times: Int, plus: Int) = (3, 100),
         lookingEverywhere: Bool = false) throws(GiveUp) {
        self.tolerance = tolerance ?? Tolerance.of([a, b])
        meshes = [Editable(a, slack: self.tolerance, reindexingWhole: lookingEverywhere),
                  Editable(b, slack: self.tolerance, reindexingWhole: lookingEverywhere)]
        budget = insertions ?? (a.vertices.count + b.vertices.count) + 1000
        var idle = 0  // rounds in a row that only flipped
        var idleStates = Set<Int>()  // `state` after each of them
        var cascadeBound: Int?  // the budget left when the first round's bound applies
        var firstRound = [(mesh: Mesh, edited: Set<UInt32>)]()  // the operands as the first round left them
        // Snapping that made an operand cross itself is not used. That is checked when it settles,
        // and on the operands as the first round left them: where those edits alone leave an
        // operand crossing itself, it nearly touches itself there, and later rounds only creep on,
        // inserting vertices (Manifold's Havocglass8_left moved by 1e-9 mm: 29 more rounds,
        // crossing itself all along). Later rounds' edits may cross it for a while and settle
        // clean (hull-body moved by 1e-9 mm). A first round that inserted nothing (it only flipped
        // or moved corners) is checked only where snapping has not settled four rounds on (or
        // gives up before): most such snapping settles within a few rounds, and checking them
        // twice cost a small job a third of its snapping (turned_2). Nor are operands checked
        // twice as they are: a first round that inserted was, and where the round after it
        // changes nothing, snapping has settled on what was checked (Manifold's Offset3 and
        // Offset4: a twelfth of their union).
        var checkedAsTheyAre = false
        func refuseCrossing(_ operands: [(mesh: Mesh, edited: Set<UInt32>)]) throws(GiveUp) {
            for (k, (m, edited)) in operands.enumerated() where !edited.isEmpty {
                var isEdited = [Bool](repeating: false, count: m.vertices.count)
                for v in edited { isEdited[Int(v)] = true }
                let suspects = m.triangles.map { isEdited[Int($0.a)] || isEdited[Int($0.b)] || isEdited[Int($0.c)] }
                if m.selfIntersections(stoppingAtFirst: true, suspects: suspects).first != nil { throw .crossesItself(operand: k) }
            }
        }
        func giveUp(_ reason: GiveUp) throws(GiveUp) -> Never {
            try refuseCrossing(firstRound)
            throw reason
        }
        // The first round looks round the ends of the near contact, as later rounds look round
        // what the round before made active: elsewhere nothing is near until an edit there, which
        // is kept track of. (Looking everywhere, it made the marking's queries again over all of
        // both operands: a third of the snapping of hull-mask intersected with a sphere whose
        // meridian lies within 1e-14 mm of the model's mirror plane.) Where the ends are not much
        // fewer than the triangles, it looks everywhere, which costs less than the focus.
        markNearContact()
        changes = meshes[0].takeTouched() + meshes[1].takeTouched()
        if !lookingEverywhere && 16 * changes.count < a.triangles.count + b.triangles.count {
            focus = BoundingVolumeHierarchy(boxes: changes.map(\.box))
        }
        // An operand that crosses itself there is not snapped: the rounds would creep on along
        // the crossing, and the corefinement after them join its coincident points one exact
        // comparison at a time (Generic_Twin_7081's left half minus itself moved by 1e-6 mm: 17 s
        // before the boolean failed, refused after 6 s with this check). Checked where the first
        // round looks, not over the whole operand: elsewhere snapping edits nothing, and a
        // crossing there is the result's, which its own check finds. (A boolean's result is
        // known not to cross itself.)
        if lookingEverywhere { nearOther = nil }
        for (k, operand) in [a, b].enumerated() where !operand.isKnownValid {
            let region = nearFocus(k)
            if operand.selfIntersections(stoppingAtFirst: true, suspects: region).first != nil { throw .operandCrossesItself(operand: k) }
        }
        for round in 0..<64 {
            rounds = round + 1
            let before = budget
            meshes[0].reindex()
            meshes[1].reindex()
            if round > 0 { findNearOther(lookingEverywhere: lookingEverywhere) }  // the first round's are the marking's
            var changed = false
            // What earlier rounds made active is in this round's focus already.
            _ = (meshes[0].takeActivated(), meshes[1].takeActivated())
            changed = snapCorners(of: 1, onto: 0) || changed
            changed = snapCorners(of: 0, onto: 1) || changed
            if round > 0 { changed = snapActivatedCorners() || changed }
            changed = splitCrossingEdges() || changed
            if !changed { changed = splitOneDiagonalCrossing() }
            if budget < 0 { try giveUp(cascadeBound == nil ? .overBudget : .cascading) }
            if round == 0 { firstRound = meshes.map { ($0.mesh, $0.edited) } }
            if (!changed && !checkedAsTheyAre) || (round == 0 && budget < before) || round == Self.roundsBeforeTheFirstIsChecked - 1 {
                try refuseCrossing(changed ? firstRound : meshes.map { ($0.mesh, $0.edited) })
                firstRound.removeAll()
                checkedAsTheyAre = round == 0 || !changed
            } else {
                checkedAsTheyAre = checkedAsTheyAre && !changed
            }
            if !changed { return }
            // The first round inserts the corners and crossings that are near; the later ones settle
            // what those edits left near, a few times fewer. Where they go on inserting (edges
            // splitting each other where two surfaces run parallel a little farther apart than the
            // tolerance), the snapping is cascading: at most three times the first round more.
            if round == 0 && laterRounds.times * (before - budget) + laterRounds.plus < budget {
                budget = laterRounds.times * (before - budget) + laterRounds.plus
                cascadeBound = budget
            }
            idle = budget == before ? idle + 1 : 0
            if idle == 32 { try giveUp(.unsettled) }  // flipping back and forth
            changes = meshes[0].takeTouched() + meshes[1].takeTouched() + pending
            focus = lookingEverywhere ? nil : BoundingVolumeHierarchy(boxes: changes.map(\.box))
            pending.removeAll()
            // Rounds that insert nothing can only flip and move corners: where one leaves everything
            // the next round reads as an earlier one of the same run left it, the flips go round in
            // a cycle, and the rounds up to the bounds above would repeat it (Manifold's hull-body
            // minus itself moved by 1e-6 mm: rounds 44 to 63 flipped the same 8 diagonals back and
            // forth, 540 M instructions, a quarter of its boolean, before snapping gave up).
            if idle == 0 {
                idleStates.removeAll()
            } else if !idleStates.insert(state).inserted {
                try giveUp(.unsettled)
            }
        }
        try giveUp(.unsettled)
    }

    /// A hash of everything a round reads: both operands, the sets of vertices they keep track of
    /// (`Editable.setSizes`), the budget, and where the round looks.
    private var state: Int {
        var hasher = Hasher()
        for mesh in meshes {
            hasher.combine(mesh.vertices)
            hasher.combine(mesh.triangles)
            hasher.combine(mesh.setSizes)
        }
        hasher.combine(budget)
        for change in changes {
            hasher.combine(change.box.min)
            hasher.combine(change.box.max)
        }
        return hasher.finalize()
    }

    /// Whether segment `p q` (a vertex where `p` is `q`) comes within three times the tolerance of
    /// this round's focus: of a triangle an edit changed (twice the tolerance, and once more for
    /// a corner that moved), or of the box of near contact left for later. Measured to the
    /// triangles, not to their boxes: those of long, thin triangles span much of a model.
    private func isInFocus(_ p: Vector3, _ q: Vector3) -> Bool {
        guard let focus else { return true }
        let reach = 3 * tolerance
        return focus.overlapsAny(Bounds(p, q).expanded(by: reach)) { changes[$0].isNear(p, q, within: reach) }
    }

    /// Sets `nearOther` for the operands as they are (both indexes current), where a round looks
    /// at more than a focus much smaller than an operand.
    private mutating func findNearOther(lookingEverywhere: Bool) {
        let needed = !lookingEverywhere && meshes.contains { focus == nil || 16 * changes.count >= $0.triangles.count }
        nearOther = needed ? [meshes[0].trianglesNear(meshes[1], within: 3 * tolerance),
                              meshes[1].trianglesNear(meshes[0], within: 3 * tolerance)] : nil
    }

    /// Per triangle of operand `x`: whether its box (at the last `reindex()`, to within the slack)
    /// comes within `isInFocus`'s reach of this round's focus, which every triangle with an edge
    /// or a corner in the focus does. Where the focus is not much smaller than the operand (each of
    /// its triangles is a query of the index), the triangles near the other operand (`nearOther`),
    /// and nil in a round that looks everywhere (`lookingEverywhere`). A later
    /// round's focus is a few dozen triangles: found this way, the rest of a large operand costs
    /// a flag each, where testing each of its edges and corners against the focus took a tenth of
    /// such a round.
    private func nearFocus(_ x: Int) -> [Bool]? {
        guard focus != nil, 16 * changes.count < meshes[x].triangles.count else {
            // Triangles made since the round began lie where an edit was, near the other operand.
            return nearOther.map { $0[x] + [Bool](repeating: true, count: meshes[x].triangles.count - $0[x].count) }
        }
        var near = [Bool](repeating: false, count: meshes[x].triangles.count)
        let reach = 3 * tolerance
        for change in changes { meshes[x].forEachTriangle(near: change.box.expanded(by: reach)) { near[$0] = true } }
        return near
    }

    /// Marks the ends of the near contact between the operands as they are (a corner near a feature
    /// of the other, two edges passing near each other), so that the exact contact beside them
    /// (a corner exactly on an edge) is inserted too.
    ///
    /// Only a triangle whose box comes within the tolerance of a triangle's box of the other operand
    /// can have a corner or an edge near it: the rest of each operand (most of it where they cross
    /// rather than lie along each other) is left out at the cost of one query each (hull-mask
    /// intersected with a sphere: a sixth of the model's triangles are near the sphere's). Found
    /// within `nearOther`'s reach, they are the first round's `nearOther`.
    private mutating func markNearContact() {
        meshes[0].reindex()
        meshes[1].reindex()
        let near = [meshes[0].trianglesNear(meshes[1], within: 3 * tolerance), meshes[1].trianglesNear(meshes[0], within: 3 * tolerance)]
        nearOther = near
        for (x, y) in [(0, 1), (1, 0)] {
            // Corners of such triangles, and vertices of no triangle, which snapping looks at too.
            var isCandidate = meshes[x].unreferenced
            for (t, tri) in meshes[x].triangles.enumerated() where near[x][t] {
                for k in 0..<3 { isCandidate[Int(tri[k])] = true }
            }
            for v in meshes[x].vertices.indices where isCandidate[v] {
                if let f = meshes[y].nearestFeature(to: meshes[x].vertices[v], within: tolerance, cornerIsActive: false) {
                    meshes[x].activate([UInt32(v)])
                    meshes[y].activate(meshes[y].corners(of: f))
                }
            }
        }
        for (t, tri) in meshes[0].triangles.enumerated() where near[0][t] {
            for k in 0..<3 where tri[k] < tri[(k + 1) % 3] {
                let u = tri[k], w = tri[(k + 1) % 3]
                for c in meshes[1].edgeCrossings(meshes[0].vertices[Int(u)], meshes[0].vertices[Int(w)], within: tolerance) {
                    meshes[0].activate([u, w])
                    meshes[1].activate([c.a, c.b])
                }
            }
        }
    }

    /// Every corner of operand `x` near operand `y` made a corner of `y`. True if anything changed.
    private mutating func snapCorners(of x: Int, onto y: Int) -> Bool {
        var changed = false
        var v = 0
        // Only the corners of triangles near the focus can be in it (the operand gains no vertex
        // here, and only the corner being snapped moves).
        let candidate = nearFocus(x).map { near in
            var corner = meshes[x].unreferenced
            for (i, t) in meshes[x].triangles.enumerated() where near[i] {
                corner[Int(t.a)] = true
                corner[Int(t.b)] = true
                corner[Int(t.c)] = true
            }
            return corner
        }
        let count = meshes[x].vertices.count
        while v < count && budget >= 0 {
            if let candidate, !candidate[v] {
                v += 1
                continue
            }
            let p = meshes[x].vertices[v]
            guard isInFocus(p, p) else {
                v += 1
                continue
            }
            changed = snapCorner(v, of: x, onto: y) || changed
            v += 1
        }
        return changed
    }

    /// The corners that this round's edits made active, snapped in the same round, and those their
    /// edits make active in turn, until none is new. An insertion makes the corners round it
    /// active, and an active corner exactly on an edge of the other operand is inserted there
    /// too: left to the next round, where the focus finds them, that spread along a chain of
    /// exact contacts one step a round (hull-body minus itself moved by 1e-6 mm: rounds 10 to 41
    /// inserted one or two corners each, walking along an arc, before snapping cycled and gave
    /// up). Not in the first round, whose insertions set the later rounds' bound. True if
    /// anything changed.
    private mutating func snapActivatedCorners() -> Bool {
        var changed = false
        var fresh = (meshes[0].takeActivated(), meshes[1].takeActivated())
        while budget >= 0 && !(fresh.0.isEmpty && fresh.1.isEmpty) {
            for v in Set(fresh.1).sorted() where budget >= 0 { changed = snapCorner(Int(v), of: 1, onto: 0) || changed }
            for v in Set(fresh.0).sorted() where budget >= 0 { changed = snapCorner(Int(v), of: 0, onto: 1) || changed }
            fresh = (meshes[0].takeActivated(), meshes[1].takeActivated())
        }
        return changed
    }

    /// Corner `v` of operand `x` made a corner of `y`, if it is near `y`. True if anything changed.
    private mutating func snapCorner(_ v: Int, of x: Int, onto y: Int) -> Bool {
        let p = meshes[x].vertices[v]
        let feature = meshes[y].nearestFeature(to: p, within: tolerance, cornerIsActive: meshes[x].isActive(UInt32(v)))
        // The coordinates the feature's corners share (an edge or a face in an axis-aligned
        // plane, an edge along an axis) are taken first: the corner then lies in that plane
        // exactly, and whatever is inserted there later keeps the other operand's face flat.
        // (No farther than the tolerance, which the feature's distance bounds but for rounding.)
        let shared = feature.map { meshes[y].sharingCoordinates(of: $0, with: p) } ?? p
        let aligned = (shared - p).length <= tolerance ? shared : p
        switch feature {
        case .vertex(let w)? where !meshes[x].wouldTouchItself(at: meshes[y].vertices[Int(w)]):
            meshes[x].move(v, to: meshes[y].vertices[Int(w)])
            return true
        case .edge? where aligned != p, .face? where aligned != p:
            if meshes[x].wouldTouchItself(at: aligned) {
                pending.append(Change(box: Bounds(p, p)))
                return false
            }
            meshes[x].move(v, to: aligned)
            return true
        case .edge(let u, let w)? where !meshes[y].wouldTouchItself(at: p):
            _ = meshes[y].splitEdge(u, w, at: p)
            budget -= 1
            return true
        case .face(let t)? where !meshes[y].wouldTouchItself(at: p):
            meshes[y].splitFace(t, at: p)
            budget -= 1
            return true
        case .vertex?, .edge?, .face?:
            // Snapping has put a vertex of the operand that would be edited at that point
            // already, elsewhere on its surface: a second one would make it touch itself.
            pending.append(Change(box: Bounds(p, p)))
            return false
        case nil:
            return false
        }
    }

    /// Every pair of edges, one per operand, that pass within the tolerance of each other away from
    /// their ends, split at a common new point. All the crossings of the round are found on the
    /// operands as they are, then split, each edge at most once a round (the first of its
    /// crossings in the order found; the others wait for the next round). That order follows the
    /// triangles' ids, not the order the index visits them in, and no split changes what the
    /// others find: split as they were found, each on the operands as the splits before had left
    /// them, the outcome followed which crossing came first, and each rule tried for that (the
    /// first the index met, the nearest, the one on the lowest triangle) left a different few
    /// scenes unsettled (`case-2049-7236`). Split at all their crossings at once, edges near a
    /// corner of the other operand, a few tolerances from it, were cut into pieces as short, and
    /// the close copies refused about eight times as many. An edge that passes near a crease is split
    /// at a crease, and its crossings with flat diagonals wait (split at a diagonal first, the
    /// diagonals that split drew ran on to the crease and crossed the edge again, each nearer the
    /// crease, `case-2033-8891`). Where both edges are diagonals inside flat regions, the one that
    /// is not Delaunay is flipped instead: splitting both would add diagonals to opposite corners
    /// that cross again, without end. True if anything changed.
    private mutating func splitCrossingEdges() -> Bool {
        var changed = false
        var crossings = [Crossing]()
        firstCrossings.removeAll(keepingCapacity: true)
        // Only triangles near the focus can have an edge in it, and those a flip below changes.
        var near = nearFocus(0)
        var logged = meshes[0].flipLog.count
        for t in meshes[0].triangles.indices {  // flips replace triangles in place
            if let marks = near, !marks[t] { continue }
            defer {
                // The triangles this one's flips changed, looked at when their turn comes.
                if near != nil {
                    let log = meshes[0].flipLog
                    while logged < log.count {
                        near![log[logged]] = true
                        logged += 1
                    }
                }
            }
            for k in 0..<3 {
                let tri = meshes[0].triangles[t]
                let u = tri[k], w = tri[(k + 1) % 3]
                guard u < w else { continue }  // each edge once: the direction with the lower id first
                let p = meshes[0].vertices[Int(u)], q = meshes[0].vertices[Int(w)]
                guard isInFocus(p, q) else { continue }
                let found = meshes[1].edgeCrossings(p, q, within: tolerance)
                guard let first = found.first else { continue }
                firstCrossings.append((u, w, first))
                let flatX = meshes[0].isFlat(u, w, within: tolerance)
                var diagonals = [Editable.EdgeCrossing]()
                var splitsEdge = false
                var recovered = false
                for c in found {
                    if waitsForCorner(u, w, c) {
                        changed = true
                        continue
                    }
                    if flatX && c.isFlat {
                        diagonals.append(c)
                    } else if !flatX && c.isFlat && recoverCrease(p, q, of: 0, in: 1) {
                        recovered = true
                        break
                    } else if flatX && !c.isFlat
                                && recoverCrease(meshes[1].vertices[Int(c.a)], meshes[1].vertices[Int(c.b)], of: 1, in: 0) {
                        recovered = true
                        break
                    } else {
                        if isNearAMadeEnd(c.point, u, w, c.a, c.b) { continue }
                        crossings.append(Crossing(u: u, w: w, r: c.a, s: c.b, point: c.point))
                        splitsEdge = true
                    }
                }
                // The crossings found before are split or wait as usual; the rest of this edge's are
                // found again in the next round, on the flipped triangles.
                if recovered {
                    changed = true
                    break
                }
                // Two diagonals of flat regions: the one that is not Delaunay gives way, so the two
                // triangulations converge instead of flipping back and forth. If it cannot flip,
                // other flips may make it able to; only when nothing else moves is the crossing
                // split (`splitOneDiagonalCrossing`).
                if !splitsEdge, let c = diagonals.first {
                    if flipEither(u, w, c.a, c.b) {
                        changed = true
                        break
                    }
                    pending.append(Change(box: Bounds(p, q)))
                }
            }
        }
        return split(crossings) || changed
    }

    /// Whether crossing point `x` of edge `u w` of operand 0 and edge `r s` of operand 1 lies within
    /// `Tolerance.snappedVertexReach` tolerances of an end of either that snapping inserted. Split
    /// there, the new vertex would be that near one an earlier split made, and its edges would
    /// cross the other operand's again, a little nearer each round: such a crossing is left to
    /// the corefinement, which keeps it exact, and to the rounding repair.
    private func isNearAMadeEnd(_ x: Vector3, _ u: UInt32, _ w: UInt32, _ r: UInt32, _ s: UInt32) -> Bool {
        let reach = Tolerance.snappedVertexReach * tolerance
        for v in [u, w] where Int(v) >= meshes[0].inputVertexCount && (meshes[0].vertices[Int(v)] - x).length <= reach { return true }
        for v in [r, s] where Int(v) >= meshes[1].inputVertexCount && (meshes[1].vertices[Int(v)] - x).length <= reach { return true }
        return false
    }

    /// A crossing of edge `u w` of operand 0 and edge `r s` of operand 1 at `point`.
    private struct Crossing {
        let u, w, r, s: UInt32
        let point: Vector3
    }

    /// Marks the ends of crossing `c` of edge `u w` as near contact; true if one that was not
    /// active before lies exactly on an edge of the other operand: that corner is inserted first,
    /// in the next round (split before it, the crossings crept towards it, a third nearer each
    /// time, `case-2033-3241`).
    private mutating func waitsForCorner(_ u: UInt32, _ w: UInt32, _ c: Editable.EdgeCrossing) -> Bool {
        let newU = meshes[0].activate([u, w]), newR = meshes[1].activate([c.a, c.b])
        return newU.contains(where: { meshes[1].hasEdge(through: meshes[0].vertices[Int($0)]) })
            || newR.contains(where: { meshes[0].hasEdge(through: meshes[1].vertices[Int($0)]) })
    }

    /// Flips diagonal `u w` of operand 0 or `r s` of operand 1, whichever is not Delaunay and can
    /// flip without crossing a crease of the other; true if one did.
    private mutating func flipEither(_ u: UInt32, _ w: UInt32, _ r: UInt32, _ s: UInt32) -> Bool {
        let giveX = !meshes[0].isDelaunay(u, w) && !crossesCrease(flipping: u, w, in: 0, of: 1)
        let giveY = !meshes[1].isDelaunay(r, s) && !crossesCrease(flipping: r, s, in: 1, of: 0)
        return (giveX && meshes[0].flip(u, w, within: tolerance)) || (giveY && meshes[1].flip(r, s, within: tolerance))
    }

    /// Splits both edges of each crossing at its point, in the order found, each edge once: a
    /// crossing of an edge that was split, flipped or removed this round waits for the next, and
    /// so does one at a point where snapping already put a vertex (the operand would have two
    /// vertices at one point, touching itself, `case-99-261`). True if anything was split.
    private mutating func split(_ crossings: [Crossing]) -> Bool {
        var split = false
        for c in crossings {
            guard meshes[0].contains(edge: c.u, c.w) && meshes[1].contains(edge: c.r, c.s),
                  !meshes[0].wouldTouchItself(at: c.point) && !meshes[1].wouldTouchItself(at: c.point) else {
                pending.append(Change(box: Bounds(c.point, c.point)))
                continue
            }
            _ = meshes[0].splitEdge(c.u, c.w, at: c.point)
            _ = meshes[1].splitEdge(c.r, c.s, at: c.point)
            budget -= 2
            split = true
        }
        return split
    }

    /// Where nothing else moves: the first crossing of two edges that could not flip is split after
    /// all, one, so that flips can go on from there. (Such a crossing lies in this round's focus:
    /// one left unresolved is looked at again in the next round.) The crossings are the ones
    /// `splitCrossingEdges` found this round, which changed nothing. True if anything changed.
    private mutating func splitOneDiagonalCrossing() -> Bool {
        for (u, w, c) in firstCrossings {
            if waitsForCorner(u, w, c) { return true }
            if meshes[0].isFlat(u, w, within: tolerance) && c.isFlat && flipEither(u, w, c.a, c.b) { return true }
            if meshes[0].wouldTouchItself(at: c.point) || meshes[1].wouldTouchItself(at: c.point) { continue }
            if isNearAMadeEnd(c.point, u, w, c.a, c.b) { continue }
            _ = meshes[0].splitEdge(u, w, at: c.point)
            _ = meshes[1].splitEdge(c.a, c.b, at: c.point)
            budget -= 2
            return true
        }
        return false
    }

    /// Makes segment `p q`, a crease of operand `x` whose ends are both corners of operand `y`, an
    /// edge of `y` too, where it runs through a flat region of `y`: the diagonals of `y` that it
    /// crosses are flipped (Sloan's recovery of a constrained edge), each while it is flat, none to
    /// a diagonal that crosses another crease of `x`. Split at each crossing instead, the crease and
    /// the region's diagonals made new diagonals that crossed it again, each split nearer the
    /// crease's end, until snapping gave up as cascading after some 30 rounds (`case-2059-2301`).
    /// Only where every edge of `y` that `p q` passes near is a flat diagonal; true if anything
    /// flipped.
    private mutating func recoverCrease(_ p: Vector3, _ q: Vector3, of x: Int, in y: Int) -> Bool {
        guard meshes[y].hasVertex(at: p), meshes[y].hasVertex(at: q) else { return false }
        let crossings = meshes[y].edgeCrossings(p, q, within: tolerance)
        guard !crossings.isEmpty, crossings.allSatisfy(\.isFlat) else { return false }
        var queue = crossings.map { ($0.a, $0.b) }
        // Each flip either removes a crossing or makes another that a later flip removes (Sloan,
        // 1993); a crossing that cannot flip yet goes to the back, until a whole pass over those
        // waiting flips nothing (a quad that is not convex, or a flip onto another crease). Bounded
        // all the same.
        let bound = 4 * queue.count * queue.count + 16
        // Only `y` changes here: `x`'s creases are looked up on it as it is.
        let other = meshes[x], tolerance = tolerance
        var flipped = false
        var next = 0, waitingSinceFlip = 0
        while next < queue.count && next < bound && waitingSinceFlip < queue.count - next {
            let (a, b) = queue[next]
            next += 1
            guard meshes[y].contains(edge: a, b), let (w1, w2) = meshes[y].otherDiagonal(a, b) else { continue }
            // Flat at the start, a crossing may not be any more: flips elsewhere change its quad.
            guard meshes[y].isFlat(a, b, within: tolerance) else {
                queue.append((a, b))
                waitingSinceFlip += 1
                continue
            }
            let r = meshes[y].vertices[Int(w1)], s = meshes[y].vertices[Int(w2)]
            guard meshes[y].flip(a, b, within: tolerance, unless: { other.crease(crossedBy: $0, $1, within: tolerance, except: (p, q)) }) else {
                queue.append((a, b))
                waitingSinceFlip += 1
                continue
            }
            flipped = true
            waitingSinceFlip = 0
            if Editable.nearestPoints(p, q, r, s, within: tolerance) != nil { queue.append((min(w1, w2), max(w1, w2))) }
        }
        return flipped
    }

    /// Whether flipping edge `u v` of operand `x` would give a diagonal that crosses a crease of operand `y`.
    private func crossesCrease(flipping u: UInt32, _ v: UInt32, in x: Int, of y: Int) -> Bool {
        guard let (w1, w2) = meshes[x].otherDiagonal(u, v) else { return false }
        return meshes[y].crease(crossedBy: meshes[x].vertices[Int(w1)], meshes[x].vertices[Int(w2)], within: tolerance)
    }

    /// An indexed mesh being refined by splits and flips, with the triangles on each edge and a BVH
    /// over the triangles, brought up to date at the start of a round where an edit changed the
    /// mesh. A class:
    /// the rounds read one operand while they edit the other, and a struct read out of `meshes` was
    /// copied, all its arrays and indexes retained, at each of those reads.
    final class Editable {
        private(set) var vertices: [Vector3]
        private(set) var triangles: [Mesh.Triangle]
        /// The triangles on each edge.
        private var onEdge: EdgeTriangles
        /// Whether the triangles are as they were at the last `reindex()`.
        private var isIndexCurrent = false
        // The index: read by every query (some hundred thousand in a boolean of large operands),
        // written only by `reindex()` and the edits, never while a query runs. Its reads skip the
        // runtime's exclusivity check, a few dozen instructions each.
        /// The triangles' boxes as they were when it was last built whole (`reindex()`).
        @exclusivity(unchecked) private var tree: BoundingVolumeHierarchy
        /// The triangles edits changed (split, flipped, a corner moved) since `tree` was built, or
        /// that were made since, in a tree of their own (`reindex()`): `changedTree`'s boxes are
        /// those of triangles `changed` at the last `reindex()`.
        @exclusivity(unchecked) private var changedTree: BoundingVolumeHierarchy
        @exclusivity(unchecked) private var changed: [Int] = []
        /// Per triangle at the last `reindex()`: whether it is in `changed` (its box in `tree`, if
        /// it has one, is stale).
        @exclusivity(unchecked) private var inChanged: [Bool] = []
        /// The triangles changed or made since the last `reindex()`, and per triangle whether it is one.
        private var changing: [Int] = []
        private var isChanging: [Bool] = []
        /// The triangles whose `splitSince` or `flippedSince` is not empty.
        private var withPieces: [Int] = []
        /// How many triangles there were at the last `reindex()`.
        private var indexedCount = 0
        /// Whether `reindex()` always builds `tree` whole (the tests' oracle).
        private let reindexingWhole: Bool
        /// For each triangle, the triangles of the last `reindex()` whose boxes together hold it (to
        /// within the slack), its *anchors*: itself, or the one it was split from (`indexedAs`),
        /// and those a flip spread it or what it was split from over since (`moreAnchors`, in
        /// increasing order).
        private var indexedAs: [Int] = []
        private var moreAnchors: [Int: [Int]] = [:]
        /// For each triangle of the last `reindex()`, the pieces split since from a triangle it
        /// anchors, and the triangles a flip spread over it since.
        @exclusivity(unchecked) private var splitSince: [[Int]] = []
        @exclusivity(unchecked) private var flippedSince: [[Int]] = []
        private let slack: Double
        /// How many vertices the operand had: those after them snapping inserted.
        let inputVertexCount: Int
        /// The vertices that moved or were inserted, and the corners of every triangle a split or a
        /// flip made: only a triangle with one of them is not a triangle of the input.
        private(set) var edited = Set<UInt32>()
        /// The vertices at the ends of near contact found before the first round or since.
        private var nearContactEnds = Set<UInt32>()
        /// The vertices that became active (edited, or ends of near contact) since
        /// `takeActivated()`, in the order they did.
        private var activated = [UInt32]()
        /// The triangles edits changed (split, flipped, with a corner moved or newly
        /// active) since `takeTouched()`.
        private var touched = [Change]()
        /// The triangles flips replaced since the last `reindex()`, by index.
        private(set) var flipLog = [Int]()
        /// The input vertices that are a corner of no triangle (edits never leave one so).
        private let unusedInputVertices: [Int]
        /// `nearestFeature`'s lists of triangles, kept between its calls (a few entries each, but
        /// a pair of arrays made and freed per call cost a small boolean's snapping a tenth of
        /// its allocations).
        private var nearScratch = [Int](), besideScratch = [Int]()

        /// The vertices that became active since the last call, in the order they did.
        func takeActivated() -> [UInt32] {
            defer { activated.removeAll() }
            return activated
        }

        /// Marks `v` as edited.
        private func markEdited(_ v: UInt32) {
            if edited.insert(v).inserted && !nearContactEnds.contains(v) { activated.append(v) }
        }

        /// What changed since the last call.
        func takeTouched() -> [Change] {
            defer { touched.removeAll() }
            return touched
        }

        /// Records the triangles with corner `v` as changed (found by their boxes at the last
        /// `reindex()`, and the splits and flips since), as they are before it moves (by at most the
        /// tolerance, which `isInFocus` allows for), in the order of their indices.
        private func touch(around v: UInt32) {
            touch(triangles(around: v))
        }

        private func touch(_ around: [Int]) {
            for i in around {
                let t = triangles[i]
                touched.append(Change(vertices[Int(t.a)], vertices[Int(t.b)], vertices[Int(t.c)]))
            }
        }

        /// The triangles with corner `v`, in increasing order.
        private func triangles(around v: UInt32) -> [Int] {
            var around = [Int]()
            forEachTriangle(near: Bounds(vertices[Int(v)], vertices[Int(v)])) { i in
                let t = triangles[i]
                if t.a == v || t.b == v || t.c == v { around.append(i) }
            }
            around.sort()
            var last = -1
            return around.filter { i in
                defer { last = i }
                return i != last
            }
        }

        /// Notes that triangle `i` changed (or was made) since the last `reindex()`.
        private func markChanged(_ i: Int) {
            isIndexCurrent = false
            while isChanging.count <= i { isChanging.append(false) }
            guard !isChanging[i] else { return }
            isChanging[i] = true
            changing.append(i)
        }

        /// Per vertex: whether it is a corner of no triangle.
        var unreferenced: [Bool] {
            var unused = [Bool](repeating: false, count: vertices.count)
            for v in unusedInputVertices { unused[v] = true }
            return unused
        }

        /// Per triangle: whether its box comes within `tolerance` of the box of a triangle of `other`
        /// (to within the slack), which has just been reindexed: whether `other.forEachTriangle`
        /// finds any there, stopping at the first.
        func trianglesNear(_ other: Editable, within tolerance: Double) -> [Bool] {
            assert(other.isIndexCurrent)
            return triangles.map { t in
                let query = Bounds(vertices[Int(t.a)], vertices[Int(t.b)], vertices[Int(t.c)]).expanded(by: tolerance + other.slack)
                return other.tree.overlapsAny(query) { !other.inChanged[$0] } || other.changedTree.overlapsAny(query)
            }
        }

        /// Whether vertex `v` is in the region snapping edits: edited, or an end of near contact.
        func isActive(_ v: UInt32) -> Bool { edited.contains(v) || nearContactEnds.contains(v) }

        /// The sizes of the sets that edits only grow (edited, active and moved vertices) or only
        /// shrink (lone positions): sets of equal size are equal.
        var setSizes: [Int] { [edited.count, nearContactEnds.count, madeIDs.count, loneCount] }

        /// Marks `vs` as ends of near contact; returns those that were not active before.
        @discardableResult func activate(_ vs: [UInt32]) -> [UInt32] {
            var new = [UInt32]()
            for v in vs where !isActive(v) {
                nearContactEnds.insert(v)
                activated.append(v)
                new.append(v)
                touch(around: v)
            }
            return new
        }

        /// Whether a vertex of this mesh lies at `p`.
        func hasVertex(at p: Vector3) -> Bool {
            var found = false
            forEachTriangle(near: Bounds(p, p)) { i in
                let t = triangles[i]
                if !found && (vertices[Int(t.a)] == p || vertices[Int(t.b)] == p || vertices[Int(t.c)] == p) { found = true }
            }
            return found
        }

        /// Whether `p` lies exactly on an edge of this mesh, away from its ends.
        func hasEdge(through p: Vector3) -> Bool {
            var found = false
            forEachTriangle(near: Bounds(p, p)) { i in
                let t = triangles[i]
                for k in 0..<3 where !found {
                    let a = vertices[Int(t[k])], b = vertices[Int(t[(k + 1) % 3])]
                    if a != p && b != p && Bounds(a, b).contains(p) && Self.isOnLine(p, a, b) { found = true }
                }
            }
            return found
        }

        /// The corners of `feature`.
        func corners(of feature: Feature) -> [UInt32] {
            switch feature {
            case .vertex(let v): [v]
            case .edge(let u, let v): [u, v]
            case .face(let i): [triangles[i].a, triangles[i].b, triangles[i].c]
            }
        }

        enum Feature {
            case vertex(UInt32)
            case edge(UInt32, UInt32)
            case face(Int)
        }

        /// The vertices snapping inserted or moved, and how many of them sit at each position.
        private var madeIDs = Set<UInt32>()
        private var made: [Vector3: Int] = [:]
        /// The input vertices in the order of their positions (ties by id), and per input vertex
        /// whether it shares its position with no other vertex and has not moved; how many do.
        /// (A set of those positions cost a snapping of 9,000 triangles a twentieth of its time
        /// to build, for the few lookups its insertions make.)
        private let inputPositions: [Vector3]
        private let byPosition: [Int]
        private var isLone: [Bool]
        private var loneCount = 0

        /// For each vertex that shares its position with others (where shells of an earlier result
        /// touch), those others.
        private var twins: [UInt32: [UInt32]] = [:]

        init(_ m: Mesh, slack: Double, reindexingWhole: Bool = false) {
            vertices = m.vertices
            triangles = m.triangles
            onEdge = EdgeTriangles(edges: 3 * m.triangles.count / 2)
            tree = BoundingVolumeHierarchy(boxes: [])
            changedTree = tree
            self.reindexingWhole = reindexingWhole
            self.slack = 2 * slack
            inputVertexCount = m.vertices.count
            // The vertices grouped by position: sorted, each run one position.
            let order = m.vertices.indices.sorted { i, j in
                let p = m.vertices[i], q = m.vertices[j]
                return (p.x, p.y, p.z, i) < (q.x, q.y, q.z, j)
            }
            inputPositions = m.vertices
            byPosition = order
            isLone = [Bool](repeating: false, count: m.vertices.count)
            var used = [Bool](repeating: false, count: m.vertices.count)
            for t in m.triangles {
                used[Int(t.a)] = true
                used[Int(t.b)] = true
                used[Int(t.c)] = true
            }
            unusedInputVertices = used.indices.filter { !used[$0] }
            for (i, t) in m.triangles.enumerated() { add(i, t) }
            // Edits before the first `reindex()` are kept track of too (the tree finds nothing yet).
            indexedAs = Array(m.triangles.indices)
            indexedCount = m.triangles.count
            splitSince = [[Int]](repeating: [], count: m.triangles.count)
            flippedSince = splitSince
            // Each run of one position: a lone vertex, or twins.
            var start = 0
            while start < order.count {
                let p = m.vertices[order[start]]
                var end = start + 1
                while end < order.count && m.vertices[order[end]] == p { end += 1 }
                if end - start == 1 {
                    isLone[order[start]] = true
                    loneCount += 1
                } else {
                    let group = order[start..<end].map { UInt32($0) }
                    for v in group { twins[v] = group.filter { $0 != v } }
                }
                start = end
            }
        }

        var mesh: Mesh { Mesh(vertices: vertices, triangles: triangles) }

        private func add(_ i: Int, _ t: Mesh.Triangle) {
            for k in 0..<3 { onEdge.add(i, on: EdgeTriangles.key(t[k], t[(k + 1) % 3])) }
        }

        private func remove(_ i: Int) {
            let t = triangles[i]
            for k in 0..<3 { onEdge.remove(i, on: EdgeTriangles.key(t[k], t[(k + 1) % 3])) }
        }

        /// Triangle `i` replaced by `pieces` (which cover it).
        private func replace(_ i: Int, with pieces: [Mesh.Triangle]) {
            markChanged(i)
            for piece in pieces { touched.append(Change(vertices[Int(piece.a)], vertices[Int(piece.b)], vertices[Int(piece.c)])) }
            remove(i)
            for piece in pieces {
                markEdited(piece.a)
                markEdited(piece.b)
                markEdited(piece.c)
            }
            triangles[i] = pieces[0]
            add(i, pieces[0])
            let anchors = anchors(of: i)
            for piece in pieces.dropFirst() {
                let j = triangles.count
                triangles.append(piece)
                add(j, piece)
                markChanged(j)
                indexedAs.append(indexedAs[i])
                if anchors.count > 1 { moreAnchors[j] = Array(anchors.dropFirst()) }
                for k in anchors { anchor(j, at: k, split: true) }
            }
        }

        /// The anchors of triangle `i`: `indexedAs[i]` first, then the others in increasing order.
        private func anchors(of i: Int) -> [Int] { [indexedAs[i]] + (moreAnchors[i] ?? []) }

        /// Makes `k` (a triangle of the last `reindex()`) an anchor of triangle `j`, a piece split
        /// from a triangle `k` anchors or (`split` false) a triangle a flip spread over it.
        private func anchor(_ j: Int, at k: Int, split: Bool) {
            if splitSince[k].isEmpty && flippedSince[k].isEmpty { withPieces.append(k) }
            if split { splitSince[k].append(j) } else { flippedSince[k].append(j) }
        }

        /// Moves vertex `v` to `p` (by at most the tolerance: a corner snapped onto a corner).
        func move(_ v: Int, to p: Vector3) {
            let around = triangles(around: UInt32(v))
            touch(around)
            for i in around { markChanged(i) }
            isIndexCurrent = false
            if !madeIDs.insert(UInt32(v)).inserted {
                made[vertices[v], default: 1] -= 1
            } else if isLone[v] {
                isLone[v] = false
                loneCount -= 1
            }
            made[p, default: 0] += 1
            vertices[v] = p
            markEdited(UInt32(v))
        }

        /// Splits edge `u v` (and both triangles on it) at a new vertex at `p`; returns its id. Where
        /// shells touch along that edge (another edge has ends at the same positions), it is split at
        /// `p` too, at a vertex of its own: moved off the line alone, either shell would cross the
        /// other (`case-2028-9851`, two boxes of an earlier union that touch along an edge).
        func splitEdge(_ u: UInt32, _ v: UInt32, at p: Vector3) -> UInt32 {
            let x = splitOneEdge(u, v, at: p)
            guard twins[u] != nil || twins[v] != nil else { return x }
            var copies = [x]
            for u2 in [u] + (twins[u] ?? []) where vertices[Int(u2)] == vertices[Int(u)] {
                for v2 in [v] + (twins[v] ?? []) where vertices[Int(v2)] == vertices[Int(v)] && (u2, v2) != (u, v) {
                    if onEdge.count(on: EdgeTriangles.key(u2, v2)) > 0 { copies.append(splitOneEdge(u2, v2, at: p)) }
                }
            }
            if copies.count > 1 {
                for c in copies { twins[c] = copies.filter { $0 != c } }
            }
            return x
        }

        private func splitOneEdge(_ u: UInt32, _ v: UInt32, at p: Vector3) -> UInt32 {
            let x = UInt32(vertices.count)
            vertices.append(p)
            madeIDs.insert(x)
            made[p, default: 0] += 1
            for i in onEdge.triangles(on: EdgeTriangles.key(u, v)) {
                let t = triangles[i]
                guard let k = (0..<3).first(where: { EdgeTriangles.key(t[$0], t[($0 + 1) % 3]) == EdgeTriangles.key(u, v) }) else { continue }
                let (s, e, w) = (t[k], t[(k + 1) % 3], t[(k + 2) % 3])
                replace(i, with: [Mesh.Triangle(s, x, w, tag: t.tag), Mesh.Triangle(x, e, w, tag: t.tag)])
            }
            return x
        }

        /// Whether another vertex at `p` would make the operand touch itself: a vertex that snapping
        /// inserted or moved sits there, or an input vertex that shares its position with no other
        /// (a corner of the other operand exactly on it is in exact contact; inserted into an edge
        /// of this operand that passes near, it gave this one a second vertex there, and two of its
        /// edges with the same ends crossed the other's face as two points, `case-43-394`). Input
        /// vertices may share a position: shells of an earlier result that touch there, each of
        /// which may need the corner.
        func wouldTouchItself(at p: Vector3) -> Bool { (made[p] ?? 0) > 0 || isLonePosition(p) }

        /// Whether an input vertex that shares its position with no other and has not moved is at
        /// `p` (a binary search of `byPosition`).
        private func isLonePosition(_ p: Vector3) -> Bool {
            var (low, high) = (0, byPosition.count)
            while low < high {
                let middle = (low + high) / 2, q = inputPositions[byPosition[middle]]
                if (q.x, q.y, q.z) < (p.x, p.y, p.z) { low = middle + 1 } else { high = middle }
            }
            return low < byPosition.count && inputPositions[byPosition[low]] == p && isLone[byPosition[low]]
        }

        /// Whether the two triangles on edge `u v` lie in one plane, up to `tolerance`, and carry one tag.
        func isFlat(_ u: UInt32, _ v: UInt32, within tolerance: Double) -> Bool {
            guard let pair = onEdge.pair(on: EdgeTriangles.key(u, v)) else { return false }
            let t = triangles[pair.0], o = triangles[pair.1]
            guard t.tag == o.tag else { return false }
            let a = vertices[Int(t.a)], n = (vertices[Int(t.b)] - a).cross(vertices[Int(t.c)] - a)
            let far = vertices[Int(Self.opposite(o, u, v))]
            return abs(n.dot(far - a)) <= tolerance * n.length
        }

        /// The corner of `t` that is not `u` or `v`.
        private static func opposite(_ t: Mesh.Triangle, _ u: UInt32, _ v: UInt32) -> UInt32 {
            t.a != u && t.a != v ? t.a : (t.b != u && t.b != v ? t.b : t.c)
        }

        /// Whether edge `u v`, inside its quad of two triangles, is the Delaunay diagonal: the angles
        /// facing it sum to at most π (or, within rounding of a tie, it holds the smaller corner).
        /// Decided from the four positions alone, in one canonical order, so two meshes with the
        /// same quad agree whichever diagonal each has.
        func isDelaunay(_ u: UInt32, _ v: UInt32) -> Bool {
            guard let pair = onEdge.pair(on: EdgeTriangles.key(u, v)) else { return true }
            let w1 = Self.opposite(triangles[pair.0], u, v), w2 = Self.opposite(triangles[pair.1], u, v)
            func ordered(_ x: UInt32, _ y: UInt32) -> (Vector3, Vector3) {
                let p = vertices[Int(x)], q = vertices[Int(y)]
                return Self.precedes(p, q) ? (p, q) : (q, p)
            }
            let mine = ordered(u, v), other = ordered(w1, w2)
            // The diagonal holding the smallest corner is measured; the other is its complement.
            let first = Self.precedes(mine.0, other.0)
            let (d, f) = first ? (mine, other) : (other, mine)
            func cotangent(_ x: Vector3) -> Double {
                let a = d.0 - x, b = d.1 - x
                return a.dot(b) / a.cross(b).length
            }
            let sum = cotangent(f.0) + cotangent(f.1)  // >= 0: diagonal d is Delaunay
            return (sum >= 0) == first
        }

        /// Lexicographic order of positions.
        private static func precedes(_ p: Vector3, _ q: Vector3) -> Bool {
            (p.x, p.y, p.z) < (q.x, q.y, q.z)
        }

        /// Replaces edge `u v` by the other diagonal of its two triangles, if they form a strictly
        /// convex quad (seen along their normal) whose other two corners are farther than `tolerance`
        /// from the new diagonal, and `refused` does not hold for the new diagonal's ends; false,
        /// changing nothing, otherwise.
        func flip(_ u: UInt32, _ v: UInt32, within tolerance: Double,
                  unless refused: (Vector3, Vector3) -> Bool = { _, _ in false }) -> Bool {
            guard let pair = onEdge.pair(on: EdgeTriangles.key(u, v)) else { return false }
            // i runs s -> e, j runs e -> s; w1 and w2 are their far corners.
            let i = pair.0, j = pair.1, t = triangles[i]
            let k = (0..<3).first { EdgeTriangles.key(t[$0], t[($0 + 1) % 3]) == EdgeTriangles.key(u, v) }!
            let s = t[k], e = t[(k + 1) % 3], w1 = t[(k + 2) % 3], w2 = Self.opposite(triangles[j], u, v)
            guard w1 != w2, onEdge.count(on: EdgeTriangles.key(w1, w2)) == 0 else { return false }
            // Neither old end may come within the tolerance of the new diagonal: that would be a
            // sliver, a near contact again.
            let q1 = vertices[Int(w1)], d = vertices[Int(w2)] - q1
            for end in [s, e] where (vertices[Int(end)] - q1).cross(d).length <= tolerance * d.length { return false }
            let a = vertices[Int(s)], n = (vertices[Int(e)] - a).cross(vertices[Int(w1)] - a)
            let axis = abs(n.x) >= abs(n.y) && abs(n.x) >= abs(n.z) ? 0 : (abs(n.y) >= abs(n.z) ? 1 : 2)
            func flat(_ id: UInt32) -> Vector2 {
                let q = Predicates.project(vertices[Int(id)], axis)
                return n[axis] < 0 ? Vector2(q.y, q.x) : q
            }
            // Counter-clockwise round the quad: s, w2, e, w1. Both new triangles must turn left.
            let (ps, pe, p1, p2) = (flat(s), flat(e), flat(w1), flat(w2))
            guard Predicates.orient2d(ps, p2, p1) > 0, Predicates.orient2d(p2, pe, p1) > 0,
                  !refused(vertices[Int(w1)], vertices[Int(w2)]) else { return false }
            let tag = t.tag
            markChanged(i)
            markChanged(j)
            remove(i)
            remove(j)
            for v in [s, e, w1, w2] { markEdited(v) }
            triangles[i] = Mesh.Triangle(s, w2, w1, tag: tag)
            triangles[j] = Mesh.Triangle(w2, e, w1, tag: tag)
            touched.append(Change(vertices[Int(s)], vertices[Int(w2)], vertices[Int(w1)]))
            touched.append(Change(vertices[Int(w2)], vertices[Int(e)], vertices[Int(w1)]))
            flipLog += [i, j]
            // Each new triangle spreads over the quad: the other's anchors hold part of it.
            let (anchorsI, anchorsJ) = (anchors(of: i), anchors(of: j))
            for (l, own, other) in [(i, anchorsI, anchorsJ), (j, anchorsJ, anchorsI)] {
                for k in other where !own.contains(k) { anchor(l, at: k, split: false) }
                let more = Set(own.dropFirst() + other).subtracting([indexedAs[l]]).sorted()
                moreAnchors[l] = more.isEmpty ? nil : more
            }
            add(i, triangles[i])
            add(j, triangles[j])
            return true
        }

        /// Splits triangle `i` into three at a new vertex at `p`.
        func splitFace(_ i: Int, at p: Vector3) {
            let x = UInt32(vertices.count)
            vertices.append(p)
            madeIDs.insert(x)
            made[p, default: 0] += 1
            let t = triangles[i]
            replace(i, with: [Mesh.Triangle(t.a, t.b, x, tag: t.tag), Mesh.Triangle(t.b, t.c, x, tag: t.tag), Mesh.Triangle(t.c, t.a, x, tag: t.tag)])
        }

        /// Brings the index up to the triangles as they are now, unless nothing changed since the
        /// last time (a round that edited only the other operand, or none): the triangles edits
        /// changed or made since `tree` was built go in a tree of their own, and `tree` is built
        /// whole only where they are more than an eighth of all. A later round of snapping changes
        /// a few dozen triangles; rebuilding every round cost a quarter of the boolean of
        /// Manifold's hull-body minus itself moved by 1e-6 mm (44 rounds). Either way a query
        /// finds the triangles whose boxes now overlap it.
        func reindex() {
            guard !isIndexCurrent else { return }
            isIndexCurrent = true
            func box(_ i: Int) -> Bounds {
                let t = triangles[i]
                return Bounds(vertices[Int(t.a)], vertices[Int(t.b)], vertices[Int(t.c)])
            }
            inChanged += [Bool](repeating: false, count: triangles.count - inChanged.count)
            for i in changing {
                isChanging[i] = false
                if !inChanged[i] {
                    inChanged[i] = true
                    changed.append(i)
                }
            }
            changing.removeAll()
            if reindexingWhole || tree.boxes.isEmpty || 8 * changed.count > triangles.count {
                tree = BoundingVolumeHierarchy(boxes: triangles.indices.map(box))
                changed.removeAll()
                inChanged = [Bool](repeating: false, count: triangles.count)
            }
            changedTree = BoundingVolumeHierarchy(boxes: changed.map(box))
            for j in indexedCount..<triangles.count {
                indexedAs[j] = j
                splitSince.append([])
                flippedSince.append([])
            }
            indexedCount = triangles.count
            for i in withPieces {
                splitSince[i].removeAll()
                flippedSince[i].removeAll()
            }
            withPieces.removeAll()
            moreAnchors.removeAll()
            flipLog.removeAll()
        }

        /// The triangles that may come within the slack of `box`: those whose boxes at the last
        /// `reindex()` do, the triangles flips made since that they anchor, and (`includingSplits`)
        /// the pieces splits made since that they anchor. A corner inserted into a face must be
        /// found by the next corner near the edges that split made (two boxes sharing an edge,
        /// `case-2028-2836`, cascaded when it was not). Crossings leave out this round's split
        /// pieces: their new corners are snapped first, in the next round. In no set order, a
        /// triangle perhaps more than once: what the callers decide does not depend on either.
        @inline(__always) func forEachTriangle(near box: Bounds, includingSplits: Bool = true, _ body: (Int) -> Void) {
            // Read in place (no copy, no retain): no query's body edits the mesh.
            let query = box.expanded(by: slack)
            // A triangle changed since `tree` was built is found by its box in `changedTree`.
            tree.forEachOverlap(with: query) { i in
                guard !inChanged[i] else { return }
                body(i)
                for j in flippedSince[i] { body(j) }
                if includingSplits { for j in splitSince[i] { body(j) } }
            }
            guard !changed.isEmpty else { return }
            changedTree.forEachOverlap(with: query) { k in
                let i = changed[k]
                body(i)
                for j in flippedSince[i] { body(j) }
                if includingSplits { for j in splitSince[i] { body(j) } }
            }
        }

        /// The feature of this mesh nearest `p` within `tolerance` that `p` is not yet a corner of: a
        /// corner before the inside of an edge, an edge before the inside of a face; nil if none is
        /// that near. A triangle with a corner at `p` is settled, and so are the edges and faces
        /// beside it. Where neither `p` (`cornerIsActive`) nor the ends of an edge with `p` exactly
        /// on it are active, that edge is settled too. Ties go to the feature with the lowest ids
        /// (an edge from its lower id), whatever order the index visits the triangles in.
        func nearestFeature(to p: Vector3, within tolerance: Double, cornerIsActive: Bool) -> Feature? {
            var best: (feature: Feature, rank: Int, distance: Double, key: (UInt32, UInt32))?
            func consider(_ f: Feature, _ rank: Int, _ d: Double, _ key: (UInt32, UInt32)) {
                guard d <= tolerance else { return }
                if let b = best, (rank, d, key.0, key.1) >= (b.rank, b.distance, b.key.0, b.key.1) { return }
                best = (f, rank, d, key)
            }
            // Corners already at `p`: an edge or a face beside their triangles passes near `p` only
            // as a sliver of this sheet, and inserting `p` there would put two corners at `p`. And
            // `p` is in exact contact with this mesh there: it does not move on to another corner
            // near it (two corners of Manifold's Cray_left 1e-36 mm apart had a corner of the
            // other operand move from one to the other and back every round until snapping gave
            // up as unsettled).
            // (A few triangles at most: an array is searched faster than a set is hashed.)
            var near = [Int](), besideCornerAtP = [Int]()
            swap(&near, &nearScratch)
            swap(&besideCornerAtP, &besideScratch)
            near.removeAll(keepingCapacity: true)
            besideCornerAtP.removeAll(keepingCapacity: true)
            defer {
                swap(&near, &nearScratch)
                swap(&besideCornerAtP, &besideScratch)
            }
            var atCorner = false
            let triangles = triangles, vertices = vertices
            forEachTriangle(near: Bounds(p, p)) { i in
                near.append(i)
                let t = triangles[i]
                guard vertices[Int(t.a)] == p || vertices[Int(t.b)] == p || vertices[Int(t.c)] == p else { return }
                atCorner = true
                // The triangles on its edges (itself among them).
                for k in 0..<3 { onEdge.forEachTriangle(on: EdgeTriangles.key(t[k], t[(k + 1) % 3])) { besideCornerAtP.append($0) } }
            }
            for i in near where !Self.isFar(triangles[i], of: vertices, from: p, p, tolerance: tolerance) {
                let t = triangles[i]
                let c = (vertices[Int(t.a)], vertices[Int(t.b)], vertices[Int(t.c)])
                @inline(__always) func corner(_ k: Int) -> Vector3 { k == 0 ? c.0 : (k == 1 ? c.1 : c.2) }
                // A corner near `p` is the feature of this triangle (unless `p` is at a corner of
                // this mesh already): the nearest, the first of equals.
                var nearest = 0
                if (p - c.1).lengthSquared < (p - c.0).lengthSquared { nearest = 1 }
                if (p - c.2).lengthSquared < (p - corner(nearest)).lengthSquared { nearest = 2 }
                if (p - corner(nearest)).length <= tolerance {
                    let v = t[nearest]
                    if !atCorner { consider(.vertex(v), 0, (p - corner(nearest)).length, (v, v)) }
                    continue
                }
                if besideCornerAtP.contains(i) { continue }
                for k in 0..<3 {
                    // From its lower id, whichever triangle found it, so that the distance is the
                    // same bits either way.
                    let (u, w) = t[k] < t[(k + 1) % 3] ? (t[k], t[(k + 1) % 3]) : (t[(k + 1) % 3], t[k])
                    let a = vertices[Int(u)], b = vertices[Int(w)], d = b - a
                    let s = (p - a).dot(d) / d.lengthSquared
                    guard s > 0 && s < 1 else { continue }
                    // A corner exactly on the edge is exact contact, which the corefinement
                    // resolves, unless snapping edits the region: then it is inserted all the same,
                    // so that the triangulations of a region both operands share can agree (a
                    // corner on an edge a split made, `case-2028-9081`).
                    if !cornerIsActive && !isActive(u) && !isActive(w) && Self.isOnLine(p, a, b) { continue }
                    consider(.edge(u, w), 1, (p - (a + d * s)).length, (u, w))
                }
                let n = (c.1 - c.0).cross(c.2 - c.0)
                let nn = n.lengthSquared
                guard nn > 0 else { continue }
                let h = n.dot(p - c.0) / nn
                let q = p - n * h
                let inside = (c.1 - c.0).cross(q - c.0).dot(n) > 0 && (c.2 - c.1).cross(q - c.1).dot(n) > 0
                    && (c.0 - c.2).cross(q - c.2).dot(n) > 0
                // A corner exactly in the face's plane is in exact contact with it, which the
                // corefinement resolves.
                if inside && abs(h) * nn.squareRoot() <= tolerance && Predicates.orient3d(c.0, c.1, c.2, p) != 0 {
                    consider(.face(i), 2, abs(h) * nn.squareRoot(), (UInt32(i), 0))
                }
            }
            return best?.feature
        }

        /// `p` with every coordinate that the corners of `feature` share.
        func sharingCoordinates(of feature: Feature, with p: Vector3) -> Vector3 {
            let ids = corners(of: feature)
            var q = p
            for k in 0..<3 where ids.allSatisfy({ vertices[Int($0)][k] == vertices[Int(ids[0])][k] }) { q[k] = vertices[Int(ids[0])][k] }
            return q
        }

        /// Whether `p` lies exactly on the line through `a` and `b`: collinear in all three
        /// coordinate planes.
        static func isOnLine(_ p: Vector3, _ a: Vector3, _ b: Vector3) -> Bool {
            (0..<3).allSatisfy { Predicates.orient2d(a, b, p, droppingAxis: $0) == 0 }
        }

        /// Whether segment `p q` lies on one side of the plane of triangle `t` (its corners in
        /// `vertices`), farther than twice `tolerance` from it all along: then nothing of the
        /// triangle is within `tolerance` of the segment. (Twice, for the rounding of the distance;
        /// a triangle without area has no plane.) The boxes of long, thin triangles hold far more
        /// than they reach, and most of what a query of the index meets is settled by this alone.
        private static func isFar(_ t: Mesh.Triangle, of vertices: [Vector3], from p: Vector3, _ q: Vector3, tolerance: Double) -> Bool {
            let a = vertices[Int(t.a)]
            let n = (vertices[Int(t.b)] - a).cross(vertices[Int(t.c)] - a)
            let reach = 2 * tolerance * n.length
            guard reach > 0 else { return false }
            let dp = n.dot(p - a), dq = n.dot(q - a)
            return (dp > reach && dq > reach) || (dp < -reach && dq < -reach)
        }

        /// The far corners of the two triangles on edge `u v`.
        func otherDiagonal(_ u: UInt32, _ v: UInt32) -> (UInt32, UInt32)? {
            guard let pair = onEdge.pair(on: EdgeTriangles.key(u, v)) else { return nil }
            return (Self.opposite(triangles[pair.0], u, v), Self.opposite(triangles[pair.1], u, v))
        }

        /// Whether segment `p q` passes within `tolerance` of a crease of this mesh (an edge between
        /// triangles that are not flat), away from the ends of both; `edge`, given by its ends'
        /// positions, is not counted.
        func crease(crossedBy p: Vector3, _ q: Vector3, within tolerance: Double, except edge: (Vector3, Vector3)? = nil) -> Bool {
            var found = false
            let triangles = triangles, vertices = vertices
            forEachTriangle(near: Bounds(p, q)) { i in
                guard !found, !Self.isFar(triangles[i], of: vertices, from: p, q, tolerance: tolerance) else { return }
                let t = triangles[i]
                for k in 0..<3 {
                    let r = vertices[Int(t[k])], s = vertices[Int(t[(k + 1) % 3])]
                    if let e = edge, (r == e.0 && s == e.1) || (r == e.1 && s == e.0) { continue }
                    if Self.nearestPoints(p, q, r, s, within: tolerance) != nil && !isFlat(t[k], t[(k + 1) % 3], within: tolerance) {
                        found = true
                        return
                    }
                }
            }
            return found
        }

        /// An edge of this mesh that segment `p q` passes near: its ends (`a` the lower id), the
        /// point between the two nearest points, whether it is a diagonal of a flat region, and the
        /// lowest triangle it is on.
        struct EdgeCrossing {
            let a, b: UInt32
            let point: Vector3
            let isFlat: Bool
            let triangle: Int
        }

        /// The edges of this mesh that segment `p q` passes within `tolerance` of, away from the ends
        /// of both (ends near the other segment are corners near an edge), each once: creases before
        /// diagonals of flat regions, then by their lowest triangle and their ends, so that the
        /// order does not depend on the order the index visits the triangles in.
        func edgeCrossings(_ p: Vector3, _ q: Vector3, within tolerance: Double) -> [EdgeCrossing] {
            var found = [UInt64: EdgeCrossing]()
            let triangles = triangles, vertices = vertices
            forEachTriangle(near: Bounds(p, q), includingSplits: false) { i in
                let t = triangles[i]
                guard !Self.isFar(t, of: vertices, from: p, q, tolerance: tolerance) else { return }
                for k in 0..<3 {
                    // Each edge from its lower id, whichever triangle found it, so that the point is
                    // the same bits either way.
                    let (a, b) = t[k] < t[(k + 1) % 3] ? (t[k], t[(k + 1) % 3]) : (t[(k + 1) % 3], t[k])
                    let r = vertices[Int(a)], s = vertices[Int(b)]
                    // Edges in one plane meet exactly, or not at all: exact contact.
                    guard let x = Self.nearestPoints(p, q, r, s, within: tolerance), Predicates.orient3d(p, q, r, s) != 0 else { continue }
                    let key = EdgeTriangles.key(a, b)
                    if let known = found[key] {
                        if i < known.triangle { found[key] = EdgeCrossing(a: a, b: b, point: known.point, isFlat: known.isFlat, triangle: i) }
                    } else {
                        found[key] = EdgeCrossing(a: a, b: b, point: x, isFlat: isFlat(a, b, within: tolerance), triangle: i)
                    }
                }
            }
            if found.isEmpty { return [] }
            return found.values.sorted { ($0.isFlat ? 1 : 0, $0.triangle, $0.a, $0.b) < ($1.isFlat ? 1 : 0, $1.triangle, $1.a, $1.b) }
        }

        /// Whether edge `u v` is an edge of a triangle of this mesh.
        func contains(edge u: UInt32, _ v: UInt32) -> Bool { onEdge.count(on: EdgeTriangles.key(u, v)) > 0 }

        /// The midpoint of the nearest points of segments `p q` and `r s`, if they are within
        /// `tolerance` of each other, not nearly parallel, and more than `tolerance` from all four ends.
        static func nearestPoints(_ p: Vector3, _ q: Vector3, _ r: Vector3, _ s: Vector3, within tolerance: Double) -> Vector3? {
            let d1 = q - p, d2 = s - r, w = p - r
            let a = d1.lengthSquared, e = d2.lengthSquared, b = d1.dot(d2)
            let denominator = a * e - b * b
            guard denominator > 1e-12 * a * e else { return nil }  // parallel: their ends are near
            let c = d1.dot(w), f = d2.dot(w)
            let u = (b * f - c * e) / denominator, v = (a * f - b * c) / denominator
            let la = a.squareRoot(), le = e.squareRoot()
            guard u * la > tolerance, (1 - u) * la > tolerance, v * le > tolerance, (1 - v) * le > tolerance else { return nil }
            let x = p + d1 * u, y = r + d2 * v
            guard (x - y).length <= tolerance else { return nil }
            return (x + y) * 0.5
        }
    }
}
