import DefaultTheme
import Fingerprint
import Diagnostics
import Formats
import Foundation
import Liquid
import Words
import Loading
import Output

/// The templates folder, parsed once: Markdown page templates, HTML layouts, partials and assets.
public struct Theme: Sendable {
    let pages: TemplateShelf
    let textPages: TemplateShelf
    let layouts: TemplateShelf
    let htmlPartials: TemplateShelf
    let markdownPartials: TemplateShelf
    /// Files under `assets/`, by path inside it, sorted.
    public var assets: [(path: String, bytes: [UInt8])]
    /// A hash of every template, language file and asset: a different theme never reuses cached pages.
    public var fingerprint = Fingerprint(high: 0, low: 0)
    /// `i18n/<lang>.yml`, by tag.
    public var languages: [String: Language] = [:]
    /// Each file's fingerprint, by its path inside the theme (`partials/story-card.liquid`): a page
    /// is rendered again when a file it used changed (see `TemplateUse`).
    public var fileFingerprints: [String: Fingerprint] = [:]

    /// One number for the files named (a file the theme no longer has counts as changed).
    public func fingerprint(of names: [String]) -> Fingerprint {
        var h = FingerprintBuilder()
        for name in names {
            h.add(name)
            if let f = fileFingerprints[name] { h.add(f) } else { h.tag(0) }
        }
        return h.value
    }

    /// The language for a BCP 47 tag: its own file (`es-MX`), else its primary language's (`es`),
    /// else English.
    public func language(for tag: String) -> Language {
        if let l = languages[tag] { return l }
        if let primary = tag.split(separator: "-").first, let l = languages[String(primary)] {
            var copy = l
            copy.code = tag
            return copy
        }
        return languages["en"] ?? Language(code: "en", path: "i18n/en.yml")
    }

    /// The Markdown template of a page kind (`pages/<kind>.md`).
    public func page(_ kind: String) -> Template? { pages[kind] }

    /// The plain-text template of a page kind (`pages/<kind>.txt`), which needs no layout.
    public func textPage(_ kind: String) -> Template? { textPages[kind] }

    /// Whether a page kind is made from plain text (`pages/<kind>.txt`).
    public func hasTextPage(_ kind: String) -> Bool { textPages.names.contains(kind) }

    /// The layout for a page kind: `layouts/<kind>.html`, else `layouts/default.html`.
    public func layout(for kind: String) -> Template? { layouts[layouts.names.contains(kind) ? kind : "default"] }

    /// The file of that layout.
    public func layoutFile(for kind: String) -> String { "layouts/" + (layouts.names.contains(kind) ? kind : "default") + ".html" }

    public func partial(_ name: String, markdown: Bool) -> Template? {
        markdown ? markdownPartials[name] : htmlPartials[name]
    }

    /// Whether a partial of that name is in the theme (without parsing it).
    public func hasPartial(_ name: String, markdown: Bool) -> Bool {
        (markdown ? markdownPartials : htmlPartials).names.contains(name)
    }

    /// What templates first asked for during a build failed with: nothing, unless the theme's files
    /// changed while it was read. A build with any fails with them.
    public var lateFailures: [Diagnostic] {
        [pages, textPages, layouts, htmlPartials, markdownPartials].flatMap { $0.failures.value }.sortedForDisplay()
    }

    /// Reads and parses every template under `root`, reporting every error. Only files and folders
    /// inside `root` are read (no link out of it, no FIFO), each once.
    /// `builtIn` reads the theme built into the program.
    ///
    /// `trusted` is asked whether a theme of that fingerprint was parsed whole, without an error, by
    /// an earlier build of this same program: then each template is parsed when first used (its
    /// bytes and the parser are those that parsed it), and the language files are still read and
    /// checked, so the theme says the same.
    public static func load(root: String, trusted: (Fingerprint) -> Bool = { _ in false }) -> (Theme?, [Diagnostic]) {
        if root == builtIn {
            return load(files: DefaultTheme.files.map { ContainedFolder.File(path: $0.path, bytes: $0.bytes, source: $0.path) }, root: root, trusted: trusted)
        }
        guard isDirectory(root) else {
            return (nil, [.error(SourceLocation(path: root), "no templates folder here; expected layouts/, pages/, partials/ and assets/")])
        }
        var log = DiagnosticLog()
        var folder = ContainedFolder(root)
        folder.skipsHidden = true
        let files = folder.files(log: &log)
        let (theme, diagnostics) = load(files: files + fallbackFiles(besides: files), root: root, fallbackWords: { builtInWords }, trusted: trusted)
        return (theme, log.items + diagnostics)
    }

