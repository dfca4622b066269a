/// A model server's answer: its status and its body, decoded from chunks if it came in chunks.
public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    public var body: [UInt8]

    public init(status: Int, body: [UInt8]) {
        self.status = status
        self.body = body
    }
}

/// An HTTP/1.1 answer read as its bytes arrive, each byte looked at once, within a size budget.
///
/// Fed in any chunking, the same bytes give the same outcome. Only the standard library: the fuzz
/// build compiles this file alone.
struct HTTPResponseParser {
    enum Outcome: Equatable {
        case needMore
        case complete(HTTPResponse)
        case refused(String)
    }

    /// Longest status line and header block, and longest chunk-size or trailer line.
    static let maxHead = 65_536
    static let maxLine = 4_096

    /// Bytes of the whole answer as it travels (heads, chunk sizes and body) that are refused.
    let maxBytes: Int
    private(set) var outcome: Outcome = .needMore
    /// Bytes fed so far.
    private(set) var received = 0

    private enum Stage {
        /// Reading a status line and headers, up to the blank line.
        case head
        /// `remaining` bytes of a Content-Length body.
        case sized(remaining: Int)
        /// A chunk's size line.
        case chunkSize
        /// `remaining` bytes of a chunk's data.
        case chunkData(remaining: Int)
        /// The CRLF after a chunk's data: how many of its two bytes have come.
        case chunkEnd(seen: Int)
        /// Trailer lines after the last chunk, up to a blank line.
        case trailers
        /// Everything until the server closes (no length, not chunked).
        case untilClose
    }

    private var stage = Stage.head
    private var status = 0
    private var body: [UInt8] = []
    /// The head or the current line so far.
    private var line: [UInt8] = []
    /// Bytes of the whole head so far (all its lines).
    private var headBytes = 0
    private var headLines: [[UInt8]] = []

    init(maxBytes: Int) {
        self.maxBytes = maxBytes
    }

