/// An exact real number as a floating-point expansion of any length (`Expansion`), for the rare
/// evaluations the interval filter of the indirect predicates cannot decide. Up to
/// `inlineCapacity` components (all a coordinate of a contact point usually needs) are stored in the
/// value itself and the arithmetic works in stack buffers, so it allocates only for longer ones.
struct ExactValue {
    /// How many components are stored inline.
    static let inlineCapacity = 16
    /// The components, non-overlapping, in increasing magnitude, zeros removed: the first `count` of
    /// `inline`, or all of `overflow` where there are more than `inlineCapacity`.
    private var inline: InlineArray<16, Double>
    private var overflow: [Double]
    /// How many components there are (none for zero).
    private(set) var count: Int

    init(_ x: Double) {
        inline = InlineArray(repeating: 0)
        overflow = []
        count = 0
        if x != 0 {
            inline[0] = x
            count = 1
        }
    }

    /// The value of the `n` components at `h`.
    private init(_ h: UnsafePointer<Double>, _ n: Int) {
        count = n
        if n <= Self.inlineCapacity {
            inline = InlineArray { i in i < n ? h[i] : 0 }
            overflow = []
        } else {
            inline = InlineArray(repeating: 0)
            overflow = Array(UnsafeBufferPointer(start: h, count: n))
        }
    }

    /// The components, as an array.
    var terms: [Double] { withTerms { Array($0) } }

    /// Calls `body` with the components.
    private func withTerms<R>(_ body: (UnsafeBufferPointer<Double>) -> R) -> R {
        if count > Self.inlineCapacity { return overflow.withUnsafeBufferPointer(body) }
        return inline.span.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[0..<count])) }
    }

    /// `a - b`, exactly.
    static func difference(_ a: Double, _ b: Double) -> ExactValue {
        let (s, e) = twoDiff(a, b)
        var value = ExactValue(0)
        if e != 0 { value.inline[value.count] = e; value.count += 1 }
        if s != 0 { value.inline[value.count] = s; value.count += 1 }
        return value
    }

    static func + (a: ExactValue, b: ExactValue) -> ExactValue {
        if a.count == 0 { return b }
        if b.count == 0 { return a }
        return a.withTerms { e in b.withTerms { f in sum(e, f, negatingSecond: false) } }
    }

    static prefix func - (a: ExactValue) -> ExactValue {
        var negated = a
        if a.count > inlineCapacity {
            negated.overflow = a.overflow.map { -$0 }
        } else {
            for i in 0..<a.count { negated.inline[i] = -a.inline[i] }
        }
        return negated
    }

    static func - (a: ExactValue, b: ExactValue) -> ExactValue {
        if a.count == 0 { return -b }
        if b.count == 0 { return a }
        return a.withTerms { e in b.withTerms { f in sum(e, f, negatingSecond: true) } }
    }

    /// The sum of two non-empty expansions (the second negated, if asked), compressed.
    private static func sum(_ e: UnsafeBufferPointer<Double>, _ f: UnsafeBufferPointer<Double>, negatingSecond: Bool) -> ExactValue {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * (e.count + f.count)) { buffer in
            let h = buffer.baseAddress!, g = h + e.count + f.count
            for i in 0..<f.count { g[i] = negatingSecond ? -f[i] : f[i] }
            var n = Expansion.sum(UnsafeMutablePointer(mutating: e.baseAddress!), e.count, g, f.count, into: h)
            n = Expansion.compress(h, n)
            return ExactValue(h, n)
        }
    }

    /// `a * b`, exactly: `a` scaled by each component of `b`, summed, compressed as it goes (an
    /// expansion's length grows with every product; compressed, it stays near the few components
    /// its value needs).
    static func * (a: ExactValue, b: ExactValue) -> ExactValue {
        guard a.count > 0, b.count > 0 else { return ExactValue(0) }
        let (longer, shorter) = a.count >= b.count ? (a, b) : (b, a)
        return longer.withTerms { long in
            shorter.withTerms { short in
                // The running result, the scaled copy of `long`, and their sum: each at most twice
                // `long` per component of `short` so far.
                let most = 2 * long.count * short.count
                return withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * most + 2 * long.count) { buffer in
                    let result = buffer.baseAddress!, scaled = result + most, merged = scaled + 2 * long.count
                    let longStart = UnsafeMutablePointer(mutating: long.baseAddress!)
                    var n = 0
                    for factor in short {
                        let m = Expansion.scale(longStart, long.count, by: factor, into: scaled)
                        if n == 0 {
                            result.update(from: scaled, count: m)
                            n = m
                        } else {
                            n = Expansion.compress(merged, Expansion.sum(result, n, scaled, m, into: merged))
                            result.update(from: merged, count: n)
                        }
                    }
                    // Zeros removed.
                    var kept = 0
                    for i in 0..<n where result[i] != 0 {
                        result[kept] = result[i]
                        kept += 1
                    }
                    return ExactValue(result, kept)
                }
            }
        }
    }

    /// The exact sign: that of the largest component.
    var sign: Int {
        guard count > 0 else { return 0 }
        return withTerms { $0[count - 1] > 0 ? 1 : -1 }
    }

    /// The value to within a unit or two in the last place: the terms summed from the smallest.
    var approximation: Double { withTerms { $0.reduce(0, +) } }
}
