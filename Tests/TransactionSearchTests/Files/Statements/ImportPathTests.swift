import Foundation
import Testing
import TransactionSearchSupport
@testable import TransactionSearch
@testable import TransactionSearchFiles

/// The one import path: formats detected from the content, every record with an import key so
/// that importing again adds nothing twice, all or nothing, and a store directory remembering
/// it across processes.
@Suite struct ImportPathTests {
    /// Every statement fixture with expected entries, and the format it is.
    static let fixtures: [(path: String, format: StatementFormat)] = {
        var found: [(String, StatementFormat)] = []
        let folders: [(String, StatementFormat)] = [("ofx", .ofx), ("camt", .camt), ("mt940", .mt940), ("qif", .qif), ("bank-csv", .bankCSV)]
        for (folder, format) in folders {
            let url = TestFiles.packageRoot.appendingPathComponent("Fixtures/statements/\(folder)")
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            for name in names.sorted() where name.hasSuffix(".expected.tsv") {
                found.append(("statements/\(folder)/" + name.dropLast(".expected.tsv".count), format))
            }
        }
        return found
    }()

    @Test func everyFixtureIsDetectedAsItsFormat() throws {
        #expect(Self.fixtures.count >= 60)
        for (path, format) in Self.fixtures {
            #expect(StatementFormat.detect(try TestFiles.fixture(path)) == format, "\(path)")
        }
        #expect(StatementFormat.detect(try TestFiles.sample()) == .csv)
        #expect(StatementFormat.detect(Array("[{\"date\":\"2026-01-01\"}]".utf8)) == .json)
        #expect(StatementFormat.detect(Array("\u{FEFF}{\"date\":\"2026-01-01\"}\n".utf8)) == .json)
        #expect(StatementFormat.detect(Array("hello world".utf8)) == nil)
        #expect(StatementFormat.detect([]) == nil)
    }

    /// Every fixture, imported twice: the second import adds nothing and finds every record.
    @Test func importingAFileAgainAddsNothing() throws {
        for (path, _) in Self.fixtures {
            let store = TransactionStore()
            let options = ImportOptions(skippingInvalid: true)
            let first = try store.importStatement(from: try TestFiles.fixture(path), options: options)
            let count = store.count
            #expect(first.addedIDs.count == count, "\(path)")
            let second = try store.importStatement(from: try TestFiles.fixture(path), options: options)
            #expect(second.addedIDs.isEmpty, "\(path): \(second.summary)")
            #expect(second.alreadyPresent == first.addedIDs.count + first.replacedPendingIDs.count, "\(path): \(second.summary)")
            #expect(store.count == count)
            #expect(store.transactions().allSatisfy { $0.importKey != nil }, "\(path): every imported row has a key")
            store.checkInvariants()
        }
    }

    /// An overlapping statement (last month re-downloaded with three new days) adds only the
    /// new rows, in OFX (bank ids) and in QIF (fingerprints).
    @Test(arguments: [StatementFormat.ofx, .qif, .bankCSV])
    func anOverlappingStatementAddsOnlyWhatIsNew(format: StatementFormat) throws {
        let days = (1...30).map { try! CalendarDay(year: 2026, month: 3, day: $0) } + (1...3).map { try! CalendarDay(year: 2026, month: 4, day: $0) }
        let rows = days.enumerated().map { index, day in (day: day, merchant: "Shop \(index % 7)", amount: "-\(10 + index).50", id: "FIT\(index)") }
        func file(_ range: Range<Int>) -> [UInt8] {
            let slice = rows[range]
            switch format {
            case .ofx:
                let transactions = slice.map { row in
                    "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>\(row.day.description.filter { $0 != "-" })<TRNAMT>\(row.amount)<FITID>\(row.id)<NAME>\(row.merchant)</STMTTRN>"
                }.joined(separator: "\n")
                return Array("OFXHEADER:100\nDATA:OFXSGML\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR<BANKACCTFROM><ACCTID>123456789</BANKACCTFROM><BANKTRANLIST>\n\(transactions)\n</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n".utf8)
            case .qif:
                let records = slice.map { row in "D\(row.day.month)/\(row.day.day)/\(row.day.year)\nT\(row.amount)\nP\(row.merchant)\n^" }
                return Array(("!Type:Bank\n" + records.joined(separator: "\n") + "\n").utf8)
            default:
                let lines = slice.map { row in "\(row.day.day).\(row.day.month).\(row.day.year);\(row.merchant);\(row.amount.replacingOccurrences(of: ".", with: ","))" }
                return Array(("Buchungstag;Empfänger;Betrag\n" + lines.joined(separator: "\n") + "\n").utf8)
            }
        }
        let store = TransactionStore()
        #expect(try store.importStatement(from: file(0..<30)).addedIDs.count == 30)
        let overlap = try store.importStatement(from: file(19..<33))
        #expect(overlap.addedIDs.count == 3, "\(format): \(overlap.summary)")
        #expect(overlap.alreadyPresent == 11)
        #expect(store.count == 33)
        let added = overlap.addedIDs.compactMap { store.transaction(id: $0)?.date }
        #expect(added == days[30...].map { TransactionDate.day($0) })
    }

