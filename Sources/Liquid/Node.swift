/// The parsed template: an immutable tree rendered many times, from any thread.
indirect enum Node: Sendable {
    case text(String)
    case output(FilteredExpression, OutputContext, Position)
    case assign(String, FilteredExpression, Position)
    case capture(String, [Node])
    /// `if`/`elsif`/`else` and `unless` (whose first condition is negated).
    case conditional([Branch], negateFirst: Bool, Position)
    case caseTag(Expression, [CaseBranch], Position)
    case forLoop(Loop)
    case tablerow(Loop)
    case cycle(group: Expression?, values: [Expression], key: String, Position)
    case increment(String, Position)
    case decrement(String, Position)
    case raw(String)
    case include(Inclusion)
    case render(Inclusion)
    case breakLoop
    case continueLoop
    case ifchanged([Node])
    /// Several nodes from one tag (`liquid`).
    case group([Node])

    struct Branch: Sendable {
        /// nil for `else`.
        var condition: Condition?
        var body: [Node]
    }

    struct CaseBranch: Sendable {
        /// Empty for `else`.
        var values: [Expression]
        var isElse: Bool
        var body: [Node]
    }

    /// `for` and `tablerow`.
    struct Loop: Sendable {
        var variable: String
        var collection: Expression
        var reversed: Bool
        var limit: Expression?
        var offset: Expression?
        var offsetContinues: Bool
        var cols: Expression?
        var body: [Node]
        var elseBody: [Node]
        /// False when nothing in the body can read `forloop`: then no `forloop` object is made.
        var usesForloop = true
        /// `variable-collection`, the key that `offset: continue` remembers.
        var name: String
        var position: Position
    }

    /// `include` and `render`.
    struct Inclusion: Sendable {
        /// A string for `render`; any expression for `include`.
        var name: Expression
        var bound: Expression?
        var isForLoop: Bool
        var alias: String?
        var keywords: [(String, Expression)]
        var position: Position
    }
}

/// Where an output lands in an HTML layout, so autoescaping can fit the context.
public enum OutputContext: Sendable, Equatable {
    /// Text between tags (or autoescaping is off).
    case text
    /// A quoted attribute value.
    case attribute
    /// The start of a quoted URL attribute value (`href`, `src` …): unsafe schemes are refused.
    case url
    /// An unquoted attribute value or inside a tag: everything but letters and digits is escaped.
    case unquotedAttribute
}
