/// What went wrong when building or checking geometry. Each message names the value and the rule.
public enum GeometryError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A parameter outside its allowed range.
    case invalidParameter(String)
    /// A 2D shape that cannot be filled, such as crossing contours.
    case invalidShape(String)
    /// A mesh that breaks the contract of an operation.
    case invalidMesh(String)
    /// The triangulator found no valid triangle to cut (a polygon that is not simple).
    case triangulationFailed(String)
    /// Boolean operands that touch without crossing cleanly (coplanar faces, a corner or edge on the
    /// other surface), which this kernel does not resolve yet.
    case degenerateContact(String)
    /// A result that is not a valid solid: a defect of the kernel, caught before anything is written.
    case invalidResult(String)

    public var description: String {
        switch self {
        case .invalidParameter(let m), .invalidShape(let m), .invalidMesh(let m), .triangulationFailed(let m), .degenerateContact(let m),
             .invalidResult(let m):
            return m
        }
    }
}
