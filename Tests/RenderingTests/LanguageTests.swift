import Diagnostics
import Foundation
import Liquid
import Maps
import Testing
import TestSupport
@testable import Pages
@testable import Rendering
@testable import Themes
@testable import Words

@Suite("Languages: plurals, numbers, dates and the theme's language files")
struct LanguageTests {
    @Test("a tag's primary subtag is its first part in lower case, however the tag is written")
    func primarySubtags() {
        // The reading without the shortcut for tags already in lower case.
        func reading(_ tag: String) -> String {
            let dash = UInt8(ascii: "-")
            guard let start = tag.utf8.firstIndex(where: { $0 != dash }) else { return tag }
            let end = tag.utf8[start...].firstIndex(of: dash) ?? tag.utf8.endIndex
            return tag[start..<end].lowercased()
        }
        let pieces = ["en", "ES", "ar", "-", "x", "Z", "\u{130}", "é", "pt", "BR", "zh", "Hant", ""]
        var random = SeededRandom(seed: 5)
        for _ in 0..<2_000 {
            let tag = (0..<random.next(4)).map { _ in pieces[random.next(pieces.count)] }.joined()
            #expect(Array(Language.primarySubtag(tag).utf8) == Array(reading(tag).utf8), "\(tag)")
        }
        #expect(Language.primarySubtag("es-MX") == "es" && Language.primarySubtag("ar") == "ar" && Language.primarySubtag("EN") == "en")
    }

    static let theme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path + "/templates"

