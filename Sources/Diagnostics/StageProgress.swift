/// A stage of a build as it goes, for a progress line: begun, how far (done of total), ended.
public enum StageProgress: Sendable, Equatable {
    case began(String)
    case counted(String, done: Int, total: Int)
    case ended(String)
}

/// Where a build tells how it goes; called from any thread.
public typealias ProgressSink = @Sendable (StageProgress) -> Void
