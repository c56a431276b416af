import Foundation
import Geometry
import MeshIO
import MiniDesk
import Support

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
        // --own: only the item's own parameters, without those every item shares.
        let specs = args.flags.contains("--own") ? item.schema.specs.filter { !Catalogue.sharedParameterNames.contains($0.name) } : item.schema.specs
        let listing = ParameterListing(item.schema, overrides: overrides, specs: specs)
        let problems = listing.problems
        problems.forEach { Console.error($0.description) }
        if args.flags.contains("--json") {
            Console.out(JSON.string(listing.entries.map(\.json)))
        } else if args.flags.contains("--parameter-file") {
            Console.out(ItemFiles.parameterFile(item.schema.defaults.overriding(with: overrides), item: item.name))
        } else if args.flags.contains("--markdown") {
            Console.out("| Parameter | Default | Allowed | Description |\n|---|---|---|---|")
            for e in listing.entries {
                Console.out("| `\(e.spec.name)` | \(display(e.spec.defaultValue, e.spec.kind)) | \(allowed(e)) | \(e.spec.summary) |")
            }
        } else {
            let width = specs.map(\.name.count).max() ?? 0
            for e in listing.entries {
                Console.out(e.spec.name.padding(toLength: width + 2, withPad: " ", startingAt: 0)
                    + display(e.value, e.spec.kind).padding(toLength: 12, withPad: " ", startingAt: 0)
                    + "(\(allowed(e)))  \(e.spec.summary)")
            }
        }
        return problems.contains { !$0.isWarning } ? .usage : .ok
    }

    /// The range a parameter allows given the others, and its declared limits when they differ.
    static func allowed(_ e: ParameterListing.Entry) -> String {
        guard e.spec.min != nil, e.spec.max != nil else { return e.spec.rangeText }
        guard let r = e.effectiveRange else { return "none with the other values (declared \(e.spec.rangeText))" }
        return e.spec.rangeText(min: r.lowerBound, max: r.upperBound)
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
}
