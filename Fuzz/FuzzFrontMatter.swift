import Diagnostics
import Formats

/// Front matter and YAML: any bytes, as a Markdown file of the content folder would be read.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard case .success(let text) = TextFile.decode(bytes, path: "fuzz.md") else { return 0 }
    var log = DiagnosticLog()
    _ = FrontMatter.parse(text, path: "fuzz.md", log: &log)
    _ = YAML.parse(text, path: "fuzz.yml", log: &log)
    return 0
}
