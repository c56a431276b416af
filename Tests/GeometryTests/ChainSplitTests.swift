import Testing
@testable import Geometry

/// The chain split of one triangle (`Corefinement.chainSplit`) on integer points, where every
/// orientation and area is exact: either it declines, leaving the output untouched, or its pieces
/// tile the triangle (every piece turns left, each boundary step is used once its way round, every
/// other edge once each way, every segment is an edge, and the areas add up to the triangle's).
@Suite struct ChainSplitTests {
    /// The split of the triangle whose boundary is `boundary` (ids into `points`), or nil where it
    /// declines; checks that declining appends nothing.
    static func split(_ points: [Vector2], corners: (UInt32, UInt32, UInt32) = (0, 1, 2), boundary: [UInt32], inside: [UInt32],
                      segments: [(UInt32, UInt32)]) -> [Mesh.Triangle]? {
        var out = [Mesh.Triangle(9, 9, 9)]
        guard Corefinement.chainSplit(corners: corners, boundary, segments, inside, { points[Int($0)] }, 7, into: &out) else {
            #expect(out.count == 1, "a declined split appended triangles")
            return nil
        }
        #expect(out[0] == Mesh.Triangle(9, 9, 9))
        return Array(out.dropFirst())
    }

    static func expectTiling(_ pieces: [Mesh.Triangle], _ points: [Vector2], boundary: [UInt32], segments: [(UInt32, UInt32)]) {
        var area = 0.0, expected = 0.0
        var directed = [UInt64: Int]()
        func key(_ u: UInt32, _ v: UInt32) -> UInt64 { UInt64(u) << 32 | UInt64(v) }
        for t in pieces {
            let (p, q, r) = (points[Int(t.a)], points[Int(t.b)], points[Int(t.c)])
            #expect(Predicates.orient2d(p, q, r) > 0, "piece \(t.a) \(t.b) \(t.c) does not turn left")
            #expect(t.tag == 7)
            area += (q - p).cross(r - p)
            for (u, v) in [(t.a, t.b), (t.b, t.c), (t.c, t.a)] { directed[key(u, v), default: 0] += 1 }
        }
        for i in boundary.indices { expected += points[Int(boundary[i])].cross(points[Int(boundary[(i + 1) % boundary.count])]) }
        #expect(area == expected, "the pieces' areas add up to \(area / 2), the triangle's is \(expected / 2)")
        var steps = Set<UInt64>()
        for i in boundary.indices { steps.insert(key(boundary[i], boundary[(i + 1) % boundary.count])) }
        for (k, count) in directed {
            #expect(count == 1, "edge \(k >> 32) to \(k & 0xffff_ffff) is used \(count) times its way")
            let reverse = k << 32 | k >> 32
            if steps.contains(k) {
                #expect(directed[reverse] == nil, "a boundary step is used both ways")
            } else {
                #expect(directed[reverse] == 1, "inner edge \(k >> 32) to \(k & 0xffff_ffff) is not used the other way")
            }
        }
        for step in steps { #expect(directed[step] == 1, "boundary step \(step >> 32) to \(step & 0xffff_ffff) is not a piece's edge") }
        for (u, v) in segments { #expect(directed[key(u, v)] != nil || directed[key(v, u)] != nil, "segment \(u) \(v) is not an edge") }
    }

    // The triangle (0, 0), (64, 0), (0, 64) with points on its sides: ids 0 to 2 the corners, 3 on the
    // bottom side, 4 on the slanted one, 5 on the left one.
    static let triangle = [Vector2(0, 0), Vector2(64, 0), Vector2(0, 64), Vector2(32, 0), Vector2(32, 32), Vector2(0, 32)]
    static let boundary: [UInt32] = [0, 3, 1, 4, 2, 5]

    @Test func aChainThroughTwoPointsInsideCutsTheTriangleInTwo() throws {
        // From the bottom side up through (30, 10) and (12, 20) to the left side: a bent cut.
        let points = Self.triangle + [Vector2(30, 10), Vector2(12, 20)]
        let segments: [(UInt32, UInt32)] = [(3, 6), (6, 7), (7, 5)]
        let pieces = try #require(Self.split(points, boundary: Self.boundary, inside: [6, 7], segments: segments))
        Self.expectTiling(pieces, points, boundary: Self.boundary, segments: segments)
        #expect(pieces.count == 8)  // 10 corners in two pieces: 4 + 6 corners, 2 + 4 triangles, plus the far side's 2 more
    }

    @Test func chainsMeetingAtABoundaryPointAndChordsAreSplitInTurn() throws {
        // Two chains from the point on the slanted side, one to the bottom, one to the left side,
        // given in scrambled order and direction, with a duplicate and a segment along a side.
        let points = Self.triangle + [Vector2(30, 20), Vector2(14, 24)]
        let segments: [(UInt32, UInt32)] = [(6, 4), (7, 5), (3, 6), (4, 7), (6, 3), (0, 3)]
        let pieces = try #require(Self.split(points, boundary: Self.boundary, inside: [7, 6], segments: segments))
        Self.expectTiling(pieces, points, boundary: Self.boundary, segments: segments)
    }

    @Test func aChordBetweenSidesNeedsNoPointInside() throws {
        let pieces = try #require(Self.split(Self.triangle, boundary: Self.boundary, inside: [], segments: [(3, 5), (5, 4)]))
        Self.expectTiling(pieces, Self.triangle, boundary: Self.boundary, segments: [(3, 5), (5, 4)])
        #expect(pieces.count == 4)
    }

    @Test func whatIsNotAChainIsLeftToTheGeneralSplit() {
        let points = Self.triangle + [Vector2(10, 10), Vector2(20, 10), Vector2(10, 20), Vector2(14, 14)]
        // A closed loop inside (a floating piece).
        #expect(Self.split(points, boundary: Self.boundary, inside: [6, 7, 8], segments: [(6, 7), (7, 8), (8, 6)]) == nil)
        // A point on three segments (a corner of the other operand inside the face).
        #expect(Self.split(points, boundary: Self.boundary, inside: [9], segments: [(9, 3), (9, 4), (9, 5)]) == nil)
        // A point on no segment.
        #expect(Self.split(points, boundary: Self.boundary, inside: [9, 6], segments: [(3, 6), (6, 5)]) == nil)
        // Two chains between the same two boundary points.
        #expect(Self.split(points, boundary: Self.boundary, inside: [6, 9], segments: [(3, 6), (6, 5), (3, 9), (9, 5)]) == nil)
        // A chain that comes back to the point it left from.
        #expect(Self.split(points, boundary: Self.boundary, inside: [6, 7], segments: [(3, 6), (6, 7), (7, 3)]) == nil)
        // A segment along a side past a point on it (an edge of the other operand along this one's).
        let twoOnASide = points + [Vector2(48, 0)]
        #expect(Self.split(twoOnASide, boundary: [0, 3, 10, 1, 4, 2, 5], inside: [], segments: [(0, 10)]) == nil)
        // A segment ending at a point that is neither on the boundary nor inside.
        #expect(Self.split(points, boundary: Self.boundary, inside: [], segments: [(3, 6)]) == nil)
    }

    @Test func aPieceThatRoundingFoldedIsDeclined() {
        // The chain's point lies outside the triangle (as a point an ulp inside it may round to),
        // and a chain crossing itself: neither piece set is simple.
        let outside = Self.triangle + [Vector2(40, 30)]
        #expect(Self.split(outside, boundary: Self.boundary, inside: [6], segments: [(3, 6), (6, 5)]) == nil)
        let crossing = Self.triangle + [Vector2(20, 30), Vector2(40, 10)]
        #expect(Self.split(crossing, boundary: Self.boundary, inside: [6, 7], segments: [(3, 6), (6, 7), (7, 5)]) == nil)
        // A chain out and back from one side through a point that rounded past that side: the
        // piece between them turns clockwise (the first piece once was not checked).
        let past = [Vector2(0, 0), Vector2(64, 0), Vector2(0, 64), Vector2(32, -1)]
        #expect(Self.split(past, boundary: [0, 1, 2], inside: [3], segments: [(0, 3), (3, 1)]) == nil)
        // A triangle of no area.
        let flat = [Vector2(0, 0), Vector2(2, 2), Vector2(4, 4), Vector2(1, 1)]
        #expect(Self.split(flat, boundary: [0, 1, 2], inside: [3], segments: [(1, 3), (3, 0)]) == nil)
    }

    @Test(arguments: 0..<200)
    func randomChainsGiveATilingOrDecline(seed: Int) {
        // A random chain of one to five integer points from a random point on one side to a random
        // point on another (crossing itself, for some): the split either declines or tiles, never
        // anything in between.
        var random = SeededRandom(seed: UInt64(seed) + 1)
        let side = 1 << 10
        var points = [Vector2(0, 0), Vector2(Double(side), 0), Vector2(0, Double(side))]
        func onSide(_ k: Int) -> Vector2 {
            let t = Double(Int.random(in: 1..<side, using: &random))
            return k == 0 ? Vector2(t, 0) : (k == 1 ? Vector2(Double(side) - t, t) : Vector2(0, Double(side) - t))
        }
        let from = Int.random(in: 0..<3, using: &random), to = (from + Int.random(in: 1..<3, using: &random)) % 3
        points += [onSide(from), onSide(to)]
        var boundary: [UInt32] = []
        for k in 0..<3 {
            boundary.append(UInt32(k))
            if k == from { boundary.append(3) }
            if k == to { boundary.append(4) }
        }
        let count = Int.random(in: 1..<6, using: &random)
        var chain: [UInt32] = [3]
        for _ in 0..<count {
            let x = Int.random(in: 1..<(side - 1), using: &random), y = Int.random(in: 1..<(side - x), using: &random)
            points.append(Vector2(Double(x), Double(y)))
            chain.append(UInt32(points.count - 1))
        }
        chain.append(4)
        let segments = zip(chain, chain.dropFirst()).map { ($0, $1) }
        guard let pieces = Self.split(points, boundary: boundary, inside: Array(chain.dropFirst().dropLast()), segments: segments) else {
            // One point inside always makes simple pieces.
            #expect(count > 1, "a chain through one point was declined")
            return
        }
        Self.expectTiling(pieces, points, boundary: boundary, segments: segments)
    }
}
