import Assembly
import Diagnostics
import Foundation
import Loading
import Output
import Rendering

/// What `commonsight build` is asked to do.
public struct BuildRequest: Sendable {
    public var content: String
    public var templates: String
    public var out: String
    public var only: Set<String>?
    /// `--date`; nil means the day `clock` falls on in the site's time zone.
    public var date: CivilDate?
    /// Seconds since 1970 when the command started: the only clock reading, made by the caller.
    public var clock: Int64
    public var drafts: Bool
    public var baseURL: String?
    public var jobs: Int
    /// Reuse pages whose inputs did not change since the last build (`--no-cache` turns it off).
    public var useCache = true
    /// Names the exact program that renders (the CLI hashes its own executable), so a changed
    /// program never reuses pages another one rendered.
    public var programIdentity = ""
    /// Told each stage's name and seconds when set (`build --verbose`); the clock is the caller's.
    public var progress: (@Sendable (String) -> Void)?
    public var stopwatch: (@Sendable () -> Double)?

    public init(content: String, templates: String, out: String, only: Set<String>? = nil, date: CivilDate? = nil,
                clock: Int64, drafts: Bool = false, baseURL: String? = nil, jobs: Int = 1) {
        self.content = content
        self.templates = templates
        self.out = out
        self.only = only
        self.date = date
        self.clock = clock
        self.drafts = drafts
        self.baseURL = baseURL
        self.jobs = jobs
    }
}

/// What a build did.
public struct BuildReport: Sendable {
    public var neighborhoods = 0
    public var pages = 0
    public var files = 0
    /// Pages rendered (the rest came unchanged from the cache) and files written (the rest were the same).
    public var rendered = 0
    public var written = 0
    public var diagnostics: [Diagnostic] = []
    public var succeeded: Bool { !diagnostics.hasErrors }
}

/// Runs the pipeline: load → assemble → render → write. `check` stops before rendering.
public enum Builder {
    /// The program's version: part of the render cache's key.
    public static let version = "0.3.0"

    public static func build(_ request: BuildRequest) -> BuildReport {
        var report = BuildReport()
        var last = request.stopwatch?() ?? 0
        var step = 0
        func stage(_ name: String) {
            guard let progress = request.progress, let now = request.stopwatch?() else { return }
            step += 1
            progress("[\(step)/4] \(name) \(String(format: "%.2f", now - last)) s")
            last = now
        }
        if let problem = OutputGuard.problem(out: request.out, content: request.content, templates: request.templates) {
            report.diagnostics = [problem]
            return report
        }
        let (content, loadDiagnostics) = ContentLoader.load(root: request.content, only: request.only)
        let (theme, themeDiagnostics) = Theme.load(root: request.templates)
        report.diagnostics = (loadDiagnostics + themeDiagnostics).sortedForDisplay()
        guard let content, let theme, !report.diagnostics.hasErrors else { return report }
        stage("Load content and templates")

        let today = request.date ?? ContentDate.at(instant: request.clock, zone: content.site.timeZone).day
        let options = BuildOptions(today: today, includeDrafts: request.drafts, baseURL: request.baseURL ?? content.site.baseURL)
        let siteModel = Assembler.assemble(content, options: options)
        if options.baseURL == nil {
            report.diagnostics.append(.warning(content.site.location, "no base_url: flyers have no QR code, e-mail digests use relative links and there is no sitemap; set base_url in site.yml or pass --base-url"))
        }
        stage("Assemble pages")
        let cacheFolder = SiteWriter.sideFolders(of: request.out).cache
        let key = "\(version) \(request.programIdentity) \(String(theme.fingerprint, radix: 16))"
        let cache = (request.useCache ? RenderCache.load(cacheFolder, key: key) : nil) ?? RenderCache(key: key)
        var (rendered, renderDiagnostics) = SiteRenderer.render(siteModel, theme: theme, jobs: request.jobs, cache: cache)
        stage("Render")
        report.diagnostics += renderDiagnostics
        guard var site = rendered else { return report }
        do {
            report.written = try SiteWriter.write(site.files, to: request.out, jobs: request.jobs)
        } catch where SiteWriter.isChangedByHand(error) {
            // OUT no longer holds what the cache remembers: render everything and write again.
            (rendered, renderDiagnostics) = SiteRenderer.render(siteModel, theme: theme, jobs: request.jobs, cache: RenderCache(key: key))
            guard let fresh = rendered else { report.diagnostics += renderDiagnostics; return report }
            site = fresh
            do {
                report.written = try SiteWriter.write(site.files, to: request.out, jobs: request.jobs)
            } catch {
                report.diagnostics.append(error)
                return report
            }
        } catch {
            report.diagnostics.append(error)
            return report
        }
        site.cache.save(cacheFolder)
        stage("Write and swap")
        report.neighborhoods = siteModel.neighborhoods.count
        report.pages = site.pageCount
        report.files = site.files.count
        report.rendered = site.renderedCount
        return report
    }

    /// `check`: the content and the templates, every problem of both.
    public static func check(content root: String, templates: String?) -> (LoadedContent?, [Diagnostic]) {
        let (content, diagnostics) = ContentLoader.load(root: root)
        let themeDiagnostics = templates.map { Theme.load(root: $0).1 } ?? []
        return (content, (diagnostics + themeDiagnostics).sortedForDisplay())
    }
}

/// Where a build may write (SPEC §6): never over the content or templates, nor `/`.
enum OutputGuard {
    static func problem(out: String, content: String, templates: String) -> Diagnostic? {
        let o = real(out)
        for (what, path) in [("content", content), ("templates", templates)] {
            let p = real(path)
            if o == p || p.hasPrefix(o == "/" ? "/" : o + "/") {
                return .error(SourceLocation(path: out), "the output folder may not be the \(what) folder or hold it; choose another --out")
            }
        }
        if o == "/" { return .error(SourceLocation(path: out), "the output folder may not be '/'") }
        return nil
    }

    static func real(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
}
