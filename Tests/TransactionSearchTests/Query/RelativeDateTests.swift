import Foundation
import Testing
import TransactionSearchSupport
@testable import TransactionSearch

/// Dates said the way people say them: `date:today` ... `date:last-N-days`, counted from the
/// store's clock in the store's zone.
@Suite struct RelativeDateTests {
    static func day(_ text: String) -> CalendarDay {
        guard case .day(let day)? = ParsedDate.parse(text) else { preconditionFailure(text) }
        return day
    }

    static func days(_ period: RelativeDate, today: String) -> String {
        let range = period.days(today: day(today))
        return "\(range.lowerBound)..\(range.upperBound)"
    }

    @Test func periodsAroundMonthAndYearEnds() {
        let d = RelativeDateTests.days
        #expect(d(.today, "2026-03-01") == "2026-03-01..2026-03-01")
        #expect(d(.yesterday, "2026-03-01") == "2026-02-28..2026-02-28")
        #expect(d(.yesterday, "2024-03-01") == "2024-02-29..2024-02-29")
        #expect(d(.lastMonth, "2024-03-31") == "2024-02-01..2024-02-29")
        #expect(d(.thisMonth, "2026-02-14") == "2026-02-01..2026-02-28")
        #expect(d(.lastMonth, "2026-01-01") == "2025-12-01..2025-12-31")
        #expect(d(.thisYear, "2026-12-31") == "2026-01-01..2026-12-31")
        #expect(d(.lastYear, "2026-01-01") == "2025-01-01..2025-12-31")
        // 2026-01-01 is a Thursday: its week starts on Monday 2025-12-29.
        #expect(d(.thisWeek, "2026-01-01") == "2025-12-29..2026-01-04")
        #expect(d(.lastWeek, "2026-01-01") == "2025-12-22..2025-12-28")
        #expect(d(.thisWeek, "2026-03-15") == "2026-03-09..2026-03-15")  // a Sunday ends its week
        #expect(d(.thisWeek, "2026-03-16") == "2026-03-16..2026-03-22")  // a Monday starts one
        #expect(d(.lastDays(1), "2026-03-01") == "2026-03-01..2026-03-01")
        #expect(d(.lastDays(7), "2026-03-01") == "2026-02-23..2026-03-01")
        #expect(d(.lastDays(366), "2025-03-01") == "2024-03-01..2025-03-01")
    }

    /// Every period on 4,000 random days (1900-2100) equals what Foundation's `Calendar` says.
    @Test func periodsEqualFoundationsCalendar() {
        var random = SeededRandom(seed: 18_500)
        let periods: [RelativeDate] = [.today, .yesterday, .thisWeek, .lastWeek, .thisMonth, .lastMonth, .thisYear, .lastYear, .lastDays(30)]
        for _ in 0..<(4_000 * RandomScale.factor) {
            let today = CalendarDay(daysSince1970: Int32(random.int(in: -25_567...47_482)))
            for period in periods {
                let expected = PlainScan.period(period, today: today)
                let range = period.days(today: today)
                #expect(range.lowerBound == expected.first && range.upperBound == expected.last, "\(period.text) on \(today)")
            }
        }
    }

    static let syntaxCases: [(text: String, condition: SearchTerm.Condition, printed: String)] = [
        ("date:today", .relativeDates(from: .period(.today), to: .period(.today)), "date:today"),
        ("date:Yesterday", .relativeDates(from: .period(.yesterday), to: .period(.yesterday)), "date:yesterday"),
        ("date=this-week", .relativeDates(from: .period(.thisWeek), to: .period(.thisWeek)), "date:this-week"),
        ("date:last-month", .relativeDates(from: .period(.lastMonth), to: .period(.lastMonth)), "date:last-month"),
        ("date>=this-year", .relativeDates(from: .period(.thisYear), to: nil), "date>=this-year"),
        ("date>last-week", .relativeDates(from: .outside(.lastWeek), to: nil), "date>last-week"),
        ("date<=yesterday", .relativeDates(from: nil, to: .period(.yesterday)), "date<=yesterday"),
        ("date<this-month", .relativeDates(from: nil, to: .outside(.thisMonth)), "date<this-month"),
        ("date:last-30-days", .relativeDates(from: .period(.lastDays(30)), to: .period(.lastDays(30))), "date:last-30-days"),
        ("date:2026-01..today", .relativeDates(from: .day(day("2026-01-01")), to: .period(.today)), "date:2026-01-01..today"),
        ("date:last-year..2026-02", .relativeDates(from: .period(.lastYear), to: .day(day("2026-02-28"))), "date:last-year..2026-02-28"),
        ("date:last-month..", .relativeDates(from: .period(.lastMonth), to: nil), "date>=last-month"),
        ("date:..yesterday", .relativeDates(from: nil, to: .period(.yesterday)), "date<=yesterday"),
        ("date:last-year..this-year", .relativeDates(from: .period(.lastYear), to: .period(.thisYear)), "date:last-year..this-year"),
    ]

