import Foundation
import Testing
@testable import Markdown

/// CPU time of the calling thread, so tests running beside this one do not count.
func threadSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

/// A text made of `n` repetitions of a shape, as a test argument.
struct Shape: Sendable, CustomTestStringConvertible {
    let name: String
    let n: Int
    let make: @Sendable (Int) -> String

    init(_ name: String, n: Int = 2000, _ make: @escaping @Sendable (Int) -> String) {
        self.name = name
        self.n = n
        self.make = make
    }

    var testDescription: String { name }

    /// How much longer rendering 2n repetitions takes than n. Linear work gives about 2, quadratic
    /// work 4; a busy machine only makes the ratio larger, so a ratio of 3 or more is measured again
    /// (up to three times) and the least is kept.
    func growth() -> (time: Double, output: Double) {
        var least = measured()
        for _ in 0..<2 where least.time >= 3 {
            let again = measured()
            if again.time < least.time { least = again }
        }
        return least
    }

    /// One measurement: the least of five renderings at each size.
    func measured() -> (time: Double, output: Double) {
        var best = [Double.infinity, .infinity]
        var sizes = [0, 0]
        for (k, size) in [n, 2 * n].enumerated() {
            let text = make(size)
            // The best of five: a small shape takes well under a millisecond, where one slow moment
            // of a loaded machine (other suites run alongside) would count as growth.
            for _ in 0..<5 {
                let start = threadSeconds()
                sizes[k] = MarkdownRenderer.html(text).utf8.count
                best[k] = min(best[k], threadSeconds() - start)
            }
        }
        return (best[1] / best[0], Double(sizes[1]) / Double(max(sizes[0], 1)))
    }
}

func repeated(_ s: String, _ n: Int) -> String { String(repeating: s, count: n) }

/// Shapes that take cmark-gfm 0.29.0.gfm.6 time quadratic in their length (each measured at 4x per
/// doubling without the guard), and the pathological inputs of cmark's own test suite.
@Suite("Markdown renders in time linear in its length")
struct LinearTimeTests {
    static let quadraticInCmarkGFM: [Shape] = [
        Shape("![[]() repeated") { repeated("![[]()", $0) },
        Shape("<![CDATA[ repeated after a letter") { "a" + repeated("<![CDATA[", $0) },
        Shape("a<?x repeated") { repeated("a<?x", $0) },
        Shape("a<!A declarations repeated") { repeated("a<!A ", $0) },
        Shape("www.a____ repeated") { repeated("www.a____", $0) },
        Shape("www.a_ repeated") { repeated("www.a_", $0) },
        Shape("(www.a< repeated") { repeated("(www.a<", $0) },
        Shape("http://a< repeated") { repeated("http://a<", $0) },
        Shape("www.a and closing parentheses") { "www.a" + repeated(")", $0) },
        Shape("http://a and closing parentheses") { "http://a" + repeated(")", $0) },
        Shape("emphasis openers, then closers of the other kind (cmark issue 389)", n: 3000) { repeated("*a ", $0) + repeated("_a*_ ", $0) },
        Shape("a double quote before every letter") { repeated("\"a", $0) },
        Shape("one opening quote, then apostrophes") { "'x " + repeated("don't ", $0) },
        Shape("one opening double quote, then closing ones") { "\"a " + repeated("b\"c ", $0) },
        Shape("an opening quote, then closers each after a quote in a code span") { "\"x " + repeated("`\"a` b\"c ", $0) },
        Shape("an opening quote, then closers each after a quoted HTML attribute") { "\"x " + repeated("<a title=\"a\"> b\"c ", $0) },
        Shape("nested lists, then blank lines") { repeated("- ", $0) + "x" + repeated("\n", $0) },
        Shape("nested lists in a block quote, then blank quote lines") { "> " + repeated("- ", $0) + "x\n" + repeated(">\n", $0) },
        Shape("emphasis deep inside block quotes") { repeated(">", $0) + repeated("a*", $0) },
        Shape("a table row of empty cells", n: 3000) { "a|b\n-|-\n" + repeated("|", $0) + "\n" },
        Shape("a paragraph line of pipes over a delimiter row", n: 3000) { repeated("|", $0) + "\n-|-|-\n" },
        Shape("a table of many columns", n: 3000) { "|" + repeated("a|", $0) + "\n|" + repeated("-|", $0) + "\n" },
        Shape("many lines, then a delimiter row", n: 4000) { repeated("a\n", $0) + "-|-\n" },
        Shape("delimiter rows of alternating widths", n: 500) { "a\n" + repeated("-|-\n-|-|-\n", $0) },
        Shape("short rows under a wide header") { "|" + repeated("a|", 100) + "\n|" + repeated("-|", 100) + "\n" + repeated("x\n", $0) },
        Shape("one long reference definition, used again and again") { "[a]: /" + repeated("u", $0) + "\n\n" + repeated("[a]", $0) },
        Shape("one long reference definition, used as an image again and again") { "[a]: /" + repeated("u", $0) + "\n\n" + repeated("![a]", $0) },
    ]

