import Diagnostics
import Assembly
import Loading
import CivilTime
import Narration
import Output
import Pages
import Rendering
import Sharding

/// What `commonsight build` is asked to do.
public struct BuildRequest: Sendable {
    public var content: String
    public var templates: String
    public var out: String
    public var only: Set<String>?
    /// `--shard-index I --shard-count N`: build only shard I's neighborhoods (see `ShardPlan`), plus
    /// the site-wide files, which list every neighborhood of the content folder.
    public var shard: Shard?
    /// `--date`; nil means the day `clock` falls on in the site's time zone.
    public var date: CivilDate?
    /// Seconds since 1970 when the command started: the only clock reading, made by the caller.
    public var clock: Int64
    public var drafts: Bool
    /// `--future`: items dated after `date` are shown too (a preview).
    public var future = false
    public var baseURL: String?
    public var jobs: Int
    /// Reuse pages whose inputs did not change since the last build (`--no-cache` turns it off).
    public var useCache = true
    /// Draw the share cards (`--no-share-cards` skips them, for a quick preview or a comparison with Hugo).
    public var shareCards = true
    /// Sections of every neighborhood left out (`--skip`).
    public var skipped: Set<SiteSection> = []
    /// Read stories aloud when `site.yml` has `narration` (`--no-narration` leaves the audio out).
    public var narration = true
    /// Where espeak-ng and opusenc are: on `PATH`; tests name other files.
    public var speechTools = SpeechTools.Location.searchPath
    /// The tool's own folder for this OUT (render cache); see `CacheFolder`.
    public var cacheFolder: String
    /// Where the stories read aloud and the share cards are kept for every output folder, when
    /// `site.yml` asks (`keep_in_cache`); nil: nowhere.
    public var keptFolder: String?
    /// The user's home folder, which OUT may never be or hold.
    public var home: String?
    /// Names the exact program that renders (the CLI hashes its own executable), so a changed
    /// program never reuses pages another one rendered.
    public var programIdentity = ""
    /// When the process ends right after the build (the command line), the build's content, pages
    /// and caches are left for the system to reclaim at exit instead of being freed one by one,
    /// as compilers do (clang's `-disable-free`): a tenth of a second's work on a large site.
    public var endsProcess = false
    /// Told each stage's name and seconds when set (`build --verbose`); the clock is the caller's.
    public var progress: (@Sendable (String) -> Void)?
    /// Told as each stage begins, goes and ends (the caller keeps the time: the library reads no clock).
    public var stages: ProgressSink?
    /// Told what to undo in OUT when a signal ends the process in the middle of the build.
    public var interruption: Interruption?

    public init(content: String, templates: String, out: String, cacheFolder: String, only: Set<String>? = nil, date: CivilDate? = nil,
                clock: Int64, drafts: Bool = false, baseURL: String? = nil, jobs: Int = 1) {
        self.content = content
        self.cacheFolder = cacheFolder
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
