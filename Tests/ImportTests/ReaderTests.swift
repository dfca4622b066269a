import Diagnostics
import Foundation
import Geo
import Testing
@testable import Import

@Suite("Readers")
struct ReaderTests {
    func csv(_ text: String, settings: ImportSettings = ImportSettings()) -> ([IncomingReport], [Diagnostic]) {
        var log = DiagnosticLog()
        let out = CSVReports.read(text, path: "in.csv", settings: settings, log: &log)
        return (out, log.items)
    }

    @Test("Improve Detroit's export is told by its header and keeps its id, point, date, category values and cross street")
    func seeClickFix() {
        let text = """
        id,status,request_type,summary,nature,description,details,when_occurring,location_hint,lat,lng,created_at,acknowledged_at,closed_at,api_url
        4764238,Archived,Traffic Complaints,Traffic Complaints,Stop sign violation,people park too close,more details,,,42.3767291,-83.1073352,2018-08-06T17:38:53Z,,,https://seeclickfix.com/api/v2/issues/4764238
        5000001,Open,Traffic Complaints,Traffic Complaints,,,,,Livernois and McNichols,,,2019-01-02T10:00:00Z,,,

        """
        let (reports, problems) = csv(text)
        #expect(problems.isEmpty)
        #expect(reports.count == 2)
        #expect(reports[0].id == "seeclickfix-4764238")
        #expect(reports[0].coordinate == Coordinate(latitude: 42.3767291, longitude: -83.1073352))
        #expect(reports[0].categoryValues == ["Stop sign violation", "Traffic Complaints", "Traffic Complaints"])
        #expect(reports[0].text == "people park too close\n\nmore details")
        #expect(reports[0].sourceURL == "https://seeclickfix.com/issues/4764238")
        #expect(reports[0].observed == "2018-08-06T17:38:53Z")
        #expect(reports[0].location.line == 2)
        #expect(reports[1].coordinate == nil)
        #expect(reports[1].place == "Livernois and McNichols")
    }

    @Test("Boston's 311 export is told by its header; its local dates become content dates and the town is cut from Location")
    func boston() {
        let text = """
        CASE_ENQUIRY_ID,OPEN_DT,CLOSED_DT,CASE_STATUS,CLOSURE_REASON,CASE_TITLE,SUBJECT,REASON,TYPE,Location,neighborhood,LATITUDE,LONGITUDE,Source
        101001240796,01/01/2015 11:55:58 AM,,Closed,,Graffiti Removal,Property Management,Graffiti,Graffiti Removal,INTERSECTION of Boston St & Washburn St  Dorchester  MA,Dorchester,42.3259,-71.0589,Citizens Connect App
        101001240800,01/01/2015 01:09:57 PM,,Closed,,Sign Repair,Public Works,Signs,Sign Repair,145 Pinckney St  Boston  MA  02114,Beacon Hill,42.3594,-71.0687,Self Service

        """
        let (reports, problems) = csv(text)
        #expect(problems.isEmpty)
        #expect(reports.map(\.id) == ["boston-101001240796", "boston-101001240800"])
        #expect(reports[0].observed == "2015-01-01 11:55:58")
        #expect(reports[1].observed == "2015-01-01 13:09:57")
        #expect(reports[0].place == "INTERSECTION of Boston St & Washburn St")
        #expect(reports[0].categoryValues.first == "Graffiti Removal")
        #expect(PlaceWords.parse(reports[0].place!) == .corner("Boston St", "Washburn St"))
        #expect(PlaceWords.parse(reports[1].place!) == .street("Pinckney St", number: 145))
    }

    @Test("Every INTERSECTION location in Boston's real export parses into two street names")
    func bostonIntersections() throws {
        let path = sharedData + "/boston-311-2015/boston_311_2015_sample.csv"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let (reports, problems) = csv(text)
        #expect(problems.isEmpty)
        #expect(reports.count == 3000)
        let corners = reports.compactMap(\.place).filter { $0.hasPrefix("INTERSECTION") }
        #expect(corners.count > 900)
        for place in corners {
            guard case .corner(let a, let b) = PlaceWords.parse(place) else {
                Issue.record("not a corner: \(place)")
                continue
            }
            #expect(!a.isEmpty && !b.isEmpty && !a.contains("&") && !b.contains("&") && !b.contains("  "), "\(place)")
        }
        #expect(reports.allSatisfy { $0.observed != nil && $0.coordinate != nil })
    }

