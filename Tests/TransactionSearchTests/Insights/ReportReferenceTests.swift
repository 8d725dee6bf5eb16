import Foundation
import Testing
@testable import TransactionSearch
import TransactionSearchSupport

/// Reports and summaries against a plain loop over the transactions (rows chosen by
/// PlainScan), on random multi-currency data over three years: every period, grouping and
/// kind, from the buckets and from the rows, before and after changes.
@Suite struct ReportReferenceTests {
    /// A store of random rows spread over 2024-2026 (instants and calendar days, six currencies).
    static func world(seed: UInt64, rows: Int = 600) throws -> (TransactionStore, RandomWorld) {
        var world = RandomWorld(seed: seed)
        let store = TransactionStore(timeZone: TimeZone(identifier: world.pick(RandomWorld.zones))!)
        let drafts = (0..<rows).map { index -> TransactionDraft in
            var draft = world.draft(id: "t\(index)")
            let day = Int64(19_723 + world.random.int(in: 0...1_000))  // 2024-01-01 ... 2026-09
            draft.date = world.random.chance(0.3) ? .day(CalendarDay(daysSince1970: Int32(day)))
                : .instant(millisecondsSince1970: (day * 86_400 + Int64(world.random.int(in: 0...86_399))) * 1000)
            return draft
        }
        _ = try store.add(contentsOf: drafts)
        return (store, world)
    }

    /// The cells a plain loop makes: period, group and currency → count and sum.
    static func reference(_ store: TransactionStore, _ request: ReportRequest) -> [String: (Int, Int128)] {
        var query = request.query
        query.filters.kind = request.kind
        query.limit = Int.max
        query.grouping = .none
        let scan = PlainScan(transactions: store.transactions(), timeZone: store.timeZone)
        var cells: [String: (Int, Int128)] = [:]
        for row in scan.search(query, today: store.today).rows {
            let transaction = row.transaction
            let day = store.localDay(of: transaction.date)
            let period: GroupKey = switch request.period {
            case .week: .week(CalendarWeek(containing: day))
            case .month: .month(day.calendarMonth)
            case .year: .year(day.year)
            }
            let group: GroupKey? = switch request.dimension {
            case nil: nil
            case .category?: .category(transaction.category)
            case .payee?: .payee(transaction.payee)
            case .merchant?: .merchant(transaction.merchant)
            case .card?: .card(transaction.card)
            case .account?: .account(transaction.account)
            }
            let key = "\(period.text!) \(group?.text ?? "-") \(transaction.amount.currency.code)"
            let old = cells[key] ?? (0, 0)
            cells[key] = (old.0 + 1, old.1 + transaction.amount.minorUnits)
        }
        return cells
    }

    /// The report's cells in the reference's form.
    static func cells(_ report: Report) -> [String: (Int, Int128)] {
        var cells: [String: (Int, Int128)] = [:]
        for cell in report.cells {
            for amount in cell.amounts {
                cells["\(cell.period.text!) \(cell.group?.text ?? "-") \(amount.sum.currency.code)"] = (amount.count, amount.sum.minorUnits)
            }
        }
        return cells
    }

    static func expectSame(_ store: TransactionStore, _ request: ReportRequest, _ note: String) {
        let report = store.report(request)
        let expected = reference(store, request), actual = cells(report)
        let differing = Set(expected.keys).union(actual.keys).filter { key in
            expected[key].map { e in actual[key].map { $0 == e } ?? false } != true
        }
        #expect(differing.isEmpty, "\(note) \(request.period) \(String(describing: request.dimension)) \(String(describing: request.kind)) buckets \(report.isFromBuckets): \(differing.sorted().prefix(3))")
        #expect(report.periods == report.periods.sorted { $0.text! < $1.text! } || request.period == .week)
    }

    static let queries: [Query] = [
        Query(),
        Query(filters: QueryFilters(from: try! CalendarDay(year: 2024, month: 3, day: 1), to: try! CalendarDay(year: 2025, month: 2, day: 28))),
        Query(filters: QueryFilters(from: try! CalendarDay(year: 2024, month: 3, day: 9), to: try! CalendarDay(year: 2025, month: 2, day: 3))),
        Query(text: "star"),
        Query(filters: QueryFilters(cards: ["Visa 4242"])),
        // Whole weeks, Monday to Sunday: a report by week reads its buckets.
        Query(filters: QueryFilters(from: try! CalendarDay(year: 2024, month: 3, day: 4), to: try! CalendarDay(year: 2025, month: 2, day: 2))),
    ]

