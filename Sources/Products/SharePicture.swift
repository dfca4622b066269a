import Diagnostics
import Fingerprint
import Liquid
import Raster
import Pages
import Rendering
import Themes

/// A share card drawn as a PNG from its SVG, rendered and reused like a page.
package struct SharePicture: MadeFile {
    package var svg: String

    package func hash(into h: inout FingerprintBuilder) {
        h.tag(2)  // 2: compressed by libdeflate
        h.add(svg)
    }

    package func bytes(_ job: PageJob, render: (PageJob) throws(LiquidError) -> [UInt8]) -> Result<[UInt8], Diagnostic> {
        do throws(SVGRaster.Failure) {
            return .success(try SVGRaster.png(svg, width: ShareCard.width, height: ShareCard.height))
        } catch {
            return .failure(.error(SourceLocation(path: job.folder + job.path), "could not draw the share card: \(error.message)"))
        }
    }

    /// The PNG cards of a neighborhood edition, when the build makes them: its home page's, each story's
    /// and each week's digest's.
    package static func jobs(_ models: ViewModels) -> [PageJob] {
        guard models.options.shareCards else { return [] }
        let h = models.hood
        var cards = [(Routes.homeCard, models.homeCard())]
        cards += h.stories.map { (Routes.storyCard($0.story.slug), models.storyCard($0)) }
        if models.options.builds(.digests) { cards += h.digests.map { (Routes.digestCard($0.week), models.digestCard($0)) } }
        return cards.map { path, card in
            PageJob(path: path, kind: .card, title: card.title, variables: [], folder: h.folder + "/", absoluteRoot: h.absoluteRoot,
                    product: .made(SharePicture(svg: card.svg)))
        }
    }
}
