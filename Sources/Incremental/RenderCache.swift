import Themes
import Assembly
import CivilTime
import Diagnostics
import FileSystem
import Fingerprint
import Foundation
import Glibc
import Liquid
import Output
import Parallelism

/// What the last build rendered, kept in the cache folder (never beside or inside OUT).
///
/// For each page: a fingerprint of everything its templates saw and one of the bytes they made; a
/// page whose inputs are the same is not rendered again, if OUT still holds those bytes. For each
/// neighborhood: its folder's fingerprint, its files and its warnings; a folder with the same
/// fingerprint is not even read. `key` names the program, `context` the site settings and the
/// build's options: a change to either starts from nothing. A page also keeps which theme files it
/// used and their fingerprint, so a changed partial renders again only the pages that include it. For each
/// neighborhood the dashboard lists, what it published lately (`Activity`: counts of published
/// items by week and category), so that a neighborhood not read again still has its numbers. For
/// each story read aloud, the key of its narration (text, voice, tools), its file's fingerprint,
/// length and size, so that an unchanged one is neither spoken again nor read back. It holds
/// paths, fingerprints and those counts only, and only of what the last build published.
public struct RenderCache: Sendable {
    public var key: String
    public var context: Fingerprint
    /// The whole theme's fingerprint: with another theme no neighborhood is taken whole (its pages
    /// may still be, one by one, when the files each used are the same).
    public var theme = Fingerprint(high: 0, low: 0)
    public var pages: [String: PageEntry] = [:]
    public var hoods: [String: Hood] = [:]
    /// By slug: what each listed neighborhood published lately.
    public var activity: [String: Activity] = [:]
    /// By path inside OUT: the narrations the last build wrote.
    public var narrations: [String: NarrationEntry] = [:]
    /// A neighborhood's lines in the cache file this one was read from (folder, page file, files,
    /// warnings), and the name of its page file. A build that leaves the neighborhood as it was
    /// carries them over (`carried`) and saves them as they were read, its page file as it is,
    /// instead of its 1,000s of entries again.
    public struct Lines: Sendable {
        public let hood: ArraySlice<UInt8>
        public let pagesFile: String?
    }
    /// In a cache read from its file: each neighborhood's lines there, and what `lstat` said of
    /// the file just before (`fileIdentity`).
    public var lines: [String: Lines] = [:]
    public var identity: [Int64]?
    /// In the cache a build makes: the neighborhoods it carried over, saved as their lines; their
    /// pages are not in `pages`, nor they in `hoods`.
    public var carried: [String: Lines] = [:]
    /// In a cache read from its file: the folder it was read from, and each neighborhood's page
    /// file not read yet. A rebuild reads those of the neighborhoods it renders again
    /// (`readPages`), not the 1,000s of lines of the others.
    var folder: String?
    var unread: [String: String] = [:]

    /// Reads into `pages` the page lines of every neighborhood but `skipped`.
    public mutating func readPages(except skipped: Set<String> = []) {
        for slug in unread.keys where !skipped.contains(slug) {
            if let name = unread.removeValue(forKey: slug) { readPageFile(name) { pages[$0] = $1 } }
        }
    }

    /// The pages of the neighborhoods `slugs`, read or not.
    public func pages(of slugs: Set<String>) -> [(path: String, entry: PageEntry)] {
        var out = pages.filter { slugs.contains(OutputPath.top(of: $0.key)) }.map { (path: $0.key, entry: $0.value) }
        for slug in slugs { if let name = unread[slug] { readPageFile(name) { out.append(($0, $1)) } } }
        return out
    }

    /// The page lines of the page file `name`, when its bytes are still those it is named after
    /// (a missing or changed file costs its neighborhood's pages: they are rendered again).
    func readPageFile(_ name: String, _ each: (String, PageEntry) -> Void) {
        guard let folder, let bytes = FileBytes.read(Self.pageFilePath(folder, name)), Fingerprint(of: bytes).description == name else { return }
        Self.readPages(bytes[...], each)
    }

