import CommandLineSupport
import Testing
@testable import fsearch
@testable import TransactionSearch

/// Every kind of failure fsearch can meet becomes its message, hint and exit code in one
/// place (`ErrorReport`): a table of named cases.
@Suite struct ErrorReportTests {
    static let cases: [(String, FSearchError, ErrorReport)] = [
        ("usage", .usage("--limit '-1' is not a whole number from 0", hint: "e.g. --limit 20"),
         ErrorReport(message: "--limit '-1' is not a whole number from 0", hint: "e.g. --limit 20", status: .usage)),
        ("an unknown option", .arguments(UsageError("unknown option '--gruop'", hint: "did you mean --group?"), command: ""),
         ErrorReport(message: "unknown option '--gruop'", hint: "did you mean --group?", status: .usage)),
        ("an argument error without a hint", .arguments(UsageError("import takes one FILE"), command: "import "),
         ErrorReport(message: "import takes one FILE", hint: "see fsearch import --help", status: .usage)),
        ("a query", .query(SearchSyntaxError(position: 8, term: "amount>abc", expected: "an amount such as 50 or 12.5, not 'abc'", field: "amount")),
         ErrorReport(message: "query at character 8 ('amount>abc'): expected an amount such as 50 or 12.5, not 'abc'",
                     hint: "an amount is a size without a sign: amount:12.5, amount>50, amount<=20, amount:10..20; "
                        + "to search the text itself, quote it: '\"amount>abc\"'", status: .usage)),
        ("a date in a query", .query(SearchSyntaxError(position: 6, term: "date:2026-13", expected: "a month from 01 to 12", field: "date")),
         ErrorReport(message: "query at character 6 ('date:2026-13'): expected a month from 01 to 12",
                     hint: "a date is 2026-03-14, a month 2026-03, a range 2026-01..2026-03, or today, yesterday, this-week, last-week, "
                        + "this-month, last-month, this-year, last-year, last-N-days", status: .usage)),
        ("a misspelled field", .query(SearchSyntaxError(position: 1, term: "amout>100", expected: "a field name such as amount",
                                                         kind: .misspelledField, field: "amount")),
         ErrorReport(message: "query at character 1 ('amout>100'): no field is named 'amout'; did you mean amount>100?",
                     hint: "to search the text itself, quote it: '\"amout>100\"'", status: .usage)),
        ("an unknown id", .invalidChange(ValidationError(.id, .unknownID("tx_9"))),
         ErrorReport(message: "id: no transaction has the id \"tx_9\"", hint: "fsearch --store DIR QUERY shows ids with --format json",
                     status: .failure)),
        ("a bad field", .invalidChange(ValidationError(.merchant, .blank)),
         ErrorReport(message: "merchant: is blank", status: .badData)),
        ("a bad file", .badFile(ImportError(issues: [ImportIssue(.line(3), field: .amount, .invalid(.missing))]), name: "x.csv"),
         ErrorReport(message: "x.csv: line 3, amount: is required", hint: "nothing was imported", status: .badData)),
        ("bad rows among good ones: every one listed, and the good ones counted",
         .badFile(ImportError(issues: [ImportIssue(.line(3), field: .amount, .invalid(.missing)),
                                       ImportIssue(.line(9), field: .date, .invalid(.missing))], goodRecords: 40), name: "x.csv"),
         ErrorReport(message: "x.csv: line 3, amount: is required", details: ["line 9, date: is required", "2 bad records, 40 good"],
                     hint: "nothing was imported; --skip-bad imports the 40 good records and lists the bad ones", status: .badData)),
        ("no statement at all: one line", .badFile(ImportError(issues: [ImportIssue(.line(1), .unknownFormat)]), name: "photo.jpg"),
         ErrorReport(message: "photo.jpg: line 1: not a file format this reads (our CSV or JSON, OFX/QFX, QIF, camt, MT940, a bank's CSV export)",
                     status: .badData)),
        ("bad standard input", .badFile(ImportError(issues: [ImportIssue(.line(1), .empty), ImportIssue(.line(2), .empty)]),
                                        name: "standard input"),
         ErrorReport(message: "standard input: line 1: no header and no rows", details: ["line 2: no header and no rows"],
                     hint: "nothing was imported", status: .badData)),
        ("a bank CSV layout that cannot be read: details under the message",
         .badFile(ImportError(issues: [ImportIssue(.line(1), .unrecognizedLayout(BankCSVError(
             .missingColumns([.date]), headerLine: 1, headers: ["Tag", "Betrag"],
             suggestedOptions: BankCSVOptions(columns: [.date: .header("Tag")]), suggestionVerified: true)))]), name: "x.csv"),
         ErrorReport(message: "x.csv: line 1: no date column found",
                     details: ["headers on line 1: 1 \"Tag\", 2 \"Betrag\"", "these options import it: --map date=Tag"],
                     hint: "nothing was imported", status: .badData)),
        ("damage", .store(StoreFileError(.corrupt, file: "s/log.bin", offset: 24, reason: "a record header's checksum does not match"), path: "s"),
         ErrorReport(message: "s/log.bin at byte 24: a record header's checksum does not match",
                     hint: "fsearch check --store s reports what is damaged; --recover searches what precedes it", status: .badData)),
        ("no store", .store(StoreFileError(.missing, file: "s", reason: "no store here"), path: "s"),
         ErrorReport(message: "no store at s", hint: "create one with fsearch import FILE --store s", status: .missingInput)),
        ("another zone", .store(StoreFileError(.configurationMismatch, file: "s", reason: "the store keeps time zone UTC"), path: "s"),
         ErrorReport(message: "s: the store keeps time zone UTC", hint: "leave out --tz and --base for an existing store", status: .usage)),
        ("locked", .store(StoreFileError(.locked, file: "s/lock", reason: "another process has this store open for writing"), path: "s"),
         ErrorReport(message: "s/lock: another process has this store open for writing", hint: "wait for the other fsearch to finish",
                     status: .io)),
        ("an unknown version", .store(StoreFileError(.unknownVersion, file: "s/snapshot.bin", offset: 8, reason: "version 9"), path: "s"),
         ErrorReport(message: "s/snapshot.bin at byte 8: version 9", status: .badData)),
        ("a refused change", .change(.invalid(ValidationError(.amount, .cannotClear)), path: "s"),
         ErrorReport(message: "amount: is required and cannot be cleared", status: .badData)),
        ("a refused change to a read-only store", .change(.readOnly, path: "s"),
         ErrorReport(message: "the store was opened read-only", status: .failure)),
        ("a write that failed", .change(.file(StoreFileError(.io, file: "s/log.bin", reason: "fsync failed: No space left on device")), path: "s"),
         ErrorReport(message: "s/log.bin: fsync failed: No space left on device", status: .io)),
        ("missing input", .missingInput("/no/such.csv: no such file"),
         ErrorReport(message: "/no/such.csv: no such file", status: .missingInput)),
        ("I/O", .io("x: cannot be read (permissions?)"), ErrorReport(message: "x: cannot be read (permissions?)", status: .io)),
        ("other", .failed("nothing to do"), ErrorReport(message: "nothing to do", status: .failure)),
    ]

    @Test(arguments: cases.indices)
    func everyFailureHasItsMessageHintAndCode(index: Int) {
        let (name, error, expected) = Self.cases[index]
        #expect(ErrorReport(error) == expected, "\(name)")
    }
}
