import Dispatch
import Foundation
import Synchronization

/// Every parameter of an item as a form or `params --json` shows it: what it is, the value in use,
/// and the range the other values allow. Worked out once per set of values.
public struct ParameterListing: Sendable {
    /// One parameter's line.
    public struct Entry: Sendable {
        public var spec: ParameterSpec
        /// The value in use: the override, or the default.
        public var value: ParameterValue
        /// The values the others allow (`ParameterSchema.effectiveRange`); nil for a parameter that
        /// is not numeric, and for one that no value would suit.
        public var effectiveRange: ClosedRange<Double>?

        /// The group a form puts it in: the first part of its name (`body` for `body.width`), and
        /// `body` for the names without a dot (`scale`).
        public var group: String {
            spec.name.split(separator: ".").count > 1 ? String(spec.name.split(separator: ".")[0]) : "body"
        }

        /// As JSON, after cq-cli's `--getparams` and OpenSCAD's parameter export: name, type,
        /// caption, initial, min and max (the effective range, null when none), plus `limits` (the
        /// declared range), `value`, `scales`, `unit`, `options` and `group`.
        public var json: [String: Any] {
            var entry: [String: Any] = [
                "name": spec.name, "type": spec.kind.rawValue, "caption": spec.summary, "initial": spec.defaultValue.plain,
                "value": value.plain, "scales": spec.kind == .length && spec.scales, "group": group,
            ]
            if let lo = spec.min, let hi = spec.max {
                entry["limits"] = ["min": lo, "max": hi]
                entry["min"] = effectiveRange.map { $0.lowerBound as Any } ?? NSNull()
                entry["max"] = effectiveRange.map { $0.upperBound as Any } ?? NSNull()
            }
            if !spec.kind.unit.isEmpty { entry["unit"] = spec.kind.unit }
            if !spec.choices.isEmpty { entry["options"] = spec.choices }
            return entry
        }
    }

    public var entries: [Entry]
    /// What `validate` finds in the overrides: errors (each naming the parameter to change) and
    /// warnings.
    public var problems: [ParameterProblem]

    /// The listing of `specs` (all of the schema's by default) for `overrides` on top of the
    /// defaults. A value outside its declared range counts as its nearest limit when the others'
    /// ranges are worked out. The ranges are found in parallel.
    public init(_ schema: ParameterSchema, overrides: ParameterSet, specs: [ParameterSpec]? = nil) {
        let specs = specs ?? schema.specs
        problems = schema.validate(overrides)
        var full = schema.defaults.overriding(with: overrides)
        for s in schema.specs {
            if let lo = s.min, let hi = s.max, case .number(let v)? = full[s.name], v.isFinite { full[s.name] = .number(Swift.min(Swift.max(v, lo), hi)) }
        }
        let numeric = specs.filter { $0.min != nil && $0.max != nil }
        let found = Mutex([String: ClosedRange<Double>]())
        DispatchQueue.concurrentPerform(iterations: numeric.count) { [full] k in
            if let r = schema.effectiveRange(of: numeric[k].name, in: full) { found.withLock { $0[numeric[k].name] = r } }
        }
        let ranges = found.withLock { $0 }
        entries = specs.map { Entry(spec: $0, value: overrides[$0.name] ?? $0.defaultValue, effectiveRange: ranges[$0.name]) }
    }
}
