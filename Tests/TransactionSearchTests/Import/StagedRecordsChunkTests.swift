import Testing
import TransactionSearchSupport
@testable import TransactionSearch

/// `StagedRecords`' chunks (`StagedRecords.Chunk`, pages of their own): records are appended to
/// a chunk in place, not by copying it per record; a copy of the records that is appended to
/// takes a chunk of its own, so that both copies read back what each staged.
@Suite struct StagedRecordsChunkTests {
    private static func record(_ index: Int, merchant: String) -> ImportRecord {
        ImportRecord(location: .line(index + 1),
                     draft: TransactionDraft(date: .instant(millisecondsSince1970: Int64(index)), merchant: merchant,
                                             amount: DecimalAmount(significand: Int64(index), fractionDigits: 2)))
    }

    @Test func recordsAreWrittenIntoTheSameChunkInPlace() {
        var records = StagedRecords()
        records.append(Self.record(0, merchant: "First"), key: .none)
        let first = records.chunkIdentity(of: 0)
        for index in 1..<500 {
            records.append(Self.record(index, merchant: "Shop \(index)"), key: .none)
            #expect(records.chunkIdentity(of: index) == first, "record \(index) moved to another chunk")
        }
        #expect(records.chunkIdentity(of: 0) == first)
        #expect(records.memoryUse < 2 * StagedRecords.chunkSize)
        #expect(records[499].draft.merchant == "Shop 499" && records[0].draft.merchant == "First")
    }

    @Test func copiesAppendedToStayApart() {
        var original = StagedRecords()
        for index in 0..<100 { original.append(Self.record(index, merchant: "Shared \(index)"), key: .none) }
        var copy = original
        for index in 100..<150 { copy.append(Self.record(index, merchant: "Copy \(index)"), key: .none) }
        for index in 100..<130 { original.append(Self.record(index, merchant: "Original \(index)"), key: .none) }
        #expect(original.count == 130 && copy.count == 150)
        #expect(original.chunkIdentity(of: 0) != copy.chunkIdentity(of: 0))
        for index in 0..<100 {
            #expect(original[index].draft.merchant == "Shared \(index)" && copy[index].draft.merchant == "Shared \(index)")
        }
        for index in 100..<130 { #expect(original[index].draft.merchant == "Original \(index)") }
        for index in 100..<150 { #expect(copy[index].draft.merchant == "Copy \(index)") }
    }

    @Test func aRecordLargerThanAChunkGetsAChunkOfItsOwn() {
        var records = StagedRecords()
        records.append(Self.record(0, merchant: "Small"), key: .none)
        let large = String(repeating: "L", count: StagedRecords.chunkSize + 100)
        records.append(Self.record(1, merchant: large), key: .none)
        records.append(Self.record(2, merchant: "After"), key: .none)
        #expect(records.chunk(of: 0) == 0 && records.chunk(of: 1) == 1 && records.chunk(of: 2) >= 1)
        #expect(records[1].draft.merchant == large && records[2].draft.merchant == "After" && records[0].draft.merchant == "Small")
    }
}
