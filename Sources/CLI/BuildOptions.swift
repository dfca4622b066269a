import Assembly
import Build
import CivilTime
import Fingerprint
import Foundation
import Loading
import Output

/// The options `build` and `serve` share, declared once for both table entries, and the build
/// request they make.
enum BuildOptions {
    static let templates = Option("templates", "DIR", "the theme (default: templates/ here or beside the content, else the built-in one)")
    static let date = Option("date", "YYYY-MM-DD", "the day that counts as today: the current week, what is upcoming (default: today)")
    static let drafts = Option("drafts", nil, "include draft stories, each with a visible draft banner")
    static let future = Option("future", nil, "include stories, events and coalitions dated after --date (a preview)")
    static let baseURL = Option("base-url", "URL", "the site's absolute URL (overrides site.yml): feeds, sitemaps, share links")
    static let jobs = Option("jobs", "N", "render on N threads (default: all cores)")
    static let skip = Option("skip", "PART,...", "leave parts out, for a quicker preview: digests, flyers, emails, coalitions, events, search, data, feed, map")
    static let noShareCards = Option("no-share-cards", nil, "leave out the PNG share cards (pages then name no og:image): a quicker preview")
    static let noNarration = Option("no-narration", nil, "leave out the stories read aloud (narration in site.yml): a quicker preview")

    /// The request from the shared options, checked: the folders, --date, --drafts, --future,
    /// --base-url, --jobs, --skip, --no-share-cards and --no-narration.
    static func request(_ parsed: Arguments, command: String, console: Console, out: String, cacheFolder: String) throws(Arguments.UsageError) -> BuildRequest {
        for (name, value) in parsed.options where value.isEmpty {
            throw Arguments.UsageError(message: "--\(name) is empty; expected a value", command: command)
        }
        var date: CivilDate?
        if let d = parsed.value("date") {
            guard let day = CivilDate.parse(d), (1900...2200).contains(day.year) else {
                throw Arguments.UsageError(message: "--date '\(d)' is not a date from 1900 to 2200; expected YYYY-MM-DD", command: command)
            }
            date = day
        }
        var baseURL: String?
        if let b = parsed.value("base-url") {
            guard let url = SiteLoader.normalizedBaseURL(b) else {
                throw Arguments.UsageError(message: "--base-url '\(b)' is not an absolute http(s) URL", command: command)
            }
            baseURL = url
        }
        var jobs = ProcessInfo.processInfo.activeProcessorCount
        if let j = parsed.value("jobs") {
            guard let n = Int(j), n >= 1, n <= 256 else {
                throw Arguments.UsageError(message: "--jobs '\(j)' is not a number from 1 to 256", command: command)
            }
            jobs = n
        }
        let content = ContentOption.folder(parsed, console: console)
        var request = BuildRequest(
            content: content,
            templates: ThemeChoice.templates(parsed.value("templates"), content: content, console: console),
            out: out, cacheFolder: cacheFolder, date: date, clock: Int64(Date().timeIntervalSince1970),
            drafts: parsed.flag("drafts"), baseURL: baseURL, jobs: jobs)
        request.future = parsed.flag("future")
        request.shareCards = !parsed.flag("no-share-cards")
        request.narration = !parsed.flag("no-narration")
        if let list = parsed.value("skip") {
            switch SiteSection.parse(list) {
            case .success(let sections): request.skipped = sections
            case .failure(let unknown):
                throw Arguments.UsageError(message: "--skip: '\(unknown.word)' is not a part of the site; expected some of "
                                           + SiteSection.allCases.map(\.rawValue).joined(separator: ","), command: command)
            }
        }
        request.home = console.environment["HOME"]
        request.programIdentity = programIdentity()
        return request
    }

    /// The program's build ID, or a hash of its bytes: the render cache is never shared between two
    /// builds of the program.
    static func programIdentity() -> String {
        if let id = BuildID.ofThisProgram() { return "build-id " + id }
        guard let bytes = FileManager.default.contents(atPath: "/proc/self/exe") else { return "unknown" }
        return bytes.withUnsafeBytes { Fingerprint(of: $0) }.description
    }
}
