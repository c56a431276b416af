import Testing
@testable import Geometry

/// The simplification's stars: compressed rows, and a list of a vertex's own once edited.
struct StarsTests {
    @Test func readsMatchEveryVertexsTrianglesInOrderAndEditsChangeOnlyTheirVertex() throws {
        let mesh = try Mesh.box(size: Vector3(2, 3, 4))
        var stars = Stars(mesh)
        let expected = mesh.stars
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
}
