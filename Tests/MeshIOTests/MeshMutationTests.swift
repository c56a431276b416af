import Geometry
import Testing

/// A mesh changed from outside the Geometry module (as the readers build theirs) is changed in
/// place: appending into reserved room keeps the same storage, where a copy per append would make
/// reading a large file quadratic.
@Suite struct MeshMutationTests {
    @Test func appendsFromAnotherModuleDoNotCopyTheArrays() {
        var mesh = Mesh()
        mesh.vertices.reserveCapacity(100)
        mesh.triangles.reserveCapacity(100)
        mesh.vertices.append(Vector3(0, 0, 0))
        mesh.triangles.append(Mesh.Triangle(0, 0, 0))
        let vertexStorage = mesh.vertices.withUnsafeBufferPointer { $0.baseAddress }
        let triangleStorage = mesh.triangles.withUnsafeBufferPointer { $0.baseAddress }
        for i in 1..<100 {
            mesh.vertices.append(Vector3(Double(i), 0, 0))
            mesh.triangles.append(Mesh.Triangle(i, i, i))
        }
        #expect(mesh.vertices.withUnsafeBufferPointer { $0.baseAddress } == vertexStorage)
        #expect(mesh.triangles.withUnsafeBufferPointer { $0.baseAddress } == triangleStorage)
        #expect(mesh.vertices.count == 100 && mesh.triangles.count == 100)
    }
}
