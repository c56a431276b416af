import Geometry
import Foundation
import Support

/// The entry point: dispatches to a command and turns errors into exit codes.
func runMain(_ words: [String]) -> ExitCode {
    guard let command = words.first else {
        Console.out(Help.main)
        return .usage
    }
    let rest = Array(words.dropFirst())
    do throws(UsageError) {
        if let serial = ProcessInfo.processInfo.environment["MINIDESK_SERIAL"], serial != "0" && serial != "1" {
            throw UsageError("MINIDESK_SERIAL must be 1 (use one core) or 0 (use all cores), got `\(serial)`")
        }
        switch command {
        case "--help", "-h", "help":
            Console.out(Help.main)
            return .ok
        case "--version":
            Console.out("minidesk \(MiniDeskVersion.current)")
            return .ok
        case "list": return try ListCommand.run(rest)
        case "params": return try ParamsCommand.run(rest)
        case "export": return try ExportCommand.run(rest)
        case "csg": return try CSGCommand.run(rest)
        case "check": return try CheckCommand.run(rest)
        case "preset": return try PresetCommand.run(rest)
        case "render": return try RenderCommand.run(rest)
        case "serve": return try ServeCommand.run(rest)
        default:
            let hint = closest(to: command, in: ["list", "params", "export", "csg", "check", "preset", "render", "serve", "--help", "--version"]).map { ", did you mean `\($0)`?" } ?? ""
            throw UsageError("unknown command `\(command)`\(hint)")
        }
    } catch {
        Console.error(error.message)
        Console.error("run `minidesk --help` for usage")
        return .usage
    }
}

exit(runMain(Array(CommandLine.arguments.dropFirst())).rawValue)
