import Foundation

/// The default theme, built into the program from the repository's `templates/` folder (see the
/// EmbedTheme plugin): what a build uses when no templates folder is given or found.
public enum DefaultTheme {
    /// Every file of the theme, by path inside it (`pages/story.md`), sorted by path.
    public static let files: [(path: String, bytes: [UInt8])] = packed.map { file in
        (file.path, Data(base64Encoded: file.base64).map { [UInt8]($0) } ?? [])
    }
}
