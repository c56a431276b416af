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

    /// A piece whose three corners lie on one side of the triangle has no area, however its rounded
    /// corners lie: the pieces beside it share an edge along that side, past the contact point
    /// (`case-6002-1268`). Triangle 0 1 2 (corners), with point 3 inside side 2 to 0 rounded a
    /// hair off it.
    @Test func aPieceAlongOneSideIsFound() {
        let vertices = [Vector3(0, 0, 0), Vector3(1, 0, 0), Vector3(0, 1, 0), Vector3(-1e-17, 0.5, 0)]
        func along(_ pieces: [(UInt32, UInt32, UInt32)], boundary: [UInt32] = [0, 1, 2, 3]) -> Bool {
            Corefinement.hasPieceAlongOneSide(pieces.map { Mesh.Triangle($0.0, $0.1, $0.2) }[...], corners: (0, 1, 2),
                                              boundary: boundary, vertices: vertices, tolerance: 1e-12)
        }
        // The whole triangle and the sliver 2 3 0: they tile it edge for edge.
        #expect(Self.tiles([(0, 1, 2), (2, 3, 0)], boundary: [0, 1, 2, 3]))
        #expect(along([(0, 1, 2), (2, 3, 0)]))
        // Split at the point: no piece along a side.
        #expect(!along([(0, 1, 3), (1, 2, 3)]))
        // The boundary as the split gives it, the first again at the end.
        #expect(along([(0, 1, 2), (2, 3, 0)], boundary: [0, 1, 2, 3, 0]))
        // Thin but across the triangle (corners on two sides): not along one.
        let thin = [Vector3(0, 0, 0), Vector3(1, 0, 0), Vector3(0, 1e-14, 0), Vector3(0.5, 0, 0)]
        #expect(!Corefinement.hasPieceAlongOneSide([Mesh.Triangle(3, 1, 2), Mesh.Triangle(0, 3, 2)][...], corners: (0, 1, 2),
                                                   boundary: [0, 3, 1, 2], vertices: thin, tolerance: 1e-12))
        #expect(Corefinement.hasPieceAlongOneSide([Mesh.Triangle(0, 1, 2), Mesh.Triangle(0, 3, 1)][...], corners: (0, 1, 2),
                                                  boundary: [0, 3, 1, 2], vertices: thin, tolerance: 1e-12))
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
