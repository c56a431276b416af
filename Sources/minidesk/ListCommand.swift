import Foundation
import MiniDesk

/// `minidesk list`: the items, each with its description and parts.
enum ListCommand {
    static func run(_ words: [String]) throws(UsageError) -> ExitCode {
        let args = try Arguments(words, valued: [], flags: ["--json", "--help"])
        if args.flags.contains("--help") { Console.out(Help.list); return .ok }
        guard args.positional.isEmpty else { throw UsageError("list takes no arguments, got `\(args.positional[0])`") }
        if args.flags.contains("--json") {
            let items = Catalogue.items.map { ["name": $0.name, "summary": $0.summary, "parts": $0.partNames] as [String: Any] }
            Console.out(JSON.string(items))
        } else {
            let width = Catalogue.items.map(\.name.count).max() ?? 0
            for item in Catalogue.items {
                Console.out(item.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + item.summary
                    + "  [" + item.partNames.joined(separator: ", ") + "]")
            }
        }
        return .ok
    }
}

/// Pretty, key-sorted JSON text for Foundation property lists.
enum JSON {
    static func string(_ value: Any) -> String {
        let data = try! JSONSerialization.data(withJSONObject: value, options: [.prettyPrinted, .sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }
}
