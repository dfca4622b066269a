import Foundation
import Testing
import TestSupport
@testable import HTTPClient

@Suite("HTTP: the socket client and libcurl")
struct TransportTests {
    @Test("both read an answer, a refused connection is unreachable, and a silent server times out")
    func transports() throws {
        let server = try StubServer { r, _ in r.path == "/slow" ? .hang(10) : .json(201, "{\"echo\": \(r.body.count)}") }
        defer { server.stop() }
        let port = try StubServer.closedPort()
        let sends: [(String, String, [UInt8]?, Double) -> Result<HTTP.Response, HTTP.Failure>] = [
            { HTTP.send($0, $1, body: $2, timeout: $3) }, { Curl.send($0, $1, body: $2, timeout: $3) },
        ]
        for send in sends {
            let answer = send("POST", server.url + "/x", Array("{\"a\": 1}".utf8), 5)
            #expect(answer == .success(HTTP.Response(status: 201, body: Array("{\"echo\": 8}".utf8))))
            #expect(send("GET", "http://127.0.0.1:\(port)/", nil, 5) == .failure(.unreachable("connection refused")))
            let started = Date()
            #expect(send("GET", server.url + "/slow", nil, 1) == .failure(.timedOut))
            #expect(Date().timeIntervalSince(started) < 9)
        }
    }

    @Test("an https:// address goes through libcurl: a closed port is unreachable, a missing host is not found, a server without TLS gives no answer")
    func https() throws {
        let port = try StubServer.closedPort()
        #expect(HTTP.send("GET", "https://127.0.0.1:\(port)/v1/models", body: nil, timeout: 5) == .failure(.unreachable("connection refused")))
        // `.invalid` names no host anywhere (RFC 2606); a machine whose name servers cannot be reached waits for them.
        let nowhere = HTTP.send("GET", "https://commonsight.invalid/v1/models", body: nil, timeout: 5)
        #expect(nowhere == .failure(.unreachable("host not found")) || nowhere == .failure(.timedOut), "\(nowhere)")
        let server = try StubServer { _, _ in .json(200, "{}") }
        defer { server.stop() }
        // It waits for a request the TLS greeting is not, and the exchange ends at its deadline.
        let plain = HTTP.send("POST", server.url.replacingOccurrences(of: "http://", with: "https://") + "/x", body: [0x7B, 0x7D], timeout: 2)
        #expect((try? plain.get()) == nil, "a server without TLS answered: \(plain)")
    }

    @Test("an address that is neither http:// nor https:// is refused before anything is sent")
    func otherSchemes() {
        for address in ["ftp://example.org/x", "file:///etc/passwd", "gopher://x", "https://"] {
            #expect(HTTP.send("GET", address, body: nil, timeout: 5) == .failure(.failed("bad URL \(address)")), "\(address)")
        }
    }

}
