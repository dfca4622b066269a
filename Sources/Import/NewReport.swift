import ContentFields
import Diagnostics
import Foundation
import Geo
import Loading

/// A report ready to be written: placed, categorized, its public text redacted, still `pending`.
public struct NewReport: Sendable {
    public var id: String
    public var neighborhood: String
    public var category: String
    public var observed: String
    public var coordinate: Coordinate
    public var location: String?
    public var description: String
    public var sourceURL: String?
    public var reporter: Reporter
    /// The words as written, when redaction changed them: kept only in a private field.
    public var original: String?
    /// How the point was found from words (`corner`, `street`, `park`); nil for the source's own point.
    public var placedBy: String?
    public var source: SourceLocation

    /// The fields to write, by content column name, in order; empty ones left out.
    var fields: [(String, String)] {
        var out: [(String, String)] = [
            ("id", id), ("category", category), ("status", "pending"), ("observed", observed),
            ("lat", Self.degrees(coordinate.latitude)), ("lon", Self.degrees(coordinate.longitude)),
        ]
        if let location { out.append(("location", location)) }
        if !description.isEmpty { out.append(("description", description)) }
        if let sourceURL { out.append(("source_url", sourceURL)) }
        if let v = reporter.name { out.append(("reporter", v)) }
        if let v = reporter.email { out.append(("author_email", v)) }
        if let v = reporter.phone { out.append(("phone", v)) }
        if let v = reporter.account { out.append(("author_id", v)) }
        if let original { out.append(("private_text", original)) }
        return out.map { ($0.0, TextCleaning.clean($0.1)) }
    }

    /// Every column a new `observations.csv` gets.
    static let columns = ["id", "category", "status", "observed", "lat", "lon", "location", "description", "source_url",
                          "reporter", "author_email", "phone", "author_id", "private_text"]

    /// Seven decimals (about 1 cm), without trailing zeros.
    static func degrees(_ v: Double) -> String {
        var s = String(format: "%.7f", v)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s
    }
}
