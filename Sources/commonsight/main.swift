import CLI
import Foundation

exit(CommandLineTool.run(Array(CommandLine.arguments.dropFirst()), console: .process()))
