import Testing
@testable import Geometry

/// The faces of a planar graph (`PlanarGraph`), as a triangle split along contact curves gives it:
/// loops that touch nothing else are holes of the smallest face round them.
@Suite struct PlanarGraphTests {
    /// A graph of closed loops, each given by its positions (ids numbered from `first` in order).
    static func addLoop(_ points: [Vector2], first: UInt32, to graph: inout PlanarGraph, positions: inout [UInt32: Vector2]) {
        for (k, p) in points.enumerated() {
            positions[first + UInt32(k)] = p
            graph.addEdge(first + UInt32(k), first + UInt32((k + 1) % points.count))
        }
    }

    static func square(_ x: Double, _ y: Double, _ side: Double) -> [Vector2] {
        [Vector2(x, y), Vector2(x + side, y), Vector2(x + side, y + side), Vector2(x, y + side)]
    }

    /// A triangle with three floating squares, one of them inside another, and many small ones in a
    /// row: each square's inside is a face, and each square's outside is a hole of the face round it.
    @Test func floatingLoopsAreHolesOfTheSmallestFaceRoundThem() throws {
        var graph = PlanarGraph(), at = [UInt32: Vector2]()
        Self.addLoop([Vector2(0, 0), Vector2(100, 0), Vector2(0, 100)], first: 0, to: &graph, positions: &at)
        Self.addLoop(Self.square(10, 10, 20), first: 10, to: &graph, positions: &at)   // A
        Self.addLoop(Self.square(15, 15, 5), first: 20, to: &graph, positions: &at)    // B, inside A
        Self.addLoop(Self.square(40, 10, 10), first: 30, to: &graph, positions: &at)   // C
        for k in 0..<40 { Self.addLoop(Self.square(2 + Double(k), 40, 0.5), first: UInt32(100 + 10 * k), to: &graph, positions: &at) }
        let faces = try graph.faces { at[$0]! }
        #expect(faces.count == 1 + 3 + 40)
        func face(_ outer: Set<UInt32>) -> PlanarGraph.Face? { faces.first { Set($0.outer) == outer } }
        let triangle = try #require(face([0, 1, 2]))
        #expect(triangle.holes.count == 42)
        #expect(Set(triangle.holes.map { Set($0) }).isSuperset(of: [[10, 11, 12, 13], [30, 31, 32, 33], [100, 101, 102, 103]]))
        #expect(try #require(face([10, 11, 12, 13])).holes.map { Set($0) } == [[20, 21, 22, 23]])
        #expect(try #require(face([20, 21, 22, 23])).holes.isEmpty)
        #expect(try #require(face([30, 31, 32, 33])).holes.isEmpty)
    }

    @Test func aLoopOutsideTheTriangleIsRefused() {
        var graph = PlanarGraph(), at = [UInt32: Vector2]()
        Self.addLoop([Vector2(0, 0), Vector2(10, 0), Vector2(0, 10)], first: 0, to: &graph, positions: &at)
        Self.addLoop(Self.square(20, 20, 1), first: 10, to: &graph, positions: &at)
        #expect(throws: GeometryError.self) { try graph.faces { at[$0]! } }
    }
}
