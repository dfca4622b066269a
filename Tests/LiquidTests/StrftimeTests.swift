import Foundation
@testable import Liquid
import Testing

@Suite("strftime reads ASCII formats byte by byte as it reads any format by characters")
struct StrftimeTests {
    @Test("both ways give the same text for every conversion, flag, width and odd ending")
    func sameText() {
        let conversions = Array("YCymBbhdejHkIlPpMSLNzZAauwUWGgVsnt%cDxFTXRrv+QqE!é")
        let flagSets = ["", "-", "_", "0", "^", "#", "-^", "_0", "#^"]
        let widths = ["", "1", "3", "12"]
        let times = [
            LiquidTime(seconds: 0, utcOffset: 0),
            LiquidTime(seconds: 1_764_410_405, utcOffset: -5 * 3600, zoneName: "EST"),
            LiquidTime(seconds: -2_208_988_800 + 123, utcOffset: 19_800),
            LiquidTime(seconds: 1_230_768_000, utcOffset: 3600 * 14 - 1),
        ]
        var formats: [String] = ["", "%", "a%", "%-", "%10", "%::", "plain", "%%Y", "%:z %::z %:::z", "%Y-%m-%dT%H:%M:%S%:z",
                                 "%A, %B %-d, %Y", "%b %-d, %Y", "%65536Y", "%65537Y"]
        for c in conversions {
            for f in flagSets { for w in widths { formats.append("<%\(f)\(w)\(c)>") } }
        }
        for t in times {
            for format in formats {
                #expect(Strftime.format(t, format) == Strftime.formatCharacters(t, format, words: .english), "\(format)")
            }
        }
    }

    @Test("formats beyond ASCII are read by characters: a mark on a conversion letter makes it text")
    func characters() {
        let t = LiquidTime(seconds: 1_764_410_405, utcOffset: 0)
        #expect(Strftime.format(t, "%Y\u{301} é %d") == "%Y\u{301} é 29")
        #expect(Strftime.format(t, "%Y\r\n%d") == "2025\r\n29")
        #expect(Strftime.format(t, "%\r\n") == "%\r\n")
    }
}
