import Assembly
import DefaultTheme
import Foundation
import Loading

/// Every kind of page the program makes, in one table: where its pages go, which template makes
/// them, the part of the site each belongs to, whether it is read away from the site, and the
/// `--skip` part that leaves it out. A theme without a kind's template gets the built-in theme's.
public struct PageKind: Sendable, Hashable, CustomStringConvertible {
    /// `page.kind` in templates, and the template's name: `pages/<name>.md` (or `.txt`).
    public let name: String
    /// Where its pages go inside a neighborhood's folder (`SLUG`, `ID`, `WEEK` and `N` stand for each page's own).
    public let route: String
    public let template: Template
    /// The part of the site it belongs to, as the `nav` items name them (`page.section`).
    public let section: String
    /// Read away from the site (printed, mailed, served at any address): it links absolutely when it can.
    public let standalone: Bool
    /// The `build --skip` part that leaves it out (nil: every build makes it).
    public let part: SiteSection?
    /// What it is, in a line (for docs/theme.md).
    public let summary: String

    public enum Template: Sendable, Hashable {
        /// `pages/<name>.md`, rendered into its layout: `layouts/<name>.html` when the theme has one, else `layouts/default.html`.
        case markdown
        /// `pages/<name>.txt`, rendered without Markdown, layout or escaping.
        case plainText
        /// None: the program draws it (a share card's PNG).
        case none
    }

    public var description: String { name }

    /// The template's path inside the theme (nil for a kind the program draws).
    public var templatePath: String? {
        switch template {
        case .markdown: return "pages/\(name).md"
        case .plainText: return "pages/\(name).txt"
        case .none: return nil
        }
    }

    init(_ name: String, _ route: String, template: Template = .markdown, section: String? = nil, standalone: Bool = false,
         part: SiteSection? = nil, _ summary: String) {
        (self.name, self.route, self.template, self.section) = (name, route, template, section ?? name)
        (self.standalone, self.part, self.summary) = (standalone, part, summary)
    }

    public static let home = PageKind("home", "index.html", "The neighborhood's home page: its map, latest digest, stories and reports.")
    public static let mapPage = PageKind("map-page", "map.html", part: .map, "The neighborhood's map on a page of its own, drawn to fit the screen.")
    public static let observations = PageKind("observations", "observations/index.html, observations/page/N/index.html",
                                              "Every published report, newest first, a page at a time.")
    public static let observation = PageKind("observation", "observations/ID/index.html", section: "observations",
                                             "One report, with its locator map and the stories that cite it.")
    public static let stories = PageKind("stories", "stories/index.html, stories/page/N/index.html", "Every story card, newest first.")
    public static let story = PageKind("story", "stories/SLUG/index.html", section: "stories",
                                       "One story card: its narrative, call to action, map and narration.")
    public static let flyer = PageKind("flyer", "stories/SLUG/flyer.html", standalone: true, part: .flyers,
                                       "A story's flyer to print on one page, with a QR code to the story.")
    public static let coalitions = PageKind("coalitions", "coalitions/index.html", part: .coalitions, "The coalitions working in the neighborhood.")
    public static let coalition = PageKind("coalition", "coalitions/SLUG/index.html", section: "coalitions", part: .coalitions,
                                           "One coalition: who they are, when they meet, their stories and reports.")
    public static let events = PageKind("events", "events/index.html", part: .events, "Upcoming and past events.")
    public static let digests = PageKind("digests", "digest/index.html", part: .digests, "Every weekly digest, by year.")
    public static let digest = PageKind("digest", "digest/WEEK/index.html", section: "digests", part: .digests,
                                        "One week's digest: its reports, stories and events, with the week's map.")
    public static let digestFlyer = PageKind("digest-flyer", "digest/WEEK/flyer.html", standalone: true, part: .flyers,
                                             "A week's digest to print on one page.")
    public static let email = PageKind("email", "digest/WEEK/email.html, digest/WEEK/email.eml", standalone: true, part: .emails,
                                       "A week's digest as an e-mail's HTML part, and the whole message (`email.eml`).")
    public static let emailText = PageKind("email-text", "digest/WEEK/email.txt", template: .plainText, standalone: true, part: .emails,
                                           "A week's digest as an e-mail's plain-text part.")
    public static let search = PageKind("search", "search/index.html", part: .search, "Search of the stories and the newest reports.")
    public static let aboutData = PageKind("about-data", "data/index.html", part: .data, "About this data: the open data's files and fields.")
    public static let report = PageKind("report", "report/index.html",
                                        "How to report a problem by e-mail (when `import: address:` is set in site.yml).")
    public static let notFound = PageKind("404", "404.html", standalone: true, "The page a host shows for an address it does not have.")
    public static let index = PageKind("index", "index.html", "At the top of OUT, not in a neighborhood: the list of neighborhoods, with what each published lately.")
    public static let card = PageKind("card", "card.png, stories/SLUG/card.png, digest/WEEK/card.png", template: .none,
                                      "A share card, drawn as a PNG for link previews.")

    /// Every kind, in the order docs/theme.md lists them.
    public static let all: [PageKind] = [home, mapPage, observations, observation, stories, story, flyer, coalitions, coalition,
                                         events, digests, digest, digestFlyer, email, emailText, search, aboutData, report, notFound, index, card]

    /// The kind with this name (a template's `page.kind`).
    public static func named(_ name: String) -> PageKind? { all.first { $0.name == name } }
}

extension PageKind {
    /// docs/theme.md's table of page kinds, made from `all` (a test checks the document holds it).
    public static var table: String {
        var lines = ["| kind | where | template | built-in layout | `page.section` | read away from the site | left out by `--skip` | what |",
                     "|---|---|---|---|---|---|---|---|"]
        for kind in all {
            let layout = kind.template == .markdown
                ? (DefaultTheme.files.contains { $0.path == "layouts/\(kind.name).html" } ? "`layouts/\(kind.name).html`" : "`layouts/default.html`") : "none"
            let cells = ["`\(kind.name)`", kind.route.split(separator: ",").map { "`\($0.trimmingCharacters(in: .whitespaces))`" }.joined(separator: ", "),
                         kind.templatePath.map { "`\($0)`" } ?? "none (drawn)", layout, "`\(kind.section)`", kind.standalone ? "yes" : "no",
                         kind.part.map { "`\($0.rawValue)`" } ?? "", kind.summary]
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n")
    }
}
