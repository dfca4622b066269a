import Foundation
import Testing
import TestSupport
@testable import HTTPClient
#if canImport(Glibc)
import Glibc
#endif

@Suite("HTTP: the answer parser")
struct HTTPResponseParserTests {
    /// The outcome of `text` fed in pieces of `size` bytes, then the end of the connection.
    func parse(_ text: String, pieces size: Int = .max, budget: Int = HTTP.maxBody) -> HTTPResponseParser.Outcome {
        let bytes = Array(text.utf8)
        var parser = HTTPResponseParser(maxBytes: budget)
        var at = 0
        while at < bytes.count {
            let end = at + min(size, bytes.count - at)
            let outcome = parser.feed(Array(bytes[at..<end]))
            if outcome != .needMore { return outcome }
            at = end
        }
        return parser.finish()
    }

    func ok(_ status: Int, _ body: String) -> HTTPResponseParser.Outcome { .complete(HTTPResponse(status: status, body: Array(body.utf8))) }

    static let chunked = "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n4\r\n{\"a\"\r\n3;x=y\r\n: 1\r\n1\r\n}\r\n0\r\nX-Trailer: 1\r\n\r\n"

    @Test("a chunked answer after 100 Continue is decoded the same in every chunking")
    func chunkedAnswer() {
        for size in [1, 2, 3, 5, 7, 64, .max] {
            #expect(parse(Self.chunked, pieces: size) == ok(200, "{\"a\": 1}"), "pieces of \(size)")
        }
    }

    @Test("a chunked answer is whole at its last chunk's blank line, and cut short it is refused")
    func chunkedIsWholeAtItsEnd() {
        var parser = HTTPResponseParser(maxBytes: 1000)
        #expect(parser.feed(Array(Self.chunked.utf8)) == ok(200, "{\"a\": 1}"))
        #expect(parse(String(Self.chunked.dropLast(20))) == .refused("the server closed the connection before the whole answer came"))
    }

    @Test("a Content-Length answer is whole at its length; one read to the close is whole at the close")
    func lengths() {
        #expect(parse("HTTP/1.1 201 Created\r\nContent-Length: 5\r\n\r\nhelloEXTRA", pieces: 3) == ok(201, "hello"))
        #expect(parse("HTTP/1.0 500 Oops\r\n\r\n{\"error\": \"no\"}", pieces: 4) == ok(500, "{\"error\": \"no\"}"))
        #expect(parse("HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\nhello") == .refused("the server closed the connection before the whole answer came"))
        #expect(parse("HTTP/1.1 204 No Content\r\n\r\n") == ok(204, ""))
    }

    @Test("what is not an HTTP answer is refused with a reason")
    func malformed() {
        #expect(parse("") == .refused("the server closed the connection without answering"))
        #expect(parse("HTTP/1.1 200 OK\r\nContent-") == .refused("the server closed the connection in the middle of the answer's headers"))
        #expect(parse("SSH-2.0-OpenSSH\r\n\r\n") == .refused("the answer does not start with an HTTP status line"))
        #expect(parse("HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n") == .refused("the answer's Content-Length is not a number"))
        #expect(parse("HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab") == .refused("the answer has two different Content-Length headers"))
        #expect(parse("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n") == .refused("a chunk size is not a hexadecimal number"))
        #expect(parse("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n") == .refused("a chunk does not end where its size says"))
    }

    @Test("sizes past the budget are refused as soon as they are announced or read")
    func budget() {
        #expect(parse("HTTP/1.1 200 OK\r\nContent-Length: 99999999999\r\n\r\n", budget: 1000) == .refused("the answer is larger than 1000 bytes"))
        #expect(parse("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nffffffffffffffffff\r\n", budget: 1000)
                == .refused("a chunk size is not a hexadecimal number"))
        #expect(parse("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n7fffffffffffffff\r\n", budget: 1000) == .refused("the answer is larger than 1000 bytes"))
        let tiny = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n" + String(repeating: "1\r\nx\r\n", count: 1000)
        #expect(parse(tiny, pieces: 1, budget: 4096) == .refused("the answer is larger than 4 KB"))
        #expect(parse("HTTP/1.1 200 OK\r\nX: " + String(repeating: "a", count: 70_000), pieces: 100)
                == .refused("the answer's headers are longer than 64 KB"))
        // Whole within the budget: the bytes after it do not count.
        #expect(parse("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok" + String(repeating: "z", count: 500), budget: 45) == ok(200, "ok"))
    }
}

