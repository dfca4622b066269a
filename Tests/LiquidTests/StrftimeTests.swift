import Foundation
@testable import Liquid
import Testing

/// Each expected text is what Ruby 3.1's `Time#strftime` gives for the same moment and format.
@Suite("strftime reads a format as Ruby's strftime.c does")
struct StrftimeTests {
    /// 2026-11-29 13:05:09 in UTC itself (`Time.utc`), and the same moment in a zone whose offset is 0.
    let utc = LiquidTime(utcSeconds: 1_795_957_509)
    let zeroOffset = LiquidTime(seconds: 1_795_957_509, in: .gmt)

    @Test("E and O are ignored before the conversions POSIX allows them on, and kept as text elsewhere")
    func modifiers() {
        #expect(Strftime.format(utc, "%Ey %OH %Ec|%EC|%OS|%Ox|%E5y|%5Ey|%E|%O|%Ez") == "26 13 Sun Nov 29 13:05:09 2026|20|09|%Ox|%E5y|00026|%E|%O|%Ez")
    }

    @Test("the issue's formats: colons, padding and the - flag on z, widths after -, %5%, %+")
    func issueFormats() {
        #expect(Strftime.format(utc, "%Ey %OH %:::z %_z %-z %-10A %5% %+") == "26 13 +00  +000 -0000 Sunday     % %+")
        #expect(Strftime.format(zeroOffset, "%Ey %OH %:::z %_z %-z %-10A %5% %+") == "26 13 +00  +000 +0000 Sunday     % %+")
    }

    @Test("offsets: every number of colons, space and zero padding, widths")
    func offsets() {
        let t = LiquidTime(seconds: 1_709_649_307, utcOffset: -(5 * 3600 + 1800))
        #expect(Strftime.format(t, "%z|%:z|%::z|%:::z|%_z|%_10:z|%10z|%-z|%::::z") == "-0530|-05:30|-05:30:00|-05:30| -530|     -5:30|-000000530|-0530|%::::z")
    }

    @Test("flags, widths and case as strftime.c applies them")
    func flags() {
        #expect(Strftime.format(utc, "%Y\u{301} é %d|%-é|%5é|%^#a|%#p|%#P|%^P|%#Z|%-30c|%6L|%-L|%12s|%0e|%3n|%010A")
            == "2026\u{301} é 29|%-é|%5é|SUN|pm|PM|PM|utc|      Sun Nov 29 13:05:09 2026|000000|000|001795957509|29|  \n|0000Sunday")
        #expect(Strftime.format(utc, "%5-d|%-5d|%_5d|%05e|%^10B|%#b") == "%5-d|29|   29|00029|  NOVEMBER|NOV")
    }

    @Test("years before year 0 are signed, and floor-divided for the century")
    func negativeYears() {
        let t = LiquidTime(utcSeconds: -62_167_219_200 - 86_400 * 400)
        #expect(Strftime.format(t, "%Y|%C|%y|%G|%g|%_6Y") == "-0002|-1|98|-0002|98|    -2")
    }

    @Test("a format ending inside a conversion is Ruby's invalid format: date reports it, the text form keeps it")
    func invalidEnding() throws {
        for format in ["%", "a%", "%-", "%5", "%%%", "%Y %"] {
            #expect(throws: LiquidError.self) { try Template("{{ 0 | date: f }}").render(Object([("f", .string(format))])) }
        }
        #expect(Strftime.format(utc, "a%") == "a%" && Strftime.format(utc, "%Y %-") == "2026 %-" && Strftime.format(utc, "%%%") == "%%")
        #expect(try Template("{{ 0 | date: '%:|%::|%E' }}").render() == "%:|%::|%E")
    }

    @Test("numbers are written as printf writes them, for any sign, flag, padding and width")
    func numbersAsPrintf() {
        // The reading: printf's digits with the conversion's padding, as strftime.c's FMT.
        func reading(_ v: Int, _ pad: UInt8, _ defaultWidth: Int, _ spec: Strftime.Spec) -> String {
            let width = spec.left ? 1 : (spec.precision <= 0 ? defaultWidth : spec.precision)
            let zeros = spec.padding == UInt8(ascii: "0") || (spec.padding == 0 && pad == UInt8(ascii: "0"))
            let digits = String(v.magnitude)
            let fill = max(0, width - digits.count - (v < 0 ? 1 : 0))
            return zeros ? (v < 0 ? "-" : "") + String(repeating: "0", count: fill) + digits
                : String(repeating: " ", count: fill) + (v < 0 ? "-" : "") + digits
        }
        let values = [0, 1, -1, 7, 9, 10, -10, 99, 2026, -2026, 12_345, Int.max, Int.min, Int.min + 1]
        for v in values {
            for pad in [UInt8(ascii: "0"), UInt8(ascii: " ")] {
                for width in [1, 2, 4, 5] {
                    for (left, padding, precision) in [(false, UInt8(0), -1), (true, UInt8(0), 0), (false, UInt8(ascii: "_"), 8), (false, UInt8(ascii: "0"), 25), (false, UInt8(0), 3)] {
                        var spec = Strftime.Spec()
                        (spec.left, spec.padding, spec.precision) = (left, padding == UInt8(ascii: "_") ? UInt8(ascii: " ") : padding, precision)
                        var out: [UInt8] = []
                        Strftime.number(v, pad, width, spec, into: &out)
                        #expect(String(decoding: out, as: UTF8.self) == reading(v, pad, width, spec), "\(v) \(pad) \(width) \(spec)")
                    }
                }
            }
        }
    }
}
