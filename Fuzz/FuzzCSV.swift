import Diagnostics
import Formats

/// CSV: any bytes, as `observations.csv`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard case .success(let text) = TextFile.decode(bytes, path: "fuzz.csv") else { return 0 }
    var log = DiagnosticLog()
    _ = CSVTable.parse(text, path: "fuzz.csv", log: &log)
    return 0
}