    /// Two genuine identical coffees on one day stay two, and stay two when imported again.
    @Test func identicalRowsOfOneFileStayDistinct() throws {
        let qif = Array("!Type:Bank\nD03/14/2026\nT-3.50\nPCoffee Bar\n^\nD03/14/2026\nT-3.50\nPCoffee Bar\n^\nD03/14/2026\nT-3.50\nPCOFFEE BAR\n^\n".utf8)
        let store = TransactionStore()
        let first = try store.importStatement(from: qif)
        #expect(first.addedIDs.count == 3)
        let keys = store.transactions().compactMap(\.importKey).sorted()
        #expect(keys.count == 3 && Set(keys).count == 3)
        #expect(keys.filter { $0.hasSuffix("#1") }.count == 1 && keys.filter { $0.hasSuffix("#3") }.count == 1,
                "the same fingerprint (case folds) with occurrences 1, 2, 3: \(keys)")
        let again = try store.importStatement(from: qif)
        #expect(again.addedIDs.isEmpty && again.alreadyPresent == 3)
    }

    /// Our own CSV: an id column is the identity; rows without ids get fingerprints.
    @Test func ourOwnCSVImportsAgainAsNothing() throws {
        let csv = "id,date,merchant,amount\na1,2026-03-14,Lidl,-5.00\n,2026-03-15,Aldi,-6.00\n"
        let store = TransactionStore()
        #expect(try store.importTransactions(from: csv, format: .csv).addedIDs.count == 2)
        let again = try store.importTransactions(from: csv, format: .csv)
        #expect(again.addedIDs.isEmpty && again.alreadyPresent == 2, "\(again.summary)")
        #expect(store.transaction(id: "a1")?.importKey == nil, "an id is its own identity")
    }

    /// A store directory remembers what it imported across processes (log and snapshot).
    @Test func aStoreDirectoryRemembersWhatItImported() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ts-import-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try TestFiles.fixture("statements/camt/camt053-v08.xml")
        var durable = try DurableStore(directory: directory)
        let first = try durable.importStatement(from: file)
        #expect(!first.addedIDs.isEmpty)
        durable.close()
        durable = try DurableStore(directory: directory)
        #expect(try durable.importStatement(from: file).addedIDs.isEmpty, "after replaying the log")
        try durable.compact()
        durable.close()
        durable = try DurableStore(directory: directory)
        #expect(try durable.importStatement(from: file).addedIDs.isEmpty, "after restoring the snapshot")
        #expect(durable.store.count == first.addedIDs.count)
        durable.close()
    }

    /// One bad record and nothing changes; skipping imports the rest and lists it.
    @Test func aBadRecordChangesNothingUnlessSkipping() throws {
        let store = TransactionStore()
        let file = try TestFiles.fixture("statements/ofx/bad-records.ofx")
        do {
            try store.importStatement(from: file)
            Issue.record("a file with bad records was imported")
        } catch {
            #expect(error.issues.count >= 5)
            #expect(error.issues.allSatisfy { $0.field != nil })
        }
        #expect(store.count == 0 && store.sequence == 0)
        let report = try store.importStatement(from: file, options: ImportOptions(skippingInvalid: true))
        #expect(report.addedIDs.count == 2 && report.skipped.count >= 5)
    }

    @Test func aFileOfNoKnownFormatIsRefusedClearly() {
        let store = TransactionStore()
        #expect(throws: ImportError(issues: [ImportIssue(.line(1), .unknownFormat)])) {
            try store.importStatement(from: Array("just some words\nand more\n".utf8))
        }
    }
}

/// Every fixture of every format, cut short and with bytes changed, through the whole import
/// path: an error or an import, never a crash or a hang, and the store whole after it.
@Suite(.timeLimit(.minutes(10))) struct ImportPathDamageTests {
    @Test func damagedFilesAreRefusedOrImportedNeverACrash() throws {
        var random = SeededRandom(seed: 9090)
        for (path, _) in ImportPathTests.fixtures {
            let original = try TestFiles.fixture(path)
            for attempt in 0..<(6 * RandomScale.factor) {
                var bytes = original
                if attempt % 2 == 0 {
                    bytes = Array(bytes.prefix(random.int(in: 0...max(0, bytes.count))))
                } else {
                    for _ in 0..<random.int(in: 1...8) where !bytes.isEmpty {
                        bytes[random.int(in: 0...(bytes.count - 1))] = UInt8(truncatingIfNeeded: random.int(in: 0...255))
                    }
                }
                let store = TransactionStore()
                do {
                    let report = try store.importStatement(from: bytes, options: ImportOptions(skippingInvalid: true))
                    #expect(report.addedIDs.count == store.count, "\(path) seed \(random.seed) attempt \(attempt)")
                } catch {
                    #expect(!error.issues.isEmpty, "\(path) attempt \(attempt)")
                    #expect(store.count == 0)
                }
                store.checkInvariants()
            }
        }
    }
}
