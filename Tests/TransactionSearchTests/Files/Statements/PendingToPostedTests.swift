import Foundation
import Testing
import Synchronization
@testable import TransactionSearch
@testable import TransactionSearchFiles

/// A posted transaction that is the same payment as a pending one replaces it in place: same
/// id, posted, the posted date, amount and text, one `.updated` event, no second row.
@Suite struct PendingToPostedTests {
    /// A store in UTC holding the pending rows `(id, day of March 2026, merchant, amount)` on
    /// account `Main`, in EUR.
    static func store(pending: [(String, Int, String, String)], account: String? = "Main") throws -> TransactionStore {
        let store = TransactionStore()
        for (id, day, merchant, amount) in pending {
            try store.add(TransactionDraft(id: id, date: try! .day(2026, 3, day), merchant: merchant, account: account,
                                           amount: try DecimalAmount(parsing: amount), status: .pending))
        }
        return store
    }

    /// Our CSV of posted rows `(day of March 2026, merchant, amount)`, with a bank reference.
    static func posted(_ rows: [(Int, String, String)], account: String = "Main", currency: String = "EUR") -> [UInt8] {
        var text = "date,merchant,amount,account,currency,status,import_key\n"
        for (index, (day, merchant, amount)) in rows.enumerated() {
            text += "2026-03-\(day < 10 ? "0" : "")\(day),\(merchant),\(amount),\(account),\(currency),posted,posted-\(index)\n"
        }
        return Array(text.utf8)
    }

    @Test func aTipMakesThePostedAmountLargerAndItStillReplacesThePending() throws {
        let store = try Self.store(pending: [("p1", 1, "Joe's Diner", "-20.00")])
        let events = Mutex<[StoreEvent.Change]>([])
        let subscription = store.observe { event in events.withLock { $0.append(event.change) } }
        defer { subscription.cancel() }
        let report = try store.importStatement(from: Self.posted([(3, "JOES DINER #1234", "-23.00")]))
        #expect(report.replacedPendingIDs == ["p1"] && report.addedIDs.isEmpty, "\(report.summary)")
        #expect(report.summary == "0 added, 0 already present, 1 pending replaced")
        let row = try #require(store.transaction(id: "p1"))
        #expect(row.status == .posted && row.amount.minorUnits == -2300 && row.date == (try! .day(2026, 3, 3)) && row.merchant == "JOES DINER #1234")
        #expect(row.importKey == "posted-0")
        #expect(store.count == 1)
        guard case .updated(let old, let new)? = events.withLock({ $0.last }) else {
            Issue.record("no update event")
            return
        }
        #expect(old.status == .pending && new.status == .posted && old.id == new.id)
        // Importing the posted file again finds it present, and does not touch it.
        let again = try store.importStatement(from: Self.posted([(3, "JOES DINER #1234", "-23.00")]))
        #expect(again.alreadyPresent == 1 && again.replacedPendingIDs.isEmpty)
        store.checkInvariants()
    }

    @Test func twoPendingsCompeteAndEachIsClaimedOnce() throws {
        let store = try Self.store(pending: [("early", 1, "Starbucks", "-10.00"), ("late", 3, "Starbucks", "-10.00")])
        // The first posting (day 3) is closest to "late"; the second (day 4) takes "early".
        let report = try store.importStatement(from: Self.posted([(3, "STARBUCKS 0042", "-10.00"), (4, "Starbucks", "-10.00")]))
        #expect(report.replacedPendingIDs == ["late", "early"], "\(report.replacedPendingIDs)")
        #expect(store.count == 2 && store.transactions().allSatisfy { $0.status == .posted })
        // A third posting has no pending left: it is added.
        var third = Self.posted([(5, "Starbucks", "-10.00")])
        third = Array(String(decoding: third, as: UTF8.self).replacingOccurrences(of: "posted-0", with: "posted-9").utf8)
        #expect(try store.importStatement(from: third).addedIDs.count == 1)
    }

