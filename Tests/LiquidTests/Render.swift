import Liquid

/// What `source` renders to with `data`, or nil where it fails.
func render(_ source: String, _ data: Object = Object()) -> String? {
    try? Template(source, path: "t").render(data)
}
