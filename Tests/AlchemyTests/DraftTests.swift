import CLITestSupport
import Foundation
import Loading
import TestSupport
import Testing
@testable import Alchemy

/// `draft` through the command line, against a stub model server for each of the five states.
@Suite("Drafting stories, with a model and without", .serialized)
struct DraftTests {
    /// An answer as the schema asks: a title and sentences, the facts only as slots.
    static let groundedCard = """
    {"title": "Speeding near {street_1}: what neighbors see", "sentences": [\
    "Residents sent {reports} about {category} {place} between {first_date} and {last_date}.", \
    "Neighbors say cars speed down {street_1} every morning, and drag racing comes at night.", \
    "Trucks speed past the school at pickup time, when children walk home from school.", \
    "Each report is a neighbor who took the time to write down what they saw on these streets.", \
    "The neighbors of {coalition} can bring these reports to the people who can fix the problem.", \
    "If you have seen the same thing {place}, add your own report so that the pattern is harder to ignore."]}
    """

    /// One sentence names a person and a number no report has: it is dropped, the rest kept.
    static let ungroundedCard = groundedCard.replacingOccurrences(of: "Trucks speed past the school at pickup time, when children walk home from school.",
                                                                  with: "Officer Daniels counted 40 cars in 10 minutes on {street_1}.")

    /// Nothing in it holds: every sentence names a person.
    static let hopelessCard = """
    {"title": "Officer Daniels speaks", "sentences": ["Officer Daniels says the street is fine today.", \
    "Officer Daniels wrote the report himself on Monday.", "Mayor Smith agrees with Officer Daniels."]}
    """

    /// Drafts suggestion 1 of the fixture with `site.yml`'s alchemy block pointing at `url`.
    func draft(url: String?, extra: [String] = [], model: String = "smollm2", timeout: Int = 20,
               mode: String = "json_schema") throws -> (Int32, Transcript, Fixture, String?) {
        let alchemy = url.map { "alchemy:\n  url: \($0)\n  model: \(model)\n  timeout_s: \(timeout)\n  structured_output: \(mode)\n" } ?? ""
        let f = try Fixture(alchemy: alchemy)
        let (status, t) = run(["draft", "testville", "--content", f.content, "--suggestion", "1", "--slug", "may-speeding"] + extra, in: f.dir)
        return (status, t, f, f.read(f.stories + "/may-speeding.md"))
    }

    /// The story as the loader reads it back, after `check` found no error.
    func checked(_ f: Fixture) throws -> Story {
        let (status, t) = run(["check", "--content", f.content], in: f.dir)
        #expect(status == 0, "\(t.err)")
        let (_, n) = try f.load()
        return try #require(n.stories.first { $0.slug == "may-speeding" })
    }

