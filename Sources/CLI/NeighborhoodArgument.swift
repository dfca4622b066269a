import ContentFields
import Diagnostics
import Loading

extension Arguments {
    /// The one NEIGHBORHOOD of `suggest`, `draft` and `email`, checked as a slug; every option given
    /// must have a value.
    func neighborhood(command: String) throws(UsageError) -> String {
        guard let slug = positionals.first else {
            throw UsageError(message: "'\(command)' needs NEIGHBORHOOD: \(Self.neighborhoodArgument.help)", command: command)
        }
        guard Identifiers.isSlug(slug) else {
            throw UsageError(message: "\(quoted(slug)) is not a neighborhood slug; expected lowercase words joined by '-'", command: command)
        }
        for (name, value) in options where value.isEmpty {
            throw UsageError(message: "--\(name) is empty; expected a value", command: command)
        }
        return slug
    }

    /// The table entry of a NEIGHBORHOOD argument.
    static let neighborhoodArgument = Positional("NEIGHBORHOOD", .one, "the neighborhood's folder name, like bagley")
}
