import Foundation
import Synchronization
import Geometry
import MiniDesk

/// `minidesk params ITEM`: every parameter with its default, unit, range and description.
enum ParamsCommand {
    static func run(_ words: [String]) throws(UsageError) -> ExitCode {
        let args = try Arguments(words, valued: ["--set", "--params", "--set-name", "--preset"], flags: ["--json", "--markdown", "--parameter-file", "--own", "--help"])
        if args.flags.contains("--help") { Console.out(Help.params); return .ok }
        guard args.positional.count == 1 else { throw UsageError("params needs one item name (see `minidesk list`)") }
        guard let item = Catalogue.item(named: args.positional[0]) else {
            let hint = closestItem(args.positional[0]).map { ", did you mean `\($0)`?" } ?? ""
            throw UsageError("unknown item `\(args.positional[0])`\(hint)")
        }
        // The values the ranges are worked out for: the defaults, with --preset, --params and --set.
        let overrides: ParameterSet
        do { overrides = try ParameterInput.resolve(for: item, args, validating: false) } catch {
            error.problems.forEach { Console.error($0.description) }
            return .usage
        }
        let problems = item.schema.validate(overrides)
        problems.forEach { Console.error($0.description) }
        var full = item.schema.defaults.overriding(with: overrides)
        // A value outside its declared range counts as its nearest limit for the others' ranges.
        for s in item.schema.specs {
            if let lo = s.min, let hi = s.max, case .number(let v)? = full[s.name], v.isFinite { full[s.name] = .number(min(max(v, lo), hi)) }
        }
        // --own: only the item's own parameters, without those every item shares.
        let specs = args.flags.contains("--own") ? item.schema.specs.filter { !Catalogue.sharedParameterNames.contains($0.name) } : item.schema.specs
        let ranges = effectiveRanges(item.schema, specs, full)
        if args.flags.contains("--json") {
            // cq-cli's --getparams and OpenSCAD's parameter export: name, type, caption, initial, min,
            // max; min and max are the effective range given the other values, `limits` the
            // declared one, `value` the value in use.
            Console.out(JSON.string(specs.map { s -> [String: Any] in
                var entry: [String: Any] = [
                    "name": s.name, "type": s.kind.rawValue, "caption": s.summary, "initial": jsonValue(s.defaultValue),
                    "value": jsonValue(overrides[s.name] ?? s.defaultValue), "scales": s.kind == .length && s.scales,
                ]
                if let lo = s.min, let hi = s.max {
                    entry["limits"] = ["min": lo, "max": hi]
                    if let r = ranges[s.name] { entry["min"] = r.lowerBound; entry["max"] = r.upperBound } else { entry["min"] = NSNull(); entry["max"] = NSNull() }
                }
                if !s.kind.unit.isEmpty { entry["unit"] = s.kind.unit }
                if !s.choices.isEmpty { entry["options"] = s.choices }
                return entry
            }))
        } else if args.flags.contains("--parameter-file") {
            Console.out(ParameterInput.json(full, item: item.name))
        } else if args.flags.contains("--markdown") {
            Console.out("| Parameter | Default | Allowed | Description |\n|---|---|---|---|")
            for s in specs {
                Console.out("| `\(s.name)` | \(display(s.defaultValue, s.kind)) | \(allowed(s, ranges)) | \(s.summary) |")
            }
        } else {
            let width = specs.map(\.name.count).max() ?? 0
            for s in specs {
                Console.out(s.name.padding(toLength: width + 2, withPad: " ", startingAt: 0)
                    + display(full[s.name]!, s.kind).padding(toLength: 12, withPad: " ", startingAt: 0)
                    + "(\(allowed(s, ranges)))  \(s.summary)")
            }
        }
        return problems.contains { !$0.isWarning } ? .usage : .ok
    }

    /// Every numeric parameter's effective range, worked out in parallel.
    static func effectiveRanges(_ schema: ParameterSchema, _ specs: [ParameterSpec], _ full: ParameterSet) -> [String: ClosedRange<Double>] {
        let numeric = specs.filter { $0.min != nil && $0.max != nil }
        let found = Mutex([String: ClosedRange<Double>]())
        DispatchQueue.concurrentPerform(iterations: numeric.count) { k in
            if let r = schema.effectiveRange(of: numeric[k].name, in: full) { found.withLock { $0[numeric[k].name] = r } }
        }
        return found.withLock { $0 }
    }

    /// The range a parameter allows given the others, and its declared limits when they differ.
    static func allowed(_ s: ParameterSpec, _ ranges: [String: ClosedRange<Double>]) -> String {
        guard s.min != nil, s.max != nil else { return s.rangeText }
        guard let r = ranges[s.name] else { return "none with the other values (declared \(s.rangeText))" }
        return s.rangeText(min: r.lowerBound, max: r.upperBound)
    }

    static func closestItem(_ name: String) -> String? {
        Catalogue.items.map(\.name).min { editDistance(name, $0) < editDistance(name, $1) }.flatMap { editDistance(name, $0) <= 2 ? $0 : nil }
    }

    private static func display(_ v: ParameterValue, _ kind: ParameterKind) -> String {
        switch v {
        case .text(let s): return s
        default: return v.description + (kind.unit.isEmpty ? "" : " " + kind.unit)
        }
    }

    private static func jsonValue(_ v: ParameterValue) -> Any {
        switch v {
        case .number(let n): return n
        case .bool(let b): return b
        case .text(let s): return s
        }
    }
}
