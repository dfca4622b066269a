import Testing
@testable import Liquid

@Suite("Finding a filter by its name's number")
struct FilterLookupTests {
    static func shout(_ suffix: String) -> Filter {
        Filter { (input: Value, _, _, _) throws(FilterError) -> Value in .string(input.text.uppercased() + suffix) }
    }

    @Test("an environment's filter wins over the standard one of the same name, and others stay standard")
    func environmentWins() throws {
        let template = try Template("{{ 'a' | upcase }} {{ 'b' | capitalize }} {{ 'c' | shout }}")
        let env = Environment(filters: ["upcase": Self.shout("!"), "shout": Self.shout("?")])
        #expect(try template.render(environment: env) == "A! B C?")
        #expect(try template.render() == "A B c")
    }

    @Test("a template parsed after the environment was made finds its filters, and one made after finds a new name")
    func orderDoesNotMatter() throws {
        let unique = "made_later_\(UInt64.random(in: 0...UInt64.max))"
        let early = Environment(filters: ["shout": Self.shout("?")])
        let template = try Template("{{ 'x' | shout }}{{ 'y' | \(unique) }}")
        let late = Environment(filters: [unique: Self.shout("#")])
        #expect(try template.render(environment: early) == "X?y")
        #expect(try template.render(environment: late) == "xY#")
    }

    @Test("changing an environment's filters after it was made is seen by the next render")
    func changedFilters() throws {
        let template = try Template("{{ 'x' | shout }}")
        var env = Environment(filters: ["shout": Self.shout("?")], strictFilters: true)
        #expect(try template.render(environment: env) == "X?")
        env.filters["shout"] = Self.shout("!")
        #expect(try template.render(environment: env) == "X!")
        env.filters = [:]
        #expect(throws: LiquidError.self) { try template.render(environment: env) }
    }

    @Test("capture and ifchanged keep text in every script whole")
    func captureKeepsText() throws {
        let template = try Template("{% capture c %}é—ال😀 {{ 'e\u{301}' }}{% endcapture %}{{ c }}|{% for i in (1..3) %}{% ifchanged %}ال{% endifchanged %}{% endfor %}")
        #expect(try template.render() == "é—ال😀 e\u{301}|ال")
    }
}