    @Test("not configured: the hand-made draft, with the reason printed and recorded; it passes check and is a draft")
    func notConfigured() throws {
        let (status, t, f, file) = try draft(url: nil)
        defer { f.remove() }
        #expect(status == 0, "\(t.err)")
        #expect(t.out == "created content/neighborhoods/testville/stories/may-speeding.md")
        #expect(t.err == "note: wrote the hand-made draft (not configured): no model is configured (alchemy.url in site.yml, --model-url or COMMONSIGHT_MODEL_URL)")
        let text = try #require(file)
        #expect(text.hasPrefix("""
        ---
        title: "Speeding near Pickford St: 6 reports in May 2024"
        status: draft
        date: 2026-11-29
        observations: ["s1", "s2", "s3", "s4", "s5", "s6"]
        call_to_action: "Ask the City for speed humps on Pickford St."
        tags: [speeding, traffic-safety]
        coalition: "testville-safe-streets"
        generated:
          by: "fallback"
          reason: "no model is configured (alchemy.url in site.yml, --model-url or COMMONSIGHT_MODEL_URL)"
          date: "2026-11-29"
        ---
        Between May 1 and May 20, 2024,
        """))
        let story = try checked(f)
        #expect(story.status == .draft && story.observations.map(\.value) == ["s1", "s2", "s3", "s4", "s5", "s6"])
        #expect(story.coalition?.value == "testville-safe-streets" && story.tags == ["speeding", "traffic-safety"])
        #expect((90...220).contains(Words.count(story.body)))
        for secret in Fixture.secrets { #expect(!text.contains(secret)) }
        // The same facts, the same bytes.
        let again = try Fixture()
        defer { again.remove() }
        #expect(run(["draft", "testville", "--content", again.content, "--suggestion", "1", "--slug", "may-speeding"], in: again.dir).0 == 0)
        #expect(again.read(again.stories + "/may-speeding.md") == text)
    }

    @Test("--offline does not ask the model")
    func offline() throws {
        let server = try StubServer { _, _ in .json(500, "{}") }
        defer { server.stop() }
        let (status, t, f, file) = try draft(url: server.url, extra: ["--offline"])
        defer { f.remove() }
        #expect(status == 0)
        #expect(t.err == "note: wrote the hand-made draft (offline): --offline: the model was not asked")
        #expect(file?.contains("  reason: \"--offline: the model was not asked\"") == true)
        #expect(server.requests.isEmpty)
    }

    @Test("unreachable: nothing listens at the address")
    func unreachable() throws {
        let port = try StubServer.closedPort()
        let (status, t, f, file) = try draft(url: "http://127.0.0.1:\(port)")
        defer { f.remove() }
        #expect(status == 0)
        #expect(t.err == "note: wrote the hand-made draft (unreachable): the model server at http://127.0.0.1:\(port) is unreachable (connection refused)")
        #expect(file?.contains("by: \"fallback\"") == true)
        _ = try checked(f)
    }

    @Test("model missing: the server does not list the model, or answers 404 for it")
    func modelMissing() throws {
        let listing = try StubServer { r, _ in r.path == "/v1/models" ? .json(200, modelList(["llama-3.2-3b", "qwen2.5"])) : .json(200, chatAnswer(Self.groundedCard)) }
        defer { listing.stop() }
        let (status, t, f, _) = try draft(url: listing.url + "/v1")
        defer { f.remove() }
        #expect(status == 0)
        #expect(t.err == "note: wrote the hand-made draft (model missing): the model server at \(listing.url) has no model 'smollm2' (it has 'llama-3.2-3b', 'qwen2.5')")
        #expect(listing.requests.map(\.path) == ["/v1/models"])

        let notFound = try StubServer { r, _ in
            r.path == "/v1/models" ? .json(404, "{\"detail\": \"Not Found\"}")
                : .json(404, "{\"error\": {\"message\": \"The model `smollm2` does not exist.\", \"code\": \"model_not_found\"}}")
        }
        defer { notFound.stop() }
        let (status2, t2, f2, file2) = try draft(url: notFound.url)
        defer { f2.remove() }
        #expect(status2 == 0)
        #expect(t2.err == "note: wrote the hand-made draft (model missing): the model server at \(notFound.url) has no model 'smollm2': The model `smollm2` does not exist.")
        #expect(file2?.contains("reason: \"the model server at \(notFound.url) has no model 'smollm2': The model `smollm2` does not exist.\"") == true)
    }

    @Test("failed or timed out: an error answer, or no answer within alchemy.timeout_s")
    func failedOrTimedOut() throws {
        let failing = try StubServer { r, _ in
            r.path == "/v1/models" ? .json(200, modelList(["smollm2"])) : .json(500, "{\"error\": {\"message\": \"out of memory\"}}")
        }
        defer { failing.stop() }
        let (status, t, f, _) = try draft(url: failing.url)
        defer { f.remove() }
        #expect(status == 0)
        #expect(t.err == "note: wrote the hand-made draft (failed or timed out): the model server answered HTTP 500: out of memory")

        let slow = try StubServer { r, _ in r.path == "/v1/models" ? .json(200, modelList(["smollm2"])) : .hang(10) }
        defer { slow.stop() }
        let started = Date()
        let (status2, t2, f2, file2) = try draft(url: slow.url, timeout: 1)
        defer { f2.remove() }
        #expect(status2 == 0)
        #expect(t2.err == "note: wrote the hand-made draft (failed or timed out): the model did not answer within 1 s (alchemy.timeout_s)")
        #expect(Date().timeIntervalSince(started) < 9, "the 1 s timeout, not the server, ended it (with room for a loaded machine)")
        #expect(file2?.contains("reason: \"the model did not answer within 1 s (alchemy.timeout_s)\"") == true)
    }

    @Test("invalid output: an answer that is not the card is asked for once more, then the hand-made draft")
    func invalidOutput() throws {
        let server = try StubServer { r, _ in
            r.path == "/v1/models" ? .json(200, modelList(["smollm2"])) : .json(200, chatAnswer("Here is your story: it was a dark night."))
        }
        defer { server.stop() }
        let (status, t, f, _) = try draft(url: server.url)
        defer { f.remove() }
        #expect(status == 0)
        #expect(t.err == "note: wrote the hand-made draft (invalid output): smollm2 answered 3 times and was refused each time: its answer is not the JSON asked for (not JSON)")
        #expect(server.requests.map(\.path) == ["/v1/models", "/v1/chat/completions", "/v1/chat/completions", "/v1/chat/completions"])
        // Asked afresh, each time with another seed.
        #expect(server.requests[1].body.contains("\"seed\": 7") && server.requests[2].body.contains("\"seed\": 8") && server.requests[3].body.contains("\"seed\": 9"))

        let noMessage = try StubServer { r, _ in r.path == "/v1/models" ? .json(200, modelList(["smollm2"])) : .json(200, "{\"choices\": []}") }
        defer { noMessage.stop() }
        let (_, t2, f2, _) = try draft(url: noMessage.url)
        defer { f2.remove() }
        #expect(t2.err == "note: wrote the hand-made draft (invalid output): the model server's answer holds no message")
    }

    @Test("a grounded answer is written as the model's, with its name; the request asks for the schema and shows only public facts")
    func groundedAnswer() throws {
        let server = try StubServer { r, _ in
            r.path == "/v1/models" ? .json(200, modelList(["/models/smollm2"])) : .json(200, chatAnswer(Self.groundedCard))
        }
        defer { server.stop() }
        let (status, t, f, file) = try draft(url: server.url + "/v1/chat/completions")
        defer { f.remove() }
        #expect(status == 0, "\(t.err)")
        #expect(t.err == "note: drafted by smollm2; read it, check it against the reports, and set status: published yourself")
        let text = try #require(file)
        #expect(text.contains("title: \"Speeding near Pickford St: what neighbors see\"\nstatus: draft\ndate: 2026-11-29\n"))
        #expect(text.contains("generated:\n  by: \"smollm2\"\n"))
        // The facts are the program's: the slots filled with the reports' count, dates and streets.
        #expect(text.contains("\n---\nResidents sent 6 reports about speeding near Pickford St and Wyoming St between May 1, 2024 and May 20, 2024."))
        #expect(text.contains("In their own words:\n\n> "))
        #expect(!text.contains("reason:"))
        let story = try checked(f)
        #expect(story.status == .draft && story.callToAction?.hasPrefix("Ask the City") == true)
        let chat = try #require(server.requests.last)
        #expect(chat.path == "/v1/chat/completions")
        let body = try #require(try JSONSerialization.jsonObject(with: Data(chat.body.utf8)) as? [String: Any])
        #expect(body["model"] as? String == "/models/smollm2")
        let format = try #require(body["response_format"] as? [String: Any])
        #expect(format["type"] as? String == "json_schema")
        let schema = try #require((format["json_schema"] as? [String: Any])?["schema"] as? [String: Any])
        #expect(Set((schema["properties"] as? [String: Any])?.keys ?? [:].keys) == ["title", "sentences"])
        let sentence = ((schema["properties"] as? [String: Any])?["sentences"] as? [String: Any])?["items"] as? [String: Any]
        #expect((sentence?["pattern"] as? String)?.contains("\\{(reports|category|neighborhood|place|first_date|last_date") == true, "\(sentence ?? [:])")
        let messages = try #require(body["messages"] as? [[String: String]])
        #expect(messages.first?["role"] == "system" && messages.first?["content"]?.contains("slot") == true)
        #expect(messages.last?["content"]?.contains("{reports} = 6 reports") == true)
        for secret in Fixture.secrets { #expect(!chat.body.contains(secret), "\(secret)") }
        #expect(chat.body.contains("[phone removed]"))
    }

    @Test("control characters, line separators and a byte order mark in the model's title and name are written escaped; check reads the draft")
    func controlsInTheModelsWords() throws {
        let odd = "\u{85}\u{9B}\u{2028}\u{2029}\u{FEFF}\u{7F}"
        // A title may not break its line (the grounding check refuses that); other controls it may hold.
        let inTitle = "\u{9B}\u{FEFF}\u{80}\u{7F}"
        let card = Self.groundedCard.replacingOccurrences(of: "Speeding near {street_1}", with: "Speeding\(inTitle) near {street_1}")
        let server = try StubServer { r, _ in
            r.path == "/v1/models" ? .json(200, modelList(["models/smollm2\(odd)"])) : .json(200, chatAnswer(card))
        }
        defer { server.stop() }
        let f = try Fixture(alchemy: "alchemy:\n  url: \(server.url)\n  timeout_s: 20\n  structured_output: json_schema\n")
        defer { f.remove() }
        let (status, t) = run(["draft", "testville", "--content", f.content, "--suggestion", "1", "--slug", "may-speeding"], in: f.dir)
        #expect(status == 0, "\(t.err)")
        let text = try #require(f.read(f.stories + "/may-speeding.md"))
        let front = text.components(separatedBy: "\n---\n").first ?? ""
        #expect(!front.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) || [0x2028, 0x2029, 0xFEFF].contains($0.value) })
        let story = try checked(f)
        if text.contains("\n  by: \"smollm2") {
            #expect(text.hasPrefix("---\ntitle: \"Speeding\\x9B\\uFEFF\\x80\\x7F near Pickford St: what neighbors see\"\n"), "\(text.prefix(120))")
            #expect(story.title.hasPrefix("Speeding"))
            // The model's name is shown, on the terminal and in the file, with its control characters replaced.
            #expect(text.contains("  by: \"smollm2\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\"\n"))
            #expect(t.err == "note: drafted by smollm2\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}; read it, check it against the reports, and set status: published yourself")
        } else {
            Issue.record("the model's card was not taken: \(t.err)")
        }
    }

    @Test("the model is sent the reports as the site shows them, and its spaced-out phone number is refused and never written")
    func sentWhatTheSiteShows() throws {
        let phoned = Self.groundedCard.replacingOccurrences(of: "Trucks speed past the school at pickup time, when children walk home from school.",
                                                            with: "Call 313 - 555 - 0188 about the cars on {street_1} to help.")
        let server = try StubServer { r, _ in r.path == "/v1/models" ? .json(200, modelList(["smollm2"])) : .json(200, chatAnswer(phoned)) }
        defer { server.stop() }
        let f = try Fixture(alchemy: "alchemy:\n  url: \(server.url)\n  model: smollm2\n  timeout_s: 20\n  structured_output: json_schema\n")
        defer { f.remove() }
        let csv = try #require(f.read(f.content + "/neighborhoods/testville/observations.csv"))
        let row = "x1,speeding,Pickford and Wyoming,42.4202,-83.1552,2024-05-21,published,,\"Cars race here every night.<!-- call Jane 313-555-0188 -->\n\n"
            + "[x]: http://example.com/jane \"\"Jane 313-555-0177\"\"\",,\n"
        try f.write("neighborhoods/testville/observations.csv", csv + row)
        let (status, t) = run(["draft", "testville", "--content", f.content, "--observations", "s1,s2,s3,s4,s5,s6,x1", "--slug", "may-speeding"], in: f.dir)
        #expect(status == 0, "\(t.err)")
        let chats = server.requests.filter { $0.path == "/v1/chat/completions" }
        #expect(chats.count == 1)
        let first = try #require(chats.first?.body)
        #expect(first.contains("Cars race here every night."))
        for hidden in ["Jane", "call Jane", "0188", "0177", "example.com", "<!--"] { #expect(!first.contains(hidden), "\(hidden)") }
        // The sentence with the phone number is dropped, and said to be; the rest is the model's.
        #expect(t.err.hasPrefix("note: drafted by smollm2"), "\(t.err)")
        let text = try #require(f.read(f.stories + "/may-speeding.md"))
        #expect(text.contains("  repaired: [\"dropped 1 of 6 sentences: has a phone number\""), "\(text)")
        #expect(!text.contains("0188") && !text.contains("Jane"))
    }

    @Test("a server's error text with an escape sequence reaches neither the terminal nor the file raw")
    func escapeSequenceInAnError() throws {
        let server = try StubServer { r, _ in
            r.path == "/v1/models" ? .json(200, modelList(["smollm2"]))
                : .json(500, "{\"error\": {\"message\": \"out of \\u001b[31mmemory\\u009b2J \\u202eevil\"}}")
        }
        defer { server.stop() }
        let (status, t, f, file) = try draft(url: server.url)
        defer { f.remove() }
        #expect(status == 0)
        let said = "the model server answered HTTP 500: out of \u{FFFD}[31mmemory\u{FFFD}2J \u{FFFD}evil"
        #expect(t.err == "note: wrote the hand-made draft (failed or timed out): " + said)
        #expect(file?.contains("  reason: \"\(said)\"\n") == true)
        _ = try checked(f)
    }

    @Test("an answer with line breaks typed raw inside its strings is read as meant")
    func rawLineBreaks() throws {
        let raw = Self.groundedCard.replacingOccurrences(of: "every morning, and drag", with: "every morning,\nand drag")
        #expect(raw != Self.groundedCard)
        let server = try StubServer { r, _ in r.path == "/v1/models" ? .json(200, modelList(["smollm2"])) : .json(200, chatAnswer(raw)) }
        defer { server.stop() }
        let (status, t, f, file) = try draft(url: server.url)
        defer { f.remove() }
        #expect(status == 0 && t.err.hasPrefix("note: drafted by smollm2"), "\(t.err)")
        #expect(file?.contains("Neighbors say cars speed down Pickford St every morning,\nand drag racing comes at night.") == true, "\(file ?? "")")
    }

    @Test("structured output modes: llama-cpp-python's json_object with schema, and Ollama's /api/chat with format")
    func modes() throws {
        let llama = try StubServer { r, _ in r.path == "/v1/models" ? .json(200, modelList(["smollm2"])) : .json(200, chatAnswer(Self.groundedCard)) }
        defer { llama.stop() }
        let (s1, _, f1, _) = try draft(url: llama.url, mode: "json_object")
        defer { f1.remove() }
        #expect(s1 == 0)
        let body1 = try #require(try JSONSerialization.jsonObject(with: Data((llama.requests.last?.body ?? "").utf8)) as? [String: Any])
        let format = body1["response_format"] as? [String: Any]
        #expect(format?["type"] as? String == "json_object" && format?["schema"] is [String: Any])

        let card = Self.groundedCard.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        let ollama = try StubServer { r, _ in
            r.path == "/api/tags" ? .json(200, "{\"models\": [{\"name\": \"smollm2:latest\", \"model\": \"smollm2:latest\"}]}")
                : .json(200, "{\"model\": \"smollm2:latest\", \"message\": {\"role\": \"assistant\", \"content\": \"\(card)\"}, \"done\": true}")
        }
        defer { ollama.stop() }
        let (s2, t2, f2, file2) = try draft(url: ollama.url, mode: "ollama")
        defer { f2.remove() }
        #expect(s2 == 0, "\(t2.err)")
        #expect(ollama.requests.map(\.path) == ["/api/tags", "/api/chat"])
        let body2 = try #require(try JSONSerialization.jsonObject(with: Data((ollama.requests.last?.body ?? "").utf8)) as? [String: Any])
        #expect(body2["format"] is [String: Any] && body2["stream"] as? Bool == false && body2["model"] as? String == "smollm2:latest")
        #expect(file2?.contains("by: \"smollm2:latest\"") == true)
    }

    @Test("a sentence that fails the check is dropped and said to be; an answer of which too little holds is asked again, then the hand-made draft")
    func ungrounded() throws {
        let server = try StubServer { r, _ in
            r.path == "/v1/models" ? .json(200, modelList(["smollm2"])) : .json(200, chatAnswer(Self.ungroundedCard))
        }
        defer { server.stop() }
        let (status, t, f, file) = try draft(url: server.url)
        defer { f.remove() }
        #expect(status == 0 && t.err.hasPrefix("note: drafted by smollm2"), "\(t.err)")
        #expect(file?.contains("  repaired: [\"dropped 1 of 6 sentences: a number the reports do not have\"") == true, "\(file ?? "")")
        #expect(file?.contains("Officer") == false && file?.contains("40") == false)
        #expect(server.requests.count == 2, "one answer was enough")
        _ = try checked(f)

        let hopeless = try StubServer { r, _ in
            r.path == "/v1/models" ? .json(200, modelList(["smollm2"])) : .json(200, chatAnswer(Self.hopelessCard))
        }
        defer { hopeless.stop() }
        let (status2, t2, f2, file2) = try draft(url: hopeless.url)
        defer { f2.remove() }
        #expect(status2 == 0)
        #expect(t2.err.hasPrefix("note: wrote the hand-made draft (invalid output): smollm2 answered 3 times and was refused each time: too little of its answer holds: only 0 of its 3 sentences hold (dropped 3 of 3 sentences: "), "\(t2.err)")
        #expect(file2?.contains("  by: \"fallback\"\n") == true)
        #expect(file2?.components(separatedBy: "\n---\n").last?.contains("Officer") == false, "the narrative is the hand-made one")

        let second = try StubServer { r, index in
            r.path == "/v1/models" ? .json(200, modelList(["smollm2"])) : .json(200, chatAnswer(index == 1 ? Self.hopelessCard : Self.groundedCard))
        }
        defer { second.stop() }
        let (status3, t3, f3, file3) = try draft(url: second.url)
        defer { f3.remove() }
        #expect(status3 == 0 && t3.err.hasPrefix("note: drafted by smollm2"), "\(t3.err)")
        #expect(file3?.contains("by: \"smollm2\"") == true)
    }

    @Test("--model-url and COMMONSIGHT_MODEL_URL choose the server, in that order, over site.yml")
    func precedence() throws {
        let a = try StubServer { r, _ in r.path == "/v1/models" ? .json(200, modelList(["smollm2"])) : .json(200, chatAnswer(Self.groundedCard)) }
        let b = try StubServer { r, _ in r.path == "/v1/models" ? .json(200, modelList(["smollm2"])) : .json(200, chatAnswer(Self.groundedCard)) }
        defer { a.stop(); b.stop() }
        let f = try Fixture()
        defer { f.remove() }
        let env = ["COMMONSIGHT_MODEL_URL": b.url]
        #expect(run(["draft", "testville", "--content", f.content, "--suggestion", "1", "--slug", "one", "--model", "smollm2"], in: f.dir, environment: env).0 == 0)
        #expect(a.requests.isEmpty && b.requests.count == 2)
        #expect(run(["draft", "testville", "--content", f.content, "--suggestion", "1", "--slug", "two", "--model-url", a.url], in: f.dir, environment: env).0 == 0)
        #expect(a.requests.count == 2 && b.requests.count == 2)
        #expect(f.read(f.stories + "/two.md")?.contains("by: \"smollm2\"") == true)
        #expect(run(["draft", "testville", "--content", f.content, "--suggestion", "1", "--slug", "three"], in: f.dir,
                    environment: ["COMMONSIGHT_MODEL_URL": "ftp://x"]).0 == 2)
    }

    @Test("--observations: unpublished ids are left out with a warning; an unknown id, an existing file, or nothing left is an error")
    func observations() throws {
        let f = try Fixture()
        defer { f.remove() }
        let (status, t) = run(["draft", "testville", "--content", f.content, "--observations", "s1,p1,f1,s2,k1", "--offline"], in: f.dir)
        #expect(status == 0, "\(t.err)")
        #expect(t.err.contains("content/neighborhoods/testville/observations.csv:6:1: warning: observation 'p1' is pending; it is left out of the draft"))
        #expect(t.err.contains("content/neighborhoods/testville/observations.csv:7:1: warning: observation 'f1' is flagged; it is left out of the draft"))
        let created = try #require(t.out.split(separator: " ").last.map(String.init))
        let text = try #require(f.read(f.dir + "/" + created))
        #expect(text.contains("observations: [\"k1\", \"s1\", \"s2\"]"), "in the order they were observed")
        for secret in Fixture.secrets { #expect(!text.contains(secret)) }
        #expect(run(["check", "--content", f.content], in: f.dir).0 == 0)

        // The same again: the file exists, and is left alone.
        let before = f.read(f.dir + "/" + created)
        let (again, t2) = run(["draft", "testville", "--content", f.content, "--observations", "s1,s2,k1", "--offline"], in: f.dir)
        #expect(again == 1)
        #expect(t2.err == "\(created): error: already exists; draft never overwrites a file (choose another --slug)")
        #expect(f.read(f.dir + "/" + created) == before)

        #expect(run(["draft", "testville", "--content", f.content, "--observations", "s1,nope", "--offline"], in: f.dir).0 == 1)
        let (none, t3) = run(["draft", "testville", "--content", f.content, "--observations", "p1,f1", "--offline"], in: f.dir)
        #expect(none == 1 && t3.err.contains("error: no published observation left to draft from"))
        #expect(run(["draft", "testville", "--content", f.content, "--suggestion", "9", "--offline"], in: f.dir).0 == 1)
    }

    @Test("wrong usage exits 2: no reports named, both kinds, a bad slug, date or URL")
    func usage() throws {
        let f = try Fixture()
        defer { f.remove() }
        for args in [["draft", "testville"], ["draft", "testville", "--observations", "s1", "--suggestion", "1"],
                     ["draft", "testville", "--suggestion", "x"], ["draft", "testville", "--suggestion", "1", "--slug", "Bad Slug"],
                     ["draft", "testville", "--suggestion", "1", "--date", "2026-02-30"], ["draft", "testville", "--suggestion", "1", "--model-url", "localhost"],
                     ["draft", "--suggestion", "1"], ["draft", "testville", "--observations", "s1", "--since", "2024-01-01"]] {
            let (status, t) = run(args + ["--content", f.content], in: f.dir)
            #expect(status == 2, "\(args): \(t.err)")
            #expect(t.err.contains("hint: run 'commonsight help draft'"))
        }
        #expect(run(["help", "draft"], in: f.dir).1.out.contains("never overwritten"))
        #expect(run(["--help"], in: f.dir).1.out.contains("commonsight suggest NEIGHBORHOOD"))
    }

    @Test("build never publishes a draft")
    func buildLeavesDrafts() throws {
        let (status, _, f, _) = try draft(url: nil)
        defer { f.remove() }
        #expect(status == 0)
        let out = f.dir + "/public"
        let (built, t) = run(["build", "--content", f.content, "--templates", packageRoot + "/templates", "--out", out,
                              "--cache-dir", f.dir + "/cache", "--date", "2026-11-29"], in: f.dir)
        #expect(built == 0, "\(t.err)")
        #expect(!FileManager.default.fileExists(atPath: out + "/testville/stories/may-speeding/index.html"))
        #expect(FileManager.default.fileExists(atPath: out + "/testville/stories/march-speeding/index.html"))
    }
}
