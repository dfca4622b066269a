import Diagnostics
import Testing

/// What `parse` made of its text, and the problems it logged, as text.
func parsed<Value>(_ parse: (inout DiagnosticLog) -> Value?) -> (Value?, [String]) {
    var log = DiagnosticLog()
    let value = parse(&log)
    return (value, log.items.map(\.description))
}

/// The value of a parse that logged no problem.
func clean<Value>(_ parsed: (Value?, [String]), sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Value {
    #expect(parsed.1.isEmpty, sourceLocation: sourceLocation)
    return try #require(parsed.0, sourceLocation: sourceLocation)
}
