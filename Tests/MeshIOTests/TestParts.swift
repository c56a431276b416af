import Geometry
import MiniDesk

// Colours written as `#RRGGBB` literals in the tests.
extension Color: ExpressibleByStringLiteral {
    public init(stringLiteral hex: String) { self = Color(hex: hex)! }
}
