import Testing
@testable import Geometry

/// The stars of the simplification and the rounding repair: compressed rows, and a list of a
/// vertex's own once edited.
struct StarsTests {
    /// Every vertex's triangles in increasing order, found the slow way.
    private func reference(_ mesh: Mesh) -> [[Int32]] {
        mesh.vertices.indices.map { v in
            mesh.triangles.indices.filter { i in (0..<3).contains { Int(mesh.triangles[i][$0]) == v } }.map(Int32.init)
        }
    }

    @Test func readsMatchEveryVertexsTrianglesInOrderAndEditsChangeOnlyTheirVertex() throws {
        let mesh = try Mesh.box(size: Vector3(2, 3, 4))
        var stars = Stars(mesh)
        let expected = reference(mesh)
        #expect(expected.allSatisfy { $0.count >= 3 })
        stars.withShared { star in
            for v in mesh.vertices.indices {
                #expect(Array(star[v]) == expected[v])
                #expect(star[v].count == expected[v].count && star[v].first == expected[v].first)
            }
            star.append(99, to: 0)
            star.removeAll(of: 0) { $0 == expected[0][0] }
            star.clear(1)
            #expect(Array(star[0]) == Array(expected[0].dropFirst()) + [99])
            #expect(star[1].isEmpty && star[1].first == nil)
            #expect((2..<mesh.vertices.count).allSatisfy { Array(star[$0]) == expected[$0] })
        }
        // The edits stay for the next editor.
        stars.withShared { star in #expect(Array(star[0]).last == 99 && star[1].isEmpty) }
    }

    @Test func theEditorsOwnReadsAndEditsMatchTheSharedOnes() throws {
        let mesh = try Mesh.box(size: Vector3(1, 1, 1))
        var stars = Stars(mesh)
        let expected = reference(mesh)
        #expect(mesh.vertices.indices.allSatisfy { Array(stars[$0]) == expected[$0] })
        stars.append(42, to: 2)
        stars.removeAll(of: 2) { $0 == expected[2].last! }
        stars.clear(3)
        #expect(Array(stars[2]) == Array(expected[2].dropLast()) + [42])
        #expect(stars[3].isEmpty)
        #expect(Array(stars[4]) == expected[4])
        let own = Array(stars[2])
        stars.withShared { star in #expect(Array(star[2]) == own && star[3].isEmpty) }
    }
}