    @Test(arguments: syntaxCases.indices)
    func relativeDatesParseAndPrintAsTyped(index: Int) throws {
        let (text, condition, printed) = RelativeDateTests.syntaxCases[index]
        let parsed = try SearchSyntax.parse(text)
        #expect(parsed.terms == [SearchTerm(condition)])
        let query = parsed.applied(to: Query())
        #expect(query.searchText == printed)
        #expect(try SearchSyntax.parse(printed).terms == parsed.terms)
        let excluded = try SearchSyntax.parse("-" + text)
        #expect(excluded.terms == [SearchTerm(condition, isExcluded: true)])
        // Saved as JSON, it stays relative.
        #expect(try JSONDecoder().decode(Query.self, from: JSONEncoder().encode(query)) == query)
    }

    static let badDates: [(text: String, message: String)] = [
        ("date:tomorrow", "at character 6 ('date:tomorrow'): expected a date (2026-03, 2026-03-14) or today, yesterday, this-week, last-week, this-month, last-month, this-year, last-year, last-N-days; not 'tomorrow'"),
        ("date:last-0-days", "at character 6 ('date:last-0-days'): expected last-N-days with N from 1 to 100000, not 'last-0-days'"),
        ("date:last-100001-days", "at character 6 ('date:last-100001-days'): expected last-N-days with N from 1 to 100000, not 'last-100001-days'"),
        ("date>=today..", "at character 7 ('date>=today..'): expected one date after '>=', not a range"),
        ("date:2026-13..today", "at character 11 ('date:2026-13..today'): expected a month from 01 to 12 in a year from 0001 to 9999, not '2026-13'"),
        ("date:2026-01..tomorow", "at character 15 ('date:2026-01..tomorow'): expected a date (2026-03, 2026-03-14) or today, yesterday, this-week, last-week, this-month, last-month, this-year, last-year, last-N-days; not 'tomorow'"),
    ]

    @Test(arguments: badDates.indices)
    func aBadRelativeDateSaysWhatItExpected(index: Int) {
        let (text, message) = RelativeDateTests.badDates[index]
        #expect(throws: SearchSyntaxError.self) { try SearchSyntax.parse(text) }
        #expect(SearchSyntax.parseLeniently(text).problems.map(\.description) == [message])
    }

    /// A store with one row at noon UTC each day from 2026-02-20 to 2026-03-20 and a clock.
    static func store(zone: String, clock: StoreClock) throws -> TransactionStore {
        let store = TransactionStore(timeZone: TimeZone(identifier: zone)!)
        store.clock = clock
        for offset in 0...28 {
            let day = RelativeDateTests.day("2026-02-20").adding(days: Int32(offset))
            try store.add(TransactionDraft(id: "\(day)", date: .instant(millisecondsSince1970: Int64(day.daysSince1970) * 86_400_000 + 43_200_000),
                                           merchant: "Shop", amount: DecimalAmount(significand: -100, fractionDigits: 2)))
        }
        return store
    }

    static func ids(_ store: TransactionStore, _ text: String) throws -> [String] {
        store.search(try Query(parsing: text, sort: .dateAscending, limit: 100)).rows.map(\.transaction.id)
    }

    static func instant(_ text: String) -> Date {
        ISO8601DateFormatter().date(from: text)!
    }

