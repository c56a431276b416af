import Testing
@testable import Geometry

/// Snapping's index of an operand's triangles (`NearContactSnapping.Editable`), brought up to date
/// at each round: right after `reindex()` a query finds exactly the triangles whose boxes come within
/// the slack of it, and between two, after edits, every triangle with a point in it.
@Suite struct SnappingIndexTests {
    /// Twelve rounds of a few edits each (faces and edges split, edges flipped, corners moved by
    /// the tolerance, half the slack), as snapping's later rounds make, on an index brought up to
    /// date (`false`) or built whole (`true`).
    @Test(arguments: [false, true])
    func queriesFindWhatABruteForceSearchFinds(_ whole: Bool) throws {
        let tolerance = 1e-3
        // Flat caps and sides, whose diagonals flip.
        let mesh = NearContactSnapping.Editable(try Mesh.cylinder(radius: 5, height: 4, segments: 24), slack: tolerance, reindexingWhole: whole)
        mesh.reindex()
        var random = SeededRandom(seed: 11)
        func unit() -> Double { Double(random.next() >> 11) / Double(UInt64(1) << 53) }
        func index(below n: Int) -> Int { Int(random.next() % UInt64(n)) }
        func corners(_ i: Int) -> (Vector3, Vector3, Vector3) {
            let t = mesh.triangles[i]
            return (mesh.vertices[Int(t.a)], mesh.vertices[Int(t.b)], mesh.vertices[Int(t.c)])
        }
        var flips = 0, moved = Set<Int>()
        for _ in 0..<12 {
            for _ in 0..<3 {
                let i = index(below: mesh.triangles.count)
                let (p, q, r) = corners(i)
                mesh.splitFace(i, at: (p + q + r) * (1.0 / 3))
                let s = mesh.triangles[index(below: mesh.triangles.count)]
                _ = mesh.splitEdge(s.a, s.b, at: (mesh.vertices[Int(s.a)] + mesh.vertices[Int(s.b)]) * 0.5)
                for _ in 0..<3 {
                    let f = mesh.triangles[index(below: mesh.triangles.count)]
                    // Snapping flips only diagonals of flat regions: the new triangles lie in the old.
                    for (u, w) in [(f.a, f.b), (f.b, f.c), (f.c, f.a)] where mesh.isFlat(u, w, within: tolerance) {
                        guard mesh.flip(u, w, within: tolerance) else { continue }
                        flips += 1
                        // Pieces of each new triangle lie over the other's old one.
                        for t in mesh.flipLog.suffix(2) {
                            let (p, q, r) = corners(t)
                            mesh.splitFace(t, at: (p + q + r) * (1.0 / 3))
                        }
                    }
                }
                // Each corner at most once a round, as in snapping.
                let v = index(below: mesh.vertices.count)
                if moved.insert(v).inserted { mesh.move(v, to: mesh.vertices[v] + Vector3(0.6, -0.48, 0.64) * tolerance) }
            }
            // A point of each triangle finds it.
            for i in mesh.triangles.indices {
                let (p, q, r) = corners(i)
                let (u, v) = (unit(), unit())
                let x = u + v > 1 ? p + (q - p) * (1 - u) + (r - p) * (1 - v) : p + (q - p) * u + (r - p) * v
                var found = false
                mesh.forEachTriangle(near: Bounds(x, x)) { if $0 == i { found = true } }
                #expect(found, "triangle \(i) not found at \(x)")
            }
            mesh.reindex()
            moved.removeAll()
            for _ in 0..<200 {
                let c = Vector3(unit() * 12 - 6, unit() * 12 - 6, unit() * 12 - 6)
                let box = Bounds(c, c + Vector3(unit(), unit(), unit()) * 2)
                var found = Set<Int>()
                mesh.forEachTriangle(near: box) { found.insert($0) }
                let near = Set(mesh.triangles.indices.filter { i in
                    let (p, q, r) = corners(i)
                    return Bounds(p, q, r).intersects(box.expanded(by: 2 * tolerance))
                })
                #expect(found == near, "\(found.symmetricDifference(near).sorted()) differ")
            }
        }
        #expect(flips > 10, "\(flips) edges flipped")
    }
}
