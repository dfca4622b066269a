import Testing
@testable import Redaction

@Suite("What a reader sees is what is searched: every spelling of a number or an address is found and removed")
struct PublishedSpellingTests {
    let r = Redactor(streets: ["livernois", "grand river"])

    func redacted(_ s: String) -> String { r.redact(s).text }

    @Test("entities and Markdown escapes that render as a phone number or an e-mail address", arguments: [
        ("call 313&#45;555&#45;0103 today", "call [phone removed] today"),
        ("call 313\\-555\\-0104 today", "call [phone removed] today"),
        ("313&#x2D;555&#x2d;0105", "[phone removed]"),
        ("313&ndash;555&mdash;0106", "[phone removed]"),
        ("write jane&#64;example.com", "write [e-mail removed]"),
        ("write jane&#x40;example.com", "write [e-mail removed]"),
        ("write jane%40example.com", "write [e-mail removed]"),
        ("write jane&commat;example&period;com", "write [e-mail removed]"),
        ("write jane\\@example.com", "write [e-mail removed]"),
        ("write jane＠example.com", "write [e-mail removed]"),
    ])
    func encoded(_ input: String, _ expected: String) {
        #expect(redacted(input) == expected)
    }

    @Test("phone numbers with the spaces, dashes, parentheses, prefixes and extensions people type", arguments: [
        ("call 313 - 555 - 0101 now", "call [phone removed] now"),
        ("call 313\u{A0}555\u{A0}0101 now", "call [phone removed] now"),
        ("call 313\u{202F}555\u{202F}0101 now", "call [phone removed] now"),
        ("call 313\u{2013}555\u{2013}0101 now", "call [phone removed] now"),
        ("call 313\u{2014}555\u{2014}0101 now", "call [phone removed] now"),
        ("call 313\u{2010}555\u{2011}0101 now", "call [phone removed] now"),
        ("call 313\u{2012}555\u{2015}0101 now", "call [phone removed] now"),
        ("call 313\u{2212}555\u{2212}0101 now", "call [phone removed] now"),
        ("call 313--555--0101 now", "call [phone removed] now"),
        ("call 313.555.0101 now", "call [phone removed] now"),
        ("call (313) 555-0101 now", "call [phone removed] now"),
        ("call (313)555-0101 now", "call [phone removed] now"),
        ("call +1 313 555 0101 now", "call [phone removed] now"),
        ("call +1 (313) 555-0101 now", "call [phone removed] now"),
        ("call 313-555-0101 x12 now", "call [phone removed] now"),
        ("call 313-555-0101x12 now", "call [phone removed] now"),
        ("call 313-555-0101 ext. 12 now", "call [phone removed] now"),
        ("call 313-555-0101, extension 7 now", "call [phone removed] now"),
        ("call 313\u{200B}-555-0101 now", "call [phone removed] now"),
        ("call **313**-555-0101 now", "call **[phone removed] now"),
        ("call 313<b>-</b>555-0101 now", "call [phone removed] now"),
    ])
    func phones(_ input: String, _ expected: String) {
        #expect(redacted(input) == expected)
    }

    @Test("a number ends at a parenthesis it did not open, so a link around it keeps its shape")
    func parentheses() {
        #expect(redacted("[313-555-0101](tel:+13135550102)\n2 313-555-0103") == "[[phone removed]](tel:[phone removed])\n2 [phone removed]")
        #expect(redacted("(call 313-555-0104) (313) 555-0105") == "(call [phone removed]) [phone removed]")
    }

    @Test("e-mail addresses spelled out", arguments: [
        ("write jane at example dot com", "write [e-mail removed]"),
        ("write jane [at] example [dot] com.", "write [e-mail removed]."),
        ("write jane (at) example (dot) org", "write [e-mail removed]"),
        ("write JANE AT EXAMPLE DOT COM", "write [e-mail removed]"),
        ("write jane [at] example.com", "write [e-mail removed]"),
        ("write jane @ example . com", "write [e-mail removed]"),
        ("write jane.doe at mail dot example dot co dot uk", "write [e-mail removed]"),
    ])
    func spelledEmails(_ input: String, _ expected: String) {
        #expect(redacted(input) == expected)
    }

    @Test("prose with 'at' and 'dot' is not an e-mail address", arguments: [
        "more info at example.com", "we met at home. Then we left", "look at the dot on the map", "meet (at) noon. Bring snacks",
        "Smith [at] City Hall",
    ])
    func notSpelledEmails(_ input: String) {
        #expect(redacted(input) == input)
    }

