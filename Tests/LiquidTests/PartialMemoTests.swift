import TestSupport
import Testing
@testable import Liquid

@Suite("Partials remembered across renders")
struct PartialMemoTests {
    static let partials: [String: String] = [
        "p1": "{{ x }}-{{ y.a }}|{% for i in items limit: 2 %}{{ i }},{% endfor %}",
        "p2": "{% assign z = x | append: '!' %}{{ z }}{% capture c %}[{{ y.a }}]{% endcapture %}{{ c }}",
        "p3": "{% if x == 1 %}one{% elsif x == 1.0 %}float{% else %}{{ x | size }}{% endif %}{{ y['a'] }}{{ y[k] }}{{ y.size }}",
        "p4": "{% for i in items %}{{ forloop.index }}{% if i == 2 %}{% break %}{% endif %}{% endfor %}{{ forloop.index }}",
        "p5": "{{ s }}{{ s | size }}",
        "p6": "{% increment n %}{% cycle 'a', 'b' %}",
        "p7": "{% for i in items %}{{ i }}{% endfor %}",
        "p8": "{{ z }}{% assign z = 'mine' %}{{ z }}",
        "p9": "{% tablerow i in items cols: 2 %}{{ i }}{% endtablerow %}{{ items | where_exp: 'i', 'i > x' | join: '+' }}",
        "p10": "{% render 'p5', s: x %}{% include 'p1' %}{% render 'p6' %}{% render 'p14' for items as x %}{% render 'p13' %}",
        "p11": "({% include 'p6' %})",
        "p12": "{% render 'p14', x: s %}{{ x -}}",
        "p13": "{% assign q = 'inner' %}{% for i in (1..2) %}{{ q }}{% endfor %}",
        "p14": "  [{{ x }}]",
        "inner": "({{ inner }})",
        "outer": "{% include 'inner' %}",
        "pa": "{% assign x = 'a' %}{{ x }}",
        "pq": "{% include 'q' %}",
        "q": "q",
    ]

    static let templates = [
        "{% include 'p1' %}{% include 'p2' %}{{ z }}{{ c }}{% include 'p3' %}{% include 'p5' %}",
        "{% for w in items %}{% include 'p1' %}{% endfor %}",
        "{% render 'p1', x: x, y: y, items: items %}{% render 'p5', s: s %}{% render 'p1' for items as x %}",
        "{% include 'p7' %}{% for i in items offset: continue %}<{{ i }}>{% endfor %}",
        "{% for w in (1..2) %}{% include 'p4' %}{% endfor %}{% include 'p4' %}{% include 'p6' %}{% include 'p6' %}",
        "{% include 'p1' with y %}{% include 'p1', x: 'kw' %}{% include 'p1', items: y %}",
        "{% include 'p8' %}{{ z }}{% assign z = x %}{% include 'p8' %}",
        "{% include 'p9' %}{% include 'p3' %}",
        "{% include 'p10' %}{% include 'p11' %}{% include 'p10' %}{% include 'p11' %}{{ q }}{% for i in (1..2) offset: continue %}{{ i }}{% endfor %}",
        "{% include 'p12' %}{% include 'p14' %}{% include 'p12' %}",
        "{% include 'p14' %}{% include 'p12' %}{% render 'p10', x: x, y: y, items: items, s: s %}",
        "{% include 'p12' -%} {% include 'p10' %}",
        // A partial's own variable, from the caller's, or a keyword around it.
        "{% include 'outer' %}{% include 'outer', inner: s %}",
        // An assigned variable that a nearer scope still shows.
        "{% include 'pa', x: s %}{% tablerow x in items %}{% include 'pa' %}{% endtablerow %}{{ x }}",
        // An include is an error inside a render, wherever it was met before.
        "{% include 'pq' %}{% render 'pq' %}",
    ]

    /// Values that look alike but write differently: 1 and 1.0, text and safe text, é written two ways.
    static func data(_ random: inout SeededRandom) -> Object {
        let scalars: [Value] = [.int(1), .float(1.0), .int(2), .string("1"), .safe("<b>1</b>"), .string("<b>1</b>"), .nil,
                                .string("caf\u{E9}"), .string("cafe\u{301}")]
        func pick() -> Value { scalars[random.next(scalars.count)] }
        let items: Value = .array((0..<random.next(5)).map { _ in [.int(1), .int(2), .int(3), .string("a")][random.next(4)] })
        let y: Value = random.next(4) == 0 ? .nil : .object(Object([("a", pick()), ("b", pick())]))
        return Object([("x", pick()), ("y", y), ("items", items), ("s", pick()), ("k", [.string("a"), .string("b")][random.next(2)]),
                       ("inner", pick())])
    }

    /// The partials a render asked its environment for, in order (what a site records as the theme files a page used).
    final class Asked: @unchecked Sendable {
        var names: [String] = []
    }

    static func environment(remembering: Bool, escaping: Escaping = .html, iterations: Int = 10_000_000,
                            asked: Asked = Asked()) throws -> Environment {
        var parsed: [String: Template] = [:]
        for (name, source) in partials { parsed[name] = try Template(source, path: name, htmlContext: escaping == .html) }
        let found = parsed
        var limits = Environment.Limits()
        limits.iterations = iterations
        return Environment(partials: { name throws(LiquidError) in
            asked.names.append(name)
            return found[name]
        }, escaping: escaping, limits: limits, remembersPartials: remembering)
    }

