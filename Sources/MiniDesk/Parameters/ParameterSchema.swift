import Foundation
import Geometry
import Support

/// Every parameter of an item, described once as data, with the rules that tie parameters together.
public struct ParameterSchema: Sendable {
    /// In documented order: common parameters first, then the item's own.
    public var specs: [ParameterSpec]
    /// Cross-parameter rules: each returns the problems it finds in a complete parameter set.
    public var rules: [@Sendable (ParameterSet) -> [ParameterProblem]]
    /// Lengths the item works out from the others at its real size, after `scale` (the phone
    /// stand's Ethernet opening grows to pass its charging plug); the rules and the build see them.
    public var derived: (@Sendable (ParameterSet) -> ParameterSet)?

    public init(specs: [ParameterSpec], rules: [@Sendable (ParameterSet) -> [ParameterProblem]] = [], derived: (@Sendable (ParameterSet) -> ParameterSet)? = nil) {
        self.specs = specs
        self.rules = rules
        self.derived = derived
    }

    public func spec(named name: String) -> ParameterSpec? { specs.first { $0.name == name } }

    /// Parameters that older versions had, each with what replaced it, for the message a preset
    /// that still uses one gets.
    public static let retired: [String: String] = [
        "foot.diameter": "foot.inset (the foot's distance inside the body's smaller side: 8.5 mm on a 127 mm body makes a 110 mm foot)",
        "vents.count": "vents.pitch (mm between slot centres round the foot; 3 mm gives 115 slots on a 110 mm foot)",
        "vents.top": "vents.topGap (the gap between the slots and the top of the foot)",
        "ports.z": "ports.level (the ports' centre line in mm above the middle of the flat face; 27 mm above the desk is -1.35)",
        "planter.depth": "planter.floor (the pot's floor above the black cover; the pot takes the rest of the height: 36 mm deep on a 50 mm body is 6.3)",
        "pen.depth": "pen.floor (the floor under the bores above the black cover; 40 mm deep bores on a 50 mm body is 2.3)",
        "light.x": "light.position (a share of the flat front span; 92 mm on a 127 mm body is 0.813)",
        "phone.tunnel.diameter": "phone.plug.width and phone.plug.thickness (the cable's plug, which the path is cut to pass: 12.5 x 7 mm by default)",
        "phone.tunnel.bendRadius": "the plug's sizes (phone.plug.*): the path turns one corner, cut to pass the plug's whole rigid length",
    ]

    /// The problem with a name the schema does not have: what replaced it, or the closest name.
    func unknown(_ name: String, in source: String? = nil) -> ParameterProblem {
        let hint = Self.retired[name].map { "; it is now \($0)" }
            ?? closest(to: name, in: Set(specs.map(\.name))).map { ", did you mean `\($0)`?" } ?? ""
        return ParameterProblem(name, "unknown parameter" + (source.map { " in \($0)" } ?? "") + hint)
    }

    /// Every parameter at its default.
    public var defaults: ParameterSet {
        ParameterSet(Dictionary(uniqueKeysWithValues: specs.map { ($0.name, $0.defaultValue) }))
    }

    /// Every problem at once: unknown names and values outside their range; or, when every value
    /// is in range, what the cross-parameter rules find (they see the defaults filled in, at real
    /// size). A value that the others do not allow is named once, as the root cause, with the
    /// `--set` that fixes it, rather than as the cascade of its consequences. Warnings are
    /// included, marked as such.
    public func validate(_ values: ParameterSet) -> [ParameterProblem] {
        var problems = [ParameterProblem]()
        for (name, value) in values.values.sorted(by: { $0.key < $1.key }) {
            guard let spec = spec(named: name) else {
                problems.append(unknown(name))
                continue
            }
            if let p = spec.problem(with: value) { problems.append(ParameterProblem(name, p)) }
        }
        guard problems.isEmpty else { return problems }
        let full = defaults.overriding(with: values)
        let found = ruleProblems(full)
        let errors = found.filter { !$0.isWarning }
        guard !errors.isEmpty else { return found }
        return rootCause(of: errors, overrides: values, full: full)
    }

    /// What the rules find in a complete set: they judge the item at its real, scaled size.
    func ruleProblems(_ full: ParameterSet) -> [ParameterProblem] {
        let real = realSize(full)
        var seen = Set<ParameterProblem>()
        return rules.flatMap { $0(real) }.filter { seen.insert($0).inserted }
    }

    /// A complete set at the size it prints: every length that scales, times `scale`, then the
    /// `derived` lengths. The build and the rules read this; clearances, the nozzle and other
    /// absolute lengths keep their values.
    public func realSize(_ full: ParameterSet) -> ParameterSet {
        var real = full
        if case .number(let scale)? = full["scale"], scale != 1 {
            for spec in specs where spec.kind == .length && spec.scales {
                if case .number(let n)? = full[spec.name] { real[spec.name] = .number(n * scale) }
            }
        }
        return derived?(real) ?? real
    }

    /// Applies `key=value` assignments in order, reading each value by its parameter's kind. Returns
    /// the set with every readable assignment applied, and the problems with the others (unknown
    /// names with suggestions, unreadable values), so validation can still report the rest.
    public func applying(assignments: [String], to base: ParameterSet) -> (values: ParameterSet, problems: [ParameterProblem]) {
        var result = base
        var problems = [ParameterProblem]()
        for a in assignments {
            guard let eq = a.firstIndex(of: "=") else {
                problems.append(ParameterProblem(a, "expected key=value, such as body.width=120"))
                continue
            }
            let name = String(a[..<eq]).trimmingCharacters(in: .whitespaces), text = String(a[a.index(after: eq)...])
            guard let spec = spec(named: name) else {
                problems.append(unknown(name))
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
        for (key, raw) in entries.sorted(by: { $0.key < $1.key }) {
            guard let spec = spec(named: key) else {
                problems.append(unknown(key, in: source))
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
        if let v = top["fileFormatVersion"], v != .string("1") { throw fail("fileFormatVersion must be \"1\" (OpenSCAD's parameter-file version), got \(v.text)") }
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
