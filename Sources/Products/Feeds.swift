import CivilTime
import Escaping
import Assembly
import Foundation
import Liquid
import Loading
import Pages
import Rendering
import Maps
import Markdown

/// Machine-readable outputs written as code, each escaped for its format: Atom, iCalendar, sitemap.
package struct Feeds {
    package let models: ViewModels
    package var hood: NeighborhoodSite { models.hood }
    package var site: SiteSettings { models.site }

    // MARK: Atom 1.0 (RFC 4287)

    /// Digests and published stories, newest first; ids stable; `updated` from content dates.
    package func atom() -> String {
        /// `language`: an untranslated story's own, when it is not the feed's.
        struct Entry { var id, title, link, summary: String; var html: String?; var updated: Int64; var language: String? = nil }
        var entries: [Entry] = []
        for d in hood.digests {
            let summary = models.t("feed_digest_summary", ["observations": models.t("count_observations", count: d.observations.count),
                                                           "stories": models.t("count_new_stories", count: d.stories.count),
                                                           "events": models.t("count_upcoming_events", count: d.events.count)])
            entries.append(Entry(id: id(Routes.digest(d.week)), title: models.t("place_title", ["place": hood.name, "title": models.weekTitle(d.week)]),
                                 link: link(Routes.digest(d.week)), summary: summary, html: nil, updated: d.updated))
        }
        for s in hood.stories where !s.isDraft {
            entries.append(Entry(id: id(Routes.story(s.story.slug)), title: s.story.title, link: link(Routes.story(s.story.slug)),
                                 summary: Excerpt.of(s.story.body), html: MarkdownRenderer.html(s.story.body),
                                 updated: s.story.date?.instant ?? 0,
                                 language: hood.isTranslated("story:" + s.story.slug) ? nil : models.residentsLanguage))
        }
        entries.sort { $0.updated != $1.updated ? $0.updated > $1.updated : $0.id < $1.id }
        entries = Array(entries.prefix(Self.maxEntries))
        let updated = entries.map(\.updated).max() ?? hood.now
        var x = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"\(xml(site.language))\">\n"
        x += "  <id>\(xml(id(Routes.home)))</id>\n"
        x += "  <title>\(xml(hood.name + " — " + site.title))</title>\n"
        if let d = hood.description { x += "  <subtitle>\(xml(d))</subtitle>\n" }
        x += "  <updated>\(models.instant(updated))</updated>\n"
        x += "  <link rel=\"alternate\" type=\"text/html\" href=\"\(xml(link(Routes.home)))\"/>\n"
        x += "  <link rel=\"self\" type=\"application/atom+xml\" href=\"\(xml(link(Routes.feed)))\"/>\n"
        x += "  <author><name>\(xml(site.title))</name></author>\n"
        x += "  <generator>CommonSight Press</generator>\n"
        for e in entries {
            x += (e.language.map { "  <entry xml:lang=\"\(xml($0))\">" } ?? "  <entry>") + "\n    <id>\(xml(e.id))</id>\n    <title>\(xml(e.title))</title>\n"
            x += "    <link rel=\"alternate\" type=\"text/html\" href=\"\(xml(e.link))\"/>\n"
            x += "    <updated>\(models.instant(e.updated))</updated>\n"
            x += "    <summary>\(xml(e.summary))</summary>\n"
            if let html = e.html { x += "    <content type=\"html\">\(xml(html))</content>\n" }
            x += "  </entry>\n"
        }
        return x + "</feed>\n"
    }

    /// The page's absolute URL, else a URN that names the same page in every build.
    package func id(_ path: String) -> String {
        if let root = hood.absoluteRoot { return root + path }
        return "urn:commonsight:\(hood.folder.replacingOccurrences(of: "/", with: ":")):" + path.replacingOccurrences(of: "/index.html", with: "").replacingOccurrences(of: "/", with: ":")
    }

    /// Absolute with a base URL; otherwise relative to the feed, which sits in the neighborhood's folder.
    package func link(_ path: String) -> String { (hood.absoluteRoot ?? "") + path }

    // MARK: iCalendar (RFC 5545)

    package func calendar() -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//CommonSight Press//commonsight//EN", "CALSCALE:GREGORIAN",
                     "METHOD:PUBLISH", "X-WR-CALNAME:" + Escape.icsText(hood.name + " — " + site.title),
                     "X-WR-TIMEZONE:" + site.timeZone.identifier]
        let host = hood.absoluteRoot.flatMap { URL(string: $0)?.host } ?? "commonsight.invalid"
        for e in hood.events {
            lines.append("BEGIN:VEVENT")
            lines.append("UID:" + Escape.icsText("\(e.slug).\(hood.slug)\(hood.edition.map { "." + $0 } ?? "")@\(host)"))
            lines.append("DTSTAMP:" + ICS.utc(e.start.instant))
            if e.start.hasTime {
                lines.append("DTSTART:" + ICS.utc(e.start.instant))
                if let end = e.end { lines.append("DTEND:" + ICS.utc(end.instant)) }
            } else {
                lines.append("DTSTART;VALUE=DATE:" + ICS.day(e.start.day))
                lines.append("DTEND;VALUE=DATE:" + ICS.day((e.end?.day ?? e.start.day).adding(days: 1)))
            }
            // RFC 5545 §3.2.10: the language of the text (an untranslated event's is still the page's).
            let language = ";LANGUAGE=" + site.language
            lines.append("SUMMARY\(language):" + Escape.icsText(e.title))
            if let l = e.location { lines.append("LOCATION\(language):" + Escape.icsText(l)) }
            if let c = e.coordinate {
                lines.append("GEO:" + ICS.coordinate(c.latitude) + ";" + ICS.coordinate(c.longitude))
            }
            let body = Excerpt.of(e.body, limit: 2000)
            if !body.isEmpty { lines.append("DESCRIPTION\(language):" + Escape.icsText(body)) }
            if let root = hood.absoluteRoot { lines.append("URL:" + Escape.icsText(root + Routes.event(e.slug))) }
            lines.append("END:VEVENT")
        }
        lines.append("END:VCALENDAR")
        return lines.map(ICS.fold).joined(separator: "\r\n") + "\r\n"
    }

    // MARK: Sitemap

    /// A feed holds the newest entries; older ones stay in the digest archive.
    package static let maxEntries = 50
    /// The sitemap protocol's limit of URLs per file.
    package static let sitemapLimit = 50_000

    /// `sitemap.xml` (with a base URL): one file, or past 50,000 URLs a sitemap index of
    /// `sitemap-1.xml`, `sitemap-2.xml`, ... of at most 50,000 each.
    package func sitemaps(paths: [String]) -> [(path: String, text: String)] {
        guard let root = hood.absoluteRoot else { return [] }
        let urls = paths.sorted().filter { $0.hasSuffix(".html") && $0 != Routes.notFound }
        func urlset(_ part: ArraySlice<String>) -> String {
            var x = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
            for p in part { x += "  <url><loc>\(xml(root + p))</loc></url>\n" }
            return x + "</urlset>\n"
        }
        guard urls.count > Self.sitemapLimit else { return [(Routes.sitemap, urlset(urls[...]))] }
        var files: [(String, String)] = []
        var index = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for (n, start) in stride(from: 0, to: urls.count, by: Self.sitemapLimit).enumerated() {
            let name = "sitemap-\(n + 1).xml"
            files.append((name, urlset(urls[start..<min(start + Self.sitemapLimit, urls.count)])))
            index += "  <sitemap><loc>\(xml(root + name))</loc></sitemap>\n"
        }
        return [(Routes.sitemap, index + "</sitemapindex>\n")] + files
    }

    package func xml(_ s: String) -> String { Escape.xml(s) }
}

/// iCalendar values: UTC times, dates, coordinates, and lines folded at 75 octets (TEXT goes through `Escape.icsText`).
package enum ICS {
    package static func utc(_ seconds: Int64) -> String {
        ZoneClock.utcStamp(seconds)
    }

    package static func day(_ d: CivilDate) -> String { d.description.replacingOccurrences(of: "-", with: "") }

    package static func coordinate(_ v: Double) -> String { String(format: "%.5f", v) }

    /// Splits a content line into lines of at most 75 octets, never inside a UTF-8 sequence.
    package static func fold(_ line: String) -> String {
        let bytes = Array(line.utf8)
        guard bytes.count > 75 else { return line }
        var parts: [String] = []
        var start = 0
        var limit = 75
        while start < bytes.count {
            var end = min(start + limit, bytes.count)
            while end < bytes.count, end > start, bytes[end] & 0xC0 == 0x80 { end -= 1 }
            parts.append(String(decoding: bytes[start..<end], as: UTF8.self))
            start = end
            limit = 74  // continuation lines start with a space
        }
        return parts.joined(separator: "\r\n ")
    }
}
