import Fingerprint
import Output
import Testing
@testable import Incremental

@Suite("Files taken whole from the last build")
struct ReuseTests {
    func file(_ path: String) -> OutputFile { OutputFile(path: path, alreadyInOutputWithHash: Fingerprint(of: path)) }

    func sortedWhole(_ files: [OutputFile]) -> [String] { files.map(\.path).sorted { $0.utf8Precedes($1) } }

    @Test("merged with the files made now, they come in the order a whole sort gives, slugs that share a start included")
    func mergedInOrder() {
        var taken = Reuse.Taken()
        let hoods = ["bagley", "bagley-west", "b", "claytown", "zeta", "ñandú"]
        for slug in hoods where slug != "claytown" {
            let paths = ["\(slug)/index.html", "\(slug)/es/index.html", "\(slug)/observations/o1/index.html", "\(slug)/a b.html", "\(slug)/map.svg"]
            taken.blocks.append((slug, paths.sorted { $0.utf8Precedes($1) }.map(file)))
        }
        let made = ["index.html", "sitemap.xml", "claytown/index.html", "claytown/es/x.html", "a.txt", "bagley.html", "bagley-", "zz", "Z"]
            .sorted { $0.utf8Precedes($1) }.map(file)
        let merged = taken.merged(with: made).map(\.path)
        #expect(merged == sortedWhole(made + taken.blocks.flatMap(\.files)))
        #expect(merged.count == made.count + 25)
    }

    @Test("a block out of order, or a made file inside a taken neighborhood, is sorted whole")
    func fallsBackToWholeSort() {
        var taken = Reuse.Taken()
        taken.blocks = [("bagley", ["bagley/z.html", "bagley/a.html"].map(file)), ("claytown", ["claytown/a.html"].map(file))]
        let made = ["claytown/b.html", "index.html"].map(file)
        let merged = taken.merged(with: made).map(\.path)
        #expect(merged == ["bagley/a.html", "bagley/z.html", "claytown/a.html", "claytown/b.html", "index.html"])
    }
}
