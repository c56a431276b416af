/// The filament colours, as `#RRGGBB`.
public enum Palette {
    public static let silver = "#C8C8CC"
    public static let black = "#1A1A1A"
}
