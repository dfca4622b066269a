import Foundation
import Diagnostics
import Geo

/// One resident's report as a source gives it, before it is placed, categorized and written.
public struct IncomingReport: Sendable {
    /// The id in the content: the source's own id after the source's prefix (`seeclickfix-4764238`).
    public var id: String
    /// Where the report is in the file read: errors and the summary point here.
    public var location: SourceLocation
    /// The source's values that can name a category, most specific first (`nature`, `service_name`...).
    public var categoryValues: [String]
    /// The report's own words.
    public var text: String
    /// The place in words, as written (`Livernois and McNichols`).
    public var place: String?
    /// The source's point, when it gives a real one.
    public var coordinate: Coordinate?
    /// When it was seen, as the content writes dates (`YYYY-MM-DD`, `YYYY-MM-DD HH:MM:SS` or RFC 3339).
    public var observed: String?
    /// The address of the original report, when the source has one.
    public var sourceURL: String?
    /// Who reported it: never published, kept only in private fields.
    public var reporter = Reporter()
    /// The neighborhood the source says it came from (an e-mail's subject), to search its streets first.
    public var neighborhoodHint: String?

    public init(id: String, location: SourceLocation, categoryValues: [String], text: String, place: String?,
                coordinate: Coordinate?, observed: String?, sourceURL: String? = nil) {
        self.id = id
        self.location = location
        self.categoryValues = categoryValues
        self.text = text
        self.place = place
        self.coordinate = coordinate
        self.observed = observed
        self.sourceURL = sourceURL
    }
}

/// Who made a report: every field private.
public struct Reporter: Sendable, Equatable {
    public var name: String?
    public var email: String?
    public var phone: String?
    public var account: String?

    public init(name: String? = nil, email: String? = nil, phone: String? = nil, account: String? = nil) {
        (self.name, self.email, self.phone, self.account) = (name, email, phone, account)
    }

    public var isEmpty: Bool { name == nil && email == nil && phone == nil && account == nil }
}

/// What every reader shares: ids made safe for the content, real points only.
enum ReportFields {
    /// `prefix-raw` with every character an id cannot hold made a `-`, at most 100 characters; nil when nothing is left.
    static func id(_ prefix: String, _ raw: String) -> String? {
        let cleaned = String(raw.trimmedText.unicodeScalars.map { s -> Character in
            s.isASCII && (s.properties.isAlphabetic || ("0"..."9").contains(s) || s == "_" || s == "." || s == "-") ? Character(s) : "-"
        })
        guard !cleaned.isEmpty, cleaned.contains(where: { $0.isLetter || $0.isNumber }) else { return nil }
        return String((prefix + "-" + cleaned).prefix(100))
    }

    /// A point from two texts or numbers; nil when missing, not numbers, out of range or the (0, 0) placeholder.
    static func coordinate(latitude: String?, longitude: String?) -> Coordinate? {
        guard let a = latitude?.trimmedText, let b = longitude?.trimmedText,
              let lat = Double(a), let lon = Double(b) else { return nil }
        let p = Coordinate(latitude: lat, longitude: lon)
        guard p.isValid, !(lat == 0 && lon == 0) else { return nil }
        return p
    }

    /// The text, or nil when it is empty or only spaces.
    static func nonEmpty(_ s: String?) -> String? {
        guard let t = s?.trimmedText, !t.isEmpty else { return nil }
        return t
    }
}

extension StringProtocol {
    /// Without spaces, tabs and line breaks at either end.
    var trimmedText: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
