import Assembly
import CivilTime
import Foundation
import Pages
import Rendering

/// What `build` tells the lead at the end, for Monday: for each neighborhood and edition, this
/// week's counts, and where this week's digest page, e-mail and flyer are (in OUT, and online
/// with a `base_url`). Only files the build left in OUT are named.
public struct WeekSummary: Sendable, Equatable {
    public var name: String
    /// The edition's language, nil for the site's own.
    public var language: String?
    public var week: WeekID
    public var reports: Int
    public var stories: Int
    public var events: Int
    /// Each file's role ("digest", "e-mail", "flyer", "latest"), its path inside OUT and its URL.
    public var files: [File]

    public struct File: Sendable, Equatable {
        public var role: String
        public var path: String
        public var url: String?
    }

    /// One summary per neighborhood and edition the site lists, for the week of `today`.
    static func of(_ listed: [ListedNeighborhood], siteLanguage: String, today: CivilDate, baseURL: String?,
                   out: String, exists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }) -> [WeekSummary] {
        let week = WeekID(containing: today)
        var all: [WeekSummary] = []
        for hood in listed {
            let languages = hood.languages.isEmpty ? [siteLanguage] : hood.languages
            for language in languages {
                let folder = language == siteLanguage ? hood.slug : hood.slug + "/" + language
                let roles = [("digest", Routes.digest(week)), ("e-mail", Routes.emailMessage(week)), ("flyer", Routes.digestFlyer(week)),
                             ("latest", Routes.digestLatest)]
                let files = roles.compactMap { role, route -> File? in
                    let path = folder + "/" + route
                    guard exists(out + "/" + path) else { return nil }
                    return File(role: role, path: path, url: baseURL.map { $0 + Routes.folder(path) })
                }
                guard !files.isEmpty else { continue }
                let a = hood.activity ?? .none
                all.append(WeekSummary(name: hood.name, language: language == siteLanguage ? nil : language, week: week,
                                       reports: a.reportsThisWeek, stories: a.storiesThisWeek, events: a.upcomingEvents, files: files))
            }
        }
        return all
    }
}
