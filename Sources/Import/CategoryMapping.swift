import Loading

/// The site's category for a source's values: `import: categories:` first (exact, any case), then a
/// value that is a category's key or its label in one of the site's languages; else `fallback`.
struct CategoryMapping: Sendable {
    let mapped: [String: String]
    let byName: [String: String]
    let fallback: String?

    init(settings: ImportSettings, site: SiteSettings, fallback: String?) {
        mapped = settings.categories
        var names: [String: String] = [:]
        for c in site.categories {
            for label in [c.label] + c.labelWords.byLanguage.values.sorted() where names[label.lowercased()] == nil {
                names[label.lowercased()] = c.key
            }
        }
        for c in site.categories { names[c.key.lowercased()] = c.key }
        byName = names
        self.fallback = fallback
    }

    /// The category, or nil when no value maps and there is no fallback.
    func category(_ values: [String]) -> String? {
        for v in values { if let c = mapped[v.trimmedText.lowercased()] { return c } }
        for v in values { if let c = byName[v.trimmedText.lowercased()] { return c } }
        return fallback
    }

    /// How an unmapped report is named in the error: its most specific value.
    static func shown(_ values: [String]) -> String { values.first ?? "(no category given)" }
}
