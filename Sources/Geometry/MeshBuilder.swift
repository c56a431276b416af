/// Accumulates vertices and triangles for the primitives. Triangles with a repeated index are
/// dropped, so rings whose neighbouring slots share a vertex (a collapsed corner, a pole) stitch
/// cleanly.
struct MeshBuilder {
    var mesh = Mesh()

    mutating func add(_ p: Vector3) -> UInt32 {
        mesh.vertices.append(p)
        return UInt32(mesh.vertices.count - 1)
    }

    mutating func triangle(_ a: UInt32, _ b: UInt32, _ c: UInt32) {
        guard a != b, b != c, c != a else { return }
        mesh.triangles.append(Mesh.Triangle(a, b, c))
    }

    /// Adds one vertex per point, giving consecutive equal points (cyclically) the same vertex.
    mutating func ring(_ points: [Vector3]) -> [UInt32] {
        var ids = [UInt32]()
        ids.reserveCapacity(points.count)
        for (i, p) in points.enumerated() {
            if i > 0, points[i - 1] == p { ids.append(ids[i - 1]) } else { ids.append(add(p)) }
        }
        if ids.count > 1, points.last == points.first, ids.last != ids.first {
            // The last run wraps onto the first vertex: reuse it (the spare vertex stays unused only
            // if nothing refers to it, so drop it when it is the newest vertex).
            let spare = ids.last!
            for i in stride(from: ids.count - 1, through: 0, by: -1) where ids[i] == spare { ids[i] = ids[0] }
            if spare == UInt32(mesh.vertices.count - 1) { mesh.vertices.removeLast() }
        }
        return ids
    }

    /// Quads between two rings of equal slot count, `lower[i] -> lower[i+1]` running with the solid on
    /// its left seen from the `upper` side, so the faces point away from the solid.
    mutating func stitch(_ lower: [UInt32], _ upper: [UInt32], closed: Bool = true) {
        let n = lower.count
        for i in 0..<(closed ? n : n - 1) {
            let j = (i + 1) % n
            triangle(lower[i], lower[j], upper[j])
            triangle(lower[i], upper[j], upper[i])
        }
    }

    /// Triangulates `polygon` and adds its triangles over `ids` (one id per `polygon.allPoints` entry),
    /// facing +normal of the plane when `up`, else reversed.
    mutating func cap(_ polygon: Polygon, ids: [UInt32], up: Bool) throws(GeometryError) {
        for (a, b, c) in try polygon.triangulated() {
            if up { triangle(ids[a], ids[b], ids[c]) } else { triangle(ids[a], ids[c], ids[b]) }
        }
    }
}
