import Foundation
import Testing
@testable import TransactionSearch
@testable import TransactionSearchFiles
import TransactionSearchSupport

/// The bank CSV reader reads a file a chunk of records at a time, in passes (`DelimitedChunks`);
/// it must read every file exactly as the reader that held a table of the whole file did
/// (`WholeTableBankCSVReader`, the reference): the same layout and decisions, entries, issues,
/// skipped lines, accounts and warnings, or the same error. Random bank files (every layout
/// `BankCSVTestWriter` makes, then damaged line by line) are read with chunks of 1, 2, 3, 7
/// and 4,096 records, so that chunk ends fall everywhere: in the preamble, on the header, in
/// balance lines, in the footer, inside a quoted field's lines.
///
/// Decisions that the first rows cannot make are not sampled: the date order, the decimal
/// separators, the sign and the reference's use come from every data row, however late the
/// deciding value is (`lateDecisionsAreMadeFromEveryRow`), and rows that contradict the
/// decision are errors as before.
@Suite struct BankCSVChunkedReadingTests {
    static let context = BankCSVFixtureTests.context
    static let chunkSizes = [1, 2, 3, 7, DelimitedChunks.defaultRecordsPerChunk]

    /// What a read gives, compared whole.
    enum Outcome: Equatable, CustomStringConvertible {
        case read(entries: [StatementEntry], issues: [ImportIssue], skipped: [SkippedPart], accounts: [String], warnings: [String],
                  encoding: TextEncoding, layout: BankCSVLayout)
        case failed(BankCSVError)

        init(_ read: () throws(BankCSVError) -> (ParsedStatement, BankCSVLayout)) {
            do throws(BankCSVError) {
                let (statement, layout) = try read()
                self = .read(entries: statement.entries, issues: statement.issues, skipped: statement.skipped, accounts: statement.accounts,
                             warnings: statement.warnings, encoding: statement.encoding, layout: layout)
            } catch {
                self = .failed(error)
            }
        }

        var description: String {
            switch self {
            case .read(let entries, let issues, let skipped, _, _, _, let layout):
                "\(entries.count) entries, \(issues.count) issues, \(skipped.count) skipped, layout \(layout)"
            case .failed(let error): "error \(error)"
            }
        }
    }

    /// Reads with the reference and with every chunk size; records a difference, with the seed.
    static func expectSameReading(_ bytes: [UInt8], options: BankCSVOptions = BankCSVOptions(), _ context: String) {
        let expected = Outcome { () throws(BankCSVError) in try WholeTableBankCSVReader.read(bytes, options: options, context: Self.context) }
        for size in chunkSizes {
            let actual = Outcome { () throws(BankCSVError) in
                try BankCSVReader.read(bytes, options: options, context: Self.context, suggesting: true, recordsPerChunk: size)
            }
            #expect(actual == expected, "\(context), \(size) records a chunk:\nexpected \(expected)\nactual   \(actual)\nfile:\n\(String(decoding: bytes, as: UTF8.self))")
        }
    }

    private static let merchants = ["REWE Markt GmbH", "Café Noir", "Shop, \"Best\" Ltd", "Tom's Diner; Bar", "Two\nLines GmbH",
                                    "Straße 7 | Imbiss", "Anfangssaldo", "Total", "AMAZON MKTPL*AB12C"]
    private static let notes = ["Rechnung 2023-017", "Miete April", "ref: 123/456", "Gehalt; Bonus", "tip \"extra\""]

    private static func transactions(_ random: inout SeededRandom) -> [BankCSVTestWriter.Transaction] {
        let count = random.int(in: 1...40)
        let ambiguous = random.chance(0.4)
        return (0..<count).map { index in
            // Ambiguous files get their one deciding date (a day over 12) late, or never.
            let lateDecider = ambiguous && index == count - 1 && random.chance(0.6)
            let day = try! CalendarDay(year: random.int(in: 2019...2025), month: random.int(in: 1...12),
                                       day: lateDecider ? random.int(in: 13...28) : random.int(in: 1...(ambiguous ? 12 : 28)))
            let magnitude = Int64(pow(10, random.unit() * 8).rounded(.down)) + 1
            return BankCSVTestWriter.Transaction(day: day, minutes: random.int(in: 0...1439), cents: random.chance(0.7) ? -magnitude : magnitude,
                                                 merchant: random.pick(merchants), notes: random.chance(0.6) ? random.pick(notes) : nil)
        }
    }

