import Liquid
import Loading

extension EmailFooter {
    /// The footer as templates see it: each part's `text`, and `url` for a link (a URL or a merge tag, as written).
    package var value: Value {
        .array(parts.map { part in
            switch part {
            case .text(let text): return .object(Object([("text", .string(text)), ("url", .nil)]))
            case .link(let label, let target): return .object(Object([("text", .string(label)), ("url", .string(target))]))
            }
        })
    }
}
