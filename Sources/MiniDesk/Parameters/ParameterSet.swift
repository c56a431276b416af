/// Values by parameter name. Reading a value that is missing or of another kind is a programming
/// error (the schema's defaults fill every name), so the accessors trap.
public struct ParameterSet: Hashable, Sendable {
    public var values: [String: ParameterValue]

    public init(_ values: [String: ParameterValue] = [:]) { self.values = values }

    public subscript(name: String) -> ParameterValue? {
        get { values[name] }
        set { values[name] = newValue }
    }

    public func number(_ name: String) -> Double {
        guard case .number(let n)? = values[name] else { preconditionFailure("parameter \(name) is not a number") }
        return n
    }

    public func bool(_ name: String) -> Bool {
        guard case .bool(let b)? = values[name] else { preconditionFailure("parameter \(name) is not a switch") }
        return b
    }

    public func count(_ name: String) -> Int { Int(number(name)) }

    public func text(_ name: String) -> String {
        guard case .text(let s)? = values[name] else { preconditionFailure("parameter \(name) is not text") }
        return s
    }

    /// These values, overridden by `other`'s.
    public func overriding(with other: ParameterSet) -> ParameterSet {
        ParameterSet(values.merging(other.values) { _, new in new })
    }
}

/// A problem with a parameter set: the parameter, its value and the rule. Warnings do not stop a
/// build; errors do.
public struct ParameterProblem: Hashable, Sendable, CustomStringConvertible {
    public var name: String
    public var message: String
    public var isWarning: Bool

    public init(_ name: String, _ message: String, isWarning: Bool = false) {
        self.name = name
        self.message = message
        self.isWarning = isWarning
    }

    public var description: String { (isWarning ? "warning: " : "") + "\(name): \(message)" }
}
