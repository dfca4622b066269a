import Liquid
import CivilTime
import Assembly
import Themes

/// Where each page lives inside a neighborhood's folder. Every link names a file.
public enum Routes {
    public static let home = "index.html"
    public static let observations = "observations/index.html"
    public static let stories = "stories/index.html"
    public static let coalitions = "coalitions/index.html"
    public static let events = "events/index.html"
    public static let digests = "digest/index.html"
    public static let feed = "feed.xml"
    public static let calendar = "events.ics"
    public static let sitemap = "sitemap.xml"
    public static let notFound = "404.html"
    public static let neighborhoodMap = "map.svg"
    /// The ground under every report's locator map (boundary, parks, water, streets and their
    /// names), drawn once at its wide and its phone drawing's scale (see `LocatorGround`).
    public static let locatorGround = "assets/" + Theme.drawnAssets[0]
    public static let locatorGroundPhone = "assets/" + Theme.drawnAssets[1]
    /// The ground of zoom level `level` under the maps of reports (see `ZoomedGrounds`).
    public static func zoomedGround(_ level: Int, phone: Bool) -> String { "assets/" + Theme.zoomedGround(level, phone: phone) }
    /// The neighborhood's map on a page of its own, drawn to fit the screen.
    public static let mapPage = "map.html"
    public static let search = "search/index.html"
    public static let searchIndex = "search/index.js"
    /// The open data (see `OpenData`): the "About this data" page, the catalog and the files.
    public static let dataAbout = "data/index.html"
    public static let dataCatalog = "data.json"
    public static let dataGeoJSON = "data/observations.geojson"
    public static let dataCSV = "data/observations.csv"
    public static let dataStories = "data/stories.json"
    public static let dataEvents = "data/events.ics"
    /// The "report a problem" page, when the site takes reports by e-mail.
    public static let report = "report/index.html"
    /// The home page's share card.
    public static let homeCard = "card.png"

    public static func observation(_ id: String) -> String { "observations/\(id)/index.html" }
    public static func story(_ slug: String) -> String { "stories/\(slug)/index.html" }
    /// A page's address on a web host: its folder (`stories/slug/`), which every host serves as
    /// its index.html. Printed and scanned addresses use it; links inside the site name the file so
    /// that they also work from disk.
    public static func folder(_ path: String) -> String {
        path == "index.html" ? "" : path.hasSuffix("/index.html") ? String(path.dropLast("index.html".count)) : path
    }
    public static func coalition(_ slug: String) -> String { "coalitions/\(slug)/index.html" }
    public static func event(_ slug: String) -> String { "events/index.html#\(slug)" }
    public static func digest(_ week: WeekID) -> String { "digest/\(week)/index.html" }
    /// Always this week's digest (a page that sends the reader there): the address for a QR code on the wall.
    public static let digestLatest = "digest/latest/index.html"
    public static func flyer(_ slug: String) -> String { "stories/\(slug)/flyer.html" }
    public static func shareCard(_ slug: String) -> String { "stories/\(slug)/card.svg" }
    public static func storyCard(_ slug: String) -> String { "stories/\(slug)/card.png" }
    /// The story read aloud (Ogg Opus), when the site has a voice for its language.
    public static func narration(_ slug: String) -> String { "stories/\(slug)/narration.opus" }
    public static func digestCard(_ week: WeekID) -> String { "digest/\(week)/card.png" }
    public static func digestFlyer(_ week: WeekID) -> String { "digest/\(week)/flyer.html" }
    public static func email(_ week: WeekID) -> String { "digest/\(week)/email.html" }
    public static func emailText(_ week: WeekID) -> String { "digest/\(week)/email.txt" }
    public static func emailMessage(_ week: WeekID) -> String { "digest/\(week)/email.eml" }

    /// The way from a page back to its neighborhood's folder: `./`, `../`, `../../`.
    public static func root(of path: String) -> String {
        // Folders above the page: its path's pieces (empty ones left out, as `split` does), less one.
        var pieces = 0, inPiece = false
        for byte in path.utf8 {
            if byte == UInt8(ascii: "/") {
                inPiece = false
            } else if !inPiece {
                inPiece = true
                pieces += 1
            }
        }
        return pieces <= 1 ? "./" : String(repeating: "../", count: pieces - 1)
    }

    /// The `routes` object templates see: every fixed page of a neighborhood, relative to its folder
    /// (part of the program, so the render cache's key already covers it).
    package static let value: Value = .object(Object([
        ("home", .string(home)), ("observations", .string(observations)), ("stories", .string(stories)),
        ("coalitions", .string(coalitions)), ("events", .string(events)), ("digests", .string(digests)),
        ("feed", .string(feed)), ("calendar", .string(calendar)), ("map", .string(neighborhoodMap)), ("map_page", .string(mapPage)),
        ("not_found", .string(notFound)), ("stylesheet", .string("assets/site.css")), ("print_stylesheet", .string("assets/print.css")),
        ("search", .string(search)), ("search_index", .string(searchIndex)), ("search_script", .string("assets/search.js")),
        ("data", .string(dataAbout)), ("data_catalog", .string(dataCatalog)),
    ]))
}
