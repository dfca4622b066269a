import Foundation
import Testing
import TestSupport
@testable import HTTPClient

@Suite("HTTP: the socket client and URLSession")
struct TransportTests {
    @Test("both read an answer, a refused connection is unreachable, and a silent server times out")
    func transports() throws {
        let server = try StubServer { r, _ in r.path == "/slow" ? .hang(10) : .json(201, "{\"echo\": \(r.body.count)}") }
        defer { server.stop() }
        let port = try StubServer.closedPort()
        let sends: [(String, String, [UInt8]?, Double) -> Result<HTTP.Response, HTTP.Failure>] = [
            { HTTP.send($0, $1, body: $2, timeout: $3) }, { HTTP.viaURLSession($0, $1, body: $2, timeout: $3) },
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

}