    /// The built-in theme's templates (pages, layouts, partials) that a theme folder does not have:
    /// a theme made before a page kind, layout or partial was added keeps building, the new pages
    /// made from the built-in templates. A theme's own file of the same path always wins.
    static func fallbackFiles(besides files: [ContainedFolder.File]) -> [ContainedFolder.File] {
        let own = Set(files.map(\.path))
        return DefaultTheme.files.filter { f in
            !own.contains(f.path) && (f.path.hasPrefix("pages/") || f.path.hasPrefix("layouts/") || f.path.hasPrefix("partials/"))
        }.map { ContainedFolder.File(path: $0.path, bytes: $0.bytes, source: builtIn + "/" + $0.path) }
    }

    /// The built-in theme's words, by language: a key a theme's language file lacks is taken from
    /// the built-in file of the same language (never from another language's).
    static let builtInWords: [String: Language] = {
        var log = DiagnosticLog()
        var out: [String: Language] = [:]
        for f in DefaultTheme.files where f.path.hasPrefix("i18n/") && f.path.hasSuffix(".yml") {
            let code = String(f.path.dropFirst("i18n/".count).dropLast(".yml".count))
            let path = builtIn + "/" + f.path
            if case .success(let source) = TextFile.decode(f.bytes, path: path), let l = Language.read(source, code: code, path: path, log: &log) {
                out[code] = l
            }
        }
        return out
    }()

    /// The name that stands for the default theme, built into the program, where a templates
    /// folder's path would be (no folder has this name).
    public static let builtIn = "(built-in theme)"

    /// Parses a theme's files, each by its path inside the theme; `root` names the theme in messages.
    static func load(files: [ContainedFolder.File], root: String, fallbackWords: (() -> [String: Language])? = nil,
                     trusted: (Fingerprint) -> Bool = { _ in false }) -> (Theme?, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        /// Where a file is, in messages: in the theme folder, or in the built-in theme it fell back to.
        func place(_ file: ContainedFolder.File) -> String { file.source.hasPrefix(builtIn + "/") ? file.source : root + "/" + file.path }
        /// Whether a file is one the theme reads: a template or language file directly in its folder, or an asset.
        func isRead(_ path: String) -> Bool {
            if path.hasPrefix("assets/") { return true }
            for (sub, ext) in [("pages", ".md"), ("pages", ".txt"), ("layouts", ".html"), ("partials", ".liquid"), ("i18n", ".yml")]
            where path.hasPrefix(sub + "/") && path.hasSuffix(ext) && !path.dropFirst(sub.count + 1).contains("/") { return true }
            return false
        }
        // Every file the theme reads, by where it is, before any is parsed.
        var fingerprint = FingerprintBuilder()
        for file in files.filter({ isRead($0.path) }).sorted(by: { place($0).utf8Precedes(place($1)) }) {
            fingerprint.add(place(file))
            fingerprint.add(file.bytes)
        }
        let parsesLater = trusted(fingerprint.value)
        /// Each file directly in the folder `sub` ending in `.ext`, decoded: its name without the
        /// extension, its path and its text.
        func decodedFiles(in sub: String, ext: String) -> [(name: String, path: String, source: String)] {
            var out: [(name: String, path: String, source: String)] = []
            for file in files where file.path.hasPrefix(sub + "/") && file.path.hasSuffix("." + ext) {
                let name = String(file.path.dropFirst(sub.count + 1))
                guard !name.contains("/") else { continue }
                let path = place(file)
                switch TextFile.decode(file.bytes, path: path) {
                case .failure(let d): diagnostics.append(d)
                case .success(let source): out.append((String(name.dropLast(ext.count + 1)), path, source))
                }
            }
            return out
        }
        func parseFolder(_ sub: String, ext: String, htmlContext: Bool) -> TemplateShelf {
            let sources = decodedFiles(in: sub, ext: ext)
            if parsesLater { return TemplateShelf(sources: sources, htmlContext: htmlContext) }
            var out: [String: Template] = [:]
            for (name, path, source) in sources {
                do {
                    out[name] = try Template(source, path: path, htmlContext: htmlContext)
                } catch {
                    diagnostics.append(error.diagnostic)
                }
            }
            return TemplateShelf(parsed: out)
        }
        // Which strings the templates ask for (`'key' | t`, `ldate: 'name'`), and where.
        var uses: [(key: String, at: SourceLocation)] = []
        for file in files where file.path.hasPrefix("pages/") || file.path.hasPrefix("layouts/") || file.path.hasPrefix("partials/") {
            if case .success(let source) = TextFile.decode(file.bytes, path: place(file)) {
                uses += TranslationKeys.uses(in: source, path: place(file))
            }
        }
        var languages: [String: Language] = [:]
        var languageLog = DiagnosticLog()
        for (code, path, source) in decodedFiles(in: "i18n", ext: "yml") {
            if let l = Language.read(source, code: code, path: path, log: &languageLog) { languages[code] = l }
        }
        // The built-in words are read only when some language lacks a key that is needed.
        if let fallbackWords {
            let needed = Set(uses.map(\.key)).union(TranslationKeys.program).union(TranslationKeys.optional)
            if languages.values.contains(where: { l in needed.contains { !TranslationKeys.has(l, $0) } }) {
                let words = fallbackWords()
                for code in languages.keys { if let w = words[code] { languages[code]?.fillMissing(from: w) } }
            }
        }
        if languages["en"] == nil, !languageLog.items.contains(where: { $0.location.path.hasSuffix("/i18n/en.yml") }) {
            diagnostics.append(.error(SourceLocation(path: root + "/i18n/en.yml"), "missing language file; every theme needs i18n/en.yml, the words its pages print"))
        }
        diagnostics += languageLog.items
        diagnostics += TranslationKeys.check(languages.values.sorted { $0.code < $1.code }, uses: uses)
        let pages = parseFolder("pages", ext: "md", htmlContext: false)
        let textPages = parseFolder("pages", ext: "txt", htmlContext: false)
        let layouts = parseFolder("layouts", ext: "html", htmlContext: true)
        let htmlPartials = parseFolder("partials", ext: "liquid", htmlContext: true)
        let markdownPartials = diagnostics.isEmpty ? parseFolder("partials", ext: "liquid", htmlContext: false) : TemplateShelf(parsed: [:])
        // After the built-in theme's templates stood in for the folder's missing ones, every kind has one.
        for kind in PageKind.all {
            guard let path = kind.templatePath, !diagnostics.contains(where: { $0.location.path.hasSuffix("/" + path) }) else { continue }
            let found = (kind.template == .plainText ? textPages : pages).names.contains(kind.name)
            if !found { diagnostics.append(.error(SourceLocation(path: root + "/" + path), "missing page template; every theme needs \(path)")) }
        }
        if !layouts.names.contains("default"), !diagnostics.contains(where: { $0.location.path.hasSuffix("/layouts/default.html") }) {
            diagnostics.append(.error(SourceLocation(path: root + "/layouts/default.html"), "missing layout; every theme needs layouts/default.html"))
        }
        let assets = files.filter { $0.path.hasPrefix("assets/") }
            .map { (path: String($0.path.dropFirst("assets/".count)), bytes: $0.bytes) }
        for (path, _) in assets where Self.isDrawn(path) {
            diagnostics.append(.error(SourceLocation(path: root + "/assets/" + path),
                                      "commonsight draws assets/\(path) itself (the ground under the maps of reports); give this file another name"))
        }
        guard !diagnostics.contains(where: \.isError) else { return (nil, diagnostics) }
        var theme = Theme(pages: pages, textPages: textPages, layouts: layouts, htmlPartials: htmlPartials, markdownPartials: markdownPartials,
                          assets: assets, fingerprint: fingerprint.value, languages: languages)
        for file in files { theme.fileFingerprints[file.path] = Fingerprint(of: file.bytes) }
        return (theme, diagnostics)
    }