    @Test("A form's CSV is read through the columns site.yml maps, and its reporter only into private fields")
    func form() {
        var settings = ImportSettings()
        settings.columns = ["id": "Submission ID", "category": "What kind of problem?", "text": "What happened?", "date": "Timestamp",
                            "place": "Where?", "email": "Your e-mail"]
        settings.prefix = "kobo"
        let text = """
        Timestamp,Submission ID,What kind of problem?,Where?,What happened?,Your e-mail
        11/20/2026 17:30:12,A-17,Speeding,Livernois & Thatcher,"Cars racing, every night",ana@example.org

        """
        let (reports, problems) = csv(text, settings: settings)
        #expect(problems.isEmpty)
        #expect(reports.first?.id == "kobo-A-17")
        #expect(reports.first?.observed == "2026-11-20 17:30:12")
        #expect(reports.first?.text == "Cars racing, every night")
        #expect(reports.first?.reporter.email == "ana@example.org")
        #expect(reports.first?.categoryValues == ["Speeding"])
    }

    @Test("A CSV of no known layout and no mapping is an error naming its columns")
    func unknownCSV() {
        let (reports, problems) = csv("a,b\n1,2\n")
        #expect(reports.isEmpty)
        #expect(problems.count == 1 && problems[0].isError && problems[0].message.contains("'a', 'b'") && problems[0].location.line == 1)
    }

    @Test("Open311 JSON and the same requests as XML give the same reports")
    func open311() throws {
        var log = DiagnosticLog()
        let json = try String(contentsOfFile: sharedData + "/open311-examples/bloomington_requests.json", encoding: .utf8)
        let xml = try String(contentsOfFile: fixtures + "/bloomington_requests.xml", encoding: .utf8)
        let a = Open311Reports.json(json, path: "r.json", log: &log)
        let b = Open311Reports.xml(xml, path: "r.xml", log: &log)
        #expect(log.items.isEmpty)
        #expect(a.count == 21)
        #expect(a.count == b.count)
        for (x, y) in zip(a, b) {
            #expect(x.id == y.id && x.text == y.text && x.place == y.place && x.coordinate == y.coordinate
                    && x.observed == y.observed && x.categoryValues == y.categoryValues, "\(x.id)")
        }
        // null and (0, 0) points are no points; the \r\n of a description is one line break.
        #expect(a.filter { $0.coordinate == nil }.count == 8)
        #expect(a[0].text.contains("pickup.\n\nThanks."))
        #expect(a[1].id == "open311-4fbd3beeb1fe2c9f5c000001" && a[1].categoryValues == ["4e090d24992b941e78000027", "Graffiti"])
        #expect(a[1].observed == "2012-05-23T15:35:08-04:00")
        #expect(b[1].location.line > 1)
    }

    @Test("Malformed XML is an error at its place, never a crash")
    func badXML() {
        for text in ["<service_requests><request><a>1</b></request></service_requests>", "<service_requests>", "<a>&bogus;</a>",
                     "<!DOCTYPE x [<!ENTITY e \"e\">]><service_requests/>", String(repeating: "<a>", count: 200)] {
            var log = DiagnosticLog()
            #expect(Open311Reports.xml(text, path: "x.xml", log: &log).isEmpty)
            #expect(log.items.contains { $0.isError }, "\(text.prefix(40))")
        }
    }

    @Test("Dates are read in the shapes sources write them, and impossible ones are refused")
    func dates() {
        #expect(LocalTime.contentDate("2026-11-20") == "2026-11-20")
        #expect(LocalTime.contentDate("11/20/2026 12:05:00 AM") == "2026-11-20 00:05:00")
        #expect(LocalTime.contentDate("Nov 20, 2026") == "2026-11-20")
        #expect(LocalTime.contentDate("20 de noviembre de 2026") == "2026-11-20")
        #expect(LocalTime.contentDate("02/30/2026") == nil)
        #expect(LocalTime.contentDate("yesterday") == nil)
        #expect(LocalTime.contentDate("11/20/2026 -5:00") == "2026-11-20")
        #expect(LocalTime.mailDate("Tue, 24 Nov 2026 18:02:11 -0500") == "2026-11-24T18:02:11-05:00")
    }
}