    @Test(arguments: [1, 2] as [UInt64])
    func everyPeriodGroupingAndKindMatchesThePlainLoop(seed: UInt64) throws {
        let (store, _) = try Self.world(seed: seed)
        for query in Self.queries {
            for period in ReportPeriod.allCases {
                for dimension in [nil] + ReportDimension.allCases.map(Optional.some) {
                    for kind in [nil, .expense, .income] as [TransactionKind?] {
                        Self.expectSame(store, ReportRequest(query: query, period: period, dimension: dimension, kind: kind), "seed \(seed)")
                    }
                }
            }
        }
        #expect(store.report(ReportRequest(period: .month, dimension: .category)).isFromBuckets)
        #expect(store.report(ReportRequest(query: Self.queries[1], period: .year, dimension: nil, kind: nil)).isFromBuckets)
        #expect(!store.report(ReportRequest(query: Self.queries[2], period: .month, dimension: .category)).isFromBuckets)
        for dimension in [nil, .category, .card, .account] as [ReportDimension?] {
            #expect(store.report(ReportRequest(query: Self.queries[5], period: .week, dimension: dimension)).isFromBuckets)
            #expect(!store.report(ReportRequest(query: Self.queries[5], period: .month, dimension: dimension)).isFromBuckets)
            #expect(!store.report(ReportRequest(query: Self.queries[2], period: .week, dimension: dimension)).isFromBuckets)
        }
        // Payees and merchants have cells by month (a year sums them), none by week.
        for dimension in [.payee, .merchant] as [ReportDimension] {
            #expect(store.report(ReportRequest(period: .month, dimension: dimension)).isFromBuckets)
            #expect(store.report(ReportRequest(query: Self.queries[1], period: .year, dimension: dimension, kind: .expense)).isFromBuckets)
            #expect(!store.report(ReportRequest(query: Self.queries[2], period: .month, dimension: dimension)).isFromBuckets)
            #expect(!store.report(ReportRequest(query: Self.queries[5], period: .week, dimension: dimension)).isFromBuckets)
        }
    }

    @Test func bucketsStayExactThroughChanges() throws {
        var (store, world) = try Self.world(seed: 3, rows: 300)
        for step in 0..<200 {
            let id = "t\(world.random.int(in: 0...299))"
            if store.transaction(id: id) == nil {
                var draft = world.draft(id: id)
                draft.date = .day(CalendarDay(daysSince1970: Int32(19_723 + world.random.int(in: 0...1_000))))
                _ = try? store.add(draft)
            } else if step % 3 == 0 {
                _ = try? store.delete(id: id)
            } else if step % 5 == 1 {
                // One payee over rows of several merchants: the (merchant, payee) cells of a
                // report by payee add up across merchants.
                var patch = TransactionPatch()
                patch.payee = .set(step % 2 == 0 ? "Shared Payee" : "Other Payee")
                _ = try? store.update(id: id, patch)
            } else {
                _ = try? store.update(id: id, world.patch())
            }
        }
        store.checkInvariants()
        for period in ReportPeriod.allCases {
            for kind in [nil, .expense, .income] as [TransactionKind?] {
                for dimension in [nil] + ReportDimension.allCases.map(Optional.some) {
                    Self.expectSame(store, ReportRequest(period: period, dimension: dimension, kind: kind), "after changes")
                }
            }
        }
    }

    /// Whether the store keeps its (merchant, payee) month cells.
    static func keepsCells(_ store: TransactionStore) -> Bool {
        store.lock.withReadLock { store.contents.buckets.merchantPayeeMonth != nil }
    }

    /// A store past `PeriodCells.smallStore` rows of `merchants` distinct merchants, each row
    /// in one of 36 months.
    static func store(rows: Int, merchants: Int, seed: UInt64) throws -> (TransactionStore, RandomWorld) {
        var world = RandomWorld(seed: seed)
        let store = TransactionStore()
        let drafts = (0..<rows).map { index -> TransactionDraft in
            var draft = world.draft(id: "t\(index)")
            draft.merchant = "Shop \(index % merchants)"
            draft.payee = nil
            draft.date = .day(CalendarDay(daysSince1970: Int32(19_723 + world.random.int(in: 0...1_095))))
            return draft
        }
        _ = try store.add(contentsOf: drafts)
        return (store, world)
    }