    /// The file's lines (split on the writer's line end, so a quoted field's line breaks split
    /// it too: damage there is welcome), damaged: blank lines, lines of delimiters, balance and
    /// total lines, the header again, text, a copy of a line with a byte changed, a line with an
    /// extra field; sometimes cut short.
    private static func damaged(_ bytes: [UInt8], writer: BankCSVTestWriter, using random: inout SeededRandom) -> [UInt8] {
        let end = Array(writer.lineEnd.utf8)
        var lines: [[UInt8]] = []
        var current: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index...].starts(with: end) {
                lines.append(current)
                current = []
                index += end.count
            } else {
                current.append(bytes[index])
                index += 1
            }
        }
        if !current.isEmpty { lines.append(current) }
        let delimiter = String(writer.delimiter)
        let header = lines.isEmpty ? [] : lines[min(writer.preamble.count, lines.count - 1)]
        let changes = random.int(in: 0...4)
        for _ in 0..<changes {
            let place = random.int(in: 0...lines.count)
            var line: [UInt8]
            switch random.int(in: 0...7) {
            case 0: line = []
            case 1: line = Array(String(repeating: delimiter, count: random.int(in: 1...5)).utf8)
            case 2: line = Array(["Anfangssaldo", "Opening balance", "Total", "Saldo"].randomElement(using: &random)!.utf8)
                + Array(delimiter.utf8) + Array(random.pick(["1.234,56", "-12.50", "$7,971.39", "0"]).utf8)
            case 3: line = header
            case 4: line = Array(random.pick(["Export created by Online Banking", "31.12.2023", "Seite 2 von 3", "\"unclosed"]).utf8)
            case 5, 6:
                guard !lines.isEmpty else { continue }
                line = lines[random.int(in: 0...(lines.count - 1))]
                if !line.isEmpty {
                    line[random.int(in: 0...(line.count - 1))] = random.pick(Array("0139.,-/$aZ \"".utf8) + Array(delimiter.utf8))
                }
            default:
                guard !lines.isEmpty else { continue }
                line = lines[random.int(in: 0...(lines.count - 1))] + Array(delimiter.utf8) + Array("x".utf8)
            }
            lines.insert(line, at: place)
        }
        var out = lines.map { $0 + end }.joined().map { $0 }
        if random.chance(0.1) && !out.isEmpty { out.removeLast(random.int(in: 0...min(out.count, 40))) }
        return out
    }

    /// Options a person might give: mostly none.
    private static func options(_ random: inout SeededRandom, writer: BankCSVTestWriter) -> BankCSVOptions {
        var options = BankCSVOptions()
        switch random.int(in: 0...9) {
        case 0: options.skipLines = random.int(in: 0...4)
        case 1: options.dateOrder = random.pick([.dayMonthYear, .monthDayYear])
        case 2: options.decimalSeparator = random.pick([.comma, .point])
        case 3: options.columns[.date] = .position(random.int(in: 0...3))
        case 4: options.delimiter = String(writer.delimiter)
        case 5: options.sign = .flipped
        default: break
        }
        return options
    }

    @Test func randomFilesReadAsTheWholeTableReaderReadThem() {
        let runs = 120 * RandomScale.factor
        for run in 0..<runs {
            let seed = 0xC4_0000 &+ UInt64(run)
            var random = SeededRandom(seed: seed)
            let transactions = Self.transactions(&random)
            var writer = BankCSVTestWriter.random(for: transactions, using: &random)
            if writer.encoding == .windows1252 { writer.encoding = .utf8 }  // the merchants have characters it lacks
            let (written, _) = writer.write(transactions)
            let bytes = random.chance(0.8) ? Self.damaged(written, writer: writer, using: &random) : written
            Self.expectSameReading(bytes, options: Self.options(&random, writer: writer), "seed \(seed)")
        }
    }

    /// Files whose every row is ambiguous until a late one: `dd.mm.yyyy` dates with days up to
    /// 12 and amounts like `1.234` (a thousands point or a decimal point with three decimals),
    /// then, near the end, the rows that decide (a day over 12, a decimal comma), and sometimes
    /// rows that contradict them (a month-first date, a decimal point), which are errors.
    @Test func lateDecisionsAreMadeFromEveryRow() throws {
        let runs = 60 * RandomScale.factor
        for run in 0..<runs {
            let seed = 0x1A7E_0000 &+ UInt64(run)
            var random = SeededRandom(seed: seed)
            let delimiter = random.pick([";", ",", "\t", "|"])
            let rows = random.int(in: 5...60)
            var lines = [["Buchungstag", "Empfänger", "Betrag", "Saldo"].joined(separator: delimiter)]
            for row in 0..<rows {
                let late = row >= rows - random.int(in: 0...2)
                let day = late && random.chance(0.7) ? random.int(in: 13...28) : random.int(in: 1...12)
                let month = random.int(in: 1...12)
                var date = String(format: "%02d.%02d.%d", day, month, 2023)
                if late && random.chance(0.2) { date = String(format: "%02d.%02d.%d", month, random.int(in: 13...28), 2023) }
                var amount = "\(random.int(in: 1...9)).\(String(format: "%03d", random.int(in: 0...999)))"
                if late && random.chance(0.5) { amount = random.pick(["-12,5", "1.234,56", "7,00", "3.50", "-1,234.56"]) }
                let merchant = delimiter == "," ? "\"Shop, \(row)\"" : "Shop \(row)"
                lines.append([date, merchant, amount, random.chance(0.5) ? "1.000" : ""].joined(separator: delimiter))
            }
            if random.chance(0.3) { lines.append("Endsaldo" + delimiter + delimiter + "1.234") }
            let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
            Self.expectSameReading(bytes, "seed \(seed)")
            let (statement, layout) = try BankCSVReader.read(bytes, options: BankCSVOptions(), context: Self.context, suggesting: true,
                                                             recordsPerChunk: 1)
            // The deciding value is the late one: the layout's reasons name its line.
            if let line = layout.dateOrderReason.firstMatch(of: /line (\d+)/).map({ Int($0.1)! }) {
                #expect(line <= rows + 1, "seed \(seed): \(layout.dateOrderReason)")
            }
            #expect(statement.entries.count + statement.issues.count == layout.rowCount, "seed \(seed)")
        }
    }

    /// A file longer than a chunk of the default size, whose date order is decided by its last
    /// row only: the same reading in 4,096-record chunks as in chunks of 100 and in one table.
    @Test func aLongFileDecidedByItsLastRow() throws {
        var random = SeededRandom(seed: 0x10_4600)
        var text = "sep=;\nKontoauszug;Girokonto\nKontonummer:;DE89 3704 0044 0532 0130 00\n\nBuchungstag;Empfänger;Verwendungszweck;Betrag;Währung\n"
        let rows = 9000
        for row in 0..<rows {
            let day = row == rows - 1 ? 25 : random.int(in: 1...12)
            text += String(format: "%02d.%02d.2024;Shop %d;Ref %d;-%d,%02d;EUR\n", day, random.int(in: 1...12), row % 700, row,
                           random.int(in: 1...500), random.int(in: 0...99))
            if row % 1000 == 999 { text += "\n;;;;\n" }
        }
        text += "Endsaldo;;;1.234,56;EUR\n"
        let bytes = Array(text.utf8)
        let expected = Outcome { () throws(BankCSVError) in try WholeTableBankCSVReader.read(bytes, options: BankCSVOptions(), context: Self.context) }
        for size in [100, DelimitedChunks.defaultRecordsPerChunk] {
            let actual = Outcome { () throws(BankCSVError) in
                try BankCSVReader.read(bytes, options: BankCSVOptions(), context: Self.context, suggesting: true, recordsPerChunk: size)
            }
            #expect(actual == expected, "\(size) records a chunk")
        }
        let (statement, layout) = try BankCSVReader.read(bytes, context: Self.context)
        #expect(statement.entries.count == rows && statement.issues.isEmpty)
        // The last row's line: the header is line 5, and two lines come in after every 1,000 rows.
        let lastRowLine = 5 + rows + 2 * ((rows - 1) / 1000)
        #expect(layout.dateOrder == .dayMonthYear && layout.dateOrderReason.contains("line \(lastRowLine)"), "\(layout.dateOrderReason)")
        #expect(layout.footerLines.map(\.line) == [rows + 5 + 2 * (rows / 1000) + 1])
    }

    /// Balance lines that look like transactions (a date, an amount, `Saldo`): skipped at either
    /// end of the data, kept as rows between; more of them at the end than the first pass keeps
    /// in mind (`trailingCandidates`) are found by asking every row, some interleaved with
    /// transactions, all of them, and a file of nothing else.
    @Test(arguments: [0, 3, BankCSVReader.trailingCandidates - 1, BankCSVReader.trailingCandidates,
                      BankCSVReader.trailingCandidates + 6, 3 * BankCSVReader.trailingCandidates])
    func balanceLinesAtTheEnd(_ count: Int) throws {
        for transactions in [0, 1, 5, 150] {
            var random = SeededRandom(seed: UInt64(count * 1000 + transactions))
            var lines = ["Datum;Empfänger;Betrag", "01.01.2024;Anfangssaldo;100,00", "01.01.2024;Opening balance;100,00"]
            for row in 0..<transactions {
                lines.append(String(format: "%02d.02.2024;%@;-%d,50", random.int(in: 1...28), random.pick(["Shop", "Bar Saldo", "Café"]), row))
                if random.chance(0.05) { lines.append("03.02.2024;Saldo;1,00") }  // inside the data: a row
            }
            for row in 0..<count { lines.append(String(format: "%02d.03.2024;%@;%d,00", random.int(in: 1...28), random.pick(["Saldo", "Endsaldo", "Total EUR"]), row)) }
            lines.append("Kontostand am 31.03.2024")
            let bytes = Array(lines.joined(separator: "\r\n").utf8)
            Self.expectSameReading(bytes, "\(transactions) transactions, \(count) balance lines at the end")
            let (_, layout) = try BankCSVReader.read(bytes, context: Self.context)
            #expect(layout.rowCount >= transactions, "\(transactions) transactions, \(count) balance lines at the end")
        }
    }

    /// A UTF-8 file with a byte order mark is read from the caller's bytes (no copy): the same
    /// reading as the reference, which read a copy without the mark.
    @Test func aByteOrderMarkIsSkippedInPlace() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("sep=;\nDatum;Empfänger;Betrag\n01.02.2024;Café;-3,50\n".utf8)
        Self.expectSameReading(bytes, "BOM and sep=")
        let text = BankCSVReader.textOf(bytes, declared: nil)
        #expect(text.start == 3 && text.encoding == .utf8WithBOM)
        #expect(text.text.withUnsafeBufferPointer { $0.baseAddress } == bytes.withUnsafeBufferPointer { $0.baseAddress })
    }
}
