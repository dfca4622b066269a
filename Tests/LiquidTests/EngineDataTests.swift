import Foundation
import Liquid
import Testing

@Suite("Objects, scopes and caches behave the same at any size")
struct EngineDataTests {
    /// Keys in insertion order, with their values, as the engine sees them.
    func listing(_ o: Object) -> String {
        var out: [String] = []
        o.forEach { k, v in out.append("\(k)=\(v.text)") }
        return out.joined(separator: ",")
    }

    @Test("an object keeps insertion order through overwrites and removals, small or large")
    func objectOrder() {
        for size in [3, 32, 33, 100] {
            var o = Object()
            for i in 0..<size { o["k\(i)"] = .int(i) }
            o["k1"] = .string("one")  // overwriting keeps the place
            o["k0"] = nil  // removing closes the gap
            o["k0"] = .int(-1)  // and adding again goes to the end
            #expect(o.count == size)
            #expect(o.keys.first == "k1")
            #expect(o.keys.last == "k0")
            #expect(o["k1"]?.text == "one")
            #expect(o["k\(size - 1)"]?.text == "\(size - 1)")
            #expect(o["k2"]?.text == "2")
            #expect(o["missing"] == nil)
            o["nope"] = nil
            #expect(o.count == size)
            var expected = ["k1=one"] + (2..<size).map { "k\($0)=\($0)" }
            expected.append("k0=-1")
            #expect(listing(o) == expected.joined(separator: ","))
            #expect(o.pairs.map(\.0) == o.keys)
        }
    }

    @Test("the first of two equal keys keeps its place; the last value wins")
    func duplicateKeys() {
        let o = Object([("a", 1), ("b", 2), ("a", 3)])
        #expect(listing(o) == "a=3,b=2")
        let many = Object((0..<50).map { ("k\($0 % 40)", Value.int($0)) })
        #expect(many.count == 40)
        #expect(many["k3"]?.text == "43")
        #expect(many.keys[3] == "k3")
    }

    @Test("keys compare as Swift strings do, canonically, as a dictionary's did")
    func canonicalKeys() {
        for size in [1, 40] {
            var o = Object()
            for i in 0..<size { o["x\(i)"] = .int(i) }
            o["caf\u{E9}"] = "composed"
            #expect(o["cafe\u{301}"]?.text == "composed")
        }
    }

    @Test("a template sees a large object's keys, in order, as a small one's")
    func largeObjectInTemplates() throws {
        var o = Object()
        for i in 0..<60 { o["k\(i)"] = .int(i) }
        let data = Object([("o", .object(o))])
        let t = try Template("{{ o.k59 }} {{ o['k7'] }} {{ o.size }} {% for p in o limit: 3 %}{{ p[0] }}{% endfor %} {{ o.first[0] }}")
        #expect(try t.render(data) == "59 7 60 k0k1k2 k0")
    }

    @Test("assign, loops and partials see the variables they should, however many there are")
    func scopes() throws {
        var source = ""
        for i in 0..<50 { source += "{% assign v\(i) = \(i) %}" }
        source += "{% for v3 in (1..2) %}{{ v3 }}{% endfor %}{{ v3 }} {{ v49 }}{% include 'p', v1: 'kw' %}{{ v1 }}{% render 'q', v2: 'r' %}"
        let partials: [String: Template] = [
            "p": try Template("[{{ v1 }}{{ v48 }}]"),
            "q": try Template("<{{ v2 }}{{ v48 }}>"),
        ]
        let env = Environment(partials: { name throws(LiquidError) in partials[name] })
        #expect(try Template(source).render(environment: env) == "123 49[kw48]1<r>")
    }

    @Test("a render partial's counters, cycles and loops are its own and are put back after it")
    func renderIsolation() throws {
        let partials: [String: Template] = [
            "q": try Template("{% increment n %}{% cycle 'a', 'b' %}{% for i in (1..2) %}{{ forloop.parentloop.index }}{% endfor %}"),
        ]
        let env = Environment(partials: { name throws(LiquidError) in partials[name] })
        let source = "{% increment n %}{% cycle 'a', 'b' %}{% for x in (1..2) %}{% render 'q' %}|{% endfor %}{% increment n %}{% cycle 'a', 'b' %}"
        #expect(try Template(source).render(environment: env) == "0a0a|0a|1b")
    }

