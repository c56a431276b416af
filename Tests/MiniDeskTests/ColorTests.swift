import Testing
import MiniDesk

@Suite struct ColorTests {
    @Test func readsAndWritesHex() {
        #expect(Color(hex: "#c8c8cc") == Color(red: 200, green: 200, blue: 204))
        #expect(Color(hex: "#C8C8CC")?.hex == "#C8C8CC" && Color(red: 1, green: 2, blue: 255).hex == "#0102FF")
        #expect(Palette.silver.shares.blue == 204.0 / 255)
        for bad in ["red", "#12345", "#1234567", "C8C8CC1", "#GGGGGG", "#+12345", "# 12345"] { #expect(Color(hex: bad) == nil, "\(bad)") }
    }
}
