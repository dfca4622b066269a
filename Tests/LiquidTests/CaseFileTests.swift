import Foundation
import Testing

let casesFolder = Bundle.module.resourcePath.map { $0 + "/Cases" } ?? ""

@Suite("Our own Liquid cases, in the golden-liquid format")
struct CaseFileTests {
    @Test("Jekyll's filters behave as in Jekyll", arguments: LiquidCase.load(casesFolder + "/jekyll_filters.json"))
    func jekyllFilters(_ c: LiquidCase) {
        #expect(c.failure() == nil, "\(c.name)")
    }

    @Test("autoescaping fits where the output lands", arguments: LiquidCase.load(casesFolder + "/autoescape.json"))
    func autoescape(_ c: LiquidCase) {
        #expect(c.failure() == nil, "\(c.name)")
    }

    @Test("the case files are there and not empty")
    func caseFilesLoad() {
        #expect(LiquidCase.load(casesFolder + "/jekyll_filters.json").count >= 30)
        #expect(LiquidCase.load(casesFolder + "/autoescape.json").count >= 15)
    }
}
