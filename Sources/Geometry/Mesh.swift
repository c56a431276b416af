/// An indexed triangle mesh in millimetres. Triangles are counter-clockwise seen from outside; each
/// carries a tag (0 unless set) that later marks the part or colour it belongs to.
public struct Mesh: Hashable, Sendable {
    /// One triangle: three indices into `vertices` and a tag.
    public struct Triangle: Hashable, Sendable {
        public var a: UInt32
        public var b: UInt32
        public var c: UInt32
        public var tag: UInt32

        public init(_ a: UInt32, _ b: UInt32, _ c: UInt32, tag: UInt32 = 0) {
            self.a = a
            self.b = b
            self.c = c
            self.tag = tag
        }

        /// Corner k (0, 1 or 2).
        @inline(__always) public subscript(k: Int) -> UInt32 {
            get { k == 0 ? a : (k == 1 ? b : c) }
            set {
                if k == 0 { a = newValue } else if k == 1 { b = newValue } else { c = newValue }
            }
        }

        public init(_ a: Int, _ b: Int, _ c: Int, tag: UInt32 = 0) {
            self.init(UInt32(a), UInt32(b), UInt32(c), tag: tag)
        }

        /// The three indices in order.
        public var indices: [Int] { [Int(a), Int(b), Int(c)] }
        /// The same triangle wound the other way.
        public var flipped: Triangle { Triangle(a, c, b, tag: tag) }
    }

    /// The corner positions, in millimetres.
    public var vertices: [Vector3] {
        get { storedVertices }
        set { storedVertices = newValue; forgetChecks() }
        // Changed in place, so that appending one vertex at a time (from any module) does not copy
        // the whole array each time, as an observed property's setter would.
        _modify { forgetChecks(); yield &storedVertices }
    }
    /// The triangles, as indices into `vertices`.
    public var triangles: [Triangle] {
        get { storedTriangles }
        set { storedTriangles = newValue; forgetChecks() }
        _modify { forgetChecks(); yield &storedTriangles }
    }
    private var storedVertices: [Vector3]
    private var storedTriangles: [Triangle]
    /// Whether the mesh is known to pass the operand check (`checkOperand`): set by checked factories
    /// and booleans, so that chained operations do not check their operands again, and cleared by
    /// any change to the vertices or triangles. Not part of the mesh's value (equality, hashing).
    var isCheckedSolid = false
    /// Whether the mesh is known to be a valid solid besides (no two of its triangles cross): set
    /// on a boolean's result, which the kernel returns only valid (docs/booleans.md), so that a
    /// chain of booleans does not look for crossings in its first operand again; cleared like
    /// `isCheckedSolid`, and by any transform (rounding may move a corner across a thin piece).
    var isKnownValid = false

    private mutating func forgetChecks() {
        isCheckedSolid = false
        isKnownValid = false
    }

    public init(vertices: [Vector3] = [], triangles: [Triangle] = []) {
        storedVertices = vertices
        storedTriangles = triangles
    }

    public static func == (l: Mesh, r: Mesh) -> Bool { l.vertices == r.vertices && l.triangles == r.triangles }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(vertices)
        hasher.combine(triangles)
    }

    /// This mesh, marked as known to pass the operand check.
    func markedChecked() -> Mesh {
        var m = self
        m.isCheckedSolid = true
        return m
    }

    /// This mesh, marked as known to be a valid solid (a boolean's result).
    func markedValid() -> Mesh {
        var m = markedChecked()
        m.isKnownValid = true
        return m
    }

    public static let empty = Mesh()

    public var isEmpty: Bool { triangles.isEmpty }

    /// The corners of triangle `i`.
    @inline(__always) public func corners(_ i: Int) -> (Vector3, Vector3, Vector3) {
        let t = triangles[i]
        return (vertices[Int(t.a)], vertices[Int(t.b)], vertices[Int(t.c)])
    }

    /// The box around every vertex.
    public var bounds: Bounds { Bounds(points: vertices) }

    /// The mesh with every vertex mapped by `transform`; a mirroring transform also flips every
    /// triangle so the mesh stays outward-facing.
    public func transformed(by transform: Transform) -> Mesh {
        var m = Mesh(vertices: vertices.map(transform.apply(to:)), triangles: triangles)
        if transform.determinant < 0 { m.triangles = m.triangles.map(\.flipped) }
        // An invertible map keeps a checked solid closed, manifold and outward, if nothing overflows.
        m.isCheckedSolid = isCheckedSolid && transform.determinant.isNormal && m.vertices.allSatisfy(\.isFinite)
        return m
    }

    public func translated(by t: Vector3) -> Mesh { transformed(by: .translation(t)) }
    public func scaled(by s: Vector3) -> Mesh { transformed(by: .scale(s)) }
    public func scaled(by s: Double) -> Mesh { transformed(by: .scale(s)) }
    /// Rotated about X, then Y, then Z, by the given angles in degrees.
    public func rotated(degrees r: Vector3) -> Mesh { transformed(by: .rotation(degrees: r)) }

    /// Every triangle wound the other way (an inside-out mesh).
    public var flipped: Mesh { Mesh(vertices: vertices, triangles: triangles.map(\.flipped)) }

    /// Both meshes in one, without any boolean: use for disjoint solids only.
    public func merged(with other: Mesh) -> Mesh { Mesh.merged([self, other]) }

    /// All meshes in one, without any boolean: use for disjoint solids only.
    public static func merged(_ meshes: [Mesh]) -> Mesh {
        var result = Mesh()
        result.vertices.reserveCapacity(meshes.reduce(0) { $0 + $1.vertices.count })
        result.triangles.reserveCapacity(meshes.reduce(0) { $0 + $1.triangles.count })
        for m in meshes {
            let offset = UInt32(result.vertices.count)
            result.vertices += m.vertices
            result.triangles += m.triangles.map { Triangle($0.a + offset, $0.b + offset, $0.c + offset, tag: $0.tag) }
        }
        return result
    }

    /// The mesh with every triangle's tag set to `tag`.
    public func tagged(_ tag: UInt32) -> Mesh {
        var m = Mesh(vertices: vertices, triangles: triangles.map { Triangle($0.a, $0.b, $0.c, tag: tag) })
        m.isCheckedSolid = isCheckedSolid
        m.isKnownValid = isKnownValid
        return m
    }

    /// The distinct tags in use, in increasing order.
    public var tags: [UInt32] { Array(Set(triangles.map(\.tag))).sorted() }
}
