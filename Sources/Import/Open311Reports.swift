import Diagnostics
import Formats
import Foundation

/// Open311 GeoReport v2 `requests.json` and `requests.xml`: one request's fields, by name, to a report.
enum Open311Reports {
    /// One `request`: its fields' texts (nil for JSON `null`) and where it starts.
    struct Request {
        var fields: [String: String]
        var location: SourceLocation

        subscript(_ name: String) -> String? { ReportFields.nonEmpty(fields[name]) }
    }

    static func json(_ text: String, path: String, log: inout DiagnosticLog) -> [IncomingReport] {
        guard let root = JSON.parse(text, path: path, log: &log) else { return [] }
        let list = root.items ?? root["service_requests"]?.items ?? root["requests"]?.items
        guard let list else {
            log.error(root.location, "expected a GeoReport v2 list of service requests ([{\"service_request_id\": ...}, ...])")
            return []
        }
        var out: [IncomingReport] = []
        for item in list {
            guard let entries = item.entries else {
                log.error(item.location, "expected a service request (an object), found \(item.kindName)")
                continue
            }
            var fields: [String: String] = [:]
            for e in entries { if let v = e.value.scalarText { fields[e.key] = v } }
            if let r = report(Request(fields: fields, location: item.location), log: &log) { out.append(r) }
        }
        return out
    }

    static func xml(_ text: String, path: String, log: inout DiagnosticLog) -> [IncomingReport] {
        guard let root = XMLTree.parse(text, path: path, log: &log) else { return [] }
        guard root.name == "service_requests" || root.name == "requests" else {
            log.error(root.location, "expected <service_requests> holding <request> elements, found <\(root.name)>")
            return []
        }
        var out: [IncomingReport] = []
        for request in root.children where request.name == "request" {
            var fields: [String: String] = [:]
            for field in request.children { fields[field.name] = field.text }
            if let r = report(Request(fields: fields, location: request.location), log: &log) { out.append(r) }
        }
        return out
    }

    static func report(_ q: Request, log: inout DiagnosticLog) -> IncomingReport? {
        guard let raw = q["service_request_id"] ?? q["token"], let id = ReportFields.id("open311", raw) else {
            log.error(q.location, "this service request has no service_request_id")
            return nil
        }
        var observed: String?
        if let written = q["requested_datetime"] {
            observed = LocalTime.contentDate(written)
            if observed == nil {
                log.error(q.location, "requested_datetime \(quoted(written)) is not a date-time; expected RFC 3339, like 2012-05-23T15:55:28-04:00")
                return nil
            }
        }
        var r = IncomingReport(id: id, location: q.location,
                               categoryValues: ["service_code", "service_name"].compactMap { q[$0] },
                               text: (q["description"] ?? "").replacingOccurrences(of: "\r\n", with: "\n"), place: q["address"],
                               coordinate: ReportFields.coordinate(latitude: q["lat"], longitude: q["long"]),
                               observed: observed)
        let name = [q["first_name"], q["last_name"]].compactMap { $0 }.joined(separator: " ")
        r.reporter = Reporter(name: name.isEmpty ? nil : name, email: q["email"], phone: q["phone"], account: q["account_id"] ?? q["device_id"])
        return r
    }
}
