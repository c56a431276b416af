/// Exact arithmetic on floating-point expansions (Shewchuk, "Adaptive Precision Floating-Point
/// Arithmetic and Fast Robust Geometric Predicates", 1997): a value is the exact sum of its
/// non-overlapping components, stored in increasing magnitude in a caller-provided buffer. Nothing
/// here allocates, so the exact path of the predicates stays cheap.
enum Expansion {
    typealias Buffer = UnsafeMutablePointer<Double>

    /// `h = e + f`, exactly; `h` needs room for `elen + flen` terms and must not alias `e` or `f`.
    /// Returns the length of `h` (zero terms removed).
    @inline(__always)
    static func sum(_ e: Buffer, _ elen: Int, _ f: Buffer, _ flen: Int, into h: Buffer) -> Int {
        if elen == 0 { h.update(from: f, count: flen); return flen }
        if flen == 0 { h.update(from: e, count: elen); return elen }
        var i = 0, j = 0
        var q: Double
        if abs(e[0]) < abs(f[0]) { q = e[0]; i = 1 } else { q = f[0]; j = 1 }
        var n = 0
        while i < elen || j < flen {
            let next: Double
            if j >= flen || (i < elen && abs(e[i]) < abs(f[j])) { next = e[i]; i += 1 } else { next = f[j]; j += 1 }
            let (s, err) = twoSum(q, next)
            if err != 0 { h[n] = err; n += 1 }
            q = s
        }
        if q != 0 || n == 0 { h[n] = q; n += 1 }
        return n
    }

    /// `h = e * b`, exactly; `h` needs room for `2 * elen` terms. Returns its length.
    @inline(__always)
    static func scale(_ e: Buffer, _ elen: Int, by b: Double, into h: Buffer) -> Int {
        guard elen > 0, b != 0 else { return 0 }
        var (q, low) = twoProduct(e[0], b)
        var n = 0
        if low != 0 { h[n] = low; n += 1 }
        for k in 1..<elen {
            let (p1, p0) = twoProduct(e[k], b)
            let (s, err) = twoSum(q, p0)
            if err != 0 { h[n] = err; n += 1 }
            let (q2, err2) = twoSum(p1, s)
            if err2 != 0 { h[n] = err2; n += 1 }
            q = q2
        }
        if q != 0 || n == 0 { h[n] = q; n += 1 }
        return n
    }

    /// Compresses the expansion `e` in place (Shewchuk's Compress): the same value in as few
    /// components as it needs, still in increasing magnitude, without zeros (none for zero).
    /// Returns the new length.
    @inline(__always)
    static func compress(_ e: Buffer, _ elen: Int) -> Int {
        guard elen > 1 else { return elen == 1 && e[0] == 0 ? 0 : elen }
        // Top down: gather the components into non-adjacent pieces at the top of the buffer.
        var bottom = elen - 1
        var q = e[elen - 1]
        for i in stride(from: elen - 2, through: 0, by: -1) {
            let (sum, low) = fastTwoSum(q, e[i])
            if low != 0 {
                e[bottom] = sum
                bottom -= 1
                q = low
            } else {
                q = sum
            }
        }
        e[bottom] = q
        // Bottom up: the pieces summed from the smallest, each error a component.
        var top = 0
        for i in (bottom + 1)..<elen {
            let (sum, low) = fastTwoSum(e[i], q)
            if low != 0 {
                e[top] = low
                top += 1
            }
            q = sum
        }
        if q != 0 {
            e[top] = q
            top += 1
        }
        return top
    }

    /// The sign of an expansion: that of its largest non-zero term.
    @inline(__always)
    static func sign(_ e: Buffer, _ elen: Int) -> Int {
        var k = elen - 1
        while k >= 0 {
            if e[k] != 0 { return e[k] > 0 ? 1 : -1 }
            k -= 1
        }
        return 0
    }

    /// `h = a * d - b * c`, exactly (up to 4 terms).
    @inline(__always)
    static func crossProductDifference(_ a: Double, _ d: Double, _ b: Double, _ c: Double, into h: Buffer) -> Int {
        let (p1, p0) = twoProduct(a, d)
        let (q1, q0) = twoProduct(b, c)
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 4) { t in
            let e = t.baseAddress!, f = e + 2
            e[0] = p0; e[1] = p1
            f[0] = -q0; f[1] = -q1
            var elen = 2, flen = 2
            if p0 == 0 { e[0] = p1; elen = 1 }
            if q0 == 0 { f[0] = -q1; flen = 1 }
            return sum(e, elen, f, flen, into: h)
        }
    }
}

/// `a + b` as the rounded sum and its exact rounding error.
@inline(__always) func twoSum(_ a: Double, _ b: Double) -> (Double, Double) {
    let s = a + b
    let bv = s - a
    let av = s - bv
    return (s, (a - av) + (b - bv))
}

/// `a + b` as the rounded sum and its exact rounding error, where |a| ≥ |b| (or a is zero).
@inline(__always) func fastTwoSum(_ a: Double, _ b: Double) -> (Double, Double) {
    let s = a + b
    return (s, b - (s - a))
}

/// `a - b` as the rounded difference and its exact rounding error.
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