    static func language(_ code: String, numbering: String = "latn") throws -> Language {
        let (theme, diagnostics) = Theme.load(root: Self.theme)
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.description))")
        let loaded = try #require(theme?.languages[code])
        return loaded.numbering(numbering)
    }

    @Test("CLDR plural categories for en, es and ar")
    func pluralCategories() {
        let counts = [0, 1, 2, 3, 11, 100, 101, 102, 111, 1_000_000]
        #expect(counts.map { Language.pluralCategory($0, language: "en") }
                == ["other", "one", "other", "other", "other", "other", "other", "other", "other", "other"])
        #expect(counts.map { Language.pluralCategory($0, language: "es-MX") }
                == ["other", "one", "other", "other", "other", "other", "other", "other", "other", "many"])
        #expect(counts.map { Language.pluralCategory($0, language: "ar") }
                == ["zero", "one", "two", "few", "many", "other", "other", "other", "many", "other"])
    }

    @Test("Plural forms of the language files for 0, 1, 2, 3, 11 and 100")
    func pluralForms() throws {
        let counts = [0, 1, 2, 3, 11, 100]
        let en = try Self.language("en"), es = try Self.language("es"), ar = try Self.language("ar")
        #expect(counts.map { en.text("count_reports", count: $0) }
                == ["0 reports", "1 report", "2 reports", "3 reports", "11 reports", "100 reports"])
        #expect(counts.map { es.text("count_reports", count: $0) }
                == ["0 reportes", "1 reporte", "2 reportes", "3 reportes", "11 reportes", "100 reportes"])
        #expect(es.text("count_reports", count: 1_000_000) == "1,000,000 de reportes")
        #expect(counts.map { ar.text("count_reports", count: $0) }
                == ["لا بلاغات", "بلاغ واحد", "بلاغان", "3 بلاغات", "11 بلاغًا", "100 بلاغ"])
        #expect(counts.map { ar.text("count_new_stories", count: $0) }
                == ["لا قصص جديدة", "قصة جديدة واحدة", "قصتان جديدتان", "3 قصص جديدة", "11 قصة جديدة", "100 قصة جديدة"])
        let arab = try Self.language("ar", numbering: "arab")
        #expect(counts.map { arab.text("count_reports", count: $0) }
                == ["لا بلاغات", "بلاغ واحد", "بلاغان", "٣ بلاغات", "١١ بلاغًا", "١٠٠ بلاغ"])
        #expect(counts.map { en.text("count_new_stories", count: $0) }
                == ["0 new stories", "1 new story", "2 new stories", "3 new stories", "11 new stories", "100 new stories"])
        #expect(counts.map { es.text("count_new_stories", count: $0) }
                == ["0 historias nuevas", "1 historia nueva", "2 historias nuevas", "3 historias nuevas", "11 historias nuevas", "100 historias nuevas"])
    }

    @Test("every message of every language file renders for 0, 1, 2, 3, 11, 100 and 1,000,000, each count in its own form")
    func everyMessageEveryCount() throws {
        let counts = [0, 1, 2, 3, 11, 100, 1_000_000]
        for code in ["en", "es", "ar"] {
            let language = try Self.language(code)
            for (key, message) in language.messages {
                let patterns: [MessagePattern]
                switch message {
                case .text(let p): patterns = [p]
                case .plural(let forms): patterns = Array(forms.values)
                }
                let names = Set(patterns.flatMap { $0.parts.compactMap { part -> String? in
                    if case .parameter(let name) = part { return name } else { return nil }
                } })
                for n in counts {
                    var parameters: [String: Value] = [:]
                    for name in names { parameters[name] = .string("⟨\(name)⟩") }
                    parameters["count"] = .int(n)
                    let text = try language.render(key, parameters, html: false)
                    #expect(!text.contains("{") && !text.contains("}"), "\(code) \(key) \(n): \(text)")
                    // Separators (", ", " and ") are pieces between words; every other message is whole.
                    if !key.hasPrefix("list_") { #expect(!text.contains("  ") && text == text.trimmingCharacters(in: .whitespaces), "\(code) \(key) \(n): '\(text)'") }
                    // A form that writes the count writes this count, in the language's digits and grouping.
                    guard case .plural(let forms) = message else { continue }
                    let form = n == 0 && forms["zero"] != nil ? "zero" : Language.pluralCategory(n, language: code)
                    let writesCount = (forms[form] ?? forms["other"])?.parts.contains { if case .parameter("count") = $0 { return true } else { return false } } ?? false
                    if writesCount { #expect(text.contains(language.number(n)), "\(code) \(key) \(n): \(text)") }
                }
            }
        }
    }

    @Test("the zero cases read naturally: none this week, no reports published")
    func zeroCases() throws {
        let en = try Self.language("en"), es = try Self.language("es"), ar = try Self.language("ar")
        #expect(en.text("trend_this_week", count: 0) == "none this week")
        #expect(en.text("trend_this_week", count: 3) == "3 this week")
        #expect(es.text("trend_this_week", count: 0) == "ninguno esta semana")
        #expect(ar.text("trend_this_week", count: 0) == "لا شيء منها هذا الأسبوع")
        #expect(ar.text("count_reports", count: 0) == "لا بلاغات")
        #expect(try ar.render("trend_summary_quiet", ["stories": .string("لا قصص جديدة"), "events": .string("لا فعاليات قادمة")], html: false)
                == "لم يُنشر أي بلاغ؛ لا قصص جديدة؛ لا فعاليات قادمة.")
    }

    @Test("a value that ends its sentence is not given a second full stop, in text or in HTML")
    func oneFullStop() throws {
        let es = try Self.language("es")
        let credit = "Oficina del Censo de EE. UU."
        let plain = try es.render("data_made_by", ["publisher": .string("Digests"), "maps": .string(credit)], html: false)
        #expect(plain.hasSuffix("Mapas: Oficina del Censo de EE. UU."))
        let html = try es.render("data_made_by", ["publisher": .string("Digests"), "maps": .safe("<bdi>" + credit + "</bdi>")], html: true)
        #expect(html.hasSuffix("Mapas: <bdi>Oficina del Censo de EE. UU.</bdi>"))
        let ended = try es.render("data_made_by", ["publisher": .string("Digests"), "maps": .string("OpenStreetMap")], html: false)
        #expect(ended.hasSuffix("Mapas: OpenStreetMap."), "a value without one still ends the sentence")
    }

    @Test("Numbers: grouping by language, Arabic-Indic digits with numbering: arab")
    func numbers() throws {
        let en = try Self.language("en"), es = try Self.language("es"), arab = try Self.language("ar", numbering: "arab")
        #expect([en.number(7), en.number(1234), en.number(1_234_567)] == ["7", "1,234", "1,234,567"])
        // Spanish groups only from five digits (CLDR's minimum grouping of 2).
        #expect([es.number(1234), es.number(12345)] == ["1234", "12,345"])
        #expect([arab.number(0), arab.number(1234), arab.number(-5)] == ["٠", "١٬٢٣٤", "-٥"])
        #expect(arab.number(2.5) == "٢٫٥")
    }

    /// Sunday, November 29, 2026, 18:30 at UTC−5.
    static let moment = LiquidTime(seconds: 1_795_995_000, utcOffset: -5 * 3600)

    @Test("Month and weekday names, date order and day periods in each language (a time with its period never broken across lines)")
    func dates() throws {
        let en = try Self.language("en"), es = try Self.language("es"), ar = try Self.language("ar"), arab = try Self.language("ar", numbering: "arab")
        #expect(en.date(Self.moment, "weekday_long_time") == "Sunday, November 29, 2026 · 6:30\u{00A0}PM")
        #expect(es.date(Self.moment, "weekday_long_time") == "domingo 29 de noviembre de 2026 · 6:30\u{00A0}p.\u{00A0}m.")
        #expect(ar.date(Self.moment, "weekday_long_time") == "الأحد 29 نوفمبر 2026 · 6:30\u{00A0}م")
        #expect(arab.date(Self.moment, "weekday_long_time") == "الأحد ٢٩ نوفمبر ٢٠٢٦ · ٦:٣٠\u{00A0}م")
        #expect(es.date(Self.moment, "long") == "29 de noviembre de 2026")
        #expect(es.date(Self.moment, "short") == "29 nov 2026")
        // Every month and weekday, from the first of each month of 2026 (a Thursday in January).
        func names(_ l: Language, _ format: String) -> [String] {
            (0..<12).map { m in
                let days = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334][m] + 20454  // 2026-01-01 is day 20454
                return l.date(LiquidTime(seconds: Int64(days) * 86_400 + 43_200, utcOffset: 0), format)
            }
        }
        var monthFormat = try Self.language("es")
        monthFormat.dates["m"] = "%B|%A"
        #expect(names(monthFormat, "m") == ["enero|jueves", "febrero|domingo", "marzo|domingo", "abril|miércoles", "mayo|viernes", "junio|lunes",
                                             "julio|miércoles", "agosto|sábado", "septiembre|martes", "octubre|jueves", "noviembre|domingo", "diciembre|martes"])
        var arabic = try Self.language("ar")
        arabic.dates["m"] = "%B|%A"
        #expect(names(arabic, "m") == ["يناير|الخميس", "فبراير|الأحد", "مارس|الأحد", "أبريل|الأربعاء", "مايو|الجمعة", "يونيو|الاثنين",
                                        "يوليو|الأربعاء", "أغسطس|السبت", "سبتمبر|الثلاثاء", "أكتوبر|الخميس", "نوفمبر|الأحد", "ديسمبر|الثلاثاء"])
        var english = try Self.language("en")
        english.dates["m"] = "%B|%A"
        #expect(names(english, "m").first == "January|Thursday")
        #expect(names(english, "m").last == "December|Tuesday")
    }

    @Test("Every language file has every key, plural forms for its language, and nothing unused")
    func keysComplete() throws {
        let (theme, diagnostics) = Theme.load(root: Self.theme)
        #expect(diagnostics.map(\.description) == [])
        #expect(Set(theme?.languages.keys.map { $0 } ?? []) == ["en", "es", "ar"])
        #expect(theme?.languages["ar"]?.direction == "rtl")
        #expect(theme?.language(for: "es-MX").code == "es-MX")
        #expect(theme?.language(for: "fr").code == "en")
    }

    @Test("check reports a missing key at the template's line and an unused one at the language file's")
    func missingAndUnused() throws {
        let copy = NSTemporaryDirectory() + "cs-lang-" + UUID().uuidString
        try FileManager.default.copyItem(atPath: Self.theme, toPath: copy)
        defer { try? FileManager.default.removeItem(atPath: copy) }
        try "# {{ 'title_stories' | t }}\n\n{{ 'no_such_key' | t }}\n".write(toFile: copy + "/pages/stories.md", atomically: true, encoding: .utf8)
        var es = try String(contentsOfFile: copy + "/i18n/es.yml", encoding: .utf8)
        es += "  spare_words: Palabras de sobra\n"
        try es.write(toFile: copy + "/i18n/es.yml", atomically: true, encoding: .utf8)
        let esLines = es.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        let (theme, diagnostics) = Theme.load(root: copy)
        #expect(theme == nil)
        let text = diagnostics.map(\.description)
        for lang in ["ar", "en", "es"] {
            #expect(text.contains("\(copy)/pages/stories.md:3:4: error: missing key 'no_such_key' in \(copy)/i18n/\(lang).yml"), "\(text)")
        }
        #expect(text.contains("\(copy)/i18n/es.yml:\(esLines):3: warning: unused key 'spare_words': no template or page uses it"), "\(text)")
        // The stories page no longer says what it said: its intro is unused in every language.
        #expect(text.contains { $0.contains("/i18n/en.yml:") && $0.contains("unused key 'stories_intro'") })
    }

    @Test("A scale bar's length in the language's numbers and units, and in symbols when its file names none")
    func scaleLengths() throws {
        let feet = GroundLength(amount: 2000, unit: .feet), km = GroundLength(amount: 2.5, unit: .kilometers)
        #expect(ViewModels.scaleLength(feet, try Self.language("en")) == "2,000 ft")
        #expect(ViewModels.scaleLength(feet, try Self.language("es")) == "2000 ft")
        #expect(ViewModels.scaleLength(GroundLength(amount: 20000, unit: .feet), try Self.language("es")) == "20,000 ft")
        #expect(ViewModels.scaleLength(feet, try Self.language("ar", numbering: "arab")) == "٢٬٠٠٠ قدم")
        #expect(ViewModels.scaleLength(km, try Self.language("ar")) == "2.5 كم")
        // A language file written before the scale's words were added still builds, with the units' symbols.
        var log = DiagnosticLog()
        let fr = try #require(Language.read("numbers:\n  group: \" \"\n  decimal: \",\"\nstrings:\n  n: x\n", code: "fr", path: "fr.yml", log: &log))
        #expect(log.items.isEmpty, "\(log.items)")
        #expect(ViewModels.scaleLength(feet, fr) == "2 000 ft" && ViewModels.scaleLength(km, fr) == "2,5 km")
        #expect(TranslationKeys.check([fr], uses: []).allSatisfy { !$0.message.contains("map_scale") })
        // Plural forms pick by the whole amount; a fraction takes `other`.
        let es = try #require(Language.read("""
            strings:
              map_scale_miles: { one: "{length} milla", many: "{length} de millas", other: "{length} millas" }
              map_scale_kilometers: { one: "{length} kilómetro", many: "{length} de kilómetros", other: "{length} kilómetros" }
            """, code: "es", path: "es.yml", log: &log))
        #expect(log.items.isEmpty, "\(log.items)")
        #expect(ViewModels.scaleLength(GroundLength(amount: 1, unit: .miles), es) == "1 milla")
        #expect(ViewModels.scaleLength(GroundLength(amount: 5, unit: .miles), es) == "5 millas")
        #expect(ViewModels.scaleLength(km, es) == "2.5 kilómetros")
    }

    @Test("A scale bar's words must write {length} and no parameter but {length} and {count}, an error at the key's line")
    func scaleWordsChecked() throws {
        var log = DiagnosticLog()
        let l = try #require(Language.read("""
            strings:
              map_scale_meters: "{length} m"
              map_scale_kilometers: "kilómetros"
              map_scale_feet: "{length} ft {extra}"
              map_scale_miles: { one: "{length} milla", many: "millas", other: "{length} millas" }
            """, code: "es", path: "es.yml", log: &log))
        let errors = TranslationKeys.check([l], uses: []).filter(\.isError).map(\.description)
        #expect(errors.contains("es.yml:3:3: error: 'map_scale_kilometers' must write {length} where the scale bar's number goes"), "\(errors)")
        #expect(errors.contains("es.yml:4:3: error: 'map_scale_feet' has no parameter {extra}; it takes {length} (the number, written in the language's digits) and {count}"), "\(errors)")
        #expect(errors.contains("es.yml:5:3: error: 'map_scale_miles' must write {length} where the scale bar's number goes"), "\(errors)")
        #expect(!errors.contains { $0.contains("map_scale_meters") })
    }

    @Test("A plural message must give every form its language needs")
    func pluralFormsRequired() {
        var log = DiagnosticLog()
        let l = Language.read("strings:\n  n: { one: \"{count} x\", other: \"{count} xs\" }\n", code: "ar", path: "ar.yml", log: &log)
        #expect(l != nil)
        #expect(log.items.map(\.description) == ["ar.yml:2:3: error: 'n' needs the plural forms zero, two, few, many in ar"])
    }

    @Test("The t filter: named parameters, escaping, safe parameters whole, plural by count or by form")
    func filter() throws {
        let es = try Self.language("es")
        let html = LanguageFilters.make(es, escaping: .html)
        let text = LanguageFilters.make(es, escaping: .none)
        let context = FilterContext()
        let t = try #require(html["t"]), plain = try #require(text["t"])
        func show(_ v: Value) -> String {
            switch v {
            case .string(let s): return "string:" + s
            case .safe(let s): return "safe:" + s
            default: return "other"
            }
        }
        #expect(show(try t.body(.string("go_home"), [], ["place": .string("<b>Bagley</b>")], context)) == "string:Ir a la página de inicio de <b>Bagley</b>")
        #expect(show(try t.body(.string("go_home"), [], ["place": .safe("<bdi>Bagley &amp; Co</bdi>")], context))
                == "safe:Ir a la página de inicio de <bdi>Bagley &amp; Co</bdi>")
        #expect(show(try plain.body(.string("count_reports"), [], ["count": .int(3)], context)) == "string:3 reportes")
        #expect(show(try plain.body(.string("search_found"), [], ["form": .string("one"), "count": .string("[count]"), "query": .string("[query]")], context))
                == "string:[count] resultado para «[query]»")
        #expect(throws: FilterError.self) { try plain.body(.string("no_such_key"), [], [:], context) }
        #expect(throws: FilterError.self) { try plain.body(.string("count_reports"), [], [:], context) }
    }
}
