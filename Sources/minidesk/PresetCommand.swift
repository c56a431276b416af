import Foundation
import Geometry
import MeshIO
import MiniDesk
import Support

/// `minidesk preset save|list|show|delete`: the user's own parameter sets.
enum PresetCommand {
    static func run(_ words: [String]) throws(UsageError) -> ExitCode {
        let args = try Arguments(words, valued: ["--set", "--params", "--set-name", "--preset"], flags: ["--json", "--force", "--help"])
        if args.flags.contains("--help") || args.positional.isEmpty { Console.out(Help.preset); return args.positional.isEmpty && !args.flags.contains("--help") ? .usage : .ok }
        let store = PresetStore(path: PresetStore.defaultPath())
        let action = args.positional[0], rest = Array(args.positional.dropFirst())
        do {
            switch action {
            case "save":
                guard rest.count == 2 else { throw UsageError("preset save needs a NAME and an ITEM: minidesk preset save NAME ITEM [--set key=value]...") }
                return try save(name: rest[0], itemName: rest[1], args, store)
            case "list":
                guard rest.isEmpty else { throw UsageError("preset list takes no names") }
                let presets = try store.load()
                if args.flags.contains("--json") {
                    Console.out(JSON.string(presets.keys.sorted().map { ["name": $0, "item": presets[$0]!.item, "parameters": presets[$0]!.parameters.count] as [String: Any] }))
                } else if presets.isEmpty {
                    Console.out("no presets yet (save one with: minidesk preset save NAME ITEM --set key=value)")
                } else {
                    for name in presets.keys.sorted() { Console.out("\(name)  \(presets[name]!.item)  \(presets[name]!.parameters.count) parameters") }
                }
                return .ok
            case "show":
                guard rest.count == 1 else { throw UsageError("preset show needs one NAME") }
                let preset = try find(rest[0], in: try store.load())
                if args.flags.contains("--json") {
                    Console.out(JSON.string(["name": rest[0], "item": preset.item, "parameters": preset.parameters.mapValues(\.plain)] as [String: Any]))
                } else {
                    Console.out("\(rest[0]) (\(preset.item))")
                    for key in preset.parameters.keys.sorted() { Console.out("  \(key) = \(plainText(preset.parameters[key]!))") }
                }
                return .ok
            case "delete":
                guard rest.count == 1 else { throw UsageError("preset delete needs one NAME") }
                try store.modify { (presets: inout [String: PresetStore.Preset]) throws(PresetStore.StoreError) in
                    guard presets.removeValue(forKey: rest[0]) != nil else {
                        throw PresetStore.StoreError(message: "there is no preset `\(rest[0])`")
                    }
                }
                Console.out("deleted preset \(rest[0])")
                return .ok
            default:
                let hint = closest(to: action, in: ["save", "list", "show", "delete"]).map { ", did you mean `\($0)`?" } ?? ""
                throw UsageError("unknown preset action `\(action)`\(hint) (save, list, show, delete)")
            }
        } catch let error as UsageError {
            throw error
        } catch let error as PresetStore.StoreError {
            Console.error(error.message)
            return .failure
        } catch {
            Console.error("\(error)")
            return .failure
        }
    }

    private static func save(name: String, itemName: String, _ args: Arguments, _ store: PresetStore) throws -> ExitCode {
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || "-_.".contains($0) }) else {
            throw UsageError("a preset name uses letters, digits, '-', '_' and '.', got `\(name)`")
        }
        guard let item = Catalogue.item(named: itemName) else {
            let hint = closest(to: itemName, in: Set(Catalogue.items.map(\.name))).map { ", did you mean `\($0)`?" } ?? ""
            throw UsageError("unknown item `\(itemName)`\(hint)")
        }
        let values: ParameterSet
        do { values = try ParameterInput.resolve(for: item, args) } catch {
            error.problems.forEach { Console.error("\(item.name): \($0)") }
            return .usage
        }
        let replace = args.flags.contains("--force")
        try store.modify { (presets: inout [String: PresetStore.Preset]) throws(PresetStore.StoreError) in
            if let existing = presets[name], !replace {
                throw PresetStore.StoreError(message: "a preset `\(name)` (for \(existing.item), \(counted(existing.parameters.count, "parameter"))) exists already; add --force to replace it, or choose another name")
            }
            presets[name] = PresetStore.Preset(item: item.name, parameters: values.values.mapValues(\.jsonValue))
        }
        Console.out("saved preset \(name) for \(item.name) (\(counted(values.values.count, "parameter"))) in \(store.path)")
        return .ok
    }

    static func find(_ name: String, in presets: [String: PresetStore.Preset]) throws -> PresetStore.Preset {
        guard let p = presets[name] else {
            let hint = closest(to: name, in: Set(presets.keys)).map { ", did you mean `\($0)`?" } ?? ""
            throw PresetStore.StoreError(message: "there is no preset `\(name)`\(hint) (see `minidesk preset list`)")
        }
        return p
    }

    private static func plainText(_ v: JSONValue) -> String {
        switch v {
        case .number(let n): return ParameterValue.number(n).description
        case .bool(let b): return String(b)
        case .string(let s): return s
        default: return v.kind
        }
    }
}

/// `n` and `noun`, plural unless `n` is 1 ("1 parameter", "3 parameters").
func counted(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
