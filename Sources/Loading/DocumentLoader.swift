import CivilTime
import ContentFields
import Diagnostics
import Formats
import Foundation
import Geo

/// Reads the Markdown documents of a neighborhood: stories, coalitions and events, one file each.
struct DocumentLoader {
    let site: SiteSettings
    let folder: ContentFolder

    /// A translation beside its original (`story.es.md` next to `story.md`), read but not yet matched.
    struct TranslationFile {
        var slug: String
        var language: String
        var record: Record
        var doc: FrontMatter
    }

    /// The languages a neighborhood's translations may be in (`languages:` of `neighborhood.md`
    /// without the site's own), and the translations read so far.
    var languages: [String] = []

    /// The slugs `kind` folder's originals are named by (`x.md`, not `x.es.md`), read or not.
    func stems(_ sub: String) -> [String] {
        guard folder.isDirectory(sub) else { return [] }
        return folder.list(sub).filter { $0.hasSuffix(".md") }.map { String($0.dropLast(3)) }.filter { !$0.contains(".") }
    }

    /// Every `*.md` of `dir/kind`, as (slug, path, front matter); names that are not slugs are errors.
    /// `slug.<lang>.md` is a translation (returned apart); a language not in `languages` is an error.
    func documents(_ dir: String, _ kind: String, fields names: FieldNames, translations: inout [TranslationFile],
                   log: inout DiagnosticLog) -> [(String, Record, FrontMatter)] {
        var out: [(String, Record, FrontMatter)] = []
        for file in folder.markdownFiles(dir + "/" + kind, holds: "\(kind)/ holds one Markdown file (.md) each", log: &log) {
            let path = file.path
            var stem = file.stem
            var language: String?
            if let dot = stem.firstIndex(of: ".") {
                let tag = String(stem[stem.index(after: dot)...])
                stem = String(stem[..<dot])
                guard Self.checkTranslationLanguage(tag, allowed: languages, at: SourceLocation(path: path, line: 1, column: 1), log: &log) else { continue }
                language = tag
            }
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
            let record = Record(entries: entries, location: SourceLocation(path: path, line: 1, column: 1), privacy: site.privacy)
            if let language {
                translations.append(TranslationFile(slug: stem, language: language, record: record, doc: doc))
            } else {
                out.append((stem, record, doc))
            }
        }
        return out
    }

    /// A translation's language must be one of the neighborhood's `languages:` (not the site's own).
    static func checkTranslationLanguage(_ tag: String, allowed: [String], at: SourceLocation, log: inout DiagnosticLog) -> Bool {
        guard Identifiers.isLanguageTag(tag) else {
            log.error(at, "\(quoted(tag)) is not a language tag; a translation is named slug.<lang>.md, like story.es.md")
            return false
        }
        guard allowed.contains(tag) else {
            log.error(at, allowed.isEmpty
                      ? "a translation into \(quoted(tag)), but neighborhood.md names no other languages; add 'languages: [..., \(tag)]' to it"
                      : "a translation into \(quoted(tag)), which is not in 'languages' of neighborhood.md; expected one of \(choices(allowed))")
            return false
        }
        return true
    }

    /// The documents of a kind whose front matter `item` reads (nil for one with errors), and their
    /// translations by language and slug.
    func read<T>(_ dir: String, _ kind: DocumentKind<T>, translations: inout [String: [String: T]], log: inout DiagnosticLog,
                 item: (String, Record, FrontMatter, inout DiagnosticLog) -> T?) -> [T] {
        var files: [TranslationFile] = []
        let originals = documents(dir, kind.folder, fields: kind.fields, translations: &files, log: &log).compactMap { item($0, $1, $2, &log) }
        translations = matched(kind, files, originals: originals, log: &log)
        return originals
    }

    /// Each translation matched with its original (a translation without one is an error at its first line).
    func matched<T>(_ kind: DocumentKind<T>, _ files: [TranslationFile], originals: [T], log: inout DiagnosticLog) -> [String: [String: T]] {
        let bySlug = Dictionary(originals.map { ($0[keyPath: kind.slug], $0) }, uniquingKeysWith: { a, _ in a })
        let allowed = kind.translatedFields
        var out: [String: [String: T]] = [:]
        for file in files {
            guard let original = bySlug[file.slug] else {
                log.error(file.record.location, "a translation without its original: there is no \(kind.folder)/\(file.slug).md (or it has errors)")
                continue
            }
            for key in file.record.keys where !allowed.contains(key) {
                log.warning(file.record.place(key), "ignored: a translation takes '\(key)' from the original \(file.slug).md; it translates only \(choices(allowed.sorted()))")
            }
            out[file.language, default: [:]][file.slug] = kind.translated(original, file, log: &log)
        }
        return out
    }

