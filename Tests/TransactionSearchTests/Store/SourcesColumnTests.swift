import Foundation
import Testing
@testable import TransactionSearch
import TransactionSearchSupport

/// The one-byte column of sources codes, with its overflow for codes that do not fit, against
/// a plain array, and a store holding more distinct sources than one byte numbers.
@Suite struct SourcesColumnTests {
    @Test func readsBackWhatWasWrittenAgainstAnArray() {
        // Mostly small codes, some at and around the escape, some far beyond it.
        NarrowColumnCheck.readsBackWhatWasWritten(SourcesColumn(), seed: 0x50C, value: { random in
            switch random.int(in: 0 ... 5) {
            case 0, 1: UInt32(random.int(in: 0 ... 3))
            case 2: UInt32(random.int(in: 0 ... 70_000))
            case 3: UInt32(SourcesColumn.escape) + UInt32(random.int(in: 0 ... 2)) - 1
            case 4: UInt32.max - UInt32(random.int(in: 0 ... 5))
            default: UInt32(random.int(in: 65_000 ... 66_000))
            }
        }, isWide: { $0 >= UInt32(SourcesColumn.escape) })
    }

    @Test func aStoreWithMoreDistinctSourcesThanOneByteNumbersKeepsEach() throws {
        let rows = Int(SourcesColumn.escape) + 1_000
        var drafts: [TransactionDraft] = []
        drafts.reserveCapacity(rows)
        for index in 0 ..< rows {
            var sources = FieldSources()
            sources[.category] = .rule("rule \(index)")
            drafts.append(TransactionDraft(
                id: "r\(index)", date: .day(CalendarDay(daysSince1970: Int32(20_000 + index % 300))), merchant: "Shop \(index % 50)",
                category: "Food", amount: DecimalAmount(significand: -Int64(index % 900 + 1), fractionDigits: 2),
                currency: .eur, payee: "Shop \(index % 50)", sources: sources))
        }
        let store = TransactionStore()
        _ = try store.add(contentsOf: drafts)
        #expect(store.contents.table.sources.overflowCount > 0)
        for index in stride(from: 0, to: rows, by: 97) + [rows - 1] {
            #expect(store.transaction(id: "r\(index)")?.sources[.category] == .rule("rule \(index)"))
        }
        // Rows moved out of the overflow and into it, and rows deleted, keep what they say.
        var patch = TransactionPatch()
        patch.sources = .set(FieldSources())
        _ = try store.update(id: "r\(rows - 1)", patch)
        #expect(store.transaction(id: "r\(rows - 1)")?.sources == FieldSources())
        var late = FieldSources()
        late[.notes] = .rule("late")
        patch.sources = .set(late)
        _ = try store.update(id: "r3", patch)
        #expect(store.transaction(id: "r3")?.sources == late)
        _ = try store.delete(id: "r\(rows - 2)")
        #expect(store.transaction(id: "r\(rows - 3)")?.sources[.category] == .rule("rule \(rows - 3)"))
        store.checkInvariants()
        #expect(store.verify().isEmpty)
    }
}