    /// The same instant is a different day at UTC-10 and UTC+14.
    @Test func todayIsTheClocksDayInTheStoresZone() throws {
        let now = StoreClock.fixed(at: RelativeDateTests.instant("2026-03-10T09:30:00Z"))
        let honolulu = try RelativeDateTests.store(zone: "Pacific/Honolulu", clock: now)  // 2026-03-09 23:30
        let kiritimati = try RelativeDateTests.store(zone: "Pacific/Kiritimati", clock: now)  // 2026-03-10 23:30
        #expect(honolulu.today == RelativeDateTests.day("2026-03-09"))
        #expect(kiritimati.today == RelativeDateTests.day("2026-03-10"))
        // Noon UTC is 02:00 the same day in Honolulu and 02:00 the next day in Kiritimati.
        #expect(try RelativeDateTests.ids(honolulu, "date:today") == ["2026-03-09"])
        #expect(try RelativeDateTests.ids(kiritimati, "date:today") == ["2026-03-09"])
        #expect(try RelativeDateTests.ids(kiritimati, "date:yesterday") == ["2026-03-08"])
        #expect(try RelativeDateTests.ids(honolulu, "date:last-3-days") == ["2026-03-07", "2026-03-08", "2026-03-09"])
        // A fixed day is that day in any zone.
        honolulu.clock = .fixed(day: RelativeDateTests.day("2026-03-01"))
        #expect(try RelativeDateTests.ids(honolulu, "date:last-month").count == 9)  // 2026-02-20..28
        #expect(try RelativeDateTests.ids(honolulu, "date:last-month..today").count == 10)
        #expect(try RelativeDateTests.ids(honolulu, "date>=today date<=2026-03-02") == ["2026-03-01", "2026-03-02"])
        #expect(try RelativeDateTests.ids(honolulu, "-date:this-month").count == 9)
        // 2026-03-01 is a Sunday: last week is 2026-02-16..22, and after it 2026-02-23 onwards.
        #expect(try RelativeDateTests.ids(honolulu, "date>last-week").count == 26)
    }

    /// Around a daylight-saving change (Madrid, 2026-03-29, 02:00 becomes 03:00): today starts
    /// at local midnight, and the day is 23 hours long.
    @Test func aDaylightSavingChange() throws {
        let store = TransactionStore(timeZone: TimeZone(identifier: "Europe/Madrid")!)
        let local = ["2026-03-28T23:59:00+01:00", "2026-03-29T00:00:00+01:00", "2026-03-29T01:59:00+01:00",
                     "2026-03-29T03:00:00+02:00", "2026-03-29T23:59:00+02:00", "2026-03-30T00:00:00+02:00"]
        for (index, text) in local.enumerated() {
            try store.add(TransactionDraft(id: "r\(index)", date: try TransactionDate(parsing: text, in: store.timeZone), merchant: "Shop",
                                           amount: DecimalAmount(significand: -100, fractionDigits: 2)))
        }
        let now = TestClock(RelativeDateTests.instant("2026-03-29T00:30:00Z"))  // 01:30 CET
        store.clock = now.clock
        #expect(store.today == RelativeDateTests.day("2026-03-29"))
        let untilTomorrow = try #require(store.millisecondsUntilTomorrow())
        #expect(untilTomorrow == Int64(22 * 3600 - 30 * 60) * 1000)  // to 2026-03-29T22:00Z: a 23-hour day
        #expect(try RelativeDateTests.ids(store, "date:today") == ["r1", "r2", "r3", "r4"])
        #expect(try RelativeDateTests.ids(store, "date:yesterday") == ["r0"])
        now.now = RelativeDateTests.instant("2026-03-29T22:00:00Z")  // midnight CEST
        #expect(try RelativeDateTests.ids(store, "date:today") == ["r5"])
        #expect(try RelativeDateTests.ids(store, "date:yesterday") == ["r1", "r2", "r3", "r4"])
    }

    /// A cached answer counts from the day it was made: when the day changes, the query is
    /// answered again (the cache is keyed by the days it resolved to).
    @Test func aCachedRelativeQueryIsAnsweredAgainWhenTheDayChanges() throws {
        let now = TestClock(RelativeDateTests.instant("2026-03-10T12:00:00Z"))
        let store = try RelativeDateTests.store(zone: "UTC", clock: now.clock)
        let query = try Query(parsing: "date:today")
        #expect(store.search(query).rows.map(\.transaction.id) == ["2026-03-10"])
        #expect(store.search(query).rows.map(\.transaction.id) == ["2026-03-10"])
        #expect(store.cacheStatistics.hits == 1)
        now.now = RelativeDateTests.instant("2026-03-11T00:00:01Z")
        #expect(store.search(query).rows.map(\.transaction.id) == ["2026-03-11"])
        #expect(store.cacheStatistics.misses == 2)
    }

