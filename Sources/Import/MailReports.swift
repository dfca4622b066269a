import Diagnostics
import Fingerprint
import Foundation

/// Reports sent by e-mail: one `.eml` message or an mbox of many, each read through `ReportForm`.
/// A message without report fields is skipped with a warning; the same report found twice (a
/// reply that quotes it) is one report, as its id is made from its fields.
enum MailReports {
    /// The messages of a file with the line each starts on: an mbox splits at `From ` lines.
    static func messages(_ bytes: [UInt8]) -> [(line: Int, bytes: ArraySlice<UInt8>)] {
        let from = Array("From ".utf8)
        guard bytes.starts(with: from) else { return [(1, bytes[...])] }
        var out: [(line: Int, bytes: ArraySlice<UInt8>)] = []
        var start = 0, startLine = 1, line = 1
        var i = 0
        var previousBlank = true
        while i < bytes.count {
            var end = i
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            if previousBlank, bytes[i..<end].starts(with: from) {
                if i > 0 { out.append((startLine, bytes[start..<i])) }
                // The envelope line itself is no header.
                start = min(end + 1, bytes.count)
                startLine = line + 1
            }
            let content = bytes[i..<end]
            previousBlank = content.isEmpty || content == [0x0D]
            i = end + 1
            line += 1
        }
        out.append((startLine, bytes[min(start, bytes.count)...]))
        return out.filter { !$0.bytes.allSatisfy { $0 == 0x0A || $0 == 0x0D || $0 == 0x20 } }
    }

    static func read(_ bytes: [UInt8], path: String, log: inout DiagnosticLog) -> [IncomingReport] {
        var out: [IncomingReport] = []
        for (line, raw) in messages(bytes) {
            let at = SourceLocation(path: path, line: line, column: 1)
            let message = MIMEMessage(raw)
            let (fields, _) = ReportForm.read(message.text)
            guard fields[.category] != nil || fields[.place] != nil || fields[.what] != nil else {
                log.warning(at, "this message holds no report (no 'Category:', 'Where:' or 'What happened:' line); it is skipped")
                continue
            }
            let key = [ReportForm.Field.category, .place, .when, .what].map { ReportForm.fold(fields[$0] ?? "") }.joined(separator: "\u{1F}")
            let hash = String(Fingerprint(of: key).description.prefix(16))
            var observed = fields[.when].flatMap(LocalTime.contentDate)
            if observed == nil { observed = message.header("date").flatMap(LocalTime.mailDate) }
            var r = IncomingReport(id: "email-" + hash, location: at, categoryValues: fields[.category].map { [$0] } ?? [],
                                   text: fields[.what] ?? "", place: fields[.place], coordinate: nil, observed: observed)
            if let from = message.header("from") { r.reporter = sender(from) }
            r.neighborhoodHint = fields[.neighborhood] ?? message.header("subject").flatMap(bracketed)
            out.append(r)
        }
        return out
    }

    /// `Name <address>` or a bare address, as a private reporter.
    static func sender(_ header: String) -> Reporter {
        if let open = header.lastIndex(of: "<"), let close = header.lastIndex(of: ">"), open < close {
            let name = header[..<open].trimmedText.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            return Reporter(name: name.isEmpty ? nil : name, email: String(header[header.index(after: open)..<close]).trimmedText)
        }
        return Reporter(email: header.trimmedText)
    }

    /// The last `[slug]` of a subject: the neighborhood whose page wrote the message.
    static func bracketed(_ subject: String) -> String? {
        guard let close = subject.lastIndex(of: "]"), let open = subject[..<close].lastIndex(of: "[") else { return nil }
        let inner = subject[subject.index(after: open)..<close].trimmedText
        return inner.isEmpty ? nil : inner
    }
}
