import Testing
@testable import Products

@Suite("Feeds and calendars")
struct FeedsTests {
    @Test("iCalendar lines fold at 75 octets, never inside a character, with a space on each continuation")
    func icsFolding() {
        let line = "SUMMARY:" + String(repeating: "é", count: 60) + String(repeating: "a", count: 40)
        let folded = ICS.fold(line)
        let parts = folded.components(separatedBy: "\r\n")
        #expect(parts.count == 3)
        #expect(parts.allSatisfy { $0.utf8.count <= 75 })
        #expect(parts.dropFirst().allSatisfy { $0.hasPrefix(" ") })
        #expect(parts.map { String($0.drop { $0 == " " }) }.joined() == line || parts[0] + parts.dropFirst().map { String($0.dropFirst()) }.joined() == line)
        #expect(ICS.fold("SHORT:line") == "SHORT:line")
    }
}
