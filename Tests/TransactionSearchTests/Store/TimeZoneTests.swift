import Foundation
import Testing
import TransactionSearchSupport
@testable import TransactionSearch

@Suite struct TimeZoneTests {
    private func localDay(_ store: TransactionStore, _ id: String) -> String {
        store.lock.withReadLock {
            CalendarDay(daysSince1970: store.contents.day(ofRow: store.contents.table.ids.row(of: id)!)).description
        }
    }

    @Test func madridDaysAcrossDaylightSavingChanges() throws {
        let store = TransactionStore(timeZone: TimeZone(identifier: "Europe/Madrid")!)
        // Spring forward 2026-03-29 01:00Z; fall back 2026-10-25 01:00Z.
        try store.add(.sample("before-spring", "2026-03-28T23:30:00Z"))  // 00:30 CET on the 29th
        try store.add(.sample("after-spring", "2026-03-29T22:30:00Z"))  // 00:30 CEST on the 30th
        try store.add(.sample("summer-late", "2026-07-01T22:15:00Z"))  // 00:15 on July 2nd
        try store.add(.sample("fall", "2026-10-24T22:30:00Z"))  // 00:30 CEST on the 25th
        try store.add(.sample("after-fall", "2026-10-25T23:30:00Z"))  // 00:30 CET on the 26th
        #expect(localDay(store, "before-spring") == "2026-03-29")
        #expect(localDay(store, "after-spring") == "2026-03-30")
        #expect(localDay(store, "summer-late") == "2026-07-02")
        #expect(localDay(store, "fall") == "2026-10-25")
        #expect(localDay(store, "after-fall") == "2026-10-26")
        store.checkInvariants()
    }

    /// Kwajalein went from +11 to -12 at 1969-09-30 13:00Z: its local September 30th lasted 47
    /// hours, and a row late that day lies 46 hours after the day's start (the store keeps the
    /// time of day in 28 bits: `RowTable.timeAndFlags`). Every half hour of those days is kept,
    /// dated and restored as given.
    @Test func kwajaleinsDayOfFortySevenHours() throws {
        let store = TransactionStore(timeZone: TimeZone(identifier: "Pacific/Kwajalein")!)
        let first = Int64(-8_078_400) * 1000  // 1969-09-29T12:00:00Z
        let drafts = (0..<(4 * 48)).map { step in
            TransactionDraft(id: "k\(step)", date: .instant(millisecondsSince1970: first + Int64(step) * 1_800_000), merchant: "Shop",
                             amount: DecimalAmount(significand: -100, fractionDigits: 2))
        }
        try store.add(contentsOf: drafts)
        store.checkInvariants()
        #expect(localDay(store, "k1") == "1969-09-29")  // 12:30Z, 23:30 at +11
        #expect(localDay(store, "k2") == "1969-09-30")  // 13:00Z, midnight at +11
        #expect(localDay(store, "k95") == "1969-09-30")  // 1969-10-01T11:30Z, 23:30 at -12: 46.5 hours in
        #expect(localDay(store, "k96") == "1969-10-01")  // 12:00Z, midnight at -12
        for draft in drafts { #expect(store.transaction(id: draft.id!)?.date == draft.date) }
        let bytes = store.lock.withReadLock { SnapshotFile.encoded(from: store.contents, generation: 1, foldedLog: nil) }
        let restored = TransactionStore(timeZone: TimeZone(identifier: "Pacific/Kwajalein")!)
        #expect(restored.restore(try SnapshotFile.decode(bytes, path: "snapshot.bin").rows) == nil)
        #expect(restored.transactions(in: .dateAscending) == store.transactions(in: .dateAscending))
        restored.checkInvariants()
    }

    @Test func newYorkDaysAcrossDaylightSavingChanges() throws {
        let store = TransactionStore(timeZone: TimeZone(identifier: "America/New_York")!)
        // Spring forward 2026-03-08 07:00Z; fall back 2026-11-01 06:00Z.
        try store.add(.sample("a", "2026-03-08T04:59:00Z"))  // 23:59 EST on the 7th
        try store.add(.sample("b", "2026-03-09T03:59:00Z"))  // 23:59 EDT on the 8th
        try store.add(.sample("c", "2026-11-01T04:30:00Z"))  // 00:30 EDT on Nov 1st
        try store.add(.sample("d", "2026-11-02T04:30:00Z"))  // 23:30 EST on Nov 1st
        #expect(localDay(store, "a") == "2026-03-07")
        #expect(localDay(store, "b") == "2026-03-08")
        #expect(localDay(store, "c") == "2026-11-01")
        #expect(localDay(store, "d") == "2026-11-01")
    }

    @Test func localTimesResolveInTheStoresZoneThroughGapsAndOverlaps() throws {
        let madrid = TimeZone(identifier: "Europe/Madrid")!
        // 02:30 on 2026-03-29 does not exist in Madrid: it moves forward to 03:30 CEST (01:30Z).
        #expect(try TransactionDate(parsing: "2026-03-29T02:30:00", in: madrid).description == "2026-03-29T01:30:00Z")
        // 02:30 on 2026-10-25 happens twice: the earlier one (CEST, 00:30Z) is taken.
        #expect(try TransactionDate(parsing: "2026-10-25T02:30:00", in: madrid).description == "2026-10-25T00:30:00Z")
        #expect(try TransactionDate(parsing: "2026-07-01T12:00:00", in: madrid).description == "2026-07-01T10:00:00Z")
    }

    @Test(arguments: [-10 * 3600, 14 * 3600, 0, 5 * 3600 + 45 * 60])
    func aCalendarDateKeepsItsDayInEveryZone(offset: Int) throws {
        let store = TransactionStore(timeZone: TimeZone(secondsFromGMT: offset)!)
        let added = try store.add(.sample("d", "2026-03-14"))
        #expect(added.date == .day(try! CalendarDay(year: 2026, month: 3, day: 14)))
        #expect(localDay(store, "d") == "2026-03-14")
        #expect(store.transaction(id: "d")?.date.description == "2026-03-14")
        store.checkInvariants()
    }

    @Test func theZoneClockAgreesWithFoundationEverywhere() {
        for identifier in ["Europe/Madrid", "America/New_York", "Australia/Lord_Howe", "Pacific/Apia", "Asia/Kolkata", "America/Havana"] {
            let zone = TimeZone(identifier: identifier)!
            let clock = ZoneClock(timeZone: zone)
            var random = SystemRandomNumberGenerator()
            for _ in 0..<2000 {
                let second = Int64.random(in: -2_000_000_000...4_000_000_000, using: &random)
                #expect(clock.offset(atSecond: second) == Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(second)))),
                        "\(identifier) at \(second)")
            }
        }
    }

