import Foundation
import Geometry

/// Every parameter of an item, described once as data, with the rules that tie parameters together.
public struct ParameterSchema: Sendable {
    /// In documented order: common parameters first, then the item's own.
    public var specs: [ParameterSpec]
    /// Cross-parameter rules: each returns the problems it finds in a complete parameter set.
    public var rules: [@Sendable (ParameterSet) -> [ParameterProblem]]

    public init(specs: [ParameterSpec], rules: [@Sendable (ParameterSet) -> [ParameterProblem]] = []) {
        self.specs = specs
        self.rules = rules
    }

    public func spec(named name: String) -> ParameterSpec? { specs.first { $0.name == name } }

    /// Every parameter at its default.
    public var defaults: ParameterSet {
        ParameterSet(Dictionary(uniqueKeysWithValues: specs.map { ($0.name, $0.defaultValue) }))
    }

    /// Every problem at once: unknown names, values outside their range, then the cross-parameter
    /// rules (which see the defaults filled in). Warnings are included, marked as such.
    public func validate(_ values: ParameterSet) -> [ParameterProblem] {
        var problems = [ParameterProblem]()
        let names = Set(specs.map(\.name))
        for (name, value) in values.values.sorted(by: { $0.key < $1.key }) {
            guard let spec = spec(named: name) else {
                problems.append(ParameterProblem(name, "unknown parameter" + (closest(to: name, in: names).map { ", did you mean `\($0)`?" } ?? "")))
                continue
            }
            if let p = spec.problem(with: value) { problems.append(ParameterProblem(name, p)) }
        }
        guard problems.isEmpty else { return problems }
        let full = defaults.overriding(with: values)
        return rules.flatMap { $0(full) }
    }

    /// Applies `key=value` assignments in order, reading each value by its parameter's kind. Returns
    /// the set with every readable assignment applied, and the problems with the others (unknown
    /// names with suggestions, unreadable values), so validation can still report the rest.
    public func applying(assignments: [String], to base: ParameterSet) -> (values: ParameterSet, problems: [ParameterProblem]) {
        var result = base
        var problems = [ParameterProblem]()
        let names = Set(specs.map(\.name))
        for a in assignments {
            guard let eq = a.firstIndex(of: "=") else {
                problems.append(ParameterProblem(a, "expected key=value, such as body.width=120"))
                continue
            }
            let name = String(a[..<eq]).trimmingCharacters(in: .whitespaces), text = String(a[a.index(after: eq)...])
            guard let spec = spec(named: name) else {
                problems.append(ParameterProblem(name, "unknown parameter" + (closest(to: name, in: names).map { ", did you mean `\($0)`?" } ?? "")))
                continue
            }
            guard let value = spec.parse(text) else {
                problems.append(ParameterProblem(name, spec.unreadable(text)))
                continue
            }
            result[name] = value
        }
        return (result, problems)
    }

    /// Parameter values from JSON entries (numbers, booleans and strings, or numbers written as strings
    /// as OpenSCAD does); `source` names where they came from in messages. Returns what could be read
    /// and the problems with the rest.
    public func values(fromJSON entries: [String: JSONValue], source: String) -> (ParameterSet, [ParameterProblem]) {
        var values = ParameterSet()
        var problems = [ParameterProblem]()
        let names = Set(specs.map(\.name))
        for (key, raw) in entries.sorted(by: { $0.key < $1.key }) {
            guard let spec = spec(named: key) else {
                problems.append(ParameterProblem(key, "unknown parameter in \(source)" + (closest(to: key, in: names).map { ", did you mean `\($0)`?" } ?? "")))
                continue
            }
            let value: ParameterValue?
            switch raw {
            case .number(let n): value = .number(n)
            case .bool(let b): value = .bool(b)
            case .string(let s): value = spec.parse(s)
            default: value = nil
            }
            guard let v = value else {
                problems.append(ParameterProblem(key, "must be \(spec.rangeText), got \(raw.kind) in \(source)"))
                continue
            }
            values[key] = v
        }
        return (values, problems)
    }

    /// Reads a parameter file in OpenSCAD's parameter-set format,
    /// `{"fileFormatVersion": "1", "parameterSets": {"NAME": {"key": value, ...}, ...}}`, and returns the
    /// set called `setName` (required when the file holds several). Values may be JSON numbers,
    /// booleans and strings, or numbers written as strings as OpenSCAD does. Unknown keys are errors.
    public func readParameterFile(_ data: Data, setName: String?, path: String) throws(ParameterError) -> ParameterSet {
        func fail(_ message: String) -> ParameterError { ParameterError(problems: [ParameterProblem(path, message)]) }
        let doc: JSONValue
        do { doc = try JSONValue.parse(data) } catch { throw fail(error.description) }
        guard case .object(let top) = doc else { throw fail("must be a JSON object with `parameterSets`") }
        for key in top.keys where key != "fileFormatVersion" && key != "parameterSets" {
            throw fail("unknown key `\(key)` (allowed: fileFormatVersion, parameterSets)")
        }
        if let v = top["fileFormatVersion"], v != .string("1") { throw fail("fileFormatVersion must be \"1\", got \(v)") }
        guard case .object(let sets)? = top["parameterSets"], !sets.isEmpty else { throw fail("needs a non-empty `parameterSets` object") }
        let name: String
        if let setName {
            guard sets[setName] != nil else {
                throw fail("has no parameter set `\(setName)` (sets: \(sets.keys.sorted().joined(separator: ", ")))")
            }
            name = setName
        } else {
            guard sets.count == 1, let only = sets.keys.first else {
                throw fail("holds several parameter sets; pick one with --set-name (sets: \(sets.keys.sorted().joined(separator: ", ")))")
            }
            name = only
        }
        guard case .object(let entries)? = sets[name] else { throw fail("parameter set `\(name)` must be an object") }
        let (values, problems) = self.values(fromJSON: entries, source: path)
        if !problems.isEmpty { throw ParameterError(problems: problems) }
        return values
    }
}

/// Parameters that cannot be used, each problem naming the parameter, the value and the rule.
public struct ParameterError: Error, Sendable, CustomStringConvertible {
    public var problems: [ParameterProblem]
    public init(problems: [ParameterProblem]) { self.problems = problems }
    public var description: String { problems.map(\.description).joined(separator: "\n") }
}
