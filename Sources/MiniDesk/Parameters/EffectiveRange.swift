import Foundation

extension ParameterSchema {
    /// The values of the numeric parameter `name` that the other values in `full` allow: the
    /// interval round the current value (or, when that is not allowed, round the allowed value
    /// nearest it) within the declared range, in which the rules find no error. Nil for a parameter
    /// that is not numeric, and when no value would do. Bounds are exact to 0.001 (whole numbers
    /// for counts): the nearest multiple of 0.001 when it is allowed, else the one inwards. A
    /// stretch of refused values narrower than a sixteenth of the way to a declared bound can be
    /// missed.
    public func effectiveRange(of name: String, in full: ParameterSet) -> ClosedRange<Double>? {
        guard let spec = spec(named: name), spec.kind.isNumeric, let lo = spec.min, let hi = spec.max,
              case .number(let current)? = full[name] else { return nil }
        let isCount = spec.kind == .count
        func allows(_ v: Double) -> Bool {
            var trial = full
            trial[name] = .number(v)
            return !ruleProblems(trial).contains { !$0.isWarning }
        }
        let clamped = Swift.min(Swift.max(current, lo), hi)
        var start: Double? = allows(clamped) ? clamped : nil
        if start == nil, case .number(let d) = spec.defaultValue, (lo...hi).contains(d), allows(d) { start = d }
        if start == nil {
            // Coarse samples across the declared range, nearest the current value first.
            let samples = (0...32).map { lo + (hi - lo) * Double($0) / 32 }.map { isCount ? $0.rounded() : $0 }
            start = samples.sorted { abs($0 - clamped) < abs($1 - clamped) }.first(where: allows)
        }
        guard let inside = start else { return nil }
        /// The last allowed value from `inside` towards `outside`: the first of 16 steps that is not
        /// allowed (so a gap in the middle is found), then bisection between it and the step before.
        func edge(towards outside: Double) -> Double {
            var a = inside, b = outside
            let steps = isCount ? min(16, Int(abs(outside - inside))) : 16
            guard steps > 0 else { return inside }
            var found = false
            for k in 1...steps {
                var v = inside + (outside - inside) * Double(k) / Double(steps)
                if isCount { v = v.rounded(outside > inside ? .down : .up) }
                if allows(v) { a = v } else { b = v; found = true; break }
            }
            guard found else { return outside }
            if isCount {
                while abs(b - a) > 1 {
                    let m = ((a + b) / 2).rounded(.down)
                    if allows(m) { a = m } else { b = m }
                }
                return a
            }
            while abs(b - a) > 0.0005 {
                let m = (a + b) / 2
                if allows(m) { a = m } else { b = m }
            }
            // The nearest round figure, or the one inwards, when it is allowed.
            let nearest = (a * 1000).rounded() / 1000, inwards = b > a ? (a * 1000).rounded(.down) / 1000 : (a * 1000).rounded(.up) / 1000
            return allows(nearest) ? nearest : allows(inwards) ? inwards : a
        }
        return edge(towards: lo)...edge(towards: hi)
    }

    /// Errors condensed to their root cause: a parameter the user set (in `overrides`) that alone
    /// makes them, named once with the value that fixes it and the first consequence as the reason,
    /// and the other settings that would each fix them too. The parameter an error names comes
    /// first, then the others in schema order; a switch or choice is offered only when no number
    /// would do. When no one setting explains them, the errors as found.
    func rootCause(of errors: [ParameterProblem], overrides: ParameterSet, full: ParameterSet) -> [ParameterProblem] {
        var fixes = [(name: String, problem: String, fix: String)]()
        for spec in specs where overrides[spec.name] != nil {
            let value = full[spec.name]!
            if spec.kind.isNumeric, case .number(let v) = value {
                guard let range = effectiveRange(of: spec.name, in: full), !range.contains(v) else { continue }
                let fix = v < range.lowerBound ? range.lowerBound : range.upperBound
                let unit = spec.kind.unit.isEmpty ? "" : " \(spec.kind.unit)"
                let allowed = spec.rangeText(min: range.lowerBound, max: range.upperBound)
                let side = v < range.lowerBound ? "too small" : "too large"
                fixes.append((spec.name, "\(value)\(unit) is \(side) for the other values, which allow \(allowed)", ParameterValue.number(fix).description))
            } else if value != spec.defaultValue, !fixes.contains(where: { self.spec(named: $0.name)?.kind.isNumeric == true }) {
                var trial = full
                trial[spec.name] = spec.defaultValue
                guard !ruleProblems(trial).contains(where: { !$0.isWarning }) else { continue }
                let text = if case .text(let t) = spec.defaultValue { t } else { spec.defaultValue.description }
                fixes.append((spec.name, "\(value) does not fit the other values", text))
            }
        }
        if fixes.contains(where: { self.spec(named: $0.name)?.kind.isNumeric == true }) {
            fixes.removeAll { self.spec(named: $0.name)?.kind.isNumeric != true }
        }
        let named = errors.map(\.name)
        fixes = fixes.enumerated().sorted { a, b in
            let (x, y) = (named.firstIndex(of: a.element.name) ?? .max, named.firstIndex(of: b.element.name) ?? .max)
            return x != y ? x < y : a.offset < b.offset
        }.map(\.element)
        guard let first = fixes.first else { return errors }
        // The consequence the user sees: the error about this parameter if there is one.
        let reason = errors.first { $0.name == first.name } ?? errors[0]
        let because = reason.name == first.name ? reason.message : "\(reason.name) \(reason.message)"
        let scale = full["scale"].flatMap { if case .number(let s) = $0, s != 1 { return " (sizes at scale \(ParameterValue.number(s)))" } else { return nil } } ?? ""
        // A feature left on whose absence resolves it (the phone stand's charging path at a small
        // scale) is the other way out.
        let switches = specs.filter { spec in
            guard spec.kind == .bool, full[spec.name] == .bool(true), overrides[spec.name] == nil else { return false }
            var trial = full
            trial[spec.name] = .bool(false)
            return !ruleProblems(trial).contains { !$0.isWarning }
        }
        let alternatives = fixes.dropFirst().map { " or --set \($0.name)=\($0.fix)" }.joined() + switches.map { " or --set \($0.name)=false" }.joined()
        return [ParameterProblem(first.name, "\(first.problem): \(because)\(scale); use --set \(first.name)=\(first.fix)\(alternatives)")]
    }
}
