import Geometry
import Support

/// A parsed command line: positional words and `--name value` / `--flag` options.
struct Arguments {
    var positional = [String]()
    var options = [String: [String]]()
    var flags = Set<String>()

    /// Parses `words` given the options that take a value and the flags that do not. Throws a usage
    /// error for an unknown option, suggesting the closest known one.
    init(_ words: [String], valued: Set<String>, flags known: Set<String>) throws(UsageError) {
        var i = 0
        while i < words.count {
            let w = words[i]
            if w == "--" {
                positional += words[(i + 1)...]
                break
            }
            if w.hasPrefix("-") && w.count > 1 && Double(w) == nil {
                var name = w, inline: String? = nil
                if w.hasPrefix("--"), let eq = w.firstIndex(of: "=") {
                    name = String(w[..<eq])
                    inline = String(w[w.index(after: eq)...])
                }
                if valued.contains(name) {
                    if let v = inline { options[name, default: []].append(v) } else {
                        guard i + 1 < words.count else { throw UsageError("option \(name) needs a value") }
                        options[name, default: []].append(words[i + 1])
                        i += 1
                    }
                } else if known.contains(name), inline == nil {
                    flags.insert(name)
                } else {
                    throw UsageError.unknown(option: name, among: valued.union(known))
                }
            } else {
                positional.append(w)
            }
            i += 1
        }
    }

    /// The last value given for `name`.
    func value(_ name: String) -> String? { options[name]?.last }
}

/// A mistake in how the command was called: exit code 2.
struct UsageError: Error {
    var message: String
    init(_ message: String) { self.message = message }

    static func unknown(option: String, among known: Set<String>) -> UsageError {
        if let best = closest(to: option, in: known) {
            return UsageError("unknown option `\(option)`, did you mean `\(best)`?")
        }
        return UsageError("unknown option `\(option)`")
    }
}