    /// A live query at midnight yields the new day's result.
    @Test func aLiveQueryUpdatesWhenTheDayChanges() async throws {
        let now = TestClock(RelativeDateTests.instant("2026-03-10T23:59:59Z"))
        let store = try RelativeDateTests.store(zone: "UTC", clock: now.clock)
        var results = store.observe(try Query(parsing: "date:today")).makeAsyncIterator()
        #expect(await results.next()?.rows.map(\.transaction.id) == ["2026-03-10"])
        #expect(store.dayWatcher.isWatching)
        now.now = RelativeDateTests.instant("2026-03-11T00:00:00Z")
        store.refreshRelativeDates()
        #expect(await results.next()?.rows.map(\.transaction.id) == ["2026-03-11"])
        // Its dependencies moved with it: a row added today updates it, one added yesterday not.
        try store.add(TransactionDraft(id: "late", date: try .day(2026, 3, 10), merchant: "Shop", amount: 1))
        try store.add(TransactionDraft(id: "new", date: try .day(2026, 3, 11), merchant: "Shop", amount: 1))
        #expect(await results.next()?.rows.map(\.transaction.id).sorted() == ["2026-03-11", "new"])
    }

    /// Clocks at the ends of what they can say: every relative query is answered, none traps.
    @Test func extremeClocksNeverTrap() throws {
        let store = try RelativeDateTests.store(zone: "Pacific/Kiritimati", clock: .system)
        let clocks: [StoreClock] = [.fixed(day: CalendarDay(daysSince1970: .max)), .fixed(day: CalendarDay(daysSince1970: .min)),
                                    .fixed(day: CalendarDay(daysSince1970: 0)), .fixed(at: .distantPast), .fixed(at: .distantFuture),
                                    .fixed(at: Date(timeIntervalSince1970: 1e300)), .fixed(at: Date(timeIntervalSince1970: -.infinity)),
                                    StoreClock(now: { Date(timeIntervalSince1970: .nan) })]
        let periods = ["today", "yesterday", "this-week", "last-week", "this-month", "last-month", "this-year", "last-year", "last-100000-days"]
        for clock in clocks {
            store.clock = clock
            _ = store.millisecondsUntilTomorrow()
            for period in periods {
                for text in ["date:\(period)", "date>\(period)", "date<\(period)", "-date:\(period)", "date:\(period)..9999-12"] {
                    #expect(store.search(try Query(parsing: text)).total.count >= 0)
                }
            }
        }
        #expect(SearchTerm(.relativeDates(from: .period(.lastDays(Int.max)), to: nil)).resolvingRelativeDates(today: CalendarDay(daysSince1970: 0))
                == SearchTerm(.dates(from: CalendarDay(daysSince1970: -99_999), to: nil)))
        #expect(RelativeDate.lastDays(-3).text == "last-1-days")
    }

    /// Random stores, clocks and relative queries: every answer equals the plain scan's with the
    /// same today.
    @Test(arguments: 0..<6)
    func relativeQueriesAgreeWithThePlainScan(seedIndex: Int) throws {
        let seed = UInt64(18_600 + seedIndex)
        var world = RandomWorld(seed: seed)
        let zone = TimeZone(identifier: world.pick(RandomWorld.zones + ["Pacific/Honolulu"]))!
        let store = TransactionStore(timeZone: zone)
        try store.add(contentsOf: (0..<60).map { _ in world.draft(id: nil) })
        let reference = PlainScan(transactions: store.transactions(), timeZone: zone)
        let periods = ["today", "yesterday", "this-week", "last-week", "this-month", "last-month", "this-year", "last-year",
                       "last-1-days", "last-7-days", "last-45-days"]
        for _ in 0..<(60 * RandomScale.factor) {
            let today = CalendarDay(daysSince1970: Int32(RandomWorld.baseDay) + Int32(world.random.int(in: -10...50)))
            store.clock = .fixed(day: today)
            let period = world.pick(periods)
            let text = world.pick(["date:\(period)", "date>=\(period)", "date>\(period)", "date<\(period)", "date<=\(period)",
                                   "-date:\(period)", "date:2026-03-01..\(period)", "date:\(period)..2026-04-30"])
            var query = try Query(parsing: text, grouping: world.pick(Grouping.allCases), limit: 200)
            if world.random.chance(0.3) { query.text = world.word() }
            #expect(store.search(query) == reference.search(query, today: today), "seed \(seed): \(text) on \(today)")
        }
    }
}
