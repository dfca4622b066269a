import Fingerprint
import Output
import Pages
import Rendering

/// What an edition of a neighborhood makes besides its pages from templates: jobs rendered (and
/// reused from the cache) with the pages, and files made only when they are written.
package protocol Producer: Sendable {
    /// `pages`: the edition's pages, as `SitePages` lists them.
    func jobs(_ models: ViewModels, pages: [PageJob]) -> [PageJob]
    func files(_ models: ViewModels, pages: [PageJob]) -> [SideFile]
}

extension Producer {
    package func jobs(_ models: ViewModels, pages: [PageJob]) -> [PageJob] { [] }
    package func files(_ models: ViewModels, pages: [PageJob]) -> [SideFile] { [] }
}

/// A file that is not a page (a feed, the search index, sitemaps), made when it is written, so that
/// a large neighborhood's are never all in memory.
package struct SideFile: Sendable {
    package var make: @Sendable () -> [OutputFile]
    /// For a file made only of what `Inputs` names and of its language's words, as a page is: a build
    /// that finds them as last time takes the file OUT holds instead of making it again.
    package var inputs: Inputs?

    package struct Inputs: Sendable {
        /// The file's path inside OUT.
        package var path: String
        /// The language of the edition it is made for (whose words it uses).
        package var language: String
        package var add: @Sendable (inout FingerprintBuilder) -> Void
    }

    package init(make: @escaping @Sendable () -> [OutputFile]) { self.make = make }

    /// One text file inside the edition's folder.
    package init(_ models: ViewModels, _ path: String, _ text: @escaping @Sendable () -> String) {
        self.init(models, path, bytes: { Array(text().utf8) })
    }

    /// One file inside the edition's folder, made as bytes.
    package init(_ models: ViewModels, _ path: String, bytes: @escaping @Sendable () -> [UInt8]) {
        let folder = models.hood.folder
        make = { [OutputFile(path: folder + "/" + path, bytes: bytes())] }
    }
}

/// Every producer, in the order their files are made.
package enum Producers {
    package static let all: [any Producer] = [FeedFiles(), MapFile(), LocatorGroundFiles(), ZoomedGroundFiles(), SearchFile(), ShareCards(), Mailings()]
}

/// The ground under the reports' locator maps, drawn once for all of them (when there are reports' pages to show it).
package struct LocatorGroundFiles: Producer {
    package func files(_ models: ViewModels, pages: [PageJob]) -> [SideFile] {
        guard models.locatorGrounds != nil, pages.contains(where: { $0.kind == .observation }) else { return [] }
        return [(Routes.locatorGround, false), (Routes.locatorGroundPhone, true)].map { path, phone in
            SideFile(models, path) { models.locatorGroundFile(phone: phone) ?? "" }
        }
    }
}

/// The grounds of the zoom levels the neighborhood's maps of reports show, each drawn once.
package struct ZoomedGroundFiles: Producer {
    package func files(_ models: ViewModels, pages: [PageJob]) -> [SideFile] {
        var shown = Set<Int>(), shownOnPhones = Set<Int>()
        for request in pages.compactMap(\.map) {
            guard let levels = models.zoomedLevels(request) else { continue }
            shown.insert(levels.wide)
            if let n = levels.narrow { shownOnPhones.insert(n) }
        }
        let files = shown.sorted().map { ($0, false) } + shownOnPhones.sorted().map { ($0, true) }
        return files.map { level, phone in
            SideFile(models, Routes.zoomedGround(level, phone: phone)) { models.zoomedGroundFile(level, phone: phone) ?? "" }
        }
    }
}

/// The Atom feed, the calendar and the sitemaps.
package struct FeedFiles: Producer {
    package func files(_ models: ViewModels, pages: [PageJob]) -> [SideFile] {
        let feeds = Feeds(models: models), builds = models.options.builds, folder = models.hood.folder
        var files: [SideFile] = []
        if builds(.feed) { files.append(SideFile(models, Routes.feed) { feeds.atom() }) }
        if builds(.events) { files.append(SideFile(models, Routes.calendar) { feeds.calendar() }) }
        let paths = pages.map(\.path)
        files.append(SideFile { feeds.sitemaps(paths: paths).map { OutputFile(path: folder + "/" + $0.path, bytes: Array($0.text.utf8)) } })
        return files
    }
}

/// The neighborhood's map as a file of its own, drawn again only when its reports' marks, its
/// ground or its words change (an edited description leaves it as it is).
package struct MapFile: Producer {
    package func files(_ models: ViewModels, pages: [PageJob]) -> [SideFile] {
        guard models.options.builds(.map) else { return [] }
        var file = SideFile(models, Routes.neighborhoodMap) { models.neighborhoodMapFile() }
        let request = models.neighborhoodMapRequest
        file.inputs = SideFile.Inputs(path: models.hood.folder + "/" + Routes.neighborhoodMap, language: models.site.language) { h in
            h.add(Routes.neighborhoodMap)
            request.hash(into: &h, fingerprint: models.mapFingerprint)
        }
        return [file]
    }
}

/// The search page's index.
package struct SearchFile: Producer {
    package func files(_ models: ViewModels, pages: [PageJob]) -> [SideFile] {
        models.options.builds(.search) ? [SideFile(models, Routes.searchIndex, bytes: { models.searchIndex() })] : []
    }
}

/// Each story's card as SVG, and the PNG cards (see `SharePicture`).
package struct ShareCards: Producer {
    package func jobs(_ models: ViewModels, pages: [PageJob]) -> [PageJob] { SharePicture.jobs(models) }

    package func files(_ models: ViewModels, pages: [PageJob]) -> [SideFile] {
        models.hood.stories.map { s in SideFile(models, Routes.shareCard(s.story.slug)) { models.storyCard(s).svg } }
    }
}

/// Each week's `email.eml` (see `EmailEnvelope`).
package struct Mailings: Producer {
    package func jobs(_ models: ViewModels, pages: [PageJob]) -> [PageJob] { EmailEnvelope.jobs(models, pages: pages) }
}
