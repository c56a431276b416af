import Foundation
import Geometry
import MiniDesk

/// `minidesk params ITEM`: every parameter with its default, unit, range and description.
enum ParamsCommand {
    static func run(_ words: [String]) throws(UsageError) -> ExitCode {
        let args = try Arguments(words, valued: [], flags: ["--json", "--markdown", "--preset", "--own", "--help"])
        if args.flags.contains("--help") { Console.out(Help.params); return .ok }
        guard args.positional.count == 1 else { throw UsageError("params needs one item name (see `minidesk list`)") }
        guard let item = Catalogue.item(named: args.positional[0]) else {
            let hint = closestItem(args.positional[0]).map { ", did you mean `\($0)`?" } ?? ""
            throw UsageError("unknown item `\(args.positional[0])`\(hint)")
        }
        // --own: only the item's own parameters, without those every item shares.
        let specs = args.flags.contains("--own") ? item.schema.specs.filter { !Catalogue.sharedParameterNames.contains($0.name) } : item.schema.specs
        if args.flags.contains("--json") {
            // cq-cli's --getparams and OpenSCAD's parameter export: name, type, caption, initial, min, max.
            Console.out(JSON.string(specs.map { s -> [String: Any] in
                var entry: [String: Any] = ["name": s.name, "type": s.kind.rawValue, "caption": s.summary, "initial": jsonValue(s.defaultValue)]
                if let lo = s.min { entry["min"] = lo }
                if let hi = s.max { entry["max"] = hi }
                if !s.kind.unit.isEmpty { entry["unit"] = s.kind.unit }
                if !s.choices.isEmpty { entry["options"] = s.choices }
                return entry
            }))
        } else if args.flags.contains("--preset") {
            Console.out(ParameterInput.json(item.schema.defaults, item: item.name))
        } else if args.flags.contains("--markdown") {
            Console.out("| Parameter | Default | Allowed | Description |\n|---|---|---|---|")
            for s in specs {
                Console.out("| `\(s.name)` | \(display(s.defaultValue, s.kind)) | \(s.rangeText) | \(s.summary) |")
            }
        } else {
            let width = specs.map(\.name.count).max() ?? 0
            for s in specs {
                Console.out(s.name.padding(toLength: width + 2, withPad: " ", startingAt: 0)
                    + display(s.defaultValue, s.kind).padding(toLength: 12, withPad: " ", startingAt: 0)
                    + "(\(s.rangeText))  \(s.summary)")
            }
        }
        return .ok
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
