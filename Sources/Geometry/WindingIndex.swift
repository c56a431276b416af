/// The exact winding numbers of one long loop around many points (`Contour.winding(around:)`, one
/// query after another): the loop's edges are sorted into horizontal slabs once, and a query tests
/// only the edges whose heights span its own slab, since no other edge adds to its winding number.
/// A triangle of a box split by five hundred holes has a loop of 27,000 points, asked about once
/// per hole.
struct WindingIndex {
    private let points: [Vector2]
    /// The lowest and highest heights, and the slabs per millimetre.
    private let low: Double, high: Double, scale: Double
    private let slabs: Int
    /// Slab k holds the edges `edges[start[k]..<start[k + 1]]`; edge i runs from point i to the next.
    private let start: [Int]
    private let edges: [Int32]

    /// The index of the loop through `points` (the last joined to the first): about the square root
    /// of their number of slabs, or one slab (every edge tested) where long edges would fill them
    /// with more than a few copies of each edge on average.
    init(_ points: [Vector2]) {
        let n = points.count
        var low = Double.infinity, high = -Double.infinity
        for p in points {
            low = min(low, p.y)
            high = max(high, p.y)
        }
        // Slab of each edge's lower and higher end: a monotonic map of heights, so that a point whose
        // height lies between an edge's ends has its slab between theirs.
        func slab(_ y: Double, _ slabs: Int, _ scale: Double) -> Int { min(slabs - 1, max(0, Int((y - low) * scale))) }
        func counts(_ slabs: Int, _ scale: Double) -> [Int] {
            var start = [Int](repeating: 0, count: slabs + 1)
            for i in 0..<n {
                let a = points[i].y, b = points[(i + 1) % n].y
                for k in slab(min(a, b), slabs, scale)...slab(max(a, b), slabs, scale) { start[k + 1] += 1 }
            }
            for k in 0..<slabs { start[k + 1] += start[k] }
            return start
        }
        var slabs = max(1, Int(Double(n).squareRoot()))
        var scale = high > low && (high - low).isFinite ? Double(slabs) / (high - low) : 0
        var start = counts(slabs, scale)
        if start[slabs] > 4 * n + 1024 {
            (slabs, scale) = (1, 0)
            start = counts(slabs, scale)
        }
        var fill = start
        var edges = [Int32](repeating: 0, count: start[slabs])
        for i in 0..<n {
            let a = points[i].y, b = points[(i + 1) % n].y
            for k in slab(min(a, b), slabs, scale)...slab(max(a, b), slabs, scale) {
                edges[fill[k]] = Int32(i)
                fill[k] += 1
            }
        }
        (self.points, self.low, self.high, self.scale, self.slabs, self.start, self.edges) = (points, low, high, scale, slabs, start, edges)
    }

    /// The exact winding number of the loop around `p`, or nil when `p` lies on the loop: the same
    /// as `Contour(points).winding(around: p)`.
    func winding(around p: Vector2) -> Int? {
        // Below or above every edge (or NaN): no edge spans its height.
        guard p.y >= low && p.y <= high else { return 0 }
        let k = min(slabs - 1, max(0, Int((p.y - low) * scale)))
        var w = 0
        for e in edges[start[k]..<start[k + 1]] {
            let i = Int(e)
            guard let step = Contour.windingStep(points[i], points[i + 1 == points.count ? 0 : i + 1], around: p) else { return nil }
            w += step
        }
        return w
    }
}
