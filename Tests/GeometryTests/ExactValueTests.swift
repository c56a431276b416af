import Testing
@testable import Geometry

/// `ExactValue` keeps up to 16 components inline and spills longer expansions to the heap: the
/// arithmetic must be exact on both sides of that line and across it.
struct ExactValueTests {
    /// The sum of `count` powers of two 55 binary places apart (more than a double spans): an expansion of exactly `count`
    /// non-overlapping components, however it is compressed.
    private func spread(_ count: Int) -> ExactValue {
        var value = ExactValue(0)
        for k in 0..<count { value = value + ExactValue(Double(sign: .plus, exponent: 55 * k - 470, significand: 1)) }
        return value
    }

    // Up to 18 components, so that squares stay within the exponents of doubles.
    @Test(arguments: [1, 15, 16, 17, 18])
    func expansionsOfAnyLengthStayExact(count: Int) {
        let x = spread(count)
        #expect(x.count == count)
        #expect((x - x).sign == 0)
        #expect((-x).sign == -1)
        // x times 3 less three copies of x is zero; x less its largest component is still positive
        // (for more than one component) and holds one component fewer.
        #expect((x * ExactValue(3) - x - x - x).sign == 0)
        let largest = ExactValue(Double(sign: .plus, exponent: 55 * (count - 1) - 470, significand: 1))
        #expect((x - largest).sign == (count > 1 ? 1 : 0))
        #expect((x - largest).count == count - 1)
        // Squares agree whichever way they are formed: (x + 1)² = x² + 2x + 1.
        let one = ExactValue(1)
        #expect(((x + one) * (x + one) - (x * x + ExactValue(2) * x + one)).sign == 0)
        #expect(x.approximation == largest.approximation + (x - largest).approximation)
    }

    @Test func differencesAreExact() {
        let d = ExactValue.difference(1, 0x1p-80)
        #expect(d.count == 2)
        #expect((d + ExactValue(0x1p-80) - ExactValue(1)).sign == 0)
        #expect(ExactValue.difference(0.5, 0.5).count == 0)
        #expect(ExactValue.difference(0.5, 0.5).sign == 0)
    }
}