    /// The text, or the error, of one render.
    static func outcome(_ template: Template, _ data: Object, _ environment: Environment) -> String {
        do throws(LiquidError) {
            return try template.render(data, environment: environment)
        } catch {
            return "error: \(error.description)"
        }
    }

    @Test("every template renders the same bytes and errors, and asks for the same partials, with remembered partials as without")
    func sameAsRendering() throws {
        for escaping in [Escaping.html, .none, .markdown] {
            for iterations in [10_000_000, 7] {
                let (askedRemembering, askedRendering) = (Asked(), Asked())
                let remembering = try Self.environment(remembering: true, escaping: escaping, iterations: iterations, asked: askedRemembering)
                let rendering = try Self.environment(remembering: false, escaping: escaping, iterations: iterations, asked: askedRendering)
                let templates = try Self.templates.map { try Template($0, path: "t", htmlContext: escaping == .html) }
                var random = SeededRandom(seed: 11)
                for _ in 0..<400 {
                    let data = Self.data(&random)
                    for t in templates {
                        (askedRemembering.names, askedRendering.names) = ([], [])
                        let expected = Self.outcome(t, data, rendering)
                        let made = Self.outcome(t, data, remembering)
                        #expect(Array(made.utf8) == Array(expected.utf8), "\(t.path) \(data.pairs) \(escaping) \(iterations)")
                        #expect(askedRemembering.names == askedRendering.names, "every partial is asked for as a render would")
                    }
                }
                if escaping != .markdown {
                    #expect(remembering.memo?.hits ?? 0 > 100, "the partials were taken from memory")
                } else {
                    #expect(remembering.memo?.hits == 0, "Markdown placeholders are never remembered")
                }
            }
        }
    }

    @Test("a partial is taken from memory only when what it read is the same, byte for byte")
    func readsDecide() throws {
        let env = try Self.environment(remembering: true)
        let t = try Template("{% include 'p5' %}")
        #expect(try t.render(Object([("s", .string("caf\u{E9}"))]), environment: env) == "caf\u{E9}4")
        #expect(try t.render(Object([("s", .string("caf\u{E9}"))]), environment: env) == "caf\u{E9}4")
        #expect(env.memo?.hits == 1)
        // Equal as text, written otherwise: rendered again.
        let other = try t.render(Object([("s", .string("cafe\u{301}"))]), environment: env)
        #expect(Array(other.utf8) == Array("cafe\u{301}5".utf8))
        #expect(env.memo?.hits == 1)
        #expect(try t.render(Object([("s", .safe("caf\u{E9}"))]), environment: env) == "caf\u{E9}4")
        #expect(env.memo?.hits == 1, "safe text is another value")
        // What a partial assigned itself is not compared with what the next render holds before it.
        let assigning = try Template("{% include 'p2' %}{{ z }}")
        let data = Object([("x", .string("hi")), ("y", .object(Object([("a", .int(3))])))])
        #expect(try assigning.render(data, environment: env) == "hi![3]hi!")
        #expect(try assigning.render(data, environment: env) == "hi![3]hi!")
        #expect(env.memo?.hits == 2)
    }

    @Test("a copy of an environment with other filters, partials, globals or limits remembers nothing of the first")
    func changedEnvironmentForgets() throws {
        var env = try Self.environment(remembering: true)
        let t = try Template("{% include 'p5' %}")
        _ = try t.render(Object([("s", .string("a"))]), environment: env)
        let first = env.memo
        env.filters = ["size": Filter { _, _, _, _ in .string("many") }]
        #expect(env.memo !== first)
        #expect(try t.render(Object([("s", .string("a"))]), environment: env) == "amany")
        let second = env.memo
        env.globals = Object([("g", .int(1))])
        #expect(env.memo !== second)
        let third = env.memo
        env.limits.valueBytes = 10
        #expect(env.memo !== third)
    }

    @Test("partials parsed anew for every render are told apart, wherever their memory lands")
    func freshTemplates() throws {
        let sources = ["a": "A{{ x }}", "b": "B{{ x }}"]
        let env = Environment(partials: { name throws(LiquidError) in try Template(sources[name] ?? "", path: name) })
        for i in 0..<200 {
            let name = i % 3 == 0 ? "a" : "b"
            #expect(try Template("{% include '\(name)' %}").render(Object([("x", .int(1))]), environment: env) == (name == "a" ? "A1" : "B1"))
        }
    }

    @Test("a partial that reads other values on every render is soon rendered without being compared")
    func givesUp() throws {
        let env = try Self.environment(remembering: true)
        let t = try Template("{% include 'p5' %}")
        for i in 0..<(PartialMemo.missesBeforeGivingUp + 5) { _ = try t.render(Object([("s", .int(i))]), environment: env) }
        let key = try #require(env.memo?.keys.first)
        #expect(env.memo?.entries(key) == nil)
        #expect(env.memo?.kept == 0, "and it keeps none of its outputs")
    }

    @Test("outputs let go between batches are made again, and what was learnt of each partial stays")
    func forgetting() throws {
        let env = try Self.environment(remembering: true)
        let t = try Template("{% include 'p5' %}")
        let data = Object([("s", .string("a"))])
        _ = try t.render(data, environment: env)
        #expect(env.memo?.kept == 1)
        env.forgetRememberedOutputs()
        #expect(env.memo?.kept == 0)
        #expect(try t.render(data, environment: env) == "a1")
        #expect(try t.render(data, environment: env) == "a1")
        #expect(env.memo?.hits == 1)
    }
}