#if os(Linux)
@Suite("HTTP: the socket client's budgets")
struct SocketBudgetTests {
    /// CPU seconds this thread has used.
    func threadCPU() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    @Test("an answer in 1-byte chunks larger than the budget is refused at the budget, in little CPU")
    func tinyChunksAreRefusedAtTheBudget() throws {
        let server = try StubServer { _, _ in
            .raw { send in
                guard send(Array("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)) else { return }
                let piece = [UInt8](String(repeating: "1\r\nx\r\n", count: 1024).utf8)
                // 1-byte chunks for 1.5 MB of answer (256 KB of body): past a 1 MB budget.
                for _ in 0..<256 { guard send(piece) else { return } }
                _ = send(Array("0\r\n\r\n".utf8))
            }
        }
        defer { server.stop() }
        let cpu = threadCPU(), started = Date()
        let answer = SocketHTTP.send("GET", server.url + "/v1/models", body: nil, timeout: 60, maxBytes: 1 << 20)
        let used = threadCPU() - cpu
        #expect(answer == .failure(.failed("the answer is larger than 1 MB")))
        #expect(used < 1.5, "\(used) s of CPU")
        #expect(Date().timeIntervalSince(started) < 10)
    }

    @Test("an answer trickling a byte at a time is refused at the deadline for the whole exchange")
    func tricklingAnswerTimesOut() throws {
        let server = try StubServer { _, _ in
            .raw { send in
                guard send(Array("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)) else { return }
                for _ in 0..<5000 {
                    guard send(Array("1\r\nx\r\n".utf8)) else { return }
                    usleep(2000)
                }
            }
        }
        defer { server.stop() }
        let cpu = threadCPU(), started = Date()
        #expect(SocketHTTP.send("GET", server.url + "/v1/models", body: nil, timeout: 1) == .failure(.timedOut))
        let elapsed = Date().timeIntervalSince(started)
        #expect(elapsed >= 0.9 && elapsed < 3, "\(elapsed) s")
        #expect(threadCPU() - cpu < 0.5)
    }

    @Test("a server that closes in the middle of an answer is a failure, not a short answer")
    func closedEarly() throws {
        let server = try StubServer { _, _ in .raw { send in _ = send(Array("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{\"data\": [".utf8)) } }
        defer { server.stop() }
        #expect(SocketHTTP.send("GET", server.url + "/v1/models", body: nil, timeout: 5)
                == .failure(.failed("the server closed the connection before the whole answer came")))
    }
}
#endif

@Suite("HTTP: libcurl's budget")
struct CurlBudgetTests {
    @Test("an answer past the budget is refused as it arrives, chunked or not; one within it is whole")
    func refusedPastTheBudget() throws {
        let server = try StubServer { r, _ in
            .raw { send in
                let chunked = r.path == "/chunked"
                let head = chunked ? "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n" : "HTTP/1.1 200 OK\r\nContent-Length: 4000000\r\n\r\n"
                guard send(Array(head.utf8)) else { return }
                // 3.6 MB of body either way: chunks of 6 KB, or one sized body.
                let x = String(repeating: "x", count: 6144)
                let piece = [UInt8]((chunked ? "1800\r\n" + x + "\r\n" : x).utf8)
                for _ in 0..<600 { guard send(piece) else { return } }
                if chunked { _ = send(Array("0\r\n\r\n".utf8)) }
            }
        }
        defer { server.stop() }
        for path in ["/chunked", "/sized"] {
            let started = Date()
            let answer = Curl.send("GET", server.url + path, body: nil, timeout: 30, maxBytes: 1 << 20)
            if case .success(let r) = answer { Issue.record("\(path): \(r.body.count) bytes taken") }
            #expect((try? answer.get()) == nil && answer == .failure(.failed("the answer is larger than 1 MB")), "\(path)")
            #expect(Date().timeIntervalSince(started) < 20)
        }
        let small = try StubServer { _, _ in .json(200, "{\"ok\": true}") }
        defer { small.stop() }
        #expect(Curl.send("GET", small.url + "/", body: nil, timeout: 10, maxBytes: 1 << 20) == .success(HTTP.Response(status: 200, body: Array("{\"ok\": true}".utf8))))
    }
}
