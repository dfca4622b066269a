import Foundation
import Liquid
import Testing

/// Every input a fuzzer ever crashed on (Tests/LiquidTests/Cases/fuzz), parsed and rendered as the
/// fuzz target does: it must give output or an error, never a crash.
@Suite("Fuzzer findings stay fixed")
struct FuzzRegressionTests {
    static let inputs: [String] = {
        let dir = casesFolder + "/fuzz"
        return ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted().map { dir + "/" + $0 }
    }()

    @Test("each crashing input now parses or fails cleanly", arguments: inputs)
    func input(_ path: String) {
        let bytes = FileManager.default.contents(atPath: path) ?? Data()
        let source = String(decoding: bytes, as: UTF8.self)
        for html in [false, true] {
            for escaping in [Escaping.none, .html, .markdown] {
                var env = Environment(escaping: escaping)
                env.limits.iterations = 20_000
                if let t = try? Template(source, path: "fuzz", htmlContext: html) { _ = try? t.render(Object(), environment: env) }
            }
        }
    }

    @Test("a raw block whose end tag overlaps an opener is an error, not a crash")
    func rawOverlap() {
        #expect(throws: LiquidError.self) { try Template("{% raw %}x{%}") }
        #expect(throws: LiquidError.self) { try Template("{% doc %}{%-%}") }
        #expect(throws: LiquidError.self) { try Template("{% comment %}{% raw %}{%}{% endcomment %}") }
    }

    @Test("the corpus of fuzzer findings is not empty")
    func present() { #expect(!Self.inputs.isEmpty) }
}
