import Foundation
import PackagePlugin

/// Builds the repository's `templates/` folder into the program: every file under it is an input,
/// so the embedded copy is remade whenever one changes, appears or goes.
@main
struct EmbedTheme: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.package.directoryURL.appending(path: "templates")
        var inputs: [URL] = []
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        while let url = walker?.nextObject() as? URL {
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true { inputs.append(url) }
        }
        inputs.sort { $0.path < $1.path }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedTheme.swift")
        return [.buildCommand(displayName: "Embedding the default theme from templates/",
                              executable: try context.tool(named: "ThemeEmbedder").url,
                              arguments: [folder.path, output.path],
                              inputFiles: inputs + [folder], outputFiles: [output])]
    }
}
