import Testing
@testable import Geometry

/// The hash behind the open-addressing tables of points: equal positions hash alike, so a repeated
/// position is found whatever the sign of a zero.
@Suite struct PositionHashTests {
    @Test func equalPositionsHashAlike() {
        #expect(Vector3(0, -0.0, 1).positionHash == Vector3(-0.0, 0, 1).positionHash)
        #expect(Vector3(1, 2, 3).positionHash != Vector3(1, 2, 3.000000000000001).positionHash)
    }

    @Test func aRepeatedPositionIsFoundWithEitherZero() {
        #expect(Corefinement.hasRepeatedPosition([Vector3(0, 5, 1), Vector3(2, 2, 2), Vector3(-0.0, 5, 1)]))
        #expect(!Corefinement.hasRepeatedPosition([Vector3(0, 5, 1), Vector3(2, 2, 2), Vector3(1e-300, 5, 1)]))
    }
}
