import Foundation

/// Makes `target` a new folder and `link` a symbolic link to it.
public func makeLink(_ link: String, toNewFolder target: String) throws {
    try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
}
