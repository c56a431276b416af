import Testing
@testable import Geometry

/// The check that a rounded split's pieces tile their triangle (`Corefinement.isTiling`), by their
/// edges alone: each boundary step used once its way round, every other edge once each way, every
/// segment an edge, every contact point a corner.
@Suite struct TriangleSplitTests {
    static func tiles(_ pieces: [(UInt32, UInt32, UInt32)], boundary: [UInt32], segments: [(UInt32, UInt32)] = [],
                      points: [UInt32] = []) -> Bool {
        Corefinement.isTiling(pieces.map { Mesh.Triangle($0.0, $0.1, $0.2) }[...], boundary: boundary, segments: segments, points: points)
    }

    /// A triangle with a contact point on an edge (boundary 0 1 2 3), in two pieces.
    @Test func twoPiecesTileATriangleWithAPointOnAnEdge() {
        #expect(Self.tiles([(0, 1, 2), (0, 2, 3)], boundary: [0, 1, 2, 3]))
        #expect(Self.tiles([(0, 1, 2), (0, 2, 3)], boundary: [0, 1, 2, 3], segments: [(0, 2)]))
        #expect(Self.tiles([(0, 1, 2), (0, 2, 3)], boundary: [0, 1, 2, 3], segments: [(2, 0), (1, 2)]))
        // The boundary as the split gives it: repeated ids, the first again at the end.
        #expect(Self.tiles([(0, 1, 2), (0, 2, 3)], boundary: [0, 1, 1, 2, 3, 0]))
    }

    @Test func aMissingPieceAnExtraPieceOrAPieceTurnedOverIsNoTiling() {
        #expect(!Self.tiles([(0, 1, 2)], boundary: [0, 1, 2, 3]))
        #expect(!Self.tiles([(0, 1, 2), (0, 2, 3), (0, 2, 3)], boundary: [0, 1, 2, 3]))
        #expect(!Self.tiles([(0, 1, 2), (0, 3, 2)], boundary: [0, 1, 2, 3]))
        // Each step used, and an edge on the boundary used the other way too.
        #expect(!Self.tiles([(0, 1, 2), (0, 2, 3), (1, 0, 4)], boundary: [0, 1, 2, 3]))
        // A piece over the boundary the wrong way round.
        #expect(!Self.tiles([(0, 3, 2), (0, 2, 1)], boundary: [0, 1, 2, 3]))
    }

    @Test func aSegmentMustBeAnEdge() {
        #expect(!Self.tiles([(0, 1, 2), (0, 2, 3)], boundary: [0, 1, 2, 3], segments: [(1, 3)]))
        #expect(Self.tiles([(0, 1, 3), (1, 2, 3)], boundary: [0, 1, 2, 3], segments: [(1, 3)]))
        // A segment to a point that is no corner, with a larger id than every corner: its key,
        // in as few bits as the corners need, would be that of the edge from 0 to the centre.
        let fan: [(UInt32, UInt32, UInt32)] = [(0, 1, 4), (1, 2, 4), (2, 3, 4), (3, 0, 4)]
        #expect(Self.tiles(fan, boundary: [0, 1, 2, 3], segments: [(0, 4)]))
        #expect(!Self.tiles(fan, boundary: [0, 1, 2, 3], segments: [(0, 12)]))
    }

    /// A contact point inside (3), fanned, must be a corner of a piece.
    @Test func aContactPointMustBeACorner() {
        #expect(Self.tiles([(0, 1, 3), (1, 2, 3), (2, 0, 3)], boundary: [0, 1, 2], points: [3]))
        #expect(!Self.tiles([(0, 1, 2)], boundary: [0, 1, 2], points: [3]))
        #expect(Self.tiles([(0, 1, 2)], boundary: [0, 1, 2]))
    }

    /// Ids far apart (a corefinement's vertices number in the hundreds of thousands) take more bits
    /// in the edges' keys, and keep them apart.
    @Test func largeIdsKeepTheirEdgesApart() {
        let (a, b, c, d): (UInt32, UInt32, UInt32, UInt32) = (7, 1 << 30, (1 << 30) + 5, 1 << 20)
        #expect(Self.tiles([(a, b, c), (a, c, d)], boundary: [a, b, c, d]))
        #expect(!Self.tiles([(a, b, c), (a, d, c)], boundary: [a, b, c, d]))
        #expect(!Self.tiles([(a, b, c), (a, c, d)], boundary: [a, b, c, 1 << 31]))
    }
}
