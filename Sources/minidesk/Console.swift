import Foundation

/// Results go to standard output, errors to standard error, each line written at once (so that a
/// pipe or a log sees every line when it happens, in order with the errors).
enum Console {
    static func out(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
    static func error(_ line: String) {
        FileHandle.standardError.write(Data(("minidesk: " + line + "\n").utf8))
    }
}

/// The process exit codes: 0 ok, 1 a failure, 2 a usage error or invalid parameters.
enum ExitCode: Int32 {
    case ok = 0
    case failure = 1
    case usage = 2
}
