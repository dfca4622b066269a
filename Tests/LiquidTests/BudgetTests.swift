import Foundation
import Liquid
import Testing

/// Hostile templates: every loop, every value and all integer arithmetic are bounded, and each
/// bound is a positioned error, never a trap or an unbounded allocation.
@Suite("Hostile templates end with a limit or an error, never a crash")
struct BudgetTests {
    static let path = "theme/page.liquid"

    func render(_ source: String, _ data: Object = Object(), _ environment: Environment = Environment()) -> Result<String, LiquidError> {
        do {
            return .success(try Template(source, path: Self.path).render(data, environment: environment))
        } catch {
            return .failure(error)
        }
    }

    func output(_ source: String, _ data: Object = Object(), _ environment: Environment = Environment()) -> String? {
        if case .success(let s) = render(source, data, environment) { return s }
        return nil
    }

    func error(_ source: String, _ data: Object = Object(), _ environment: Environment = Environment()) -> String? {
        if case .failure(let e) = render(source, data, environment) { return e.description }
        return nil
    }

    // MARK: The reported reproductions

    @Test("a loop over a billion-item range stops at the iteration limit without building the range")
    func hugeRangeLoop() {
        var env = Environment()
        env.limits.iterations = 1_000
        #expect(error("{% for i in (1..1000000000) %}{% endfor %}", Object(), env)
            == "theme/page.liquid:1:1: error: Liquid limit exceeded: loops ran more than 1000 times")
    }

    @Test("a loop over a billion-item range that breaks early runs, since the range is never built")
    func hugeRangeBreaks() {
        #expect(output("{% for i in (1..1000000000) %}{{ i }}{% if i == 3 %}{% break %}{% endif %}{% endfor %}") == "123")
    }

    @Test("joining a billion-item range is refused before anything is built")
    func hugeRangeJoin() {
        #expect(error("{{ (1..1000000000) | join }}")
            == "theme/page.liquid:1:1: error: Liquid limit exceeded: join: the joined text would be larger than 268435456 bytes")
    }

    @Test("size, first and last of a billion-item range are answered without building it")
    func hugeRangeQuestions() {
        #expect(output("{{ (1..1000000000) | size }} {{ (1..1000000000) | first }} {{ (1..1000000000) | last }}") == "1000000000 1 1000000000")
        #expect(output("{% assign r = (1..1000000000) %}{{ r.size }} {{ r.first }} {{ r.last }}") == "1000000000 1 1000000000")
    }

    @Test("reversing, mapping or sorting a billion-item range is refused at the value limit")
    func hugeRangeFilters() {
        for filter in ["reverse", "map: 'x'", "sort", "uniq", "compact"] {
            let name = filter.split(separator: ":")[0]
            #expect(error("{{ (1..1000000000) | \(filter) }}")
                == "theme/page.liquid:1:1: error: Liquid limit exceeded: \(name): the range (1..1000000000) has more items than a value may hold (268435456 bytes, 16 an item)")
        }
    }

    @Test("a string doubled by assign and append stops at the value limit")
    func doublingAppend() {
        let source = "{% assign s = \"x\" %}{% for i in (1..60) %}{% assign s = s | append: s %}{% endfor %}"
        #expect(error(source) == "theme/page.liquid:1:43: error: Liquid limit exceeded: append: the appended text would be larger than 268435456 bytes")
    }

    @Test("slice with the largest length is the rest of the text")
    func sliceHugeLength() {
        #expect(output("{{ 'abc' | slice: 1, 9223372036854775807 }}") == "bc")
        #expect(output("{{ a | slice: 1, 9223372036854775807 | join: ',' }}", Object([("a", [1, 2, 3])])) == "2,3")
        #expect(output("{{ 'abc' | slice: -9223372036854775808, 2 }}") == "")
    }

    @Test("truncate to the smallest length is only the ellipsis")
    func truncateHugeNegative() {
        #expect(output("{{ 'abc' | truncate: -9223372036854775808 }}") == "...")
        #expect(output("{{ 'abc' | truncate: 9223372036854775807 }}") == "abc")
    }

    @Test("a range ending at the largest integer counts to it without wrapping")
    func rangeAtIntMax() {
        #expect(output("{% for i in (9223372036854775806..9223372036854775807) %}{{ i }},{% endfor %}") == "9223372036854775806,9223372036854775807,")
        #expect(output("{% for i in (-9223372036854775808..-9223372036854775807) reversed %}{{ i }},{% endfor %}") == "-9223372036854775807,-9223372036854775808,")
        #expect(error("{{ (0..9223372036854775807) | size }}")
            == "theme/page.liquid:1:1: error: Liquid error: size: integer overflow: the size of (0..9223372036854775807) does not fit in 64 bits")
        #expect(error("{% for i in (-9223372036854775808..9223372036854775807) %}{% endfor %}")
            == "theme/page.liquid:1:1: error: Liquid error: integer overflow: the range (-9223372036854775808..9223372036854775807) has more items than fit in 64 bits")
    }

    @Test("increment past the largest integer is an error, not a trap")
    func incrementPastMax() {
        let data = Object([("n", .int(Int.max)), ("m", .int(Int.min))])
        #expect(error("x\n{% increment n %}", data)
            == "theme/page.liquid:2:1: error: Liquid error: integer overflow: 'n' is 9223372036854775807, and one more does not fit in 64 bits")
        #expect(error("{% decrement m %}", data)
            == "theme/page.liquid:1:1: error: Liquid error: integer overflow: 'm' is -9223372036854775808, and one less does not fit in 64 bits")
        #expect(output("{% increment c %}{% increment c %}{% decrement d %}") == "01-1")
    }

    // MARK: Integer arithmetic

    @Test("integer overflow in math filters is a positioned error")
    func mathOverflow() {
        let cases: [(String, String)] = [
            ("{{ 9223372036854775807 | plus: 1 }}", "plus: integer overflow: 9223372036854775807 + 1 does not fit in 64 bits"),
            ("{{ -9223372036854775808 | minus: 1 }}", "minus: integer overflow: -9223372036854775808 - 1 does not fit in 64 bits"),
            ("{{ 9223372036854775807 | times: 2 }}", "times: integer overflow: 9223372036854775807 * 2 does not fit in 64 bits"),
            ("{{ -9223372036854775808 | divided_by: -1 }}", "divided_by: integer overflow: -9223372036854775808 / -1 does not fit in 64 bits"),
            ("{{ -9223372036854775808 | abs }}", "abs: integer overflow: abs(-9223372036854775808) does not fit in 64 bits"),
            ("{{ 9223372036854775807 | round: -1 }}", "round: integer overflow: 9223372036854775807 rounded to 1 zeros does not fit in 64 bits"),
            ("{{ '99999999999999999999' | plus: 0 }}", "plus: integer overflow: the integer in '99999999999999999999' does not fit in 64 bits"),
        ]
        for (source, message) in cases {
            #expect(error(source) == "theme/page.liquid:1:1: error: Liquid error: " + message, "\(source)")
        }
        #expect(error("{{ f | ceil }}", Object([("f", .float(1e300))]))
            == "theme/page.liquid:1:1: error: Liquid error: ceil: integer overflow: 1.0e+300 does not fit in 64 bits")
        #expect(output("{{ -9223372036854775808 | modulo: -1 }}") == "0")
        #expect(output("{{ 5 | round: 2147483647 }} {{ 5 | round: -2147483648 }}") == "5 0")
        #expect(error("{{ 5 | round: 2147483648 }}") == "theme/page.liquid:1:1: error: Liquid error: round: integer 2147483648 too big to convert to 'int'")
    }

    @Test("for with the largest or smallest limit and offset visits what Ruby visits")
    func loopAttributesAtExtremes() {
        #expect(output("{% for i in (1..3) limit: 9223372036854775807 offset: 1 %}{{ i }}{% endfor %}") == "23")
        #expect(output("{% for i in (1..3) offset: 9223372036854775807 %}{{ i }}{% endfor %}") == "")
        #expect(output("{% for i in (1..3) limit: -9223372036854775808 %}{{ i }}{% endfor %}") == "")
        #expect(output("{% for i in (1..3) offset: -9223372036854775808 limit: 9223372036854775807 %}{{ i }}{% endfor %}") == "")
        #expect(output("{% for i in (1..5) offset: -2 limit: 4 %}{{ i }}{% endfor %}") == "12")
        #expect(output("{% for i in (1..3) limit: 1 %}{{ i }}{% endfor %}{% for i in (1..3) offset: continue %}{{ i }}{% endfor %}") == "123")
    }

    @Test("tablerow with extreme cols, limit and offset draws a bounded table")
    func tablerowAtExtremes() {
        #expect(output("{% tablerow i in (1..2) cols: 9223372036854775807 %}{{ i }}{% endtablerow %}")
            == "<tr class=\"row1\">\n<td class=\"col1\">1</td><td class=\"col2\">2</td></tr>\n")
        #expect(output("{% tablerow i in (1..2) cols: -9223372036854775808 offset: 9223372036854775807 %}{{ i }}{% endtablerow %}")
            == "<tr class=\"row1\">\n</tr>\n")
    }

    @Test("a date far beyond any calendar is returned as it was, not computed")
    func hugeTimestamps() {
        #expect(output("{{ 9223372036854775807 | date: '%Y' }}") == "9223372036854775807")
        #expect(output("{{ 100000000000000 | date: '%Y-%m-%d' }}") == "3170843-11-07")
        #expect(output("{{ 0 | date: '%100000Y' }}") == "%100000Y")
        #expect(output("{{ 0 | date: '%99999999999999999999999Y' }}") == "%99999999999999999999999Y")
    }

    // MARK: Value budgets

    @Test("every value a filter makes counts toward the render's total")
    func totalValueBytes() {
        var env = Environment()
        env.limits.totalValueBytes = 100_000
        let source = "{% for i in (1..1000) %}{% assign s = s | append: 'xxxxxxxxxx' %}{% endfor %}{{ s | size }}"
        #expect(error(source, Object(), env) == "theme/page.liquid:1:25: error: Liquid limit exceeded: filters and tags made more than 100000 bytes of values")
        env.limits.totalValueBytes = 10_000_000
        #expect(output(source, Object(), env) == "10000")
    }

    @Test("replace, split, join and newline_to_br are refused before making a value too large")
    func growthIsCheckedFirst() {
        var env = Environment()
        env.limits.valueBytes = 1_000
        let data = Object([("s", .string(String(repeating: "a", count: 100))), ("t", .string(String(repeating: "b", count: 100))),
                           ("lines", .string(String(repeating: "\n", count: 200)))])
        #expect(error("{{ s | replace: '', t }}", data, env) == "theme/page.liquid:1:1: error: Liquid limit exceeded: replace: the replaced text would be larger than 1000 bytes")
        #expect(error("{{ s | replace: 'a', t }}", data, env) == "theme/page.liquid:1:1: error: Liquid limit exceeded: replace: the replaced text would be larger than 1000 bytes")
        #expect(error("{{ s | split: '' }}", data, env) == "theme/page.liquid:1:1: error: Liquid limit exceeded: split: the split text would be larger than 1000 bytes")
        #expect(error("{{ (1..1000) | join: t }}", data, env) == "theme/page.liquid:1:1: error: Liquid limit exceeded: join: the joined text would be larger than 1000 bytes")
        #expect(error("{{ lines | newline_to_br }}", data, env) == "theme/page.liquid:1:1: error: Liquid limit exceeded: newline_to_br: the text with <br /> would be larger than 1000 bytes")
        #expect(output("{{ s | replace: 'a', 'b' | size }}", data, env) == "100")
    }

    @Test("capture counts toward the output limit")
    func captureCounts() {
        var env = Environment()
        env.limits.outputBytes = 1_000
        #expect(error("{% capture x %}{% for i in (1..1000) %}xxxxxxxxxx{% endfor %}{% endcapture %}", Object(), env)?
            .hasSuffix("Liquid limit exceeded: the output is larger than 1000 bytes") == true)
    }

    @Test("a value larger than the value limit is refused when a filter makes it")
    func valueLimit() {
        var env = Environment()
        env.limits.valueBytes = 1_000
        let data = Object([("s", .string(String(repeating: "<", count: 400)))])
        #expect(error("{{ s | escape }}", data, env) == "theme/page.liquid:1:1: error: Liquid limit exceeded: escape: the value would be larger than 1000 bytes")
        #expect(output("{{ s | escape | size }}", data) == "1600")
    }

    // MARK: No deep recursion

    @Test("a condition of 200,000 terms is read and evaluated without deep recursion")
    func longConditionChains() {
        let chain = Array(repeating: "true", count: 200_000).joined(separator: " and ")
        #expect(output("{% if \(chain) %}yes{% endif %}") == "yes")
        #expect(output("{% if false or false and true or true %}A{% endif %}{% if true and false or true %}B{% endif %}{% if false and x or true %}C{% endif %}") == "B")
    }

    @Test("expressions nested thousands deep are a syntax error, not a stack overflow")
    func deepExpressions() {
        let brackets = "{{ a" + String(repeating: "[a", count: 50_000) + String(repeating: "]", count: 50_000) + " }}"
        #expect(error(brackets)?.hasPrefix("theme/page.liquid:1:1: error: Liquid syntax error: expressions are nested deeper than 100 levels in 'a[a[a[") == true)
        #expect((error(brackets)?.count ?? 0) < 300)
        let ranges = "{{ " + String(repeating: "(", count: 5_000) + "1" + String(repeating: "..2)", count: 5_000) + " }}"
        #expect(error(ranges)?.contains("expressions are nested deeper than 100 levels") == true)
        let liquid = "{% liquid " + String(repeating: "liquid ", count: 20_000) + "echo 1 %}"
        #expect(error(liquid) == "theme/page.liquid:1:1: error: Liquid syntax error: blocks are nested deeper than 100 levels")
    }

    @Test("push and group_by cannot build values nested deeper than 100 levels")
    func deepValues() {
        let env = Environment(filters: JekyllFilters.filters())
        let source = "{% for i in (1..200) %}{% assign a = empty | push: a %}{% endfor %}{{ a | size }}"
        #expect(error(source, Object(), env) == "theme/page.liquid:1:24: error: Liquid error: push: the value would nest deeper than 100 levels")
    }

    // MARK: No quadratic filters

    @Test("strip_html, uniq, replace and group_by stay fast on large hostile input", .timeLimit(.minutes(1)))
    func linearFilters() {
        let scripts = String(repeating: "<script", count: 100_000)
        #expect(output("{{ s | strip_html | size }}", Object([("s", .string(scripts))])) == "700000")
        let opens = String(repeating: "<", count: 200_000)
        #expect(output("{{ s | strip_html | size }}", Object([("s", .string(opens))])) == "200000")
        let many = Value.array((0..<100_000).map { .int($0 % 50_000) })
        #expect(output("{{ a | uniq | size }}", Object([("a", many)])) == "50000")
        let hay = String(repeating: "a", count: 200_000), needle = String(repeating: "a", count: 100_000) + "b"
        #expect(output("{{ s | replace: t, 'x' | size }}", Object([("s", .string(hay)), ("t", .string(needle))])) == "200000")
        let records = Value.array((0..<50_000).map { .object(Object([("k", .int($0))])) })
        let env = Environment(filters: JekyllFilters.filters())
        #expect(output("{{ a | group_by: 'k' | size }}", Object([("a", records)]), env) == "50000")
    }
}
