import Foundation

/// The ids a neighborhood's `moderation.log` names: reports a lead decided on, which an import
/// never adds again even after their row or file is gone.
enum ModerationLogIDs {
    static func read(_ path: String) -> Set<String> {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        var out = Set<String>()
        for line in String(decoding: data, as: UTF8.self).split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }).dropFirst() {
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false)
            if cells.count > 2, cells[2] == "observation" || cells[2].isEmpty { out.insert(String(cells[1])) }
        }
        return out
    }
}
