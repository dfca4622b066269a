import Foundation
import Liquid
import Testing

@Suite("Template errors name their place; limits hold")
struct ErrorAndLimitTests {
    func error(_ source: String, _ environment: Environment = Environment()) -> String? {
        do {
            _ = try Template(source, path: "theme/page.liquid").render(Object(), environment: environment)
            return nil
        } catch {
            return error.description
        }
    }

    @Test("an unknown tag is a syntax error at its line and column")
    func unknownTag() {
        #expect(error("line one\n  {% frobnicate x %}") == "theme/page.liquid:2:3: error: Liquid syntax error: unknown tag 'frobnicate'")
    }

    @Test("an unclosed block names the block and where it opened")
    func unclosedBlock() {
        #expect(error("{% if a %}\n{% for x in y %}\n{% endif %}") == "theme/page.liquid:3:1: error: Liquid syntax error: found 'endif', but the 'for' tag opened at line 2 is still open; expected 'else' or 'endfor'")
        #expect(error("{% endif %}") == "theme/page.liquid:1:1: error: Liquid syntax error: unexpected 'endif' here; no open block takes it")
        #expect(error("{% if a %}\nhello") == "theme/page.liquid:1:1: error: Liquid syntax error: 'if' tag was never closed; expected 'else' or 'elsif' or 'endif'")
    }

    @Test("an unterminated output or tag is an error")
    func unterminated() {
        #expect(error("ok {{ name") == "theme/page.liquid:1:4: error: Liquid syntax error: output '{{' was not properly terminated; expected '}}'")
        #expect(error("ok\n{% if") == "theme/page.liquid:2:1: error: Liquid syntax error: tag '{%' was not properly terminated; expected '%}'")
    }

    @Test("a filter with the wrong number of arguments is an error at its output")
    func filterArity() {
        #expect(error("\n\n   {{ 'a' | append: 'b', 'c' }}") == "theme/page.liquid:3:4: error: Liquid error: 'append' takes 1 argument, given 2")
    }

    @Test("unknown filters pass the value through, or fail in strict mode")
    func unknownFilters() throws {
        #expect(try Template("{{ 'a' | nope }}").render() == "a")
        #expect(error("{{ 'a' | nope }}", Environment(strictFilters: true)) == "theme/page.liquid:1:1: error: Liquid error: unknown filter 'nope'")
    }

    @Test("a partial that includes itself stops at the depth limit")
    func recursion() {
        let env = Environment(partials: { _ throws(LiquidError) in try Template("x{% include 'self' %}", path: "self") })
        #expect(error("{% include 'self' %}", env)?.hasSuffix("Liquid limit exceeded: partials are nested deeper than 64 levels") == true)
    }

    @Test("loops cannot run forever")
    func iterations() {
        var env = Environment()
        env.limits.iterations = 1000
        #expect(error("{% for a in (1..100) %}{% for b in (1..100) %}{% endfor %}{% endfor %}", env)?.hasSuffix("Liquid limit exceeded: loops ran more than 1000 times") == true)
        #expect(error("{% for a in (1..10) %}{% for b in (1..10) %}{% endfor %}{% endfor %}", env) == nil)
    }

    @Test("output cannot grow without bound")
    func outputSize() {
        var env = Environment()
        env.limits.outputBytes = 10_000
        #expect(error("{% for a in (1..100000) %}xxxxxxxxxx{% endfor %}", env)?.hasSuffix("Liquid limit exceeded: the output is larger than 10000 bytes") == true)
    }

    @Test("blocks nested too deep are a syntax error, not a stack overflow")
    func deepNesting() {
        let source = String(repeating: "{% if true %}", count: 5000) + String(repeating: "{% endif %}", count: 5000)
        #expect(error(source)?.contains("blocks are nested deeper than 100 levels") == true)
    }

    @Test("one parsed template renders the same from many threads at once")
    func parallelRenders() async throws {
        let template = try Template("{% for i in (1..50) %}{{ i | times: n }},{% endfor %}")
        let results = await withTaskGroup(of: (Int, String).self) { group in
            for n in 1...16 {
                group.addTask { (n, (try? template.render(Object([("n", .int(n))]))) ?? "") }
            }
            var out: [Int: String] = [:]
            for await (n, s) in group { out[n] = s }
            return out
        }
        for n in 1...16 {
            #expect(results[n] == (1...50).map { "\($0 * n)," }.joined())
        }
    }
}
