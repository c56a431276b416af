/// The filament colours.
public enum Palette {
    public static let silver = Color(red: 0xC8, green: 0xC8, blue: 0xCC)
    public static let black = Color(red: 0x1A, green: 0x1A, blue: 0x1A)
    /// The dark floor of the port openings, and the emblem.
    public static let portGrey = Color(red: 0x3A, green: 0x3A, blue: 0x3C)
    /// The status light.
    public static let white = Color(red: 0xF5, green: 0xF5, blue: 0xF7)
}