    /// The page lines among `run`'s (a line that is not one is passed over: its page is rendered again).
    static func readPages(_ run: ArraySlice<UInt8>, _ each: (String, PageEntry) -> Void) {
        for f in TabbedLines(Array(run)) where (6...7).contains(f.count) && f[0].elementsEqual([UInt8(ascii: "P")]) {
            guard let i = Fingerprint(hexBytes: f[2]), let o = Fingerprint(hexBytes: f[3]), let t = Fingerprint(hexBytes: f[5]) else { continue }
            let listed = f.count == 7 ? f[6].split(separator: UInt8(ascii: ",")).map { String(decoding: $0, as: UTF8.self) } : []
            each(String(decoding: f[1], as: UTF8.self), PageEntry(input: i, output: o, uses: String(decoding: f[4], as: UTF8.self), templates: t, listed: listed))
        }
    }

    public struct PageEntry: Sendable, Equatable {
        public var input: Fingerprint
        public var output: Fingerprint
        /// The theme files the page used (`templateSets[uses]`) and their fingerprint when it was made.
        public var uses: String = ""
        public var templates = Fingerprint(high: 0, low: 0)
        /// The reports whose cards the lists under the page's map showed (ids, sorted), whose words
        /// its input fingerprint took.
        public var listed: [String] = []

        package init(input: Fingerprint, output: Fingerprint, uses: String = "", templates: Fingerprint = Fingerprint(high: 0, low: 0), listed: [String] = []) {
            (self.input, self.output, self.uses, self.templates, self.listed) = (input, output, uses, templates, listed)
        }
    }

    /// Sets of theme files pages used, by an id made of the names (so that the lines of a
    /// neighborhood carried over from an earlier file still find theirs).
    public var templateSets: [String: [String]] = [:]

    /// The id of a set of theme files.
    package static func setID(_ names: [String]) -> String {
        var h = FingerprintBuilder()
        for n in names { h.add(n) }
        return String(h.value.description.prefix(16))
    }

    /// The fingerprint the theme files of `set` had when its pages were made, against `theme` now:
    /// true when the page may be reused as far as its templates go.
    public func templatesUnchanged(_ entry: PageEntry, theme: Theme) -> Bool {
        guard let names = templateSets[entry.uses] else { return false }
        return theme.fingerprint(of: names) == entry.templates
    }

    /// A narration: its key (see `Narrator.key`), its bytes' fingerprint, samples at 48 kHz and size.
    public struct NarrationEntry: Sendable, Equatable {
        public var input: Fingerprint
        public var output: Fingerprint
        public var samples: Int
        public var bytes: Int

        package init(input: Fingerprint, output: Fingerprint, samples: Int, bytes: Int) {
            (self.input, self.output, self.samples, self.bytes) = (input, output, samples, bytes)
        }

        public var seconds: Double { Double(samples) / 48_000 }
    }

    public struct Hood: Sendable {
        public var folder: Fingerprint
        public var pageCount: Int
        public var warnings: [Diagnostic]
        /// In a cache read from its file: the name of its page file.
        public var pagesFile: String?
        /// Its files as recorded now; in a cache read from its file, nil, and `fileLines` its `F`
        /// lines there, read only when asked: a rebuild compares the bytes of the 1,000s of
        /// neighborhoods it takes whole with OUT's manifest, and makes no string of their paths.
        var listed: [(path: String, hash: Fingerprint)]?
        var fileLines: ArraySlice<UInt8> = []

        public init(folder: Fingerprint, pageCount: Int, files: [(path: String, hash: Fingerprint)], warnings: [Diagnostic], pagesFile: String? = nil) {
            (self.folder, self.pageCount, self.listed, self.warnings, self.pagesFile) = (folder, pageCount, files, warnings, pagesFile)
        }

