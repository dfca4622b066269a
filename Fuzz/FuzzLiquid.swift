import Liquid

/// Liquid: any bytes as a template, parsed and rendered with fixed data, partials and tight limits.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let source = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    var environment = Environment(
        partials: { name throws(LiquidError) in
            name == "loop" ? try Template("{% include 'loop' %}", path: "loop") : try Template("{{ x | upcase }}", path: name)
        },
        escaping: size % 3 == 0 ? .html : (size % 3 == 1 ? .markdown : Escaping.none),
        filters: JekyllFilters.filters(relativeBase: "../", absoluteBase: "https://example.org/", markdown: { $0 }))
    environment.limits.iterations = 20_000
    environment.limits.outputBytes = 1 << 20
    environment.limits.depth = 20
    let data = Object([("x", "a<b>\"c\""), ("n", 3), ("list", [1, "two", 3.5, nil as Value? ?? .nil, ["k": "v"]]),
                       ("obj", ["a": ["b": "c"]]), ("d", "2026-11-29T10:00:00-05:00")])
    guard let template = try? Template(source, path: "fuzz.liquid", htmlContext: size % 2 == 0) else { return 0 }
    _ = try? template.render(data, environment: environment)
    return 0
}
