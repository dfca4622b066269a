import Diagnostics

/// The one line an import ends with:
/// `imported 12 new reports into bagley (3 placed from street corners), 4 already known, 1 outside every neighborhood (line 48)`.
extension ImportPlan {
    public func summary(display: (String) -> String) -> String {
        var counts: [(String, Int)] = []
        for r in added {
            if let i = counts.firstIndex(where: { $0.0 == r.neighborhood }) { counts[i].1 += 1 } else { counts.append((r.neighborhood, 1)) }
        }
        counts.sort { $0.0 < $1.0 }
        var line = "imported "
        if counts.isEmpty {
            line += "0 new reports"
        } else {
            line += counts.enumerated().map { i, c in
                i == 0 ? "\(c.1) new report\(c.1 == 1 ? "" : "s") into \(c.0)" : "\(c.1) into \(c.0)"
            }.joined(separator: ", ")
        }
        let how = [("corner", "street corners", "a street corner"), ("street", "streets' stretches", "a street's stretch"), ("park", "parks", "a park")]
        let placed = how.compactMap { key, many, one -> String? in
            let n = added.filter { $0.placedBy == key }.count
            return n == 0 ? nil : "\(n) placed from \(n == 1 ? one : many)"
        }
        if !placed.isEmpty { line += " (" + placed.joined(separator: ", ") + ")" }
        line += ", \(known) already known"
        if !outside.isEmpty || request.neighborhood == nil {
            line += ", \(outside.count) outside \(request.neighborhood ?? "every neighborhood")"
            if !outside.isEmpty {
                let files = Set(outside.map(\.path))
                let shown = outside.prefix(5).map { files.count == 1 ? "\($0.line)" : "\(display($0.path)):\($0.line)" }
                let more = outside.count > 5 ? ", and \(outside.count - 5) more" : ""
                line += " (line\(outside.count == 1 ? "" : "s") \(shown.joined(separator: ", "))\(more))"
            }
        }
        return line
    }
}
