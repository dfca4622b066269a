import Testing
@testable import Loading

@Suite("site.yml email: from, to and footer")
struct EmailSettingsTests {
    static func site(_ email: String) -> String { Fixture.site + "\nemail:\n" + email }

    @Test("from, a list of to addresses and a footer with a merge tag are read as written")
    func readsAll() throws {
        let f = Fixture(["site.yml": Self.site("""
              from: "Bagley Digest <digest@example.org>"
              to: [neighbors@lists.example.org, "Ana <ana@example.org>"]
              footer: "Sent to *|EMAIL|*. [Unsubscribe](*|UNSUB|*) or [manage]({{ unsubscribe_url }})."
            """)])
        let (content, messages) = f.load()
        #expect(messages == [])
        let email = try #require(content?.site.email)
        #expect(email.from?.name == "Bagley Digest" && email.from?.address == "digest@example.org")
        #expect(email.footer.parts == [
            .text("Sent to *|EMAIL|*. "), .link(label: "Unsubscribe", target: "*|UNSUB|*"), .text(" or "),
            .link(label: "manage", target: "{{ unsubscribe_url }}"), .text("."),
        ])
    }

    @Test("without an email section there is no message to send and the footer says how to unsubscribe")
    func defaults() throws {
        let (content, _) = Fixture([:]).load()
        let email = try #require(content?.site.email)
        #expect(email.from == nil)
        #expect(email.footer == .standard)
        guard case .text(let text) = email.footer.parts.first else { Issue.record("no text"); return }
        #expect(text.contains("To unsubscribe, reply to this e-mail"))
    }

    @Test("an address that is not one, a header injection and a script link are errors at their place")
    func errors() {
        let f = Fixture(["site.yml": Self.site("""
              from: "digest@example.org\\r\\nBcc: evil@example.net"
              to: [ok@example.org, not-an-address]
              footer: "[click](javascript:alert(1))"
            """)])
        #expect(f.errors() == [
            "content/site.yml:7:9: error: email.from 'digest@example.org\\u{a}Bcc: evil@example.net' is not an e-mail address; expected one like 'Bagley Digest <digest@example.org>' or 'neighbors@lists.example.org'",
            "content/site.yml:8:24: error: email.to 'not-an-address' is not an e-mail address; expected one like 'Bagley Digest <digest@example.org>' or 'neighbors@lists.example.org'",
            "content/site.yml:9:11: error: email.footer links to 'javascript:alert(1)'; expected an http(s) or mailto: URL, or your e-mail service's merge tag such as '*|UNSUB|*' or '{{ unsubscribe_url }}'",
        ])
    }

    @Test("to without from is an error that names the missing one; from alone is fine; unknown keys warn")
    func halfSet() {
        let f = Fixture(["site.yml": Self.site("  to: neighbors@lists.example.org\n  reply_to: x@example.org\n")])
        #expect(f.errors() == [
            "content/site.yml:7:7: error: email has 'to' but no 'from'; each week's e-mail (email.eml) needs a sender: add 'from', or leave both out",
        ])
        #expect(f.warnings().count == 1 && f.warnings()[0].contains("unknown field 'reply_to' in email is ignored"))
        #expect(Fixture(["site.yml": Self.site("  from: digest@example.org\n")]).errors() == [])
    }

    @Test("subscribers per language are checked at their place, in site.yml and in neighborhood.md, and kept out of the model")
    func subscribersChecked() {
        let f = Fixture(["site.yml": Self.site("  from: digest@example.org\n  to: { en: a@example.org, Spanish: b@example.org }\n"),
                         "neighborhoods/n/neighborhood.md": "---\nname: North\nsubscribers: [ok@example.org, nope]\n---\n"])
        #expect(f.errors().contains("content/site.yml:8:28: error: email.to names 'Spanish', which is not a language tag; expected like 'neighbors@lists.example.org', a list of them, or one per language ('es: vecinos@lists.example.org')"), "\(f.errors())")
        #expect(f.errors().contains("content/neighborhoods/n/neighborhood.md:3:31: error: subscribers 'nope' is not an e-mail address; expected one like 'Bagley Digest <digest@example.org>' or 'neighbors@lists.example.org'"), "\(f.errors())")
    }

    @Test("a bracket that opens no link stays text")
    func plainBrackets() {
        guard case .success(let footer) = EmailFooter.parse("[not a link] and [x](https://example.org/u?a=1&b=2) [open") else {
            Issue.record("parse failed")
            return
        }
        #expect(footer.parts == [.text("[not a link] and "), .link(label: "x", target: "https://example.org/u?a=1&b=2"), .text(" [open")])
    }
}