    static let cmarkPathologicalTests: [Shape] = [
        Shape("nested strong emphasis", n: 1000) { repeated("*a **a ", $0) + "b" + repeated(" a** a*", $0) },
        Shape("many emphasis closers with no openers") { repeated("a_ ", $0) },
        Shape("many emphasis openers with no closers") { repeated("_a ", $0) },
        Shape("many link closers with no openers") { repeated("a]", $0) },
        Shape("many link openers with no closers") { repeated("[a", $0) },
        Shape("mismatched openers and closers") { repeated("*a_ ", $0) },
        Shape("openers and closers multiple of 3") { "a**b" + repeated("c* ", $0) },
        Shape("link openers and emphasis closers") { repeated("[ a_", $0) },
        Shape("[ (]( repeated") { repeated("[ (](", $0) },
        Shape("nested brackets") { repeated("[", $0) + "a" + repeated("]", $0) },
        Shape("nested block quotes") { repeated("> ", $0) + "a" },
        Shape("backticks", n: 1000) { n in (1..<n).map { "e" + repeated("`", $0 % 100 + 1) }.joined() },
        Shape("unclosed links with <") { repeated("[a](<b", $0) },
        Shape("unclosed links") { repeated("[a](b", $0) },
        Shape("unclosed <!--") { "</" + repeated("<!--", $0) },
        Shape("many image openers") { repeated("![p", $0) + "\n" },
        Shape("tables of CR-separated rows", n: 1000) { repeated("aaa\rbbb\n-\u{0B}\n", $0) },
        Shape("nested inlines") { repeated("*", $0) + "a" + repeated("*", $0) },
        Shape("many reference definitions") { n in (0..<n).map { "[\($0)]: u\n" }.joined() + repeated("[0] ", n / 16) },
        Shape("e-mail addresses run together (the autolink extension stops after 1,000)") { repeated("a.a@", $0) },
    ]

    @Test("shapes quadratic in cmark-gfm 0.29.0.gfm.6 grow linearly here", arguments: quadraticInCmarkGFM)
    func quadraticShapes(_ shape: Shape) {
        let growth = shape.growth()
        #expect(growth.time < 3, "doubling took \(growth.time)x the time")
        #expect(growth.output < 3, "doubling made \(growth.output)x the output")
    }

    @Test("cmark's own pathological inputs grow linearly", arguments: cmarkPathologicalTests)
    func cmarkShapes(_ shape: Shape) {
        let growth = shape.growth()
        #expect(growth.time < 3, "doubling took \(growth.time)x the time")
        #expect(growth.output < 3, "doubling made \(growth.output)x the output")
    }

    @Test("a 3,000-column table in 18 KB makes a page of a few kilobytes, not 90 MB")
    func wideTable() {
        let text = "|" + repeated("a|", 3000) + "\n|" + repeated("-|", 3000) + "\n" + repeated("x\n", 3000)
        #expect(text.utf8.count < 19_000)
        let html = MarkdownRenderer.html(text)
        #expect(html.utf8.count < 200_000)
    }

    @Test("a reference used again and again adds at most a bounded multiple of the text to the page")
    func referenceExpansion() {
        let text = "[a]: /" + repeated("u", 20_000) + "\n\n" + repeated("[a] ", 20_000)
        let html = MarkdownRenderer.html(text)
        #expect(html.utf8.count < MarkdownGuard.costFloor + MarkdownGuard.costPerByte * text.utf8.count)
        // The definition is shown as typed, and so are its uses.
        #expect(html.hasPrefix("<p>[a]: /uuu"))
        let uses = html.contains("</p>\n<p>[a] [a] [a]")
        #expect(uses)
    }

    @Test("the output stays within a fixed multiple of any text", arguments: quadraticInCmarkGFM + cmarkPathologicalTests)
    func outputBound(_ shape: Shape) {
        let text = shape.make(shape.n)
        let html = MarkdownRenderer.html(text)
        #expect(html.utf8.count <= 64 * text.utf8.count + MarkdownGuard.costFloor)
    }
}
