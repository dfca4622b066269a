import Foundation
import Parallelism
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Glibc

/// One HTTP exchange, waited for: URLSession, except for plain `http://` on Linux.
///
/// On Linux, swift-corelibs-foundation's URLSession keeps a core busy while it waits for an answer
/// (about 4,000 wake-ups a second: measured 6 s of CPU in an 8 s wait), and a local model needs
/// every core it can get. So a plain `http://` address (what llama.cpp, Ollama and vLLM serve on
/// localhost) is asked with blocking sockets and `poll`, which sleep while they wait; `https://`
/// goes through URLSession, which brings TLS.
public enum HTTP {
    public typealias Response = HTTPResponse

    public enum Failure: Error, Equatable, Sendable {
        case unreachable(String)
        case timedOut
        case failed(String)
    }

    /// Answers bigger than this are refused (for the socket client, counted as they travel: heads and chunk sizes too).
    public static let maxBody = 8 * 1024 * 1024

    public static func send(_ method: String, _ address: String, body: [UInt8]?, timeout: Double) -> Result<Response, Failure> {
        #if os(Linux)
        if address.lowercased().hasPrefix("http://") { return SocketHTTP.send(method, address, body: body, timeout: timeout) }
        #endif
        return viaURLSession(method, address, body: body, timeout: timeout)
    }

    static func viaURLSession(_ method: String, _ address: String, body: [UInt8]?, timeout: Double, maxBytes: Int = maxBody) -> Result<Response, Failure> {
        guard let url = URL(string: address) else { return .failure(.failed("bad URL \(address)")) }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let receiver = BudgetedReceiver(maxBytes: maxBytes)
        let session = URLSession(configuration: configuration, delegate: receiver, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let body {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(body)
        }
        let task = session.dataTask(with: request)
        task.resume()
        if receiver.done.wait(timeout: .now() + timeout + 5) == .timedOut {
            task.cancel()
            return .failure(.timedOut)
        }
        return receiver.outcome.value ?? .failure(.failed("no answer"))
    }

    static func classify(_ error: Error) -> Failure {
        let ns = error as NSError
        if ns.domain == NSURLErrorDomain {
            switch ns.code {
            case NSURLErrorTimedOut: return .timedOut
            case NSURLErrorCannotConnectToHost: return .unreachable("connection refused")
            case NSURLErrorCannotFindHost, NSURLErrorDNSLookupFailed: return .unreachable("host not found")
            case NSURLErrorNotConnectedToInternet: return .unreachable("no network")
            case NSURLErrorNetworkConnectionLost: return .failed("the connection was lost")
            default: break
            }
        }
        let text = ns.localizedDescription.split(whereSeparator: \.isNewline).first.map(String.init) ?? "error \(ns.code)"
        return .failed(text)
    }
}

/// An answer's bytes as URLSession hands them over; past `maxBytes` the task is cancelled then and
/// there, instead of the whole answer being held first.
final class BudgetedReceiver: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    let maxBytes: Int
    let done = DispatchSemaphore(value: 0)
    let body = Locked<[UInt8]>([])
    let outcome = Locked<Result<HTTP.Response, HTTP.Failure>?>(nil)

    init(maxBytes: Int) {
        self.maxBytes = maxBytes
    }

