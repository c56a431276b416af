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
        var e = a.terms, f = b.terms
        var h = [Double](repeating: 0, count: e.count + f.count)
        let n = e.withUnsafeMutableBufferPointer { ep in
            f.withUnsafeMutableBufferPointer { fp in
                h.withUnsafeMutableBufferPointer { hp in
                    Expansion.sum(ep.baseAddress!, ep.count, fp.baseAddress!, fp.count, into: hp.baseAddress!)
                }
            }
        }
        h.removeSubrange(n...)
        return ExactValue(terms: h.filter { $0 != 0 })
    }

    static prefix func - (a: ExactValue) -> ExactValue { ExactValue(terms: a.terms.map { -$0 }) }

    static func - (a: ExactValue, b: ExactValue) -> ExactValue { a + (-b) }

    /// `a * b`, exactly: `a` scaled by each component of `b`, summed.
    static func * (a: ExactValue, b: ExactValue) -> ExactValue {
        guard !a.terms.isEmpty, !b.terms.isEmpty else { return ExactValue(0) }
        var result = ExactValue(0)
        var e = a.terms
        for factor in b.terms {
            var h = [Double](repeating: 0, count: 2 * e.count)
            let n = e.withUnsafeMutableBufferPointer { ep in
                h.withUnsafeMutableBufferPointer { hp in Expansion.scale(ep.baseAddress!, ep.count, by: factor, into: hp.baseAddress!) }
            }
            h.removeSubrange(n...)
            result = result + ExactValue(terms: h.filter { $0 != 0 })
        }
        return result
    }

    /// The exact sign: that of the largest component.
    var sign: Int { terms.last.map { $0 > 0 ? 1 : -1 } ?? 0 }
    /// The value to within a unit or two in the last place: the terms summed from the smallest.
    var approximation: Double { terms.reduce(0, +) }
}