        /// Its files, in the order of their paths' bytes.
        public var files: [(path: String, hash: Fingerprint)] {
            get { listed ?? fileBytes?.map { (String(decoding: $0.path, as: UTF8.self), $0.hash) } ?? [] }
            set { (listed, fileLines) = (newValue, []) }
        }

        /// How many files it has (its lines, counted without reading them).
        public var fileCount: Int { listed?.count ?? fileLineCount }
        var fileLineCount = 0

        /// Its files' paths as bytes, with their fingerprints; nil when a line of them is not one
        /// (never in a cache `read` accepted: it checks each line as it passes over it).
        public var fileBytes: [(path: ArraySlice<UInt8>, hash: Fingerprint)]? {
            if let listed { return listed.map { (Array($0.path.utf8)[...], $0.hash) } }
            var out: [(path: ArraySlice<UInt8>, hash: Fingerprint)] = []
            for f in TabbedLines(Array(fileLines)) {
                guard f.count == 3, f[0].elementsEqual([UInt8(ascii: "F")]), let hash = Fingerprint(hexBytes: f[2]) else { return nil }
                out.append((f[1], hash))
            }
            return out
        }
    }

    public init(key: String, context: Fingerprint) {
        self.key = key
        self.context = context
    }

    package static let header = "commonsight-render-cache 9"
    package static let fileName = "render.cache"
    /// Beside the cache file: each neighborhood's page lines in a file named by the fingerprint of
    /// its bytes, so that a rebuild reads and writes only those of what it renders again.
    package static let pagesFolder = "render.pages"

    package static func pageFilePath(_ folder: String, _ name: String) -> String { folder + "/" + pagesFolder + "/" + name }

    /// The cache in `folder`, when it was made with the same key and context.
    public static func load(_ folder: String, key: String, context: Fingerprint) -> RenderCache? {
        read(folder)?.matching(key: key, context: context)
    }

    /// This cache, when it was made with this key and context; nil when either changed.
    public func matching(key: String, context: Fingerprint) -> RenderCache? {
        self.key == key && self.context == context ? self : nil
    }

