import CCurl
import Foundation
import Glibc

/// One HTTP exchange, waited for: blocking sockets for plain `http://`, libcurl for `https://`.
///
/// A plain `http://` address (what llama.cpp, Ollama and vLLM serve on localhost) is asked with
/// blocking sockets and `poll`, which sleep while they wait: a local model needs every core it can
/// get. `https://` goes through libcurl, which brings TLS; it is opened the first time one is asked
/// (see `Curl`), so that no other command loads it.
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
        return Curl.send(method, address, body: body, timeout: timeout)
    }
}

/// One exchange through libcurl's easy interface, the answer taken within a budget as it arrives.
enum Curl {
    /// libcurl's functions, looked up once; nil when it is not installed.
    nonisolated(unsafe) static let library: cs_curl? = {
        var c = cs_curl()
        return cs_curl_open(&c) != 0 ? c : nil
    }()

    /// What the answer's bytes go into, with the budget they must stay within.
    final class Answer {
        let maxBytes: Int
        var bytes: [UInt8] = []
        var over = false
        init(maxBytes: Int) { self.maxBytes = maxBytes }
    }

    /// libcurl's write callback: the bytes arrived, kept while within the budget; past it, the
    /// transfer stops here (libcurl then reports a write error).
    static let take: cs_curl_write = { data, size, count, context in
        guard let data, let context else { return 0 }
        let answer = Unmanaged<Answer>.fromOpaque(context).takeUnretainedValue()
        let n = size * count
        guard answer.bytes.count + n <= answer.maxBytes else {
            answer.over = true
            return 0
        }
        answer.bytes.append(contentsOf: UnsafeRawBufferPointer(start: data, count: n))
        return n
    }

    static func send(_ method: String, _ address: String, body: [UInt8]?, timeout: Double, maxBytes: Int = HTTP.maxBody) -> Result<HTTP.Response, HTTP.Failure> {
        let scheme = address.prefix { $0 != ":" }.lowercased()
        guard scheme == "https" || scheme == "http", URL(string: address)?.host != nil else { return .failure(.failed("bad URL \(address)")) }
        guard let curl = library else {
            return .failure(.failed("https:// needs libcurl, which is not installed (Debian: apt-get install libcurl4)"))
        }
        guard let handle = curl.easy_init() else { return .failure(.failed("libcurl could not begin a request")) }
        defer { curl.easy_cleanup(handle) }
        let answer = Answer(maxBytes: maxBytes)
        var headers: UnsafeMutableRawPointer?
        defer { if let headers { curl.slist_free_all(headers) } }
        for line in ["Accept: application/json"] + (body == nil ? [] : ["Content-Type: application/json"]) {
            headers = curl.slist_append(headers, line)
        }
        var c = curl
        // The C strings and the body stay where libcurl was told they are until the exchange is over.
        let url = strdup(address), verb = strdup(method), agent = strdup("commonsight")
        let payload = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(body?.count ?? 0, 1))
        // Where libcurl writes what went wrong, in more words than its error code's.
        let why = UnsafeMutablePointer<CChar>.allocate(capacity: CS_CURL_ERROR_SIZE)
        why.initialize(repeating: 0, count: CS_CURL_ERROR_SIZE)
        defer {
            free(url)
            free(verb)
            free(agent)
            payload.deallocate()
            why.deallocate()
        }
        if let body { _ = payload.initialize(from: body) }
        var failed = url == nil || verb == nil || agent == nil
        func set(_ option: Int, _ value: Int) { failed = failed || cs_curl_set_long(&c, handle, Int32(option), value) != 0 }
        func set(_ option: Int, pointer: UnsafeRawPointer?) { failed = failed || cs_curl_set_pointer(&c, handle, Int32(option), pointer) != 0 }
        set(CS_CURLOPT_URL, pointer: url)
        set(CS_CURLOPT_ERRORBUFFER, pointer: why)
        set(CS_CURLOPT_NOSIGNAL, 1)
        set(CS_CURLOPT_PROTOCOLS, CS_CURLPROTO_HTTP | CS_CURLPROTO_HTTPS)
        // A redirect is followed only to another https:// address (never down to plain http).
        set(CS_CURLOPT_FOLLOWLOCATION, 1)
        set(CS_CURLOPT_MAXREDIRS, 5)
        set(CS_CURLOPT_REDIR_PROTOCOLS, CS_CURLPROTO_HTTPS)
        let milliseconds = Int(min(max(timeout, 0.001), 86_400) * 1000)
        set(CS_CURLOPT_TIMEOUT_MS, milliseconds)
        set(CS_CURLOPT_CONNECTTIMEOUT_MS, milliseconds)
        set(CS_CURLOPT_USERAGENT, pointer: agent)
        set(CS_CURLOPT_HTTPHEADER, pointer: headers)
        if let body {
            set(CS_CURLOPT_POSTFIELDS, pointer: payload.baseAddress)
            failed = failed || cs_curl_set_size(&c, handle, Int32(CS_CURLOPT_POSTFIELDSIZE_LARGE), Int64(body.count)) != 0
            if method != "POST" { set(CS_CURLOPT_CUSTOMREQUEST, pointer: verb) }
        } else {
            set(CS_CURLOPT_HTTPGET, 1)
            if method != "GET" { set(CS_CURLOPT_CUSTOMREQUEST, pointer: verb) }
        }
        failed = failed || cs_curl_set_writer(&c, handle, Curl.take) != 0
        set(CS_CURLOPT_WRITEDATA, pointer: Unmanaged.passUnretained(answer).toOpaque())
        if failed { return .failure(.failed("libcurl refused the request's settings")) }
        let code = withExtendedLifetime(answer) { curl.easy_perform(handle) }
        if answer.over { return .failure(.failed("the answer is larger than \(HTTPResponseParser.size(maxBytes))")) }
        switch code {
        case 0:
            var status = 0
            guard cs_curl_get_long(&c, handle, Int32(CS_CURLINFO_RESPONSE_CODE), &status) == 0, status > 0 else { return .failure(.failed("no HTTP answer")) }
            return .success(HTTP.Response(status: status, body: answer.bytes))
        case Int32(CS_CURLE_COULDNT_RESOLVE_HOST): return .failure(.unreachable("host not found"))
        case Int32(CS_CURLE_COULDNT_CONNECT): return .failure(.unreachable("connection refused"))
        case Int32(CS_CURLE_OPERATION_TIMEDOUT): return .failure(.timedOut)
        default:
            let told = String(cString: why)
            return .failure(.failed(!told.isEmpty ? told : curl.easy_strerror(code).map { String(cString: $0) } ?? "libcurl error \(code)"))
        }
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