    @Test func theRulesLeaveOutWhatIsNotTheSamePayment() throws {
        let store = try Self.store(pending: [("p", 1, "Amazon Marketplace", "-50.00")])
        let cases: [(String, [UInt8])] = [
            ("more than 20% more", Self.posted([(2, "Amazon Marketplace", "-60.01")])),
            ("eight days later", Self.posted([(9, "Amazon Marketplace", "-50.00")])),
            ("another merchant", Self.posted([(2, "Tesco", "-50.00")])),
            ("another account", Self.posted([(2, "Amazon Marketplace", "-50.00")], account: "Joint")),
            ("another currency", Self.posted([(2, "Amazon Marketplace", "-50.00")], currency: "USD")),
            ("money in", Self.posted([(2, "Amazon Marketplace", "50.00")])),
        ]
        for (name, file) in cases {
            let probe = try Self.store(pending: [("p", 1, "Amazon Marketplace", "-50.00")])
            let report = try probe.importStatement(from: file)
            #expect(report.replacedPendingIDs.isEmpty && report.addedIDs.count == 1, "\(name): \(report.summary)")
            #expect(probe.transaction(id: "p")?.status == .pending, "\(name)")
        }
        let later = try Self.store(pending: [("p", 5, "Amazon Marketplace", "-50.00")])
        #expect(try later.importStatement(from: Self.posted([(4, "Amazon Marketplace", "-50.00")])).replacedPendingIDs.isEmpty,
                "a posting dated before the pending one")
        // Within every rule: replaced (20% exactly, seven days, the same merchant written with a
        // market and a reference).
        let report = try store.importStatement(from: Self.posted([(8, "AMAZON MARKETPLACE DE*AB12", "-60.00")]))
        #expect(report.replacedPendingIDs == ["p"], "\(report.summary)")
    }

    @Test func aPendingWithNoPostingStaysPending() throws {
        let store = try Self.store(pending: [("waiting", 10, "Hotel Adlon", "-300.00")])
        let report = try store.importStatement(from: Self.posted([(11, "Lidl", "-12.00")]))
        #expect(report.replacedPendingIDs.isEmpty && report.addedIDs.count == 1)
        #expect(store.transaction(id: "waiting")?.status == .pending)
    }

    /// The bank's own link (an aggregator's pending id) wins over every rule.
    @Test func aBankIdLinkWinsOverTheRules() throws {
        let store = TransactionStore()
        try store.add(TransactionDraft(id: "hold", date: try! .day(2026, 3, 1), merchant: "HOTEL PREAUTH", account: "****6789",
                                       amount: -500, status: .pending, importKey: "bank:****6789:PEND-1"))
        let ofx = """
            OFXHEADER:100
            DATA:OFXSGML

            <OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR<BANKACCTFROM><ACCTID>000123456789</BANKACCTFROM><BANKTRANLIST>
            <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260305<TRNAMT>-212.40<FITID>POST-9<NAME>Grand Hotel Berlin</STMTTRN>
            </BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
            """
        // The OFX reader gives no pending link, so the import sees the rules fail (amount far
        // off, another merchant): added. The link comes from a reader that gives it.
        let plain = try TransactionStore().importStatement(from: Array(ofx.utf8))
        #expect(plain.addedIDs.count == 1)
        let read = try ImportReading.read(Array(ofx.utf8), options: ImportOptions(), clock: ZoneClock(timeZone: .utc), baseCurrency: .eur)
        var record = read.records[0]
        record.pendingKey = "bank:****6789:PEND-1"
        var linked = read
        linked.records = StagedRecords()
        linked.records.append(record, key: .given(try #require(record.draft.importKey)))
        let plan = store.lock.withReadLock { ImportPlanner(contents: store.contents).plan(linked, matching: PendingMatching()) }
        #expect(plan.replacements.map(\.old.id) == ["hold"] && plan.additionCount == 0)
        #expect(plan.replacements.first?.new.amount.minorUnits == -21240)
        #expect(plan.replacements.first?.new.importKey == "bank2:\(AccountIdentity.digest(of: "000123456789")!):POST-9")
    }

    @Test func aStoreDirectoryLogsTheReplacementAndTheAdditionsAsOneChange() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ts-pending-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        var durable = try DurableStore(directory: directory)
        try durable.add(TransactionDraft(id: "p1", date: try! .day(2026, 3, 1), merchant: "Joe's Diner", account: "Main", amount: -20,
                                         status: .pending))
        let report = try durable.importStatement(from: Self.posted([(2, "Joe's Diner", "-22.00"), (2, "Lidl", "-5.00")]))
        #expect(report.replacedPendingIDs == ["p1"] && report.addedIDs.count == 1)
        let expected = durable.store.transactions(in: .dateAscending)
        durable.close()
        durable = try DurableStore(directory: directory)
        #expect(durable.store.transactions(in: .dateAscending) == expected)
        #expect(durable.openReport.logRecords == 2)
        durable.close()
    }
}
