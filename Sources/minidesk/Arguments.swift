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
            if w.hasPrefix("--") {
                var name = w, inline: String? = nil
                if let eq = w.firstIndex(of: "=") {
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
            } else if w.hasPrefix("-") && w.count > 1 && Double(w) == nil {
                throw UsageError.unknown(option: w, among: valued.union(known))
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

/// The candidate nearest to `word` by edit distance, if it is near enough to be a likely typo.
func closest(to word: String, in candidates: Set<String>) -> String? {
    let scored = candidates.map { ($0, editDistance(word, $0)) }.min { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }
    guard let (best, d) = scored, d <= max(2, best.count / 3) else { return nil }
    return best
}

/// Levenshtein distance, counting an adjacent swap as one edit.
func editDistance(_ a: String, _ b: String) -> Int {
    let x = Array(a), y = Array(b)
    if x.isEmpty { return y.count }
    if y.isEmpty { return x.count }
    var d = [[Int]](repeating: [Int](repeating: 0, count: y.count + 1), count: x.count + 1)
    for i in 0...x.count { d[i][0] = i }
    for j in 0...y.count { d[0][j] = j }
    for i in 1...x.count {
        for j in 1...y.count {
            let cost = x[i - 1] == y[j - 1] ? 0 : 1
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
            if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
        }
    }
    return d[x.count][y.count]
}
