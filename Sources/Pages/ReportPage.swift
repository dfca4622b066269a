import Liquid

/// The "report a problem" page of a neighborhood's edition, when `site.yml` names where reports
/// go (`import: address:`): what to report, and a `mailto:` link whose message holds a subject
/// naming the neighborhood and one `Field: value` line per field, in the edition's language, which
/// `import` reads back.
extension ViewModels {
    /// The page's address, or nil when the site takes no reports by e-mail.
    package var reportPath: String? { site.reportAddress == nil ? nil : Routes.report }

    /// `report`: `address`, `subject`, `body` (the lines the message starts with), `fields` (their
    /// names, in order), `mailto` (the whole link); nil without an address.
    package func reportValue() -> Value {
        guard let address = site.reportAddress else { return .nil }
        let subject = t("report_subject", ["place": hood.name]) + " [\(hood.slug)]"
        let fields = ["report_field_category", "report_field_where", "report_field_when", "report_field_what"].map { t($0) }
        let body = fields.map { $0 + ": " }.joined(separator: "\n") + "\n"
        let mailto = "mailto:" + address + "?subject=" + Self.mailtoEncoded(subject) + "&body=" + Self.mailtoEncoded(body)
        return .object(Object([
            ("address", .string(address)), ("subject", .string(subject)), ("body", .string(body)),
            ("fields", .array(fields.map { .string($0) })), ("mailto", .string(mailto)),
        ]))
    }

    /// A `mailto:` header value (RFC 6068): every byte but letters, digits and `-._~` percent-encoded,
    /// line breaks as CRLF.
    package static func mailtoEncoded(_ text: String) -> String {
        var out = ""
        for byte in text.replacingOccurrences(of: "\n", with: "\r\n").utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF")
                out += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 15)])
            }
        }
        return out
    }

    /// A QR code to the report page, for flyers (nil without an address or a base URL).
    package func reportQR() -> Value {
        reportPath.map { qr(Routes.folder($0), size: 120) } ?? .nil
    }
}
