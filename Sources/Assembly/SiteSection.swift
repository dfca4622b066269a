/// A part of each neighborhood's site that `build --skip` leaves out, for a quicker preview (or a
/// comparison with a generator that makes only pages). The pages that are built still link to it.
public enum SiteSection: String, CaseIterable, Sendable {
    /// The weekly digests: their pages and the list of them, with their flyers, e-mails and cards.
    case digests
    /// The printable flyers of stories and digests.
    case flyers
    /// The digests' e-mail editions.
    case emails
    /// The coalitions' pages and their list.
    case coalitions
    /// The events page and the calendar file.
    case events
    /// The search page and its index.
    case search
    /// The open data downloads, their catalog and their About page.
    case data
    /// The Atom feed.
    case feed
    /// The neighborhood's map as an SVG file of its own, and its page (`map.html`).
    case map

    /// `digests,flyers`: the sections named (in any case, spaces ignored), or the first word that names none.
    public static func parse(_ list: String) -> Result<Set<SiteSection>, Unknown> {
        var sections = Set<SiteSection>()
        for word in list.split(separator: ",") {
            let name = String(word.filter { !$0.isWhitespace })
            guard let section = SiteSection(rawValue: name.lowercased()) else { return .failure(Unknown(word: name)) }
            sections.insert(section)
        }
        return .success(sections)
    }

    /// A word of `--skip` that names no section.
    public struct Unknown: Error {
        public var word: String
    }
}
