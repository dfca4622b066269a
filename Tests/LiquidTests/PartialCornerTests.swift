import Liquid
import Synchronization
import Testing

/// Partials as Ruby Liquid (5.4 to 5.13) renders them, where the corners mix of the differential test
/// (tests/liquid_diff/generate_corners.py) found we rendered something else; each expected text is Ruby's.
@Suite("Partials render as Ruby Liquid renders them")
struct PartialCornerTests {
    func render(_ source: String, _ partials: [String: String], _ data: Object = Object()) throws -> String {
        let parsed = try partials.mapValues { try Template($0, path: $0) }
        return try Template(source, path: "t").render(data, environment: Environment(partials: { parsed[$0] }))
    }

    @Test("include inside a rendered partial is an error, at any depth; include inside include is not")
    func includeInsideRender() throws {
        #expect(throws: LiquidError.self) { try render("{% render 'a' %}", ["a": "x{% include 'b' %}", "b": "y"]) }
        #expect(throws: LiquidError.self) { try render("{% render 'a' %}", ["a": "{% render 'c' %}", "c": "{% include 'b' %}", "b": "y"]) }
        #expect(try render("{% include 'a' %}", ["a": "x{% include 'b' %}", "b": "y"]) == "xy")
        #expect(try render("{% render 'a' %}{% include 'b' %}", ["a": "x{% if false %}{% include 'b' %}{% endif %}", "b": "y"]) == "xy")
    }

    @Test("as without with or for is accepted: render ignores it, include binds the variable named as the partial")
    func asAlone() throws {
        #expect(try render("{% render 'x' as y %}", ["x": "[{{ y }}{{ x }}]"], Object([("x", .int(1))])) == "[]")
        #expect(try render("{% include 'x' as y, v: 2 %}", ["x": "[{{ y }}{{ v }}]"], Object([("x", .int(1))])) == "[12]")
        #expect(try render("{% include 'cards/x' %}", ["cards/x": "[{{ x }}]"], Object([("x", .int(1)), ("cards/x", .int(7))])) == "[7]")
    }

    @Test("a partial is asked of the environment once per render, however often it is rendered")
    func partialsAskedOnce() throws {
        let asked = Mutex<[String]>([])
        let row = try Template("[{{ n }}]", path: "row")
        let environment = Environment(partials: { name in
            asked.withLock { $0.append(name) }
            return name == "row" ? row : nil
        })
        let page = try Template("{% for n in (1..3) %}{% render 'row', n: n %}{% include 'row' %}{% endfor %}", path: "t")
        #expect(try page.render(environment: environment) == "[1][1][2][2][3][3]")
        #expect(asked.withLock { $0 } == ["row"])
        // A second render asks again: nothing is kept between renders.
        _ = try page.render(environment: environment)
        #expect(asked.withLock { $0 } == ["row", "row"])
    }

    @Test("a partial met after a trimming tag or output loses its leading whitespace, for the whole render")
    func whitespaceCarriedIn() throws {
        #expect(try render("{% render 'row' %}{{ 'a' -}}", ["row": "\n x"]) == "xa")
        #expect(try render("{% render 'row' %}{{ 'a' }}", ["row": "\n x"]) == "\n xa")
        #expect(try render("{% render 'row' %}{{ 'a' -}}\n", ["row": "\n x"]) == "\n xa")
        // Met once trimmed, trimmed every time after.
        #expect(try render("{% render 'row' %}{% render 'row' %}{%- assign e = 1 -%}", ["row": " x"]) == "xx")
        // The state carries from one partial parsed to the next.
        #expect(try render("{% render 'a' %}{% render 'b' %}", ["a": "a{{ 1 -}}", "b": "\n b"]) == "a1b")
        #expect(try render("{% render 'a' %}{% render 'b' %}{{ 1 -}}", ["a": "a", "b": "\n b"]) == "a\n b1")
        // An empty partial leaves the state as it was.
        #expect(try render("{% render 'e' %}{% render 'b' %}{{ 1 -}}", ["e": "", "b": "\n b"]) == "b1")
    }

    @Test("a loop object output itself is written as Ruby writes its drop: its class name")
    func loopObjects() throws {
        #expect(try render("{% for o in (1..2) %}{% for i in (1..1) %}{{ forloop.parentloop }}|{{ forloop.parentloop.index }};{% endfor %}{% endfor %}", [:])
            == "Liquid::ForloopDrop|1;Liquid::ForloopDrop|2;")
        #expect(try render("{% render 'p' for (1..1) %}{% tablerow i in (1..1) %}{{ tablerowloop }}{% endtablerow %}", ["p": "{{ forloop }}"])
            == "Liquid::ForloopDrop<tr class=\"row1\">\n<td class=\"col1\">Liquid::TablerowloopDrop</td></tr>\n")
    }
}