    @Test("street addresses in any casing, with ranges, halves and units", arguments: [
        ("parked at 14500 livernois ave daily", "parked at [address removed] daily"),
        ("parked at 14500 LIVERNOIS AVE daily", "parked at [address removed] daily"),
        ("parked at 14500 livernois avenue daily", "parked at [address removed] daily"),
        ("parked at 14500-14510 Livernois Ave daily", "parked at [address removed] daily"),
        ("parked at 14500 1/2 Livernois Ave daily", "parked at [address removed] daily"),
        ("parked at 14500½ Livernois Ave daily", "parked at [address removed] daily"),
        ("parked at 14500 Livernois Ave Apt 3 daily", "parked at [address removed] daily"),
        ("parked at 14500 Livernois Ave #4 daily", "parked at [address removed] daily"),
        ("parked at 14500 Livernois Ave, Unit 5B daily", "parked at [address removed] daily"),
        ("parked at 12 oak st daily", "parked at [address removed] daily"),
        ("parked at 14500&nbsp;Livernois Ave", "parked at [address removed]"),
    ])
    func addresses(_ input: String, _ expected: String) {
        #expect(redacted(input) == expected)
    }

    @Test("numbers that are not phones or addresses stay, also in lowercase prose", arguments: [
        "a 2 way street", "a 10 minute drive", "2 cars on oak st", "3 of 12 cars", "on 2026-11-29 at 10:30",
        "from 10:30-11:45", "it cost $4.99", "Detroit, MI 48238", "since 2019", "on 11/29/2026", "I-94 at exit 190",
        "score 3-2", "half a mile, 1/2 really", "2026&#45;11&#45;29",
    ])
    func notFound(_ input: String) {
        #expect(redacted(input) == input)
    }

    @Test("a location label on a privacy grid loses its house number, range, half and unit")
    func coarse() {
        #expect(r.coarsenLocation("14500 livernois ave").text == "livernois ave")
        #expect(r.coarsenLocation("14500-14510 Livernois Ave").text == "Livernois Ave")
        #expect(r.coarsenLocation("14500 1/2 Livernois Ave").text == "Livernois Ave")
        #expect(r.coarsenLocation("14500 Livernois Ave, Apt 3").text == "Livernois Ave")
        #expect(r.coarsenLocation("14500&#32;Livernois Ave").text == "Livernois Ave")
    }

    @Test("a finding is placed in the text as written, so check can point at it")
    func sourceOffsets() {
        let f = r.findings(in: "call 313&#45;555&#45;0103")
        #expect(f == [.init(kind: .phone, start: 5, end: 25)])
    }

    @Test("the redacted text holds nothing the redactor would find again")
    func idempotent() {
        for text in ["313&#45;555&#45;0103 and 313\\-555\\-0104", "a 313 - 555 - 0101 b jane at example dot com c"] {
            let once = r.redact(text).text
            #expect(r.findings(in: once).isEmpty, "\(once)")
        }
    }

    @Test("a published address keeps scheme, host and path only")
    func urls() {
        let u = PublicURL("https://user:secret@example.org/issues/12?name=Jane+Doe&phone=313-555-0101#jane@example.com")
        #expect(u?.url == "https://example.org/issues/12")
        #expect(u?.dropped == ["user info", "query", "fragment"])
        #expect(PublicURL("https://seeclickfix.com/issues/4764238")?.dropped == [])
        #expect(PublicURL("https://example.org#top")?.url == "https://example.org")
        #expect(PublicURL("not a url") == nil)
    }

    @Test("web addresses in a text lose their user info, query and fragment, and keep the words around them")
    func linksInText() {
        #expect(PublicURL.removingPrivateParts("[a](https://u:p@x.org/p?q=1#f \"t\") and HTTP://x.org?jane. <https://x.org/#top>")
                == "[a](https://x.org/p \"t\") and HTTP://x.org. <https://x.org/>")
        #expect(PublicURL.removingPrivateParts("www.x.org/a?b=c, then") == "www.x.org/a, then")
        #expect(PublicURL.removingPrivateParts("[a](https://x.org/a\\?name=jane) https://x.org&#63;q=1 https://jane&#64;x.org/p")
                == "[a](https://x.org/a) https://x.org https://x.org/p")
        #expect(PublicURL.removingPrivateParts("shttp://x.org/?a and awww.x.org?b stay") == "shttp://x.org/?a and awww.x.org?b stay")
    }
}
