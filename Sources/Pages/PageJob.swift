import Fingerprint
import Liquid
import Diagnostics
import Themes

/// One page to render: which template, where it goes, and what it shows.
package struct PageJob: Sendable {
    /// The page's path inside its neighborhood's folder (or inside OUT for the top index).
    package var path: String
    package var kind: PageKind
    package var title: String
    package var variables: [(String, Value)]
    /// `"bagley/"` for a neighborhood's page, `""` for the top index.
    package var folder: String
    package var absoluteRoot: String?
    package var isDraft = false
    /// The page's map, drawn only when the page is rendered (not when its cached bytes are reused).
    package var map: MapRequest?
    /// The neighborhood's view models (nil for the top index).
    package var models: ViewModels?
    /// How many of `variables` come first and are the same on every page of the neighborhood.
    package var sharedCount = 0
    /// A hash of those shared variables, made once per neighborhood.
    package var sharedHash = Fingerprint(high: 0, low: 0)
    /// A page whose QR code opens this path (drawn only when the page is rendered).
    package var qrPath: String?
    /// What the job makes: most make a page from the theme's templates.
    package var product = Product.page

    package init(path: String, kind: PageKind, title: String, variables: [(String, Value)], folder: String, absoluteRoot: String?,
                 isDraft: Bool = false, map: MapRequest? = nil, models: ViewModels? = nil, sharedCount: Int = 0,
                 sharedHash: Fingerprint = Fingerprint(high: 0, low: 0), qrPath: String? = nil, product: Product = .page) {
        (self.path, self.kind, self.title, self.variables, self.folder, self.absoluteRoot) = (path, kind, title, variables, folder, absoluteRoot)
        (self.isDraft, self.map, self.models, self.sharedCount, self.sharedHash, self.qrPath, self.product) =
            (isDraft, map, models, sharedCount, sharedHash, qrPath, product)
    }

    package enum Product: Sendable {
        case page
        /// A file made otherwise (a share card's PNG, a week's `email.eml`), rendered and reused like a page.
        case made(any MadeFile)
    }

    /// True for a page made from the theme's templates (not a picture or a message).
    package var isPage: Bool {
        if case .page = product { return true }
        return false
    }
}

/// What a job makes when it is not a page of the theme's templates: its bytes, and what they are made of.
package protocol MadeFile: Sendable {
    /// Everything the bytes are made of, for the render cache (with a tag of its own kind).
    func hash(into h: inout FingerprintBuilder)
    /// `render` makes a page of the theme's templates (an e-mail is made of two).
    func bytes(_ job: PageJob, render: (PageJob) throws(LiquidError) -> [UInt8]) -> Result<[UInt8], Diagnostic>
}