    func refuse(_ task: URLSessionTask) {
        outcome.withLock { $0 = $0 ?? .failure(.failed("the answer is larger than \(HTTPResponseParser.size(maxBytes))")) }
        body.withLock { $0 = [] }
        task.cancel()
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let over = body.withLock { bytes -> Bool in
            guard bytes.count + data.count <= maxBytes else { return true }
            bytes.append(contentsOf: data)
            return false
        }
        if over { refuse(dataTask) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        let bytes = body.value
        let status = (task.response as? HTTPURLResponse)?.statusCode
        outcome.withLock { result in
            guard result == nil else { return }
            if let error {
                result = .failure(HTTP.classify(error))
            } else if let status {
                result = .success(HTTP.Response(status: status, body: bytes))
            } else {
                result = .failure(.failed("no HTTP answer"))
            }
        }
        done.signal()
    }
}

#if os(Linux)
/// HTTP/1.1 over a blocking socket: one request, `Connection: close`, Content-Length or chunked answers.
enum SocketHTTP {
    static func send(_ method: String, _ address: String, body: [UInt8]?, timeout: Double, maxBytes: Int = HTTP.maxBody) -> Result<HTTP.Response, HTTP.Failure> {
        guard let url = URL(string: address), let host = url.host, !host.isEmpty else { return .failure(.failed("bad URL \(address)")) }
        let port = url.port ?? 80
        var path = url.path.isEmpty ? "/" : url.path
        if let query = url.query { path += "?" + query }
        let deadline = Date().addingTimeInterval(timeout)
        let fd: Int32
        switch connect(host: host, port: port, deadline: deadline) {
        case .failure(let f): return .failure(f)
        case .success(let s): fd = s
        }
        defer { close(fd) }
        let hostHeader = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        var head = "\(method) \(path) HTTP/1.1\r\nHost: \(hostHeader)\r\nAccept: application/json\r\nConnection: close\r\nUser-Agent: commonsight\r\n"
        if let body { head += "Content-Type: application/json\r\nContent-Length: \(body.count)\r\n" }
        head += "\r\n"
        let request = Array(head.utf8) + (body ?? [])
        var sent = 0
        while sent < request.count {
            guard wait(fd, for: Int16(POLLOUT), until: deadline) else { return .failure(.timedOut) }
            let n = request[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return .failure(.failed("the connection was lost (\(String(cString: strerror(errno))))"))
            }
            sent += n
        }
        // Each byte is read once, as it comes; the deadline is for the whole exchange, not each read.
        var parser = HTTPResponseParser(maxBytes: maxBytes)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            guard wait(fd, for: Int16(POLLIN), until: deadline) else { return .failure(.timedOut) }
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return .failure(.failed("the connection was lost (\(String(cString: strerror(errno))))"))
            }
            let outcome = n == 0 ? parser.finish() : buffer.withUnsafeBufferPointer { parser.feed(UnsafeBufferPointer(rebasing: $0[0..<n])) }
            switch outcome {
            case .needMore: continue
            // Done as soon as the answer is whole (some servers keep the socket open).
            case .complete(let response): return .success(response)
            case .refused(let why): return .failure(.failed(why))
            }
        }
    }

    /// A connected socket, trying each address of `host` in turn.
    static func connect(host: String, port: Int, deadline: Date) -> Result<Int32, HTTP.Failure> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else { return .failure(.unreachable("host not found")) }
        defer { freeaddrinfo(first) }
        var failure = HTTP.Failure.unreachable("connection refused")
        var next: UnsafeMutablePointer<addrinfo>? = first
        while let info = next {
            next = info.pointee.ai_next
            let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            guard fd >= 0 else { continue }
            let flags = fcntl(fd, F_GETFL, 0)
            _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
            var result = Glibc.connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen)
            if result != 0 && errno == EINPROGRESS {
                guard wait(fd, for: Int16(POLLOUT), until: deadline) else {
                    close(fd)
                    return .failure(.timedOut)
                }
                var error: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
                result = error == 0 ? 0 : -1
                errno = error
            }
            if result == 0 { return .success(fd) }
            failure = errno == ECONNREFUSED ? .unreachable("connection refused")
                : errno == ENETUNREACH || errno == EHOSTUNREACH ? .unreachable("no route to host")
                : .unreachable(String(cString: strerror(errno)))
            close(fd)
        }
        return .failure(failure)
    }

    /// Waits until `fd` is ready for `events`, or the deadline passes (false).
    static func wait(_ fd: Int32, for events: Int16, until deadline: Date) -> Bool {
        while true {
            let left = deadline.timeIntervalSinceNow
            if left <= 0 { return false }
            var p = pollfd(fd: fd, events: events, revents: 0)
            let n = poll(&p, 1, Int32(min(left * 1000, 60_000).rounded(.up)))
            if n > 0 { return true }
            if n < 0 && errno != EINTR { return true }  // the next read or write reports the error
        }
    }
}
#endif
