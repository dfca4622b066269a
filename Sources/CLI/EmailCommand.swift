import Diagnostics
import Foundation
import Loading
import Mail

/// `commonsight email NEIGHBORHOOD`: a built week's `email.eml` with its subscribers added, on stdout
/// for `sendmail -t`. The built site never holds the addresses; they are read from the content folder
/// each time a message is sent.
enum EmailCommand {
    static let command = Command(
        name: "email", summary: "print a week's e-mail with its subscribers, for sendmail -t",
        positionals: [Arguments.neighborhoodArgument],
        options: [
            Option("week", "YYYY-Www", "the ISO week, like 2026-W48 (default: the newest built week)"),
            Option("language", "LANG", "the edition (default: the site's language)"),
            Option("out", "DIR", "the built site (default: public)"),
            ContentOption.option,
        ],
        about: """
        Prints a built week's digest e-mail (OUT/NEIGHBORHOOD/digest/WEEK/email.eml) with its
        recipients added, ready to send:

          commonsight email bagley | sendmail -t

        The recipients are 'subscribers' in the neighborhood's neighborhood.md, else 'to' under
        email in site.yml: an address, a list, or one per language ('es: vecinos@lists.example.org').
        They are read from the content folder each time and never written into the built site,
        which only has the message without them.
        """,
        notes: "Exit status: 0 success, 1 no such e-mail or no subscribers, 2 wrong usage.",
        run: run)

    static func run(_ parsed: Arguments, console: Console) throws(Arguments.UsageError) -> Int32 {
        let slug = try parsed.neighborhood(command: "email")
        if let week = parsed.value("week"), !isWeekName(week) {
            throw Arguments.UsageError(message: "--week '\(week)' is not an ISO week; expected one like '2026-W48'", command: "email")
        }
        let content = ContentOption.folder(parsed, console: console)
        let out = console.resolve(parsed.value("out") ?? "public")
        let (subscribers, siteLanguage, diagnostics) = Subscribers.read(content: content, neighborhood: slug)
        if CommandLineTool.report(diagnostics, console: console) > 0 { return 1 }
        let language = parsed.value("language") ?? siteLanguage
        let edition = out + "/" + slug + (language == siteLanguage ? "" : "/" + language)
        let shownEdition = console.display(edition)
        guard let week = parsed.value("week") ?? newestWeek(edition + "/digest") else {
            console.err("error: \(shownEdition)/digest has no week with an email.eml; build the site first (with 'from' under email in site.yml)")
            return 1
        }
        let path = edition + "/digest/" + week + "/email.eml"
        guard let bytes = FileManager.default.contents(atPath: path).map({ [UInt8]($0) }), bytes.allSatisfy({ $0 < 0x80 }) else {
            console.err("error: \(console.display(path)): no such e-mail; build the site first (with 'from' under email in site.yml)")
            return 1
        }
        let message = String(decoding: bytes, as: UTF8.self)
        let head = message.components(separatedBy: "\r\n\r\n").first ?? ""
        if head.hasPrefix("To:") || head.contains("\r\nTo:") {
            console.err("error: \(console.display(path)) names its recipients, so an older commonsight built it; build the site again")
            return 1
        }
        let to = subscribers.addresses(for: language)
        guard !to.isEmpty else {
            console.err("error: no subscribers for \(slug) in '\(language)': add 'subscribers' to \(console.display(content))/neighborhoods/\(slug)/neighborhood.md or 'to' under email in site.yml")
            return 1
        }
        // sendmail -t reads a message with the system's line ends.
        let sendable = (MailMessage.recipients(to) + "\r\n" + message).replacingOccurrences(of: "\r\n", with: "\n")
        console.out(String(sendable.dropLast()))
        return 0
    }

    /// `2026-W48`: four digits, `-W`, two digits from 01 to 53.
    static func isWeekName(_ s: String) -> Bool {
        let u = Array(s.utf8)
        guard u.count == 8, u[4] == UInt8(ascii: "-"), u[5] == UInt8(ascii: "W"),
              u[0..<4].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), u[6..<8].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              let n = Int(String(decoding: u[6..<8], as: UTF8.self)) else { return false }
        return (1...53).contains(n)
    }

    /// The newest week under `digests` that has an `email.eml`.
    static func newestWeek(_ digests: String) -> String? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: digests)) ?? []
        return names.filter { isWeekName($0) && FileManager.default.fileExists(atPath: digests + "/" + $0 + "/email.eml") }.max()
    }
}