    /// A row keeps its instant as milliseconds past its day's start: in zones whose days start
    /// at a skipped midnight, repeat an hour across midnight, or were skipped whole (Apia,
    /// 2011-12-30), every instant comes back exactly, the day each row falls on is the zone's,
    /// and date order (both ways, the ties by id) is a plain sort of the instants.
    @Test(arguments: ["America/Sao_Paulo", "America/Havana", "Asia/Beirut", "Pacific/Apia", "Africa/Casablanca", "Australia/Lord_Howe"])
    func instantsComeBackExactlyAroundEveryKindOfDayStart(identifier: String) throws {
        let zone = TimeZone(identifier: identifier)!
        let seed = UInt64(truncatingIfNeeded: identifier.utf8.reduce(0) { $0 &* 31 &+ Int($1) })
        var random = SeededRandom(seed: seed)
        let store = TransactionStore(timeZone: zone)
        var instants: [String: Int64] = [:]
        // Instants on every hour around the zone's transitions in 1990-2030, and random ones.
        var second: Int64 = 631_152_000  // 1990-01-01
        var previousOffset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(second)))
        while second < 1_893_456_000 && instants.count < 1_500 {
            let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(second)))
            if offset != previousOffset || random.chance(0.002) {
                for step in -3...3 {
                    let milliseconds = (second + Int64(step) * 1_800) * 1000 + Int64(random.int(in: 0...999))
                    instants["r\(instants.count)"] = milliseconds
                }
                previousOffset = offset
            }
            second += 3_600
        }
        #expect(instants.count > 100, "\(identifier): only \(instants.count) instants near transitions")
        let drafts = instants.map { id, milliseconds in
            TransactionDraft(id: id, date: .instant(millisecondsSince1970: milliseconds), merchant: "Shop",
                             amount: DecimalAmount(significand: -100, fractionDigits: 2), currency: Currency("EUR"))
        }
        // Half in bulk into the empty store, half one by one.
        _ = try store.add(contentsOf: Array(drafts.prefix(drafts.count / 2)))
        for draft in drafts.dropFirst(drafts.count / 2) { _ = try store.add(draft) }
        store.checkInvariants()
        let clock = ZoneClock(timeZone: zone)
        for (id, milliseconds) in instants {
            #expect(store.transaction(id: id)?.date == .instant(millisecondsSince1970: milliseconds), "seed \(seed) \(identifier) \(id)")
            #expect(localDay(store, id) == CalendarDay(daysSince1970: clock.day(ofInstant: milliseconds)).description, "\(identifier) \(id)")
        }
        let expected = instants.sorted { $0.value != $1.value ? $0.value < $1.value : $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }.map(\.key)
        let ascending = store.search(Query(sort: .dateAscending, limit: instants.count), usingCache: false).rows.map(\.transaction.id)
        #expect(ascending == expected, "\(identifier): date order differs")
        let newest = store.search(Query(sort: .dateDescending, limit: 20), usingCache: false).rows.map { instants[$0.transaction.id]! }
        #expect(newest == Array(expected.reversed().prefix(20)).map { instants[$0]! }, "\(identifier): newest first differs")
    }
}
