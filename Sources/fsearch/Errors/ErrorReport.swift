import CommandLineSupport
import Foundation
import TransactionSearch

/// What fsearch prints for a failure, and how it exits: the one place where a cause
/// (`FSearchError`) becomes a message, a hint and a sysexits(3) code. `main` prints
/// `fsearch: MESSAGE`, its details indented, then `hint: HINT`, on stderr; data in the
/// message is shown with control characters escaped (`VisibleText`).
struct ErrorReport: Equatable {
    /// sysexits(3) codes.
    enum Status: Int32 {
        /// Any other failure: an unknown id, a change refused by a read-only store.
        case failure = 1
        case usage = 64
        case badData = 65
        case missingInput = 66
        case io = 74
    }

    var message: String
    /// Lines that explain the message (a bank CSV layout error's headers, closest columns and
    /// the options that read the file), printed indented under it.
    var details: [String]
    var hint: String?
    var status: Status

    init(message: String, details: [String] = [], hint: String? = nil, status: Status) {
        self.message = message
        self.details = details
        self.hint = hint
        self.status = status
    }

    /// The report of a cause.
    init(_ error: FSearchError) {
        switch error {
        case .usage(let message, let hint):
            self.init(message: message, hint: hint, status: .usage)
        case .arguments(let usage, let command):
            self.init(message: usage.message, hint: usage.hint ?? "see fsearch \(command)--help", status: .usage)
        case .query(let problem):
            self.init(message: "query \(problem)", hint: ErrorReport.hint(for: problem), status: .usage)
        case .invalidChange(let invalid):
            if case .unknownID = invalid.reason {
                self.init(message: invalid.description, hint: "fsearch --store DIR QUERY shows ids with --format json", status: .failure)
            } else {
                self.init(message: invalid.description, status: .badData)
            }
        case .badFile(let importError, let name):
            // Every bad record is listed, the first on the message line; a problem may explain
            // itself over several lines (a bank CSV layout that cannot be read). A file that is
            // no statement at all is one line.
            var lines = importError.issues.enumerated().flatMap { index, issue in
                let text = issue.description(writingOptions: \.commandLine)
                return (index == 0 ? "\(name): \(text)" : text).split(separator: "\n").map(String.init)
            }
            let first = lines.isEmpty ? "\(name): unreadable" : lines.removeFirst()
            if let good = importError.goodRecords {
                let bad = importError.issues.count
                lines.append("\(bad) bad record\(bad == 1 ? "" : "s"), \(good) good")
            }
            let hint: String?
            if importError.issues.count == 1, case .unknownFormat = importError.issues[0].reason {
                hint = nil
            } else if let good = importError.goodRecords, good > 0 {
                hint = "nothing was imported; --skip-bad imports the \(good) good record\(good == 1 ? "" : "s") and lists the bad ones"
            } else {
                hint = "nothing was imported"
            }
            self.init(message: first, details: lines, hint: hint, status: .badData)
        case .badData(let message, let hint):
            self.init(message: message, hint: hint, status: .badData)
        case .store(let storeError, let path):
            self = ErrorReport.store(storeError, path: path)
        case .change(let durableError, let path):
            switch durableError {
            case .invalid(let invalid): self.init(.invalidChange(invalid))
            case .invalidBatch(let batch): self.init(message: batch.description, status: .badData)
            case .invalidImport(let importError): self.init(.badFile(importError, name: path))
            case .file(let storeError): self = ErrorReport.store(storeError, path: path)
            case .readOnly: self.init(message: durableError.description, status: .failure)
            case .bulkEdit(let error):
                self.init(message: error.description, details: error.failures.dropFirst(5).prefix(20).map(\.description),
                          hint: "nothing was changed; narrow the search with --where, or change the value", status: .badData)
            case .rule(let error): self.init(message: error.description, status: .usage)
            case .undo(let error): self.init(message: error.description, status: .failure)
            }
        case .missingInput(let message, let hint):
            self.init(message: message, hint: hint, status: .missingInput)
        case .io(let message, let hint):
            self.init(message: message, hint: hint, status: .io)
        case .failed(let message, let hint):
            self.init(message: message, hint: hint, status: .failure)
        }
    }

    /// What to do about a search box term the syntax refused, by its kind and field: the
    /// forms of a date, of an amount, the values of a status, where a value goes, the field
    /// meant; quoting (a term as text) only where text is a plausible wish.
    static func hint(for problem: SearchSyntaxError) -> String {
        let quoted = "'\"\(problem.term)\"'"
        switch (problem.kind, problem.field) {
        case (.misspelledField, _):
            return "to search the text itself, quote it: \(quoted)"
        case (.missingValue, let field):
            let example = field == "amount" ? "50" : field == "date" ? "2026-03" : field == "status" ? "pending" : "lidl"
            return "put the value right after it, with no space: \(problem.term.trimmingCharacters(in: .whitespaces))\(example)"
        case (.comparison, let field):
            return "only amount and date compare with < and >; \(field ?? "merchant"):VALUE finds VALUE in the \(field ?? "merchant")"
        case (_, "date"):
            return "a date is 2026-03-14, a month 2026-03, a range 2026-01..2026-03, or today, yesterday, this-week, last-week, "
                + "this-month, last-month, this-year, last-year, last-N-days"
        case (_, "amount"):
            return "an amount is a size without a sign: amount:12.5, amount>50, amount<=20, amount:10..20; to search the text itself, quote it: \(quoted)"
        case (_, "status"):
            return "status:pending or status:posted"
        default:
            return "to search the text itself, quote it: \(quoted)"
        }
    }

    private static func store(_ error: StoreFileError, path: String) -> ErrorReport {
        switch error.kind {
        case .corrupt:
            ErrorReport(message: error.description,
                        hint: "fsearch check --store \(path) reports what is damaged; --recover searches what precedes it",
                        status: .badData)
        case .unknownVersion:
            ErrorReport(message: error.description, status: .badData)
        case .missing:
            ErrorReport(message: "no store at \(path)", hint: "create one with fsearch import FILE --store \(path)", status: .missingInput)
        case .configurationMismatch:
            ErrorReport(message: error.description, hint: "leave out --tz and --base for an existing store", status: .usage)
        case .locked:
            ErrorReport(message: error.description, hint: "wait for the other fsearch to finish", status: .io)
        case .io:
            ErrorReport(message: error.description, status: .io)
        }
    }
}
