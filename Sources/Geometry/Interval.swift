/// A closed interval of reals holding the exact value of an expression evaluated in doubles: every
/// operation rounds to nearest and then widens its bounds outward by one ulp, which covers the
/// rounding error of that operation (at most half an ulp). The filter of the indirect predicates:
/// when an interval excludes zero its sign is the exact sign, otherwise the caller evaluates
/// exactly. Overflow gives infinite or NaN bounds, whose sign is never decided.
struct Interval {
    var lower: Double
    var upper: Double

    @inline(__always) init(_ x: Double) { (lower, upper) = (x, x) }
    @inline(__always) init(lower: Double, upper: Double) { (self.lower, self.upper) = (lower, upper) }

    @inline(__always) static func + (a: Interval, b: Interval) -> Interval {
        Interval(lower: (a.lower + b.lower).nextDown, upper: (a.upper + b.upper).nextUp)
    }

    @inline(__always) static func - (a: Interval, b: Interval) -> Interval {
        Interval(lower: (a.lower - b.upper).nextDown, upper: (a.upper - b.lower).nextUp)
    }

    @inline(__always) static prefix func - (a: Interval) -> Interval { Interval(lower: -a.upper, upper: -a.lower) }

    @inline(__always) static func * (a: Interval, b: Interval) -> Interval {
        let p = a.lower * b.lower, q = a.lower * b.upper, r = a.upper * b.lower, s = a.upper * b.upper
        return Interval(lower: min(min(p, q), min(r, s)).nextDown, upper: max(max(p, q), max(r, s)).nextUp)
    }

    /// +1 or -1 when the interval lies on one side of zero, 0 when it is exactly zero, nil otherwise.
    @inline(__always) var sign: Int? {
        if lower > 0 { return 1 }
        if upper < 0 { return -1 }
        if lower == 0 && upper == 0 { return 0 }
        return nil
    }
}
