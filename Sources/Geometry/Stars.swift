/// The triangles round each vertex of a mesh being edited: compressed rows built in one pass, and
/// a vertex's own list made only once an edit changes its star. A boolean's result of a million
/// vertices, of which a few thousand are collapsed, so allocates a few thousand lists rather than
/// one per vertex.
struct Stars {
    private let first: [Int32]
    private let items: [Int32]
    /// Per vertex, its star once edited.
    private var edited: [[Int32]?]

    /// The stars of `mesh`'s vertices, each in triangle order.
    init(_ mesh: Mesh) {
        var first = [Int32](repeating: 0, count: mesh.vertices.count + 1)
        var items = [Int32](repeating: 0, count: 3 * mesh.triangles.count)
        first.withUnsafeMutableBufferPointer { first in
            mesh.triangles.withUnsafeBufferPointer { triangles in
                for t in triangles { for k in 0..<3 { first[Int(t[k]) + 1] += 1 } }
                for v in 0..<mesh.vertices.count { first[v + 1] += first[v] }
                var fill = Array(first)
                items.withUnsafeMutableBufferPointer { items in
                    fill.withUnsafeMutableBufferPointer { fill in
                        for (i, t) in triangles.enumerated() {
                            for k in 0..<3 {
                                items[Int(fill[Int(t[k])])] = Int32(i)
                                fill[Int(t[k])] += 1
                            }
                        }
                    }
                }
            }
        }
        self.first = first
        self.items = items
        edited = [[Int32]?](repeating: nil, count: mesh.vertices.count)
    }

    /// The triangles round vertex `v` (dead ones too, where the editor keeps them).
    subscript(v: Int) -> ArraySlice<Int32> {
        if let own = edited[v] { return own[...] }
        return items[Int(first[v])..<Int(first[v + 1])]
    }

    /// Adds triangle `t` to the star of `v`.
    mutating func append(_ t: Int32, to v: Int) { withShared { $0.append(t, to: v) } }

    /// Empties the star of `v`.
    mutating func clear(_ v: Int) { edited[v] = [] }

    /// Removes from the star of `v` the triangles for which `dropped` holds.
    mutating func removeAll(of v: Int, where dropped: (Int32) -> Bool) { withShared { $0.removeAll(of: v, where: dropped) } }

    /// `body` with access to the stars (`Shared`), for editors that may run at once on disjoint
    /// sets of vertices.
    mutating func withShared<R>(_ body: (Shared) -> R) -> R {
        let (first, items) = (first, items)
        return first.withUnsafeBufferPointer { first in
            items.withUnsafeBufferPointer { items in
                edited.withUnsafeMutableBufferPointer { edited in body(Shared(first: first, items: items, edited: edited)) }
            }
        }
    }

    /// The stars for editors running at once: each may read and edit only the stars of its own
    /// vertices.
    struct Shared: @unchecked Sendable {
        fileprivate let first: UnsafeBufferPointer<Int32>
        fileprivate let items: UnsafeBufferPointer<Int32>
        fileprivate let edited: UnsafeMutableBufferPointer<[Int32]?>

        /// The triangles round vertex `v` (dead ones too, where the editor keeps them).
        subscript(v: Int) -> Star {
            if let own = edited[v] { return Star(own: own) }
            return Star(row: UnsafeBufferPointer(rebasing: items[Int(first[v])..<Int(first[v + 1])]))
        }

        /// Adds triangle `t` to the star of `v`.
        func append(_ t: Int32, to v: Int) {
            own(v)
            edited[v]!.append(t)
        }

        /// Empties the star of `v`.
        func clear(_ v: Int) { edited[v] = [] }

        /// Removes from the star of `v` the triangles for which `dropped` holds.
        func removeAll(of v: Int, where dropped: (Int32) -> Bool) {
            own(v)
            edited[v]!.removeAll(where: dropped)
        }

        private func own(_ v: Int) {
            if edited[v] == nil { edited[v] = Array(items[Int(first[v])..<Int(first[v + 1])]) }
        }
    }

    /// The triangles round one vertex: its row of the compressed rows, or its own list.
    struct Star: Sequence {
        private let row: UnsafeBufferPointer<Int32>
        private let own: [Int32]
        private let isOwn: Bool

        fileprivate init(row: UnsafeBufferPointer<Int32>) { (self.row, own, isOwn) = (row, [], false) }
        fileprivate init(own: [Int32]) { (row, self.own, isOwn) = (UnsafeBufferPointer(start: nil, count: 0), own, true) }

        var count: Int { isOwn ? own.count : row.count }
        var isEmpty: Bool { count == 0 }
        var first: Int32? { isOwn ? own.first : row.first }

        func makeIterator() -> Iterator { Iterator(star: self) }

        struct Iterator: IteratorProtocol {
            fileprivate let star: Star
            private var index = 0

            fileprivate init(star: Star) { self.star = star }

            mutating func next() -> Int32? {
                guard index < star.count else { return nil }
                defer { index += 1 }
                return star.isOwn ? star.own[index] : star.row[index]
            }
        }
    }
}
