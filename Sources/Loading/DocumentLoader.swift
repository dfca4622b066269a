import CivilTime
import Diagnostics
import Formats
import Foundation
import Geo

/// Reads the Markdown documents of a neighborhood: stories, coalitions and events, one file each.
struct DocumentLoader {
    let site: SiteSettings
    let folder: ContentFolder

    /// Every `*.md` of `dir/kind`, as (slug, path, front matter); names that are not slugs are errors.
    func documents(_ dir: String, _ kind: String, fields names: FieldNames, log: inout DiagnosticLog) -> [(String, Record, FrontMatter)] {
        let sub = dir + "/" + kind
        guard folder.isDirectory(sub) else { return [] }
        var out: [(String, Record, FrontMatter)] = []
        for name in folder.list(sub) {
            let path = sub + "/" + name
            guard name.hasSuffix(".md") else {
                log.warning(SourceLocation(path: path), "ignored: \(kind)/ holds one Markdown file (.md) each")
                continue
            }
            let stem = String(name.dropLast(3))
            guard Identifiers.isSlug(stem) else {
                log.error(SourceLocation(path: path), "file name \(quoted(stem)) is not a slug; expected lowercase words joined by '-', like \(quoted(Identifiers.suggestSlug(stem)))")
                continue
            }
            if let problem = Identifiers.portabilityProblem(stem) {
                log.error(SourceLocation(path: path), "file name " + problem)
                continue
            }
            guard let doc = folder.readMarkdown(path, log: &log), let entries = doc.fields.entries else { continue }
            names.check(entries.keys, privacy: site.privacy, log: &log)
            MarkdownCheck.check(doc.body, at: SourceLocation(path: path, line: doc.bodyLine, column: 1), budget: site.markdownBudget, log: &log)
            out.append((stem, Record(entries: entries, location: SourceLocation(path: path, line: 1, column: 1), privacy: site.privacy), doc))
        }
        return out
    }

    func stories(_ dir: String, log: inout DiagnosticLog) -> [Story] {
        documents(dir, "stories", fields: .story, log: &log).compactMap { slug, f, doc in
            let before = log.items.count
            let title = f.text("title", required: true, log: &log)
            let status = f.choice("status", default: Story.Status.draft, log: &log)
            let date = f.date("date", zone: site.timeZone, log: &log)
            if status == .published, date == nil, !f.has("date") {
                log.error(f.location, "missing required field 'date': a published story needs the date it was published")
            }
            let ids = f.list("observations", log: &log) ?? []
            let tags = f.tags("tags", log: &log)
            if f.has("tags"), !(1...5).contains(tags.count) {
                log.error(f.place("tags"), "a story has 1 to 5 tags, found \(tags.count)")
            }
            let coalition = f.text("coalition", log: &log).map { Reference($0, at: f.place("coalition")) }
            let story = Story(slug: slug, title: title ?? "", status: status ?? .draft, date: date,
                              observations: ids.map { Reference($0.0, at: $0.1) }, callToAction: f.text("call_to_action", log: &log),
                              tags: tags, coalition: coalition, author: f.text("author", log: &log),
                              body: TextCleaning.clean(doc.body), source: f.location,
                              drafted: f.node("generated")?["date"]?.scalarText.flatMap { CivilDate.parse($0.trimmed) })
            return log.items[before...].contains(where: \.isError) ? nil : story
        }
    }

    func coalitions(_ dir: String, log: inout DiagnosticLog) -> [Coalition] {
        documents(dir, "coalitions", fields: .coalition, log: &log).compactMap { slug, f, doc in
            let before = log.items.count
            let name = f.text("name", required: true, log: &log)
            var focus: [String] = []
            for (word, at) in f.list("focus", log: &log) ?? [] {
                if site.category(word) != nil || Identifiers.isSlug(word) {
                    focus.append(word)
                } else {
                    log.error(at, "focus \(quoted(word)) is neither a category nor a kebab-case tag; the categories are \(choices(site.categories.map(\.key)))")
                }
            }
            let joinURL = f.text("join_url", log: &log)
            if let joinURL, !Self.isWebURL(joinURL) {
                log.error(f.place("join_url"), "join_url \(quoted(joinURL)) is not an http(s) URL")
            }
            let contact = f.text("contact", log: &log)
            if let contact, !Self.isWebURL(contact), !Self.isEmail(contact) {
                log.error(f.place("contact"), "contact \(quoted(contact)) is neither an email address nor an http(s) URL")
            }
            var members: Int?
            if let m = f.number("members", log: &log) {
                if m >= 0, m == m.rounded(), m < 1e9 { members = Int(m) } else {
                    log.error(f.place("members"), "members must be a whole number of people, 0 or more")
                }
            }
            guard !log.items[before...].contains(where: \.isError), let name else { return nil }
            return Coalition(slug: slug, name: name, focus: focus, contact: contact, meets: f.text("meets", log: &log),
                             joinURL: joinURL, members: members, about: TextCleaning.clean(doc.body), source: f.location)
        }
    }

    func events(_ dir: String, log: inout DiagnosticLog) -> [Event] {
        documents(dir, "events", fields: .event, log: &log).compactMap { slug, f, doc in
            let before = log.items.count
            let title = f.text("title", required: true, log: &log)
            let start = f.date("start", required: true, zone: site.timeZone, log: &log)
            let end = f.date("end", zone: site.timeZone, log: &log)
            if let start, let end, end.instant < start.instant {
                log.error(f.place("end"), "'end' is before 'start'")
            }
            var coordinate: Coordinate?
            if f.has("lat") || f.has("lon") {
                coordinate = ObservationLoader(site: site, folder: folder).coordinate(f, log: &log).map(site.privacy.publish)
            }
            let coalition = f.text("coalition", log: &log).map { Reference($0, at: f.place("coalition")) }
            guard !log.items[before...].contains(where: \.isError), let title, let start else { return nil }
            return Event(slug: slug, title: title, start: start, end: end, location: f.text("location", log: &log),
                         coordinate: coordinate, coalition: coalition, body: TextCleaning.clean(doc.body), source: f.location)
        }
    }

    static func isWebURL(_ s: String) -> Bool {
        guard let url = URL(string: s), let scheme = url.scheme?.lowercased() else { return false }
        return (scheme == "http" || scheme == "https") && url.host != nil
    }

    static func isEmail(_ s: String) -> Bool {
        let parts = s.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".") && !s.contains(" ")
    }
}
