import CLI
import Foundation

exit(StandardStreams.finish(CommandLineTool.run(Array(CommandLine.arguments.dropFirst()), console: .process())))
