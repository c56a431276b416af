/// A display and filament colour: 8-bit sRGB channels, written `#RRGGBB`.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        (self.red, self.green, self.blue) = (red, green, blue)
    }

    /// The colour `#RRGGBB` names (hex digits in any letter case), or nil for anything else.
    public init?(hex: String) {
        guard hex.count == 7, hex.hasPrefix("#"), hex.dropFirst().allSatisfy(\.isHexDigit), let v = UInt32(hex.dropFirst(), radix: 16) else { return nil }
        self.init(red: UInt8(v >> 16), green: UInt8((v >> 8) & 0xFF), blue: UInt8(v & 0xFF))
    }

    /// `#RRGGBB`, upper case.
    public var hex: String {
        let digits = Array("0123456789ABCDEF")
        return "#" + String([red, green, blue].flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0xF)]] })
    }

    public var description: String { hex }

    /// The channels as shares of full intensity, 0 to 1.
    public var shares: (red: Double, green: Double, blue: Double) { (Double(red) / 255, Double(green) / 255, Double(blue) / 255) }

    /// Mid grey, for a part with no colour of its own.
    public static let grey = Color(red: 0x80, green: 0x80, blue: 0x80)
}