    /// The stories, and their translations by language and slug.
    func stories(_ dir: String, translations: inout [String: [String: Story]], log: inout DiagnosticLog) -> [Story] {
        read(dir, .stories, translations: &translations, log: &log, item: story)
    }

    func story(_ slug: String, _ f: Record, _ doc: FrontMatter, log: inout DiagnosticLog) -> Story? {
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

    /// The coalitions, and their translations by language and slug.
    func coalitions(_ dir: String, translations: inout [String: [String: Coalition]], log: inout DiagnosticLog) -> [Coalition] {
        read(dir, .coalitions, translations: &translations, log: &log, item: coalition)
    }

    func coalition(_ slug: String, _ f: Record, _ doc: FrontMatter, log: inout DiagnosticLog) -> Coalition? {
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
        let status = f.choice("status", default: Story.Status.published, log: &log)
        let date = f.date("date", zone: site.timeZone, log: &log)
        guard !log.items[before...].contains(where: \.isError), let name, let status else { return nil }
        return Coalition(slug: slug, name: name, focus: focus, contact: contact, meets: f.text("meets", log: &log),
                         joinURL: joinURL, members: members, about: TextCleaning.clean(doc.body), source: f.location,
                         status: status, date: date)
    }

    /// The events, and their translations by language and slug.
    func events(_ dir: String, translations: inout [String: [String: Event]], log: inout DiagnosticLog) -> [Event] {
        read(dir, .events, translations: &translations, log: &log, item: event)
    }

    func event(_ slug: String, _ f: Record, _ doc: FrontMatter, log: inout DiagnosticLog) -> Event? {
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
        let status = f.choice("status", default: Story.Status.published, log: &log)
        let date = f.date("date", zone: site.timeZone, log: &log)
        if let date, let start, date.day > start.day {
            log.warning(f.place("date"), "'date' is the day the event is announced, here after its 'start'; it is on no page before \(date.day)")
        }
        guard !log.items[before...].contains(where: \.isError), let title, let start, let status else { return nil }
        return Event(slug: slug, title: title, start: start, end: end, location: f.text("location", log: &log),
                     coordinate: coordinate, coalition: coalition, body: TextCleaning.clean(doc.body), source: f.location,
                     status: status, date: date)
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

/// Stories, coalitions and events: the folder each is read from, its fields, and the words a
/// translation replaces (a required text, optional ones, and the Markdown). Everything else a
/// translation takes from its original.
struct DocumentKind<T> {
    var folder: String
    var fields: FieldNames
    var text: (field: String, path: WritableKeyPath<T, String>)
    var optionalTexts: [(field: String, path: WritableKeyPath<T, String?>)]
    var body: WritableKeyPath<T, String>
    var slug: KeyPath<T, String>
    var source: WritableKeyPath<T, SourceLocation>

    /// Fields a translation may set: its words. The rest comes from the original, and is warned about.
    var translatedFields: Set<String> { Set([text.field] + optionalTexts.map(\.field)) }

    /// The original with the translation's words, and the translation's file as its source.
    func translated(_ original: T, _ file: DocumentLoader.TranslationFile, log: inout DiagnosticLog) -> T {
        var t = original
        /// The translation's words for `field`; left blank, the original's stay, which is said.
        func words(_ field: String, original: String?) -> String? {
            if let words = file.record.text(field, log: &log) { return words }
            if let at = file.record.blank(field), original != nil {
                log.warning(at, "'\(field)' is empty, so this translation shows the original's; give it in this translation's language, or remove the line")
            }
            return nil
        }
        if let w = words(text.field, original: t[keyPath: text.path]) { t[keyPath: text.path] = w }
        for (field, path) in optionalTexts {
            if let w = words(field, original: t[keyPath: path]) { t[keyPath: path] = w }
        }
        t[keyPath: body] = TextCleaning.clean(file.doc.body)
        t[keyPath: source] = file.record.location
        return t
    }
}

extension DocumentKind where T == Story {
    static var stories: Self {
        Self(folder: "stories", fields: .story, text: ("title", \.title), optionalTexts: [("call_to_action", \.callToAction), ("author", \.author)],
             body: \.body, slug: \.slug, source: \.source)
    }
}

extension DocumentKind where T == Coalition {
    static var coalitions: Self {
        Self(folder: "coalitions", fields: .coalition, text: ("name", \.name), optionalTexts: [("meets", \.meets)],
             body: \.about, slug: \.slug, source: \.source)
    }
}

extension DocumentKind where T == Event {
    static var events: Self {
        Self(folder: "events", fields: .event, text: ("title", \.title), optionalTexts: [("location", \.location)],
             body: \.body, slug: \.slug, source: \.source)
    }
}
