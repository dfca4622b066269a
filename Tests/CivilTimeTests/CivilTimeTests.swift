import TestSupport
@testable import CivilTime
import Foundation
import Testing

@Suite("Civil time")
struct CivilTimeTests {
    func day(_ s: String) -> CivilDate {
        CivilDate.parse(s) ?? CivilDate(unchecked: 0, 0, 0)
    }

    @Test("ISO weeks at the turn of the year: week 52, week 53 and week 1", arguments: [
        ("2026-12-27", 2026, 52), ("2026-12-28", 2026, 53), ("2027-01-03", 2026, 53), ("2027-01-04", 2027, 1),
        ("2020-12-31", 2020, 53), ("2021-01-01", 2020, 53), ("2021-01-04", 2021, 1),
        ("2024-12-30", 2025, 1), ("2018-12-31", 2019, 1), ("2023-01-01", 2022, 52), ("2023-01-02", 2023, 1),
    ])
    func isoWeeks(_ date: String, _ year: Int, _ week: Int) {
        #expect(day(date).isoWeek == (year, week), "\(date)")
        #expect(CivilDate.monday(isoYear: year, week: week) <= day(date))
        #expect(CivilDate.monday(isoYear: year, week: week).adding(days: 6) >= day(date))
        #expect(CivilDate.monday(isoYear: year, week: week).isoWeekday == 1)
    }

    @Test("leap years, days in months, day of year, weekdays and names")
    func calendar() {
        #expect(CivilDate.isLeap(2024) && CivilDate.isLeap(2000) && !CivilDate.isLeap(1900) && !CivilDate.isLeap(2026))
        #expect(CivilDate(year: 2024, month: 2, day: 29) != nil && CivilDate(year: 2026, month: 2, day: 29) == nil)
        #expect(day("2024-12-31").dayOfYear == 366 && day("2026-03-01").dayOfYear == 60)
        #expect(day("2026-11-29").isoWeekday == 7 && day("2026-11-29").weekdayName == "Sunday" && day("2026-11-29").monthName == "November")
        #expect(CivilDate(daysSinceEpoch: day("1969-12-31").daysSinceEpoch) == day("1969-12-31"))
    }

    let detroit = ZoneClock(TimeZone(identifier: "America/Detroit") ?? .gmt)

    @Test("America/Detroit: spring forward on 2026-03-08 and fall back on 2026-11-01")
    func daylightSaving() {
        // Midnight of each day, in UTC: EST is -5 h, EDT -4 h.
        #expect(detroit.startOfDay(day("2026-03-08")) == 1_772_946_000)  // 2026-03-08T05:00:00Z, still EST
        #expect(detroit.startOfDay(day("2026-03-09")) == 1_773_028_800)  // 2026-03-09T04:00:00Z, EDT: a 23-hour day
        #expect(detroit.startOfDay(day("2026-11-02")) - detroit.startOfDay(day("2026-11-01")) == 25 * 3600)
        // 2:30 on the spring day does not exist; 1:30 on the fall day happens twice: the earlier one.
        let skipped = detroit.instant(day("2026-03-08"), seconds: 2 * 3600 + 1800)
        #expect(skipped.offset == -4 * 3600 || skipped.offset == -5 * 3600)
        let twice = detroit.instant(day("2026-11-01"), seconds: 3600 + 1800)
        #expect(twice.instant == 1_793_511_000 && twice.offset == -4 * 3600)  // 05:30Z, the EDT one
        #expect(detroit.day(at: twice.instant + 3600).day == day("2026-11-01"))
        #expect(detroit.rfc3339(twice.instant) == "2026-11-01T01:30:00-04:00")
        #expect(detroit.rfc3339(twice.instant + 3600) == "2026-11-01T01:30:00-05:00")
        #expect(ZoneClock.utcStamp(twice.instant) == "20261101T053000Z")
    }

    @Test("RFC 3339 stamps are digit for digit those of the string-by-string way, from year 1 to 9999 and before 1970")
    func stampsAsBefore() {
        func pad(_ n: Int, _ width: Int) -> String {
            let s = String(n)
            return String(repeating: "0", count: max(0, width - s.utf8.count)) + s
        }
        func rfc3339(_ clock: ZoneClock, _ instant: Int64) -> String {
            let offset = clock.offset(at: instant)
            let local = instant + Int64(offset)
            let minutes = abs(offset) / 60
            let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
            let rest = Int(local - days * 86_400)
            let d = CivilDate(daysSinceEpoch: Int(days))
            return pad(d.year, 4) + "-" + pad(d.month, 2) + "-" + pad(d.day, 2) + "T" + pad(rest / 3600, 2) + ":" + pad(rest / 60 % 60, 2) + ":"
                + pad(rest % 60, 2) + (offset < 0 ? "-" : "+") + pad(minutes / 60, 2) + ":" + pad(minutes % 60, 2)
        }
        var random = SeededRandom(seed: 5)
        let clocks = [detroit, ZoneClock(TimeZone(identifier: "Asia/Kolkata") ?? .gmt), ZoneClock(.gmt)]
        for k in 0..<20_000 {
            let state = random.next()
            let instant = Int64(bitPattern: state >> 1) % 253_402_300_000 - (k % 3 == 0 ? 62_135_596_800 : 0)
            let clock = clocks[k % clocks.count]
            #expect(clock.rfc3339(instant) == rfc3339(clock, instant), "\(instant)")
        }
        #expect(ZoneClock.pad(-5, 4) == "00-5")
        var bytes: [UInt8] = []
        ZoneClock.pad(-5, 4, into: &bytes)
        ZoneClock.pad(123_456, 2, into: &bytes)
        ZoneClock.pad(0, 3, into: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "00-5123456000")
    }
}
