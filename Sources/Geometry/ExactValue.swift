/// An exact real number as a floating-point expansion of any length (`Expansion`), for the rare
/// evaluations the interval filter of the indirect predicates cannot decide. Allocates, unlike the
/// fixed-size predicates of `Predicates`; only the exact path of an undecided sign comes here.
struct ExactValue {
    /// Non-overlapping components in increasing magnitude, zeros removed (empty for zero).
    private(set) var terms: [Double]

    init(_ x: Double) { terms = x == 0 ? [] : [x] }
    private init(terms: [Double]) { self.terms = terms }

    /// `a - b`, exactly.
    static func difference(_ a: Double, _ b: Double) -> ExactValue {
        let (s, e) = twoDiff(a, b)
        return ExactValue(terms: [e, s].filter { $0 != 0 })
    }

    static func + (a: ExactValue, b: ExactValue) -> ExactValue {
        if a.terms.isEmpty { return b }
        if b.terms.isEmpty { return a }
        return ExactValue(terms: sum(a.terms, b.terms))
    }

    /// The sum of two expansions, compressed.
    private static func sum(_ e: [Double], _ f: [Double]) -> [Double] {
        [Double](unsafeUninitializedCapacity: e.count + f.count) { h, n in
            e.withUnsafeBufferPointer { ep in
                f.withUnsafeBufferPointer { fp in
                    n = Expansion.sum(UnsafeMutablePointer(mutating: ep.baseAddress!), ep.count,
                                      UnsafeMutablePointer(mutating: fp.baseAddress!), fp.count, into: h.baseAddress!)
                    n = Expansion.compress(h.baseAddress!, n)
                }
            }
        }
    }

    static prefix func - (a: ExactValue) -> ExactValue { ExactValue(terms: a.terms.map { -$0 }) }

    static func - (a: ExactValue, b: ExactValue) -> ExactValue { a + (-b) }

    /// `a * b`, exactly: `a` scaled by each component of `b`, summed, compressed as it goes (an
    /// expansion's length grows with every product; compressed, it stays near the few components
    /// its value needs).
    static func * (a: ExactValue, b: ExactValue) -> ExactValue {
        guard !a.terms.isEmpty, !b.terms.isEmpty else { return ExactValue(0) }
        let (long, short) = a.terms.count >= b.terms.count ? (a.terms, b.terms) : (b.terms, a.terms)
        var result = [Double]()
        for factor in short {
            let scaled = [Double](unsafeUninitializedCapacity: 2 * long.count) { h, n in
                long.withUnsafeBufferPointer { ep in
                    n = Expansion.scale(UnsafeMutablePointer(mutating: ep.baseAddress!), ep.count, by: factor, into: h.baseAddress!)
                }
            }
            result = result.isEmpty ? scaled : sum(result, scaled)
        }
        return ExactValue(terms: result.filter { $0 != 0 })
    }

    /// The exact sign: that of the largest component.
    var sign: Int { terms.last.map { $0 > 0 ? 1 : -1 } ?? 0 }
    /// The value to within a unit or two in the last place: the terms summed from the smallest.
    var approximation: Double { terms.reduce(0, +) }
}
