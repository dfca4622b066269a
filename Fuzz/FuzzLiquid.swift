import Liquid

/// Liquid: any bytes as a template, parsed and rendered with fixed data, partials and tight limits
/// (iterations, output, the size of one value and of all values together), so a hostile template
/// can only end in an error: never a trap, a hang or an allocation beyond the budgets.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let source = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    var environment = Environment(
        partials: { name throws(LiquidError) in
            switch name {
            case "loop": return try Template("{% include 'loop' %}", path: "loop")
            case "grow": return try Template("{% assign g = g | append: g | append: x %}{{ g | size }}", path: "grow")
            default: return try Template("{{ x | upcase }}{% increment n %}", path: name)
            }
        },
        escaping: size % 3 == 0 ? .html : (size % 3 == 1 ? .markdown : Escaping.none),
        filters: JekyllFilters.filters(relativeBase: "../", absoluteBase: "https://example.org/", markdown: { $0 }))
    environment.limits.iterations = 20_000
    environment.limits.outputBytes = 1 << 20
    environment.limits.valueBytes = 1 << 20
    environment.limits.totalValueBytes = 16 << 20
    environment.limits.depth = 20
    let data = Object([("x", "a<b>\"c\" é\r\n"), ("n", 3), ("big", .int(Int.max)), ("small", .int(Int.min)), ("f", 0.333),
                       ("inf", .float(.infinity)), ("list", [1, "two", 3.5, nil as Value? ?? .nil, ["k": "v"]]),
                       ("range", .range(1, 1_000_000_000)), ("obj", ["a": ["b": "c"]]), ("d", "2026-11-29T10:00:00-05:00")])
    guard let template = try? Template(source, path: "fuzz.liquid", htmlContext: size % 2 == 0) else { return 0 }
    _ = try? template.render(data, environment: environment)
    return 0
}
