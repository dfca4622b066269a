import Geo
import Redaction

/// What never reaches the site: private fields, and how coarse published points are.
public struct PrivacyPolicy: Sendable {
    /// Always private, whatever `site.yml` says.
    public static let builtInPrivateFields: Set<String> = [
        "email", "phone", "author_id", "author_email", "reporter", "contact_private",
    ]

    public var privateFields: Set<String>
    public var locationPrecisionMeters: Double
    /// What is marked in residents' free text before it is published (`privacy.redact`; all by default).
    public var redact: Set<Redactor.Kind>

    public init(extraPrivateFields: [String] = [], locationPrecisionMeters: Double = 0, redact: Set<Redactor.Kind> = Set(Redactor.Kind.allCases)) {
        privateFields = Self.builtInPrivateFields.union(extraPrivateFields.map(Self.normalized))
        self.locationPrecisionMeters = locationPrecisionMeters
        self.redact = redact
    }

    /// True for a built-in private field, one listed in `site.yml`, or any `private_…` field, in
    /// any case and with `-` or a space for `_` (`Phone`, `Author-Email`, `PRIVATE_note`).
    public func isPrivate(_ field: String) -> Bool {
        let key = Self.normalized(field)
        return key.hasPrefix("private_") || privateFields.contains(key)
    }

    public static func normalized(_ field: String) -> String {
        String(field.trimmed.lowercased().map { $0 == "-" || $0 == " " ? "_" : $0 })
    }

    /// A published point, snapped to the privacy grid.
    public func publish(_ point: Coordinate) -> Coordinate {
        LocationGrid(meters: locationPrecisionMeters).snap(point)
    }
}
