/// The filament colours, as `#RRGGBB`.
public enum Palette {
    public static let silver = "#C8C8CC"
    public static let black = "#1A1A1A"
    /// The dark floor of the port openings, and the emblem.
    public static let portGrey = "#3A3A3C"
    /// The status light.
    public static let white = "#F5F5F7"
}
