import Geometry
import Testing
@testable import MeshIO

/// The welder behind the STL reader: one vertex per distinct position, ids in order of first
/// appearance, through every growth of its table.
@Suite struct WelderTests {
    @Test func joinsEqualPositionsAndKeepsFirstAppearanceOrder() {
        var welder = Welder()
        // 5,000 points on a grid, each asked for three times: the table grows several times.
        let points = (0..<5000).map { (k: Int) -> Vector3 in
            let x = Double(k % 17) * 0.1, y = Double(k / 17) * 1e-7, z = Double(k % 5) - 2
            return Vector3(x, y, z)
        }
        var ids = [UInt32]()
        for p in points { ids.append(welder.id(of: p)) }
        for p in points.reversed() + points { #expect(welder.id(of: p) == ids[points.firstIndex(of: p)!]) }
        #expect(ids == (0..<5000).map(UInt32.init))
        #expect(welder.mesh.vertices == points)
    }

    @Test func negativeZeroIsZero() {
        var welder = Welder()
        let a = welder.id(of: Vector3(0, 1, -0.0)), b = welder.id(of: Vector3(-0.0, 1, 0))
        #expect(a == b)
        #expect(welder.mesh.vertices.count == 1)
        #expect(welder.id(of: Vector3(0, 1, 1e-300)) == 1)
    }
}
