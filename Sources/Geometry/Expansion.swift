/// Exact arithmetic on floating-point expansions: a value is the exact sum of its non-overlapping
/// components, ordered by increasing magnitude (Shewchuk, "Adaptive Precision Floating-Point
/// Arithmetic and Fast Robust Geometric Predicates", 1997). Used only on the slow path of the
/// predicates, when the fast floating-point filter cannot decide a sign.
struct Expansion {
    var terms: [Double]

    init(_ value: Double) { terms = value == 0 ? [] : [value] }
    init(terms: [Double]) { self.terms = terms }

    /// `a - b`, exactly, as a two-term expansion.
    static func difference(_ a: Double, _ b: Double) -> Expansion {
        let (s, e) = twoDiff(a, b)
        return Expansion(terms: [e, s].filter { $0 != 0 })
    }

    /// The sign of the exact value: -1, 0 or +1.
    var sign: Int {
        guard let top = terms.last(where: { $0 != 0 }) else { return 0 }
        return top > 0 ? 1 : -1
    }

    /// The value rounded to a double.
    var approximate: Double { terms.reduce(0, +) }

    static func + (e: Expansion, f: Expansion) -> Expansion {
        // Linear-time merge of two nonoverlapping expansions, with zero elimination.
        if e.terms.isEmpty { return f }
        if f.terms.isEmpty { return e }
        var merged = [Double]()
        merged.reserveCapacity(e.terms.count + f.terms.count)
        var i = 0, j = 0
        while i < e.terms.count && j < f.terms.count {
            if abs(e.terms[i]) < abs(f.terms[j]) { merged.append(e.terms[i]); i += 1 }
            else { merged.append(f.terms[j]); j += 1 }
        }
        merged.append(contentsOf: e.terms[i...])
        merged.append(contentsOf: f.terms[j...])
        var result = [Double]()
        result.reserveCapacity(merged.count)
        var q = merged[0]
        for k in 1..<merged.count {
            let (s, err) = twoSum(q, merged[k])
            if err != 0 { result.append(err) }
            q = s
        }
        if q != 0 || result.isEmpty { result.append(q) }
        return Expansion(terms: result.filter { $0 != 0 })
    }

    static prefix func - (e: Expansion) -> Expansion { Expansion(terms: e.terms.map { -$0 }) }
    static func - (e: Expansion, f: Expansion) -> Expansion { e + (-f) }

    /// `e * b`, exactly.
    static func * (e: Expansion, b: Double) -> Expansion {
        guard !e.terms.isEmpty, b != 0 else { return Expansion(terms: []) }
        var result = [Double]()
        result.reserveCapacity(2 * e.terms.count)
        var (q, h) = twoProduct(e.terms[0], b)
        if h != 0 { result.append(h) }
        for k in 1..<e.terms.count {
            let (p1, p0) = twoProduct(e.terms[k], b)
            let (sum, err) = twoSum(q, p0)
            if err != 0 { result.append(err) }
            let (q2, err2) = fastTwoSum(p1, sum)
            if err2 != 0 { result.append(err2) }
            q = q2
        }
        if q != 0 { result.append(q) }
        return Expansion(terms: result)
    }

    static func * (e: Expansion, f: Expansion) -> Expansion {
        var total = Expansion(terms: [])
        for b in f.terms { total = total + e * b }
        return total
    }
}

@inline(__always) func twoSum(_ a: Double, _ b: Double) -> (Double, Double) {
    let s = a + b
    let bv = s - a
    let av = s - bv
    return (s, (a - av) + (b - bv))
}

@inline(__always) func fastTwoSum(_ a: Double, _ b: Double) -> (Double, Double) {
    // Requires |a| >= |b| or a == 0; fall back to twoSum otherwise.
    if abs(a) < abs(b) { return twoSum(a, b) }
    let s = a + b
    return (s, b - (s - a))
}

@inline(__always) func twoDiff(_ a: Double, _ b: Double) -> (Double, Double) {
    let s = a - b
    let bv = a - s
    let av = s + bv
    return (s, (a - av) + (bv - b))
}

/// `a * b` as the rounded product and its exact rounding error (via a fused multiply-add).
@inline(__always) func twoProduct(_ a: Double, _ b: Double) -> (Double, Double) {
    let p = a * b
    return (p, (-p).addingProduct(a, b))
}
