import Themes
import Fingerprint
import Assembly
import Liquid
import Loading
import Output

/// Every HTML page of one neighborhood, with the variables its templates see.
package struct SitePages {
    package let models: ViewModels

    package init(models: ViewModels) { self.models = models }
    package var hood: NeighborhoodSite { models.hood }

    /// The same page in each of the neighborhood's languages (empty with one): `language`, `name` (in
    /// that language), `url` (relative to this edition's folder, for `relative_url`), `absolute_url`
    /// (with a base URL), `current`.
    package func alternates(_ path: String) -> Value {
        let here = hood.folder
        let up = hood.edition == nil ? "" : "../"
        return .array(models.alternates.map { alt in
            let current = alt.folder == here
            let url = current ? path : up + (alt.folder == hood.slug ? "" : alt.code + "/") + path
            return .object(Object([
                ("language", .string(alt.code)), ("name", .string(alt.name)), ("url", .string(url)), ("current", .bool(current)),
                ("absolute_url", models.options.baseURL.map { .string($0 + alt.folder + "/" + path) } ?? .nil),
            ]))
        })
    }

    /// The open data as its About page shows it, given to that page of `jobs` once its files are made.
    package static func setAboutData(_ value: Value, in jobs: inout [PageJob]) {
        for i in jobs.indices where jobs[i].kind == .aboutData {
            for k in jobs[i].variables.indices where jobs[i].variables[k].0 == "open_data" { jobs[i].variables[k].1 = value }
        }
    }

    package func jobs() -> [PageJob] {
        let m = models
        let h = hood
        var common: [(String, Value)] = [
            ("neighborhood", .object(Object([
                ("slug", .string(h.slug)), ("name", .string(h.name)), ("description", h.description.map { .string($0) } ?? .nil),
                ("about_html", m.html(h.about)), ("translated", .bool(h.isTranslated("neighborhood"))),
                ("text_language", m.textLanguage("neighborhood")), ("content_language", .string(m.residentsLanguage)), ("url", .string(Routes.home)), ("feed_url", .string(Routes.feed)),
                ("calendar_url", .string(Routes.calendar)), ("observation_count", .int(h.observations.count)),
                ("story_count", .int(h.stories.count)), ("coalition_count", .int(h.coalitions.count)),
                ("event_count", .int(h.events.count)), ("report_url", m.reportPath.map { .string($0) } ?? .nil),
            ]))),
        ]
        common.append(("nav", .array([
            (m.t("nav_home"), Routes.home, PageKind.home.section), (m.t("nav_digests"), Routes.digests, PageKind.digests.section), (m.t("nav_stories"), Routes.stories, PageKind.stories.section),
            (m.t("nav_observations"), Routes.observations, PageKind.observations.section), (m.t("nav_coalitions"), Routes.coalitions, PageKind.coalitions.section),
            (m.t("nav_events"), Routes.events, PageKind.events.section), (m.t("nav_search"), Routes.search, PageKind.search.section),
        ].map { .object(Object([("title", .string($0.0)), ("url", .string($0.1)), ("section", .string($0.2))])) })))
        var shared = FingerprintBuilder()
        InputHash.add(common[...], to: &shared)
        let sharedHash = shared.value
        let job = Job(pages: self, common: common, sharedHash: sharedHash)
        var jobs: [PageJob] = []
        let builds = m.options.builds
        let categoryCounts: Value = .array(m.site.categories.compactMap { c in
            let n = h.observations.filter { $0.category == c.key }.count
            return n == 0 ? nil : .object(Object([("category", m.category(c.key)), ("count", .int(n))]))
        })
        let digestWeeks = Set(h.digests.map(\.week))
        let activity = Dashboard.value(h.activity, weeks: Activity.weeks(endingWith: m.options.today), site: m.site,
                                       busiest: Dashboard.busiestPerNeighborhood,
                                       digest: { digestWeeks.contains($0) ? Routes.digest($0) : nil },
                                       weekTitle: m.weekTitle, shortDay: { m.day($0, "short_month_day") })
        let homeCard = m.homeCard()
        let homeSummary = h.description ?? m.site.description ??  m.t("home_summary", ["place": h.name])
        jobs.append(job(Routes.home, .home, h.name, map: MapRequest(h.observations, title: m.t("map_home", ["place": h.name]), kind: .neighborhood), [
            ("stories", .array(h.stories.prefix(6).map { m.story($0) })),
            ("coalitions", .array(h.coalitions.map { m.coalition($0) })),
            ("upcoming_events", .array(h.upcomingEvents.prefix(5).map(m.event))),
            ("latest_digest", h.digests.first.map { m.digest($0, full: true) } ?? .nil),
            ("recent_observations", .array(h.observations.suffix(8).reversed().map(m.observation))),
            ("category_counts", categoryCounts), ("activity", activity),
            ("og", m.openGraph(type: "website", title: h.name, description: homeSummary, page: Routes.home, card: Routes.homeCard,
                               alt: homeCard.description)),
        ]))
        for page in ObservationPages(hood: h, models: m).pages() {
            jobs.append(job(page.path, .observations, page.number == 1 ? m.t("title_observations") : m.t("title_observations_page", ["page": m.language.number(page.number)]), page.variables))
        }
        // Which stories cite each observation, found once.
        var citing: [String: [StoryPage]] = [:]
        for s in h.stories { for o in s.observations { citing[o.id, default: []].append(s) } }
        for o in h.observations {
            jobs.append(job(Routes.observation(o.id), .observation, m.title(o), map: MapRequest([o], title: m.t("map_observation", ["place": m.place(o.location)]), kind: .locator), [
                ("observation", m.observation(o)), ("stories", .array((citing[o.id] ?? []).map { m.story($0) })),
            ]))
        }
        // The stories, newest first, in pages of `storyPageSize` cards.
        let storyPager = Pagination(folder: "stories", items: h.stories.count, pageSize: ViewModels.storyPageSize)
        for number in 1...storyPager.pageCount {
            let shown = h.stories.dropFirst((number - 1) * ViewModels.storyPageSize).prefix(ViewModels.storyPageSize)
            jobs.append(job(storyPager.path(number), .stories,
                            number == 1 ? m.t("title_stories") : m.t("title_stories_page", ["page": m.language.number(number)]), [
                ("stories", .array(shown.map { m.story($0) })), ("total", .int(h.stories.count)), ("pagination", storyPager.value(number)),
            ]))
        }
        // The report page's QR code is the same on every story's flyer: drawn once.
        let reportQR = builds(.flyers) && !h.stories.isEmpty ? m.reportQR() : .nil
        for s in h.stories {
            let next = s.coalition.flatMap { c in h.upcomingEvents.first { $0.coalition?.value == c.slug } }
            let slug = s.story.slug
            let card = m.storyCard(s)
            let og = m.openGraph(type: "article", title: s.story.title, description: Excerpt.of(s.story.body, limit: 200),
                                 page: Routes.story(slug), card: Routes.storyCard(slug), alt: card.description)
            let storyMap = MapRequest(s.observations, title: m.t("map_story", ["title": s.story.title]))
            if builds(.flyers) {
                // The narrative takes what it can while leaving the map its least room; the map takes the rest.
                let more = 66.0
                let room = FlyerSpace.preferredMap(title: s.story.title, shape: m.printedShape)
                let fitted = m.flyerNarrative(s.story.body, lines: FlyerSpace.narrativeLines(title: s.story.title, reserved: more, map: room))
                let (narrative, shortened) = (fitted.html, fitted.shortened)
                let textHeight = Double(fitted.lines) * FlyerSpace.line + (shortened ? more : 0)
                let printedMap = MapRequest.printed(s.observations, title: storyMap.title,
                                                    height: FlyerSpace.mapHeight(title: s.story.title, text: textHeight))
                jobs.append(job(Routes.flyer(slug), .flyer, s.story.title, map: printedMap, qr: Routes.folder(Routes.story(slug)), [
                    ("story", m.story(s, full: true)), ("next_event", next.map(m.event) ?? .nil),
                    ("narrative_html", narrative), ("shortened", .bool(shortened)),
                    ("story_url", .string(h.absoluteRoot.map { $0 + Routes.folder(Routes.story(slug)) } ?? Routes.story(slug))),
                    ("report_qr_svg", reportQR),
                ], draft: s.isDraft))
            }
            jobs.append(job(Routes.story(slug), .story, s.story.title, map: storyMap, [
                ("og", og), ("flyer_url", .string(Routes.flyer(slug))),
                ("story", m.story(s, full: true)), ("next_event", next.map(m.event) ?? .nil), ("narration", .nil),
            ], draft: s.isDraft))
        }
        if builds(.coalitions) {
            jobs.append(job(Routes.coalitions, .coalitions, m.t("title_coalitions"), [("coalitions", .array(h.coalitions.map { m.coalition($0) }))]))
            for c in h.coalitions {
                jobs.append(job(Routes.coalition(c.coalition.slug), .coalition, c.coalition.name,
                                map: MapRequest(c.observations, title: m.t("map_coalition", ["name": c.coalition.name])),
                                [("coalition", m.coalition(c, full: true))]))
            }
        }
        if builds(.events) {
            jobs.append(job(Routes.events, .events, m.t("title_events"), [
                ("upcoming_events", .array(h.upcomingEvents.map(m.event))), ("past_events", .array(h.pastEvents.map(m.event))),
            ]))
        }
        if builds(.digests) { jobs += digestJobs(job) }
        if builds(.search) {
            jobs.append(job(Routes.search, .search, m.t("title_search"), [
                ("category_counts", categoryCounts), ("searched_reports", .int(min(h.observations.count, ViewModels.searchReportLimit))),
            ]))
        }
        if builds(.data) {
            jobs.append(job(Routes.dataAbout, .aboutData, m.t("title_about_data"), [
                ("open_data", .nil), ("category_counts", categoryCounts),  // given by `setAboutData` once the files are made
            ]))
        }
        if let path = m.reportPath { jobs.append(job(path, .report, m.t("title_report"), [("report", m.reportValue())])) }
        // The map page shows the home page's drawing: far from it in the list, no thread waits while the other draws it.
        if builds(.map) {
            jobs.append(job(Routes.mapPage, .mapPage, m.t("map_file", ["place": h.name]),
                            map: MapRequest(h.observations, title: m.t("map_home", ["place": h.name]), kind: .neighborhood), []))
        }
        jobs.append(job(Routes.notFound, .notFound, m.t("title_not_found"), []))
        return jobs
    }

    /// Makes a page of the neighborhood: the variables every page shares, then its own.
    package struct Job {
        let pages: SitePages
        let common: [(String, Value)]
        let sharedHash: Fingerprint

        func callAsFunction(_ path: String, _ kind: PageKind, _ title: String, map: MapRequest? = nil, qr: String? = nil,
                            _ vars: [(String, Value)], draft: Bool = false) -> PageJob {
            let h = pages.hood
            return PageJob(path: path, kind: kind, title: title, variables: common + vars + [("alternates", pages.alternates(path))],
                           folder: h.folder + "/", absoluteRoot: h.absoluteRoot, isDraft: draft, map: map, models: pages.models,
                           sharedCount: common.count, sharedHash: sharedHash, qrPath: qr)
        }
    }

    /// The weekly digests: their list, and each week's page, flyer, e-mails and card.
    private func digestJobs(_ job: Job) -> [PageJob] {
        let m = models
        let h = hood
        let builds = m.options.builds
        var jobs: [PageJob] = []
        jobs.append(job(Routes.digests, .digests, m.t("title_digests"), [
            ("digests", .array(h.digests.map { m.digest($0) })), ("years", m.digestYears(h.digests)),
        ]))
        let weeks = Set(h.digests.map(\.week))
        // Without `email.footer` in site.yml, the language's own words say how to stop the digest.
        let footer: (String, Value) = ("email_footer", m.site.email.footer == .standard
            ? EmailFooter(parts: [.text(m.t("email_footer_default"))]).value : m.site.email.footer.value)
        // The report page's QR code is the same on every week's flyer: drawn once.
        let reportQR = builds(.flyers) ? m.reportQR() : .nil
        for d in h.digests {
            var value = m.digest(d, full: true)
            if case .object(var o) = value {
                o["previous_url"] = h.digests.first { $0.week < d.week }.map { .string(Routes.digest($0.week)) } ?? .nil
                o["next_url"] = h.digests.last { $0.week > d.week }.map { .string(Routes.digest($0.week)) } ?? .nil
                o["has_previous_week_digest"] = .bool(weeks.contains(d.week.previous))
                value = .object(o)
            }
            let digestURL = h.absoluteRoot.map { $0 + Routes.folder(Routes.digest(d.week)) } ?? Routes.digest(d.week)
            let printed: [(String, Value)] = [
                ("digest", value), ("digest_url", .string(digestURL)),
                ("upcoming_events", .array(h.upcomingEvents.prefix(3).map(m.event))),
            ]
            let weekMap = m.t("map_week", ["week": m.t("week_title_inline", ["date": m.longDate(d.week.start)])])
            if builds(.flyers) {
                let flyer = m.digestFlyer(d, in: h)
                jobs.append(job(Routes.digestFlyer(d.week), .digestFlyer, m.weekTitle(d.week),
                                map: flyer.map, qr: Routes.folder(Routes.digest(d.week)), printed + flyer.variables + [("report_qr_svg", reportQR)]))
            }
            let title = m.weekTitle(d.week)
            if builds(.emails) {
                jobs.append(job(Routes.email(d.week), .email, title, printed + [footer]))
                jobs.append(job(Routes.emailText(d.week), .emailText, title, printed + [footer]))
            }
            let card = m.digestCard(d)
            jobs.append(job(Routes.digest(d.week), .digest, title,
                            map: MapRequest(d.observations, title: weekMap), [
                ("digest", value), ("flyer_url", .string(Routes.digestFlyer(d.week))), ("email_url", .string(Routes.email(d.week))),
                ("og", m.openGraph(type: "article", title: m.t("place_title", ["place": h.name, "title": title]), description: card.description,
                                   page: Routes.digest(d.week), card: Routes.digestCard(d.week), alt: card.description)),
            ]))
        }
        return jobs
    }
}