    /// Files under a neighborhood's `assets/` that the build draws itself: a theme may not have them.
    public static let drawnAssets = ["locator-ground.svg", "locator-ground-phone.svg"]

    /// The ground of a zoom level under the maps of reports: `map-ground-N.svg`, `map-ground-N-phone.svg`.
    public static func zoomedGround(_ level: Int, phone: Bool) -> String { "map-ground-\(level)\(phone ? "-phone" : "").svg" }

    /// A name under `assets/` that the build draws, in any case (two names a case apart are one file
    /// on some disks): one of `drawnAssets`, or a zoom level's ground (`map-ground-<digits>[-phone].svg`).
    public static func isDrawn(_ path: String) -> Bool {
        let name = path.lowercased()
        if drawnAssets.contains(name) { return true }
        guard name.hasPrefix("map-ground-"), name.hasSuffix(".svg") else { return false }
        var level = name.dropFirst("map-ground-".count).dropLast(".svg".count)
        if level.hasSuffix("-phone") { level = level.dropLast("-phone".count) }
        return !level.isEmpty && level.utf8.count <= 4 && level.allSatisfy(\.isASCII) && level.allSatisfy(\.isNumber)
    }

    static func isDirectory(_ path: String) -> Bool {
        var d: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &d) && d.boolValue
    }
}

extension LiquidError {
    /// The same problem as a diagnostic, at its template's place.
    public var diagnostic: Diagnostic {
        let what = kind == .syntax ? "Liquid syntax error: " : (kind == .limit ? "Liquid limit exceeded: " : "Liquid error: ")
        return .error(SourceLocation(path: path, line: line, column: column), what + message)
    }
}
