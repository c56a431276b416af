/// The booleans' one tolerance: the length below which two features of the operands are one
/// feature, and below which a piece of the rounded result is too thin to have a shape.
///
/// It is 2⁻⁴⁴ of the largest coordinate of the operand whose largest coordinate is the smallest
/// (at least 2⁻¹⁰⁸ mm): about 250 spacings of doubles there. Operands touch, or nearly, only inside
/// the bounds of each, where no coordinate is larger than that: every point a boolean constructs,
/// every feature it snaps and every rounding error it makes lies there. That is far above the
/// error of anything computed in floating point on the way (a rotation, a sine, a constructed
/// point rounded within 2⁻⁴⁷ of that coordinate by `ContactPoint.position`), so every feature of
/// the smaller operand meant to lie on another but rounded off it is within the tolerance; and far
/// below anything a solid is made of (at the Mac mini's 127 mm, 7e-12 mm). A far larger operand
/// does not make it larger: against a box 1e38 mm across (Manifold's Cray_right, a half-space), a
/// tolerance of that box's scale would make a model 5e4 mm across thinner than the tolerance, and
/// the rounding repair would drop it whole. What such an operand's own rounding moves by more than
/// the tolerance is in general position to the exact stages, which keep it apart. Scaled by a power
/// of two, a boolean gives the same result scaled, down to 2⁻⁶⁴ mm: below a scale of 1 mm, a
/// floor of 2⁻⁴⁴ mm made a model a micrometre across simplify more, and one a femtometre across
/// vanish. (Below 2⁻⁶⁴ mm the exact predicates' products of differences would underflow.)
///
/// It is used by three stages and nowhere else:
/// - snapping (`NearContactSnapping`): features of the operands nearer than this are made one;
/// - the rounding repair (`RoundingRepair`): edges shorter than this are collapsed, and triangles
///   thinner than this have no direction;
/// - the simplification (`Simplification`): a collapse may move the surface by at most this.
///
/// Two multiples of it have uses of their own: `crossingReach` and `snappedVertexReach`.
enum Tolerance {
    /// How far, in tolerances, the rounding repair's last step may merge a point (a rounded one,
    /// else an input corner) into a neighbour, or move the surface where it merges one farther,
    /// where the result still crosses itself (`RoundingRepair.collapseCrossings`): 128, or 2⁻³⁷ of
    /// the largest coordinate (1e-9 mm at the Mac mini's size). Snapping leaves features
    /// more than the tolerance apart, and what still folds when rounded is a cluster of such
    /// features a few to a hundred tolerances across: the corners of a solid and of its copy moved
    /// that far, with the contact points between them (Manifold's hull-body moved by 1e-9 mm, 103
    /// tolerances, needs 99). For the same reason a boolean whose result has a piece this thin at
    /// a rounded corner repairs and checks it, as it does where the operands nearly touch; and a
    /// shell of the result that still crosses itself after those merges, no thicker than this on
    /// average, is dropped (`RoundingRepair.dropThinCrossingShells`).
    static let crossingReach = 128.0

    /// How near, in tolerances, to a vertex that snapping inserted a crossing of two edges is not
    /// split by snapping but left to the corefinement and the repair (`NearContactSnapping`): 16.
    /// Where two surfaces run parallel a little farther apart than the tolerance (a solid minus
    /// its copy moved by 1.27 tolerances), each split made the next 1 to 45 tolerances from it,
    /// round after round, until snapping gave up at its bounds (Manifold's Havocglass8 and
    /// hull-body); within 4 the creep stayed, within 16 snapping ends in a few rounds. It is well
    /// inside `crossingReach`, so what the corefinement's rounding folds there is the repair's.
    static let snappedVertexReach = 16.0

    /// The tolerance (mm) of a boolean of operands with these bounds (of one operand, alone).
    static func of(_ bounds: [Bounds]) -> Double {
        var scale = Double.infinity
        for box in bounds {
            var largest = 0x1p-64
            for k in 0..<3 { largest = max(largest, abs(box.min[k]), abs(box.max[k])) }
            scale = min(scale, largest)
        }
        return (scale.isFinite ? scale : 1) * 0x1p-44
    }

    /// The tolerance (mm) of a boolean of these meshes (empty ones have no bounds and count for none).
    static func of(_ meshes: [Mesh]) -> Double {
        of(meshes.filter { !$0.isEmpty }.map(\.bounds))
    }

    /// The largest coordinate where operands with tolerance `tolerance` meet (at least 2⁻⁶⁴ mm): the
    /// scale of the boolean's rounding errors.
    static func scale(of tolerance: Double) -> Double { tolerance * 0x1p44 }
}
