import Foundation

/// This package's checkout: its folder, and the program `swift build` made in it.
public enum PackageFolder {
    /// The folder that holds Package.swift.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    /// The command-line program that `swift build` made beside the tests: debug first, then release.
    public static let executable = [".build/debug/commonsight", ".build/release/commonsight"].map { root + "/" + $0 }
        .first { FileManager.default.isExecutableFile(atPath: $0) } ?? root + "/.build/debug/commonsight"
}
