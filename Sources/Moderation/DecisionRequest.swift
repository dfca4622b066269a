import CivilTime

/// What `review` is asked to decide.
public struct DecisionRequest: Sendable {
    /// The content folder as the user named it (diagnostics start with it).
    public var root: String
    /// Only this neighborhood's items, when given.
    public var neighborhood: String?
    /// Observation ids and story slugs; `observation:ID` or `story:SLUG` when one name is both.
    public var ids: [String]
    public var decision: Decision
    public var note: String?
    /// The day recorded in the moderation log: the caller's today or `--date`.
    public var date: CivilDate

    public init(root: String, neighborhood: String?, ids: [String], decision: Decision, note: String?, date: CivilDate) {
        self.root = root
        self.neighborhood = neighborhood
        self.ids = ids
        self.decision = decision
        self.note = note
        self.date = date
    }
}