    @Test("safe HTML from a render partial comes back in the right place after Markdown")
    func placeholdersFromRender() throws {
        let partials: [String: Template] = ["card": try Template("{{ html }}")]
        let env = Environment(partials: { name throws(LiquidError) in partials[name] }, escaping: .markdown)
        let data = Object([("a", .safe("<b>A</b>")), ("b", .safe("<i>B</i>"))])
        let (text, placeholders) = try Template("{{ a }} {% render 'card', html: b %} {% include 'card', html: a %}")
            .renderWithPlaceholders(data, environment: env)
        #expect(Placeholders.restore(text, placeholders) == "<b>A</b> <i>B</i> <b>A</b>")
    }

    @Test("date gives the same text from its cache, and a new now or time zone is not served old answers")
    func dateCache() throws {
        var env = Environment(now: 1_700_000_000)
        let t = try Template("{{ 'now' | date: '%Y-%m-%d %H:%M' }} {{ '2026-11-03' | date: '%b %-d' }} {{ 'nope' | date: '%Y' }}")
        for _ in 0..<3 { #expect(try t.render(environment: env) == "2023-11-14 22:13 Nov 3 nope") }
        env.now = 1_800_000_000
        #expect(try t.render(environment: env) == "2027-01-15 08:00 Nov 3 nope")
        env.timeZone = TimeZone(secondsFromGMT: -5 * 3600) ?? .gmt
        #expect(try t.render(environment: env) == "2027-01-15 03:00 Nov 3 nope")
    }

    @Test("dates are formatted the same from many threads sharing one environment")
    func dateCacheThreads() async throws {
        let env = Environment(timeZone: TimeZone(identifier: "America/Detroit") ?? .gmt)
        let t = try Template("{% for d in days %}{{ d | date: '%a %b %-d %Y %H:%M %Z' }};{% endfor %}")
        let days: [Value] = (0..<400).map { .string("2026-\(1 + $0 % 12)-\(1 + $0 % 28) 10:\(10 + $0 % 50)") }
        let data = Object([("days", .array(days))])
        let expected = try t.render(data, environment: Environment(timeZone: env.timeZone))
        let results = await withTaskGroup(of: String.self) { group in
            for _ in 0..<8 { group.addTask { (try? t.render(data, environment: env)) ?? "" } }
            var all: [String] = []
            for await r in group { all.append(r) }
            return all
        }
        #expect(results.allSatisfy { $0 == expected })
        #expect(expected.hasPrefix("Thu Jan 1 2026 10:10 EST;"))
    }

    @Test("placeholders are put back whatever characters touch them; unknown ones stay as they are")
    func restore() {
        let open = "\u{E000}", close = "\u{E001}"
        let values = ["<b>A</b>", "<i>B</i>"]
        #expect(Placeholders.restore("<p>\(open)0\(close)</p>\n<p>x \(open)1\(close)\u{301} y</p>", values) == "<p><b>A</b></p>\n<p>x <i>B</i>\u{301} y</p>")
        // A block of its own replaces the paragraph it is alone in; text stays in it.
        #expect(Placeholders.restore("<p>\(open)0\(close)</p>\n<p>\(open)1\(close)</p>", ["\n <ul><li>a</li></ul>", "plain"]) == "\n <ul><li>a</li></ul>\n<p>plain</p>")
        #expect(Placeholders.restore("<p>\(open)0\(close)</p>", ["<!-- note -->"]) == "<!-- note -->")
        #expect(Placeholders.restore("\u{600}\(open)1\(close)", values) == "\u{600}<i>B</i>")
        #expect(Placeholders.restore("a \(open)7\(close) \(open)x\(close) \(open)0", values) == "a \(open)7\(close) \(open)x\(close) \(open)0")
        #expect(Placeholders.restore("no marks", values) == "no marks")
        #expect(Placeholders.restore("\(open)0\(close)", []) == "\(open)0\(close)")
    }
}
