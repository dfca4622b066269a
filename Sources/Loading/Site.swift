import Diagnostics
import Foundation
import Geo

/// Everything `load` read from a content folder: the site settings and its neighborhoods.
public struct LoadedContent: Sendable {
    public var site: SiteSettings
    public var neighborhoods: [Neighborhood]
}

/// `site.yml`: the title, where the site lives, its language and time zone, privacy and categories.
public struct SiteSettings: Sendable {
    public var title: String
    public var description: String?
    /// Absolute http(s) URL of the folder that holds the neighborhood sites, ending in `/`.
    public var baseURL: String?
    public var language: String
    public var timeZone: TimeZone
    public var privacy: PrivacyPolicy
    /// In the order `site.yml` lists them.
    public var categories: [Category]
    /// The small line under every map: where its data came from.
    public var mapAttribution: String
    public var location: SourceLocation
    /// A hash of `site.yml`'s bytes.
    public var fingerprint: UInt64 = 0

    public func category(_ key: String) -> Category? {
        categories.first { $0.key == key }
    }
}

/// One category of observation, with its label and map color.
public struct Category: Hashable, Sendable {
    public var key: String
    public var label: String
    /// `#rrggbb`.
    public var color: String
}

/// What never reaches the site: private fields, and how coarse published points are.
public struct PrivacyPolicy: Sendable {
    /// SPEC §2: always private, whatever `site.yml` says.
    public static let builtInPrivateFields: Set<String> = [
        "email", "phone", "author_id", "author_email", "reporter", "contact_private",
    ]

    public var privateFields: Set<String>
    public var locationPrecisionMeters: Double

    public init(extraPrivateFields: [String] = [], locationPrecisionMeters: Double = 0) {
        privateFields = Self.builtInPrivateFields.union(extraPrivateFields)
        self.locationPrecisionMeters = locationPrecisionMeters
    }

    /// True for a built-in private field, one listed in `site.yml`, or any `private_…` field.
    public func isPrivate(_ field: String) -> Bool {
        field.hasPrefix("private_") || privateFields.contains(field)
    }

    /// A published point, snapped to the privacy grid.
    public func publish(_ point: Coordinate) -> Coordinate {
        LocationGrid(meters: locationPrecisionMeters).snap(point)
    }
}
