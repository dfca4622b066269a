import Diagnostics
import Fingerprint
import Incremental
import Pages
import Rendering
import Loading
import Narration
import Output

/// What stage ③ needs besides the site and the theme.
public struct RenderRequest: Sendable {
    public var jobs: Int
    /// The last build's cache (empty with `--no-cache`): what a page's inputs and bytes were.
    public var cache: RenderCache
    /// Files OUT holds as the last build left them, by path: only these can be reused.
    public var verified: VerifiedFiles
    /// Neighborhoods not read again: their files are taken whole from the cache.
    public var unchanged: [UnchangedNeighborhood]
    /// Every neighborhood OUT will hold, by slug and name, with what it published lately: for the dashboard.
    public var listed: [ListedNeighborhood]
    /// Reads stories aloud when the build's options say so (nil: the tools are missing or narration is off).
    public var narrator: Narrator?
    /// The stories read aloud and share cards kept for every output folder, to take instead of
    /// making them (nil: none kept, or the build shows drafts or the future).
    public var kept: KeptFiles?
    /// Told how the narration and the pages go (nil: nobody is listening).
    public var progress: ProgressSink?
    /// The process ends with the build: what rendering made is left for the system to take back.
    public var endsProcess = false

    public init(jobs: Int, cache: RenderCache, verified: VerifiedFiles = VerifiedFiles(), unchanged: [UnchangedNeighborhood] = [],
                listed: [ListedNeighborhood] = [], narrator: Narrator? = nil) {
        self.narrator = narrator
        self.jobs = jobs
        self.cache = cache
        self.verified = verified
        self.unchanged = unchanged
        self.listed = listed
    }
}