    /// Cells about one a row are not kept: a bulk build gives them up, and changes that make
    /// them too many let them go; reports by payee and merchant then read the rows, and still
    /// equal the plain loop. Cells a few rows each are kept.
    @Test func cellsAreKeptOnlyWhileTheyPayOff() throws {
        let rows = PeriodCells.smallStore + 1_000
        let (sparse, _) = try Self.store(rows: rows, merchants: rows, seed: 6)
        #expect(!Self.keepsCells(sparse))
        sparse.checkInvariants()
        // Three merchants, six currencies, three kinds, 36 months: at most 1,944 cells.
        var (dense, world) = try Self.store(rows: rows, merchants: 3, seed: 7)
        #expect(Self.keepsCells(dense))
        for dimension in [.payee, .merchant] as [ReportDimension] {
            let (sparseFromBuckets, denseFromBuckets) = (sparse.report(ReportRequest(period: .month, dimension: dimension)).isFromBuckets,
                                                         dense.report(ReportRequest(period: .month, dimension: dimension)).isFromBuckets)
            #expect(!sparseFromBuckets && denseFromBuckets)
            for period in [ReportPeriod.month, .year] {
                Self.expectSame(sparse, ReportRequest(period: period, dimension: dimension), "sparse")
                Self.expectSame(dense, ReportRequest(period: period, dimension: dimension), "dense")
            }
        }
        // Every row its own payee, one change at a time: the cells go past a cell for every
        // other row and are let go.
        var changed = 0
        while Self.keepsCells(dense) && changed < rows {
            var patch = TransactionPatch()
            patch.payee = .set("Payee \(changed)")
            _ = try dense.update(id: "t\(changed)", patch)
            changed += 1
            if changed % 1_000 == 0 { dense.checkInvariants() }
        }
        #expect(!Self.keepsCells(dense))
        #expect(changed > 1_000 && changed < rows)
        for _ in 0..<50 { _ = try? dense.update(id: "t\(world.random.int(in: 0...rows - 1))", world.patch()) }
        dense.checkInvariants()
        for dimension in [.payee, .merchant] as [ReportDimension] {
            let fromBuckets = dense.report(ReportRequest(period: .month, dimension: dimension)).isFromBuckets
            #expect(!fromBuckets)
            Self.expectSame(dense, ReportRequest(period: .month, dimension: dimension, kind: .expense), "dropped")
        }
    }

    @Test(arguments: [4, 5] as [UInt64])
    func summaryMatchesThePlainLoop(seed: UInt64) throws {
        let (store, _) = try Self.world(seed: seed)
        for query in [Query(), Query(text: "star"), Query(filters: QueryFilters(accounts: ["Main"]))] {
            let summary = store.summary(matching: query)
            var expected: [String: (income: Int128, spending: Int128, count: Int)] = [:]
            var balances: [String: Int128] = [:]
            var all = query
            all.limit = Int.max
            let scan = PlainScan(transactions: store.transactions(), timeZone: store.timeZone)
            for row in scan.search(all, today: store.today).rows {
                let transaction = row.transaction, minor = transaction.amount.minorUnits
                let key = "\(store.localDay(of: transaction.date).calendarMonth) \(transaction.amount.currency.code)"
                var line = expected[key] ?? (0, 0, 0)
                if minor > 0 { line.income += minor } else { line.spending += minor }
                line.count += 1
                expected[key] = line
                balances["\(transaction.account ?? "-") \(transaction.amount.currency.code)", default: 0] += minor
            }
            #expect(summary.months.count == expected.count)
            for line in summary.months {
                let reference = expected["\(line.month) \(line.income.currency.code)"]
                #expect(reference?.income == line.income.minorUnits && reference?.spending == line.spending.minorUnits
                        && reference?.count == line.count && line.net.minorUnits == line.income.minorUnits + line.spending.minorUnits,
                        "seed \(seed) \(line.month) \(line.income.currency)")
            }
            var actualBalances: [String: Int128] = [:]
            for balance in summary.balances {
                for money in balance.balance { actualBalances["\(balance.account ?? "-") \(money.currency.code)"] = money.minorUnits }
            }
            #expect(actualBalances.filter { $0.value != 0 } == balances.filter { $0.value != 0 }, "seed \(seed) balances")
            #expect(summary.changes.count <= 5)
            #expect(zip(summary.changes, summary.changes.dropFirst()).allSatisfy {
                $0.change.minorUnits.magnitude >= $1.change.minorUnits.magnitude
            })
        }
    }
}