    /// Reads `bytes`; the outcome once the answer is whole or refused (later bytes are ignored).
    @discardableResult
    mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>) -> Outcome {
        guard outcome == .needMore else { return outcome }
        // Only the bytes within the budget are read: an answer whole before it ends is whole.
        let allowed = min(bytes.count, maxBytes - received)
        var i = 0
        defer { received += i }
        while i < allowed, outcome == .needMore {
            switch stage {
            case .head:
                let b = bytes[i]
                i += 1
                headBytes += 1
                if headBytes > Self.maxHead { return refuse("the answer's headers are longer than \(Self.size(Self.maxHead))") }
                guard let ended = lineEnded(by: b) else { continue }
                if ended.isEmpty, !headLines.isEmpty {
                    endHead()
                } else if !ended.isEmpty {
                    headLines.append(ended)
                }
            case .sized(let remaining):
                let n = min(remaining, allowed - i)
                body.append(contentsOf: bytes[i..<(i + n)])
                i += n
                if remaining == n { finishBody() } else { stage = .sized(remaining: remaining - n) }
            case .untilClose:
                body.append(contentsOf: bytes[i..<allowed])
                i = allowed
            case .chunkSize:
                let b = bytes[i]
                i += 1
                if b == 0x0A {
                    chunkSizeLine()
                } else {
                    line.append(b)
                    if line.count > Self.maxLine { return refuse("a chunk size line is longer than \(Self.size(Self.maxLine))") }
                }
            case .chunkData(let remaining):
                let n = min(remaining, allowed - i)
                body.append(contentsOf: bytes[i..<(i + n)])
                i += n
                stage = remaining == n ? .chunkEnd(seen: 0) : .chunkData(remaining: remaining - n)
            case .chunkEnd(let seen):
                let b = bytes[i]
                i += 1
                if seen == 0 && b == 0x0D {
                    stage = .chunkEnd(seen: 1)
                } else if b == 0x0A {
                    stage = .chunkSize
                } else {
                    return refuse("a chunk does not end where its size says")
                }
            case .trailers:
                let b = bytes[i]
                i += 1
                headBytes += 1
                if headBytes > Self.maxHead { return refuse("the answer's trailers are longer than \(Self.size(Self.maxHead))") }
                if lineEnded(by: b)?.isEmpty == true { finishBody() }
            }
        }
        if outcome == .needMore, allowed < bytes.count { return refuse("the answer is larger than \(Self.size(maxBytes))") }
        return outcome
    }

    @discardableResult
    mutating func feed(_ bytes: [UInt8]) -> Outcome {
        bytes.withUnsafeBufferPointer { feed($0) }
    }

    /// The server closed the connection: an answer read to its close is whole; any other one is not.
    @discardableResult
    mutating func finish() -> Outcome {
        guard outcome == .needMore else { return outcome }
        switch stage {
        case .untilClose:
            finishBody()
        case .trailers:
            // The last chunk came: the body is whole even if the final blank line did not.
            finishBody()
        case .head:
            outcome = .refused(received == 0 ? "the server closed the connection without answering" : "the server closed the connection in the middle of the answer's headers")
        case .sized, .chunkSize, .chunkData, .chunkEnd:
            outcome = .refused("the server closed the connection before the whole answer came")
        }
        return outcome
    }

    /// Adds a byte of the headers or trailers to the current line: the line without its CR once the
    /// byte ends it (LF), else nil.
    private mutating func lineEnded(by b: UInt8) -> [UInt8]? {
        guard b == 0x0A else {
            line.append(b)
            return nil
        }
        if line.last == 0x0D { line.removeLast() }
        defer { line.removeAll(keepingCapacity: true) }
        return line
    }

    private mutating func refuse(_ why: String) -> Outcome {
        outcome = .refused(why)
        body = []
        line = []
        return outcome
    }

    private mutating func finishBody() {
        outcome = .complete(HTTPResponse(status: status, body: body))
    }

    /// The blank line after the headers: what the status and headers say comes next.
    private mutating func endHead() {
        let statusLine = headLines[0]
        let parts = statusLine.split(separator: 0x20, omittingEmptySubsequences: true)
        guard parts.count >= 2, parts[0].starts(with: Array("HTTP/".utf8)), parts[1].count == 3,
              let code = Self.decimal(parts[1]), code >= 100 else {
            _ = refuse("the answer does not start with an HTTP status line")
            return
        }
        var length: Int?
        var chunked = false
        for header in headLines.dropFirst() {
            guard let colon = header.firstIndex(of: 0x3A) else { continue }
            let name = Self.lowercased(Self.trimmed(header[..<colon]))
            let value = Self.trimmed(header[(colon + 1)...])
            if name == Array("content-length".utf8) {
                guard let n = Self.decimal(value) else {
                    _ = refuse("the answer's Content-Length is not a number")
                    return
                }
                if let earlier = length, earlier != n {
                    _ = refuse("the answer has two different Content-Length headers")
                    return
                }
                length = n
            } else if name == Array("transfer-encoding".utf8) {
                let lower = Self.lowercased(value)
                if lower.split(separator: 0x2C).contains(where: { Self.trimmed($0).elementsEqual("chunked".utf8) }) { chunked = true }
            }
        }
        headLines.removeAll()
        line.removeAll(keepingCapacity: true)
        // "100 Continue" and other interim answers: the real one follows.
        if (100..<200).contains(code) && code != 101 {
            stage = .head
            return
        }
        status = code
        if code == 101 || code == 204 || code == 304 {
            finishBody()
        } else if chunked {
            stage = .chunkSize
        } else if let length {
            if length > maxBytes {
                _ = refuse("the answer is larger than \(Self.size(maxBytes))")
            } else if length == 0 {
                finishBody()
            } else {
                body.reserveCapacity(length)
                stage = .sized(remaining: length)
            }
        } else {
            stage = .untilClose
        }
    }

    /// A chunk's size line (`1a`, `1a;name=value`), ended by LF.
    private mutating func chunkSizeLine() {
        if line.last == 0x0D { line.removeLast() }
        let sizeText = Self.trimmed(line.split(separator: 0x3B, maxSplits: 1, omittingEmptySubsequences: false).first ?? [])
        line.removeAll(keepingCapacity: true)
        guard !sizeText.isEmpty, sizeText.count <= 16 else {
            _ = refuse("a chunk size is not a hexadecimal number")
            return
        }
        var size = 0
        for b in sizeText {
            guard let digit = Self.hexDigit(b) else {
                _ = refuse("a chunk size is not a hexadecimal number")
                return
            }
            size = size &* 16 &+ digit
            if size > maxBytes || size < 0 {
                _ = refuse("the answer is larger than \(Self.size(maxBytes))")
                return
            }
        }
        if size == 0 {
            headBytes = 0
            stage = .trailers
        } else if body.count + size > maxBytes {
            _ = refuse("the answer is larger than \(Self.size(maxBytes))")
        } else {
            stage = .chunkData(remaining: size)
        }
    }

    static func size(_ bytes: Int) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MB" : bytes >= 1 << 10 && bytes % (1 << 10) == 0 ? "\(bytes >> 10) KB" : "\(bytes) bytes"
    }

    static func hexDigit(_ b: UInt8) -> Int? {
        switch b {
        case 0x30...0x39: return Int(b - 0x30)
        case 0x41...0x46: return Int(b - 0x41 + 10)
        case 0x61...0x66: return Int(b - 0x61 + 10)
        default: return nil
        }
    }

    /// A run of 1 to 18 ASCII digits as a number.
    static func decimal<C: Collection<UInt8>>(_ digits: C) -> Int? {
        guard !digits.isEmpty, digits.count <= 18 else { return nil }
        var n = 0
        for b in digits {
            guard b >= 0x30 && b <= 0x39 else { return nil }
            n = n * 10 + Int(b - 0x30)
        }
        return n
    }

    static func trimmed<C: BidirectionalCollection<UInt8>>(_ s: C) -> C.SubSequence {
        var part = s[...]
        while let f = part.first, f == 0x20 || f == 0x09 { part = part.dropFirst() }
        while let l = part.last, l == 0x20 || l == 0x09 { part = part.dropLast() }
        return part
    }

    static func lowercased<C: Collection<UInt8>>(_ s: C) -> [UInt8] {
        s.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
    }
}
