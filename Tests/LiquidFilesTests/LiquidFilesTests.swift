import Diagnostics
import Formats
import Foundation
import Liquid
import LiquidFiles
import Testing

@Suite("Liquid data and partials from files")
struct LiquidFilesTests {
    @Test("JSON data becomes Liquid values: objects keep their order, numbers their kind")
    func data() throws {
        var log = DiagnosticLog()
        let node = try #require(JSON.parse(#"{"b": 1, "a": [true, null, 2.5, "x"]}"#, path: "d.json", log: &log))
        guard case .object(let o) = LiquidData.value(node) else { Issue.record("not an object"); return }
        #expect(o.keys == ["b", "a"])
        let rendered = try Template("{{ b }}|{{ a | size }}|{{ a[2] }}|{{ a[3] }}", path: "t").render(o, environment: Environment())
        #expect(rendered == "1|4|2.5|x")
    }

    @Test("a partial is read from DIR/name.liquid once; a missing one is nil; a name cannot leave the folder")
    func partials() throws {
        let dir = NSTemporaryDirectory() + "cs-partials-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try "Hi {{ name }}".write(toFile: dir + "/greet.liquid", atomically: true, encoding: .utf8)
        let folder = PartialFolder(root: dir, shown: dir, htmlContext: false)
        #expect(try folder.template("greet") != nil)
        #expect(try folder.template("nope") == nil)
        #expect(try folder.template("../greet") == nil)
        #expect(try folder.template("/etc/passwd") == nil)
    }
}
