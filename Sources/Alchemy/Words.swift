import CivilTime

/// Small pieces of English the drafts and the checks share.
public enum Words {
    /// "March 2, 2024".
    public static func longDate(_ d: CivilDate) -> String { "\(d.monthName) \(d.day), \(d.year)" }

    /// "March 2" and "June 20, 2024", or "March 2, 2023" and "June 20, 2024": a span's two ends.
    public static func span(_ a: CivilDate, _ b: CivilDate) -> (String, String) {
        a.year == b.year ? ("\(a.monthName) \(a.day)", longDate(b)) : (longDate(a), longDate(b))
    }

    /// "April 2024" or "2021": the month (or, over two years or more, the year) with the most
    /// reports, when one stands out (more than one report, and more than any other).
    public static func busiest(_ f: StoryFacts) -> (period: String, count: Int, isYear: Bool)? {
        let spanMonths = (f.last.year * 12 + f.last.month) - (f.first.year * 12 + f.first.month)
        if spanMonths >= 24 {
            let years = f.byYear.sorted { $0.count != $1.count ? $0.count > $1.count : $0.year < $1.year }
            guard let top = years.first, top.count > 1, years.count > 1, years[1].count < top.count else { return nil }
            return (String(top.year), top.count, true)
        }
        let months = f.byMonth.sorted { $0.count != $1.count ? $0.count > $1.count : ($0.year, $0.month) < ($1.year, $1.month) }
        guard let top = months.first, top.count > 1, months.count > 1, months[1].count < top.count else { return nil }
        return ("\(CalendarNames.months[top.month - 1]) \(top.year)", top.count, false)
    }

    /// A label inside a sentence: "Stop sign running" → "stop sign running"; "USPS trucks" stays.
    public static func lowerFirst(_ s: String) -> String {
        let chars = Array(s)
        guard chars.count >= 2, chars[0].isUppercase, chars[1].isLowercase else { return s }
        return chars[0].lowercased() + String(chars.dropFirst())
    }

    /// "a", "a and b", "a, b and c".
    public static func list(_ items: [String]) -> String {
        switch items.count {
        case 0: return ""
        case 1: return items[0]
        default: return items.dropLast().joined(separator: ", ") + " and " + (items.last ?? "")
        }
    }

    /// Words a text is counted in: runs between spaces that hold a letter or a digit.
    public static func count(_ text: String) -> Int {
        text.split(whereSeparator: { $0.isWhitespace }).filter { $0.contains(where: { $0.isLetter || $0.isNumber }) }.count
    }

    /// "two" … "twenty", "thirty" … "hundred": spelled numbers the check reads as numbers ("one" is left alone).
    public static let spelledNumbers: [String: Int] = [
        "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11,
        "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
        "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
        "ninety": 90, "hundred": 100, "dozen": 12,
    ]

    /// Words that say how many without a number, lowercased, to the least count they claim: "dozens"
    /// of three reports is not true. `Int.max`: no count supports it.
    public static let magnitudes: [String: Int] = [
        "dozens": 24, "scores": 40, "tens": 20, "hundreds": 200, "thousand": 1_000, "thousands": 2_000,
        "million": 1_000_000, "millions": 2_000_000, "billion": 1_000_000_000, "billions": 2_000_000_000,
        "trillion": Int.max, "trillions": Int.max, "countless": Int.max, "innumerable": Int.max, "uncountable": Int.max,
        "myriad": Int.max, "myriads": Int.max, "umpteen": Int.max, "zillions": Int.max, "gazillions": Int.max, "untold": Int.max,
    ]

    /// Month names and their usual short forms, lowercased, to their number.
    public static let months: [String: Int] = {
        var out: [String: Int] = [:]
        for (i, m) in CalendarNames.months.enumerated() {
            out[m.lowercased()] = i + 1
            out[String(m.lowercased().prefix(3))] = i + 1
        }
        out["sept"] = 9
        return out
    }()

    public static let weekdays: Set<String> = Set(CalendarNames.weekdays.map { $0.lowercased() })

    /// Ordinary English words that may start a sentence or a title word: never taken for a name.
    /// Names that are also words (Bill, Rose, Grace, Will) are left out on purpose.
    public static let common: Set<String> = Set("""
    a about above family families kids neighbors traffic across act action actions add after again against ago all almost along already also although always am among
    an and another any anyone anything are area areas around as ask asked asking asks at attention away back bad be because become
    been before began behind being below best better between big bike block blocks both bring brings bus busiest business but by
    call called calling calls came can car cars case cases cause caused change check child children city clear close closer
    come comes coming common community concern concerned concerns continue could council count counted counts crossing crossings
    crosswalk crosswalks danger dangerous data day days department despite did do does doing done down drive driver drivers
    driving during each early east enforcement enough even every everyone evidence fast few fewer file filed filing find first fix
    fixed for from further get gets getting give go going got hard has have having he hear heard help her here high him his home
    homes how however if in incident incidents including increase instead into is issue issues it its just keep kids kind know last
    late later latest least less let lets like likely little live local long look looking lot lots made make makes making many map
    may maybe means meanwhile meeting meetings might more most much must near nearby need needs neighbor neighborhood neighborhoods
    neighbors new next no none north northeast northwest not note nothing now number of off often on once one only or other others
    our out over own park parked parking parks part past pattern patterns people per period place places please point problem
    problems public put rather read real recent recently report reported reporting reports request residents right road roads
    safe safer safety same say says school see seen several share she should show shows side sidewalk sidewalks signs since slow
    so some someone something soon south southeast southwest speed speeding spot spring start still stop story street streets such
    summer take taken than thanks that the their them then there these they thing things this those though three through time times
    to today together too took toward traffic trucks twice two under until up upon us use used very walk walking want was watch
    way we week weekly weeks were west what when where whether which while who why winter with within without word words work
    working would write written year years yet you your
    """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
}

extension Words {
    /// Common first names in the United States, lowercased: a draft that writes one is naming a person
    /// (unless it is a place of the facts, like Warren Ave). A backstop for names a resident wrote at
    /// the start of a sentence, which the vocabulary check alone would take for a quotation.
    public static let firstNames: Set<String> = Set("""
    aaron abigail adam adrian aisha alex alexander alexis alice alicia allison amanda amber amy ana andrea andrew angela anna
    anthony antonio ashley barbara ben benjamin beth betty bob brandon brenda brian brittany carlos carol caroline catherine
    charles charlotte chris christina christine christopher cynthia daniel danielle darius david deborah denise dennis derek
    diana diane donald donna dorothy douglas dylan edward elizabeth emily emma eric erica ethan evelyn frank gabriel gary george
    gloria gregory hannah harold heather helen henry isabella jack jacob james jamal jasmine jason jeffrey jennifer jeremy
    jessica joan joe john jonathan jose joseph joshua joyce juan judith julia julie justin karen katherine kathleen keisha
    keith kelly kenneth kevin kimberly kyle larry laura lauren linda lisa lucas luis madison malik marcus margaret maria marie
    marilyn martha mary matthew megan melissa michael michelle mohammed muhammad nancy nathan nicholas nicole noah olivia pamela
    patricia patrick paul peter rachel raymond rebecca richard robert ronald ryan samantha samuel sandra sarah scott sean
    sharon shirley sophia stephanie stephen steven susan tamika tanisha teresa terrence thomas timothy tony tyler tyrone
    victoria vincent virginia walter william willie zachary
    """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
}
