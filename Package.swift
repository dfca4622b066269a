// swift-tools-version:6.0
import PackageDescription

/// CommonSight Press: a static site generator for neighborhood digests.
/// No outside packages: C libraries come from Debian through system library targets.
/// Linux only (Debian 12): the code calls Glibc, inotify and /proc/self/exe, and no other platform
/// is built or tested, so none is declared.
let package = Package(
    name: "commonsight",
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
        .systemLibrary(name: "CDeflate", path: "Sources/CDeflate", pkgConfig: "libdeflate",
                       providers: [.apt(["libdeflate-dev"])]),
        /// libcurl, opened only when an `https://` model is asked (not linked: see its shim.h).
        .systemLibrary(name: "CCurl", path: "Sources/CCurl"),

        .target(name: "Diagnostics"),
        /// Atomic writes, reads that stay inside a folder, real paths and the advisory lock: Glibc only.
        .target(name: "FileSystem"),
        .target(name: "Fingerprint", dependencies: ["CXXHash", "FileSystem"]),
        .target(name: "Parallelism"),
        .target(name: "Sharding"),
        .target(name: "Redaction"),
        .target(name: "Escaping"),
        .target(name: "CivilTime"),
        .target(name: "QRCode", dependencies: ["CQRencode", "Escaping"]),
        .target(name: "Raster", dependencies: ["CDeflate"]),
        .target(name: "Formats", dependencies: ["Diagnostics", "Escaping", "Geo", "CYAML"]),
        .target(name: "Markdown", dependencies: ["CCmarkGFM", "Escaping"]),
        .target(name: "Liquid", dependencies: ["CivilTime", "Escaping"]),
        .target(name: "LiquidFiles", dependencies: ["Liquid", "Formats", "Parallelism"]),
        .target(name: "Geo"),
        .target(name: "Maps", dependencies: ["Geo", "Escaping"]),
        .target(name: "Mail", dependencies: ["Fingerprint"]),
        .target(name: "Narration", dependencies: ["Fingerprint", "FileSystem", "Processes"]),
        .target(name: "Processes"),
        /// One item's fields (front matter, CSV row, GeoJSON properties, site.yml) read as checked, typed values.
        .target(name: "ContentFields", dependencies: ["Diagnostics", "Formats", "Geo", "Markdown", "Redaction"]),
        .target(name: "Loading", dependencies: ["CivilTime", "ContentFields", "Diagnostics", "FileSystem", "Formats", "Geo", "Fingerprint", "Output", "Parallelism", "Redaction", "Markdown", "Mail"]),
        .target(name: "Assembly", dependencies: ["CivilTime", "Loading", "Geo", "Formats", "Fingerprint", "Parallelism"]),
        /// The default theme, `templates/` built into the program by the EmbedTheme plugin.
        .executableTarget(name: "ThemeEmbedder"),
        .plugin(name: "EmbedTheme", capability: .buildTool(), dependencies: ["ThemeEmbedder"]),
        .target(name: "DefaultTheme", plugins: ["EmbedTheme"]),
        /// A language's words, plural rules, calendar and digits, from a theme's `i18n/<lang>.yml`.
        .target(name: "Words", dependencies: ["Diagnostics", "Formats", "Liquid"]),
        /// A theme folder read once: templates parsed, words per language, assets; the built-in theme fills its gaps.
        .target(name: "Themes", dependencies: ["Assembly", "DefaultTheme", "Diagnostics", "Escaping", "Fingerprint", "Formats", "Liquid", "Loading", "Output", "Words"]),
        /// Each neighborhood's pages: view models with every word in the page's language, maps and cards drawn, the list of page jobs.
        .target(name: "Pages", dependencies: ["Themes", "Words", "CivilTime", "Assembly", "Loading", "Liquid", "Markdown", "Diagnostics", "Geo", "Maps", "QRCode", "Fingerprint", "Parallelism", "Escaping"]),
        /// A page job to bytes: its Markdown template through cmark-gfm in safe mode, then its layout; which theme files it used.
        .target(name: "Rendering", dependencies: ["Pages", "Themes", "Words", "Liquid", "Markdown", "Diagnostics", "Fingerprint", "Parallelism"]),
        /// What the next build may reuse: the render cache's file, neighborhoods taken whole, pages recorded.
        .target(name: "Incremental", dependencies: ["Themes", "Assembly", "CivilTime", "Diagnostics", "FileSystem", "Fingerprint", "Liquid", "Loading", "Output", "Parallelism"]),
        /// What a build makes besides pages from templates: feeds, calendar, search index, open data, share cards, e-mail, narration.
        .target(name: "Products", dependencies: ["Pages", "Rendering", "Incremental", "Themes", "Words", "Assembly", "CivilTime", "Diagnostics", "Escaping", "Fingerprint", "Geo", "Liquid", "Loading", "Mail", "Maps", "Markdown", "Narration", "Output", "Parallelism", "Raster", "Redaction"]),
        .target(name: "Output", dependencies: ["Diagnostics", "FileSystem", "Fingerprint", "Parallelism"]),
        .target(name: "Serve", dependencies: ["FileSystem", "Parallelism", "Escaping", "Processes"]),
        .target(name: "Build", dependencies: ["Pages", "Incremental", "Products", "Themes", "Words", "CivilTime", "Loading", "Assembly", "Rendering", "Output", "Diagnostics", "Fingerprint", "Parallelism", "Sharding", "Narration", "Raster"]),
        .target(name: "Moderation", dependencies: ["CivilTime", "Diagnostics", "Escaping", "FileSystem", "Formats", "Loading", "ContentFields"]),
        /// HTTP/1.1 to a local model server: blocking sockets for `http://`, libcurl for `https://`, answers within a size budget.
        .target(name: "HTTPClient", dependencies: ["CCurl"]),
        .target(name: "Alchemy", dependencies: ["CivilTime", "ContentFields", "Diagnostics", "Escaping", "Formats", "Geo", "HTTPClient", "Loading", "Markdown", "Redaction"]),
        .target(name: "Import", dependencies: ["CivilTime", "Escaping", "Diagnostics", "Formats", "Geo", "Fingerprint", "Loading", "Moderation", "Redaction", "ContentFields"]),
        .target(name: "CLI", dependencies: ["Pages", "Themes", "Words", "DefaultTheme", "Rendering", "Alchemy", "Import", "Moderation", "Sharding", "CivilTime", "Diagnostics", "Formats", "Loading", "Geo", "Markdown", "Liquid", "LiquidFiles", "Build", "Output", "Fingerprint", "Serve", "Escaping", "Assembly", "ContentFields"]),
        /// The whole program, with the C libraries it calls, allocates through jemalloc (Debian's
        /// libjemalloc2, linked before glibc): a build makes and frees millions of small values on every
        /// core, and takes about a twentieth less time with it than with glibc's malloc (BENCHMARKS.md).
        .executableTarget(name: "commonsight", dependencies: ["CLI"], linkerSettings: [.linkedLibrary("jemalloc")]),
        .executableTarget(name: "commonsight-bench", dependencies: ["Maps", "Geo"]),

        /// What tests share: a seeded generator, a stub HTTP server, the package's folder and program, a site.yml, links.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        /// What tests that run the command line share: a transcript of what it prints.
        .target(name: "CLITestSupport", dependencies: ["CLI"], path: "Tests/CLITestSupport"),
        .testTarget(name: "FormatsTests", dependencies: ["Formats", "Diagnostics", "Escaping", "TestSupport"]),
        .testTarget(name: "GeoTests", dependencies: ["Geo"]),
        .testTarget(name: "MapsTests", dependencies: ["Maps", "Geo", "Escaping", "TestSupport"]),
        .testTarget(name: "MarkdownTests", dependencies: ["Markdown", "TestSupport"]),
        .testTarget(name: "ContentFieldsTests", dependencies: ["ContentFields", "Diagnostics"]),
        .testTarget(name: "LoadingTests", dependencies: ["CivilTime", "Loading", "Diagnostics", "Formats", "Geo", "TestSupport", "ContentFields", "Fingerprint"]),
        .testTarget(name: "CLITests", dependencies: ["Themes", "Words", "CLITestSupport", "CivilTime", "CLI", "Diagnostics", "Loading", "DefaultTheme"]),
        .testTarget(name: "BuildTests", dependencies: ["Pages", "Incremental", "Products", "Themes", "Words", "CivilTime", "Build", "CLI", "Loading", "Assembly", "Rendering", "Output", "Diagnostics", "Liquid", "Narration", "Raster", "FileSystem", "Fingerprint", "Parallelism", "TestSupport"]),
        .testTarget(name: "ServeTests", dependencies: ["Serve", "Processes", "TestSupport"]),
        .testTarget(name: "RedactionTests", dependencies: ["Redaction", "TestSupport"]),
        .testTarget(name: "EscapingTests", dependencies: ["Escaping", "TestSupport"]),
        .testTarget(name: "CivilTimeTests", dependencies: ["CivilTime", "TestSupport"]),
        .testTarget(name: "QRCodeTests", dependencies: ["QRCode"]),
        .testTarget(name: "RasterTests", dependencies: ["Raster"]),
        .testTarget(name: "MailTests", dependencies: ["Mail"]),
        .testTarget(name: "AssemblyTests", dependencies: ["Assembly", "Loading", "CivilTime", "Geo", "Diagnostics", "ContentFields"]),
        .testTarget(name: "RenderingTests", dependencies: ["Pages", "Themes", "Words", "Rendering", "Maps", "Loading", "Diagnostics", "Escaping", "Fingerprint", "Parallelism", "TestSupport"]),
        .testTarget(name: "ProductsTests", dependencies: ["Pages", "Products", "Rendering", "Themes", "Words", "Loading", "Diagnostics", "Fingerprint", "Parallelism", "TestSupport"]),
        .testTarget(name: "IncrementalTests", dependencies: ["Pages", "Incremental", "Rendering", "Themes", "Words", "Diagnostics", "Fingerprint"]),
        .testTarget(name: "NarrationTests", dependencies: ["Narration", "Fingerprint"]),
        .testTarget(name: "DiagnosticsTests", dependencies: ["Diagnostics"]),
        .testTarget(name: "ParallelismTests", dependencies: ["Parallelism"]),
        .testTarget(name: "ShardingTests", dependencies: ["Sharding", "Build", "CLI", "Loading", "TestSupport"]),
        .testTarget(name: "FingerprintTests", dependencies: ["Fingerprint"]),
        .testTarget(name: "FileSystemTests", dependencies: ["FileSystem"]),
        .testTarget(name: "LiquidFilesTests", dependencies: ["LiquidFiles", "Liquid", "Formats", "Diagnostics"]),
        .testTarget(name: "OutputTests", dependencies: ["Output", "Fingerprint", "Parallelism", "TestSupport"]),
        .testTarget(name: "ModerationTests", dependencies: ["CLITestSupport", "Moderation", "CLI", "CivilTime", "Diagnostics", "Loading"]),
        .testTarget(name: "ImportTests", dependencies: ["CLITestSupport", "Import", "CLI", "CivilTime", "Diagnostics", "Formats", "Geo", "Loading", "Moderation"]),
        .testTarget(name: "AlchemyTests", dependencies: ["CLITestSupport", "Alchemy", "CLI", "CivilTime", "Geo", "Loading", "TestSupport"]),
        .testTarget(name: "HTTPClientTests", dependencies: ["HTTPClient", "TestSupport"]),
        .testTarget(name: "LiquidTests", dependencies: ["Liquid", "LiquidFiles", "Formats", "Markdown", "Diagnostics"],
                    resources: [.copy("Cases")]),
    ],
    swiftLanguageModes: [.v6]
)