    /// Whether the cache in `folder` was saved by a build of this program (`key`) that used a theme of
    /// fingerprint `theme`: then that theme parsed whole without an error (a build saves its cache
    /// only when it succeeded). Read from the cache's first lines only.
    public static func vouches(for theme: Fingerprint, key: String, in folder: String) -> Bool {
        guard !key.hasSuffix(" unknown") else { return false }  // a program that could not tell its own identity
        let fd = open(folder + "/" + fileName, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { return false }
        var head = [UInt8](repeating: 0, count: 4096)
        let n = head.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        guard n > 0 else { return false }
        var lines = TabbedLines(Array(head[..<n])).makeIterator()
        guard let read = Self.head(&lines) else { return false }
        return read.key == key && read.theme == theme
    }

    /// The first lines of a cache file: its format, the key, the context and the theme.
    static func head(_ lines: inout TabbedLines.Iterator) -> (key: String, context: Fingerprint, theme: Fingerprint)? {
        func text(_ b: ArraySlice<UInt8>) -> String { String(decoding: b, as: UTF8.self) }
        guard let h = lines.next(), text(h[0]) == header, let k = lines.next(), k.count == 1,
              let c = lines.next(), c.count == 1, let context = Fingerprint(hexBytes: c[0]),
              let t = lines.next(), t.count == 1, let theme = Fingerprint(hexBytes: t[0]) else { return nil }
        return (text(k[0]), context, theme)
    }

    /// The cache in `folder`, whatever its key and context (a build reads it while it reads the
    /// content, and keeps it only when both match, as `load` does).
    public static func read(_ folder: String) -> RenderCache? {
        let identity = fileIdentity(folder)
        guard let bytes = FileBytes.read(folder + "/" + fileName, followingLinks: true) else { return nil }
        var lines = TabbedLines(bytes).makeIterator()
        func text(_ b: ArraySlice<UInt8>) -> String { String(decoding: b, as: UTF8.self) }
        guard let (key, context, theme) = head(&lines) else { return nil }
        var cache = RenderCache(key: key, context: context)
        cache.theme = theme
        cache.identity = identity
        cache.folder = folder
        // Where each neighborhood's lines start, and where the last one's end.
        var hoodRuns: [(slug: String, start: Int)] = [], endOfHoods: Int?
        var phase = 0, inOrder = true
        func enter(_ p: Int, _ start: Int) {
            if p < phase { inOrder = false }
            if p > 2, endOfHoods == nil { endOfHoods = start }
            phase = max(phase, p)
        }
        // A neighborhood's files and warnings follow its line: gathered here, stored when the next
        // begins. Its files are kept as the run of their lines, read when asked.
        var hood: String?
        var hoodFiles: Range<Int>?, hoodFileCount = 0, hoodWarnings: [Diagnostic] = []
        func store() {
            guard let hood else { return }
            cache.hoods[hood]?.listed = hoodFiles == nil ? [] : nil
            cache.hoods[hood]?.fileLines = hoodFiles.map { bytes[$0] } ?? []
            cache.hoods[hood]?.fileLineCount = hoodFileCount
            cache.hoods[hood]?.warnings = hoodWarnings
            (hoodFiles, hoodFileCount, hoodWarnings) = (nil, 0, [])
        }
        while let f = lines.next() {
            switch (f[0].first, f.count) {
            case (UInt8(ascii: "T"), 3):
                cache.templateSets[text(f[1])] = f[2].isEmpty ? [] : text(f[2]).split(separator: ",").map(String.init)
            case (UInt8(ascii: "P"), 2...) where f[0].count == 1:
                // A page outside every neighborhood (the dashboard); a line that is not one is passed over.
                enter(0, f.start)
                readPages(bytes[f.start..<f[f.count - 1].endIndex]) { cache.pages[$0] = $1 }
            case (UInt8(ascii: "N"), 6):
                guard let i = Fingerprint(hexBytes: f[2]), let o = Fingerprint(hexBytes: f[3]), let samples = Int64(decimal: f[4]),
                      let bytes = Int64(decimal: f[5]) else { return nil }
                enter(1, f.start)
                cache.narrations[text(f[1])] = NarrationEntry(input: i, output: o, samples: Int(samples), bytes: Int(bytes))
            case (UInt8(ascii: "H"), 5):
                guard let k = Fingerprint(hexBytes: f[2]), let n = Int64(decimal: f[3]) else { return nil }
                // The page file's name: a fingerprint's 32 digits (never a path), or "-" for none.
                let pagesFile = f[4].elementsEqual([UInt8(ascii: "-")]) ? nil : Fingerprint(hexBytes: f[4])?.description
                guard pagesFile != nil || f[4].elementsEqual([UInt8(ascii: "-")]) else { return nil }
                store()
                enter(2, f.start)
                let slug = text(f[1])
                hoodRuns.append((slug, f.start))
                hood = slug
                cache.hoods[slug] = Hood(folder: k, pageCount: Int(n), files: [], warnings: [], pagesFile: pagesFile)
                if let pagesFile { cache.unread[slug] = pagesFile }
            case (UInt8(ascii: "F"), 3):
                // Checked as it is passed over (its string is made only when asked): a fingerprint, and
                // the lines of a neighborhood's files one run, before its warnings, as a build writes them.
                guard hood != nil, phase == 2, Fingerprint(hexBytes: f[2]) != nil, hoodWarnings.isEmpty,
                      hoodFiles.map({ $0.upperBound == f.start }) ?? true else { return nil }
                // With its line break: the lines of a run are read back as they are.
                let end = min(f[2].endIndex + 1, bytes.count)
                hoodFiles = (hoodFiles?.lowerBound ?? f.start)..<end
                hoodFileCount += 1
            case (UInt8(ascii: "A"), 8):
                guard let a = Self.activity((2..<f.count).map { text(f[$0]) }) else { return nil }
                enter(3, f.start)
                cache.activity[text(f[1])] = a
            case (UInt8(ascii: "C"), 5):
                guard let recent = Int64(decimal: f[3]), let total = Int64(decimal: f[4]), cache.activity[text(f[1])] != nil else { return nil }
                cache.activity[text(f[1])]?.categories.append(.init(key: text(f[2]), recent: Int(recent), total: Int(total)))
            case (UInt8(ascii: "W"), 5):
                guard let line = Int64(decimal: f[2]), let column = Int64(decimal: f[3]), hood != nil, phase == 2 else { return nil }
                hoodWarnings.append(.warning(SourceLocation(path: unescape(text(f[1])), line: Int(line), column: Int(column)), unescape(text(f[4]))))
            default:
                return nil
            }
        }
        store()
        if inOrder, bytes.last == 0x0A {
            cache.lines = Self.blocks(bytes, hoodRuns: hoodRuns, endOfHoods: endOfHoods ?? bytes.count) { cache.hoods[$0]?.pagesFile }
        }
        return cache
    }

    /// Each neighborhood's lines, from where its line starts to where the next one's does; a
    /// neighborhood with two lines (never in a file this program wrote) has none, and is saved entry by entry.
    package static func blocks(_ bytes: [UInt8], hoodRuns: [(slug: String, start: Int)], endOfHoods: Int,
                               pagesFile: (String) -> String?) -> [String: Lines] {
        var blocks: [String: Lines] = [:], twice = Set<String>()
        for (k, run) in hoodRuns.enumerated() {
            let end = k + 1 < hoodRuns.count ? hoodRuns[k + 1].start : endOfHoods
            if blocks.updateValue(Lines(hood: bytes[run.start..<end], pagesFile: pagesFile(run.slug)), forKey: run.slug) != nil { twice.insert(run.slug) }
        }
        for slug in twice { blocks[slug] = nil }
        return blocks
    }

    /// The cache file's size, inode and times: they change when another build saves it.
    public static func fileIdentity(_ folder: String) -> [Int64]? {
        var s = stat()
        guard lstat(folder + "/" + fileName, &s) == 0 else { return nil }
        return [Int64(s.st_size), Int64(bitPattern: UInt64(s.st_ino)), Int64(s.st_mtim.tv_sec), Int64(s.st_mtim.tv_nsec),
                Int64(s.st_ctim.tv_sec), Int64(s.st_ctim.tv_nsec)]
    }

    /// An `A` line's fields after the slug: weeks, new stories, upcoming events, all reports, latest
    /// day, stories this week.
    package static func activity(_ f: [String]) -> Activity? {
        let weeks = f[0].split(separator: ",").compactMap { Int($0) }
        guard weeks.count == Activity.weekCount, let stories = Int(f[1]), let events = Int(f[2]), let total = Int(f[3]),
              let thisWeek = Int(f[5]) else { return nil }
        let latest = f[4] == "-" ? nil : CivilDate.parse(f[4])
        if f[4] != "-", latest == nil { return nil }
        var activity = Activity(reportsPerWeek: weeks, newStories: stories, upcomingEvents: events, totalReports: total, latestReport: latest, categories: [])
        activity.storiesThisWeek = thisWeek
        return activity
    }

    /// Removes a cache staged for a build that failed: the last one stays.
    public static func discardStaged(_ folder: String) { unlink(folder + "/" + fileName + ".new") }

    /// Removes the cache, so that no later build trusts it.
    public static func remove(_ folder: String) { unlink(folder + "/" + fileName) }

    package static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\t", with: "\\t").replacingOccurrences(of: "\n", with: "\\n")
    }

    package static func unescape(_ s: String) -> String {
        var out = ""
        var escaped = false
        for c in s {
            if escaped {
                out.append(c == "t" ? "\t" : (c == "n" ? "\n" : c))
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else {
                out.append(c)
            }
        }
        return out
    }
}
