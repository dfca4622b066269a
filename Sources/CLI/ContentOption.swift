/// `--content DIR`, the content folder: declared once for every command that reads it.
enum ContentOption {
    static let option = Option("content", "DIR", "the content folder (default: content)")

    /// The content folder `--content` names (else `content`), resolved against the working folder.
    static func folder(_ parsed: Arguments, console: Console) -> String {
        console.resolve(parsed.value("content") ?? "content")
    }
}
