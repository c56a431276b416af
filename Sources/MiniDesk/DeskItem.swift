import Geometry

/// A printable desk item: a name, a one-line description, and how to build its parts.
public struct DeskItem: Sendable {
    public var name: String
    public var summary: String
    /// The part names, in palette order.
    public var partNames: [String]
    public var build: @Sendable (Resolution) throws(GeometryError) -> [Part]
}
