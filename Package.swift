// swift-tools-version:6.0
import PackageDescription

/// CommonSight Press: a static site generator for neighborhood digests.
/// No outside packages: C libraries come from Debian through system library targets.
let package = Package(
    name: "commonsight",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "commonsight", targets: ["commonsight"]),
    ],
    targets: [
        .systemLibrary(name: "CYAML", path: "Sources/CYAML", pkgConfig: "yaml-0.1",
                       providers: [.apt(["libyaml-dev"])]),
        .systemLibrary(name: "CCmarkGFM", path: "Sources/CCmarkGFM", pkgConfig: "libcmark-gfm",
                       providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]),

        .systemLibrary(name: "CQRencode", path: "Sources/CQRencode", pkgConfig: "libqrencode",
                       providers: [.apt(["libqrencode-dev"])]),
        .systemLibrary(name: "CXXHash", path: "Sources/CXXHash", pkgConfig: "libxxhash",
                       providers: [.apt(["libxxhash-dev"])]),

        .target(name: "Diagnostics"),
        .target(name: "Fingerprint", dependencies: ["CXXHash"]),
        .target(name: "Parallelism"),
        .target(name: "Redaction"),
        .target(name: "Escaping"),
        .target(name: "DayCount"),
        .target(name: "CivilTime", dependencies: ["DayCount"]),
        .target(name: "QRCode", dependencies: ["CQRencode", "Escaping"]),
        .target(name: "Formats", dependencies: ["Diagnostics", "Geo", "CYAML"]),
        .target(name: "Markdown", dependencies: ["CCmarkGFM"]),
        .target(name: "Liquid", dependencies: ["DayCount"]),
        .target(name: "LiquidFiles", dependencies: ["Liquid", "Formats"]),
        .target(name: "Geo"),
        .target(name: "Maps", dependencies: ["Geo", "Escaping"]),
        .target(name: "Loading", dependencies: ["CivilTime", "Diagnostics", "Formats", "Geo", "Fingerprint", "DayCount", "Parallelism", "Redaction"]),
        .target(name: "Assembly", dependencies: ["CivilTime", "Loading", "Geo", "Formats"]),
        .target(name: "Rendering", dependencies: ["CivilTime", "Assembly", "Loading", "Liquid", "Markdown", "Diagnostics", "Formats", "Geo", "Maps", "QRCode", "Output", "Fingerprint", "Parallelism", "Escaping"]),
        .target(name: "Output", dependencies: ["Diagnostics", "Fingerprint", "Parallelism"]),
        .target(name: "Serve", dependencies: ["Parallelism", "Escaping"]),
        .target(name: "Build", dependencies: ["CivilTime", "Loading", "Assembly", "Rendering", "Output", "Diagnostics", "Fingerprint"]),
        .target(name: "CLI", dependencies: ["CivilTime", "Diagnostics", "Formats", "Loading", "Geo", "Markdown", "Liquid", "LiquidFiles", "Build", "Output", "Fingerprint", "Serve", "Escaping"]),
        .executableTarget(name: "commonsight", dependencies: ["CLI"]),
        .executableTarget(name: "commonsight-bench", dependencies: ["Maps", "Geo"]),

        .testTarget(name: "FormatsTests", dependencies: ["Formats", "Diagnostics"]),
        .testTarget(name: "GeoTests", dependencies: ["Geo"]),
        .testTarget(name: "MapsTests", dependencies: ["Maps", "Geo", "QRCode"]),
        .testTarget(name: "MarkdownTests", dependencies: ["Markdown"]),
        .testTarget(name: "LoadingTests", dependencies: ["CivilTime", "Loading", "Diagnostics", "Formats", "Geo"]),
        .testTarget(name: "CLITests", dependencies: ["CivilTime", "CLI", "Diagnostics", "Loading"]),
        .testTarget(name: "BuildTests", dependencies: ["CivilTime", "Build", "CLI", "Loading", "Assembly", "Rendering", "Output", "Diagnostics", "Liquid"]),
        .testTarget(name: "ServeTests", dependencies: ["Serve"]),
        .testTarget(name: "RedactionTests", dependencies: ["Redaction"]),
        .testTarget(name: "EscapingTests", dependencies: ["Escaping"]),
        .testTarget(name: "CivilTimeTests", dependencies: ["CivilTime"]),
        .testTarget(name: "OutputTests", dependencies: ["Output", "Fingerprint"]),
        .testTarget(name: "LiquidTests", dependencies: ["Liquid", "LiquidFiles", "Formats", "Markdown", "Diagnostics"],
                    resources: [.copy("Cases")]),
    ],
    swiftLanguageModes: [.v6]
)
