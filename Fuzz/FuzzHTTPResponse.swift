/// The model client's HTTP answer parser (compiled with Sources/HTTPClient/HTTPResponseParser.swift):
/// any bytes, fed whole, a byte at a time and in chunks of sizes the input picks, give the same
/// outcome; a complete body or a read never exceeds the budget.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for budget in [HTTPResponseParser.maxHead * 2, 300] {
        let whole = outcome(bytes, budget: budget, pieces: [bytes.count])
        check(whole, budget: budget)
        precondition(outcome(bytes, budget: budget, pieces: Array(repeating: 1, count: bytes.count)) == whole, "byte by byte differs")
        // Chunk sizes from the bytes themselves: 1 to 64, then the rest.
        var pieces: [Int] = []
        var left = bytes.count
        var k = 0
        while left > 0 {
            let n = min(left, Int(bytes[k % bytes.count] % 64) + 1)
            pieces.append(n)
            left -= n
            k += 7
        }
        precondition(outcome(bytes, budget: budget, pieces: pieces) == whole, "chunked differs")
    }
    return 0
}

func outcome(_ bytes: [UInt8], budget: Int, pieces: [Int]) -> HTTPResponseParser.Outcome {
    var parser = HTTPResponseParser(maxBytes: budget)
    var at = 0
    for n in pieces {
        let result = parser.feed(Array(bytes[at..<(at + n)]))
        at += n
        precondition(parser.received <= budget, "read past the budget")
        if result != .needMore { return result }
    }
    return parser.finish()
}

func check(_ o: HTTPResponseParser.Outcome, budget: Int) {
    if case .complete(let r) = o {
        precondition(r.body.count <= budget, "a body larger than the budget")
        precondition((100...999).contains(r.status), "a status that is not three digits")
    }
}
