import Foundation
import Testing
@testable import Redaction

@Suite("What residents should not have typed is marked, and nothing else")
struct RedactorTests {
    let r = Redactor(streets: ["livernois", "w vernor", "grand river"])

    func redacted(_ s: String) -> String { r.redact(s).text }

    @Test("phone numbers in North American and international forms", arguments: [
        ("Call 313-555-0100 now", "Call [phone removed] now"),
        ("Call (313) 555-0100.", "Call [phone removed]."),
        ("at 313.555.0100", "at [phone removed]"),
        ("ring +1 313 555 0100 today", "ring [phone removed] today"),
        ("1-313-555-0100", "[phone removed]"),
        ("text 3135550100", "text [phone removed]"),
        ("UK +44 20 7946 0958.", "UK [phone removed]."),
        ("+33 1 23 45 67 89", "[phone removed]"),
        ("local 555-0100 only", "local [phone removed] only"),
        ("call 313-555-0100 2 times", "call [phone removed] 2 times"),
    ])
    func phones(_ input: String, _ expected: String) {
        #expect(redacted(input) == expected)
    }

    @Test("dates, years, counts, times and ids stay", arguments: [
        "On 2026-11-29 at 10:30", "Since 2019, 12 cars", "between 1998-2005", "report 6076903", "25 mph in a 15 zone",
        "ratio 3.14159", "the 3 of us", "v2.0.1", "Room 101-B",
    ])
    func notPhones(_ input: String) {
        #expect(redacted(input) == input)
    }

    @Test("e-mail addresses, also inside a Markdown link", arguments: [
        ("write jane.doe+block@example.org!", "write [e-mail removed]!"),
        ("[mail me](mailto:a@b.co)", "[mail me](mailto:[e-mail removed])"),
        ("<x_y@sub.example.com>", "<[e-mail removed]>"),
    ])
    func emails(_ input: String, _ expected: String) {
        #expect(redacted(input) == expected)
    }

    @Test("not e-mail addresses", arguments: ["@mention", "a@b", "user@localhost", "5 @ 10 mph", "x@1.2"])
    func notEmails(_ input: String) {
        #expect(redacted(input) == input)
    }

    @Test("street addresses: a house number, a name and a suffix, or a street the basemap names", arguments: [
        ("The storefront at 14500 Livernois has been empty", "The storefront at [address removed] has been empty"),
        ("parked at 123 Main St. again", "parked at [address removed] again"),
        ("near 4520 W. Vernor Highway, daily", "near [address removed], daily"),
        ("outside 9000 Grand River Avenue", "outside [address removed]"),
        ("at 77 Martin Luther King Jr Blvd", "at [address removed]"),
        ("at 12A Oak Ct", "at [address removed]"),
        ("by 14500 Livernois.", "by [address removed]."),
    ])
    func addresses(_ input: String, _ expected: String) {
        #expect(redacted(input) == expected)
    }

    @Test("counts before street words are not addresses", arguments: [
        "2 cars on Oak St", "3 times on Livernois", "since 2019 the light on Main St", "speed 40 on the freeway",
        "Main St and Oak Ave",
    ])
    func notAddresses(_ input: String) {
        #expect(redacted(input) == input)
    }

    @Test("a street whose name holds a number is a street, and a house number on it is still an address", arguments: [
        ("speeding on 7 Mile Rd at night", "speeding on 7 Mile Rd at night"),
        ("cars race down W 7 Mile Rd.", "cars race down W 7 Mile Rd."),
        ("the light at W 8 Mile and Wyoming", "the light at W 8 Mile and Wyoming"),
        ("parked at 14500 W 7 Mile Rd daily", "parked at [address removed] daily"),
        ("parked at 14500 7 Mile Rd daily", "parked at [address removed] daily"),
    ])
    func numberedStreets(_ input: String, _ expected: String) {
        let detroit = Redactor(streets: ["w 7 mile rd", "7 mile rd", "w 7 mile", "7 mile", "w 8 mile rd", "8 mile rd", "w 8 mile", "8 mile"])
        #expect(detroit.redact(input).text == expected)
        // Without a basemap that names it, a number and a street suffix are taken for an address.
        #expect(Redactor().redact("speeding on 7 Mile Rd").text == "speeding on [address removed]")
    }

    @Test("a location label keeps its street and loses its house number")
    func coarseLocation() {
        #expect(r.coarsenLocation("14500 Livernois Ave").text == "Livernois Ave")
        #expect(r.coarsenLocation("Corner of 123 Main St and Oak").text == "Corner of Main St and Oak")
        #expect(r.coarsenLocation("About 350 m northeast of Muliett Park").text == "About 350 m northeast of Muliett Park")
        #expect(r.coarsenLocation("14500 Livernois").text == "Livernois")
    }

    @Test("a kind turned off is left as it is")
    func kindsOff() {
        let phonesOnly = Redactor(kinds: [.phone])
        #expect(phonesOnly.redact("313-555-0100, a@b.org, 12 Main St").text == "[phone removed], a@b.org, 12 Main St")
    }

    @Test("findings say where they are, in UTF-8 offsets, even after other scripts")
    func offsets() {
        let f = r.findings(in: "Señora: 313-555-0100")
        #expect(f == [.init(kind: .phone, start: 9, end: 21)])
    }

    @Test("pathological inputs take time linear in their length", arguments: [
        "1-", "a@", "12 ", "+", "(", "1 Main ", "a.b@c.", "&#45;1", "<a", "1&nbsp;", "**1", "x at y dot ", "1 1/2 ", "\u{2013}1",
        "a [at] b [dot] ", "\\-1", "https://a@b?", "12 oak st #1 ",
    ])
    func linear(_ unit: String) {
        /// The least CPU time of three runs (this thread's, so that other work on the machine does not count).
        func cost(_ n: Int) -> Double {
            let text = String(repeating: unit, count: n)
            return (0..<3).map { _ in
                var t0 = timespec(), t1 = timespec()
                clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t0)
                _ = r.redact(text)
                _ = PublicURL.removingPrivateParts(text)
                clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t1)
                return Double(t1.tv_sec - t0.tv_sec) + Double(t1.tv_nsec - t0.tv_nsec) / 1e9
            }.min() ?? 0
        }
        let small = cost(4_000), large = cost(16_000)
        // Four times the text: linear is about 4x, quadratic 16x; 10x leaves room for noise.
        #expect(large < small * 10 + 0.005, "\(unit): \(small) s then \(large) s")
    }
}
