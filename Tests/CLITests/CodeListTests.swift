import Foundation
import Testing

/// README.md's "The code" is a newcomer's map of the modules: it must name each folder of Sources
/// once, and nothing that is not there.
@Suite("README.md's list of the code")
struct CodeListTests {
    @Test("the list under \"The code\" names every folder of Sources, and only those")
    func everyModule() throws {
        let readme = try String(contentsOfFile: packageRoot + "/README.md", encoding: .utf8)
        let section = try #require(readme.range(of: "## The code").map { readme[$0.upperBound...] })
        let block = try #require(section.range(of: "\nSources/\n").map { section[$0.upperBound...] })
        var listed: [String] = []
        for line in block.split(separator: "\n") {
            guard line.hasPrefix("  ") else { break }  // `Tests/` at the margin ends the list
            // A line names its folders first (`Loading/`, or several: `CYAML/ CCmarkGFM/`); its words follow.
            for word in line.split(separator: " ") {
                guard word.hasSuffix("/"), word.dropLast().allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else { break }
                listed.append(String(word.dropLast()))
            }
        }
        let folders = try FileManager.default.contentsOfDirectory(atPath: packageRoot + "/Sources").filter { !$0.hasPrefix(".") }
        #expect(listed.sorted() == folders.sorted(), "README lists \(Set(listed).subtracting(folders).sorted()) that are not in Sources, and lacks \(Set(folders).subtracting(listed).sorted())")
        #expect(Set(listed).count == listed.count, "a folder is listed twice")
    }
}
