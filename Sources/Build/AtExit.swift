/// What a build made, kept until the process exits (see `BuildRequest.endsProcess`): the system
/// takes the memory back at once, where freeing each of its millions of values took longer.
enum AtExit {
    nonisolated(unsafe) private static var kept: [Any] = []

    static func keep(_ values: [Any]) { kept.append(contentsOf: values) }
}
