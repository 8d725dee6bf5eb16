import CommandLineSupport
import Foundation
import TransactionSearch

/// The options that say how to read a file: its format when detection should not decide, and
/// what a bank's CSV export cannot say itself. `fsearch import`, `inspect` and `check` take them
/// all; a search over `--file` takes them too, but not `--account` and `--currency` (a search's
/// `--account` filters). The flags are the ones `BankCSVOptions.commandLine` writes in errors.
enum ImportFlags {
    /// Flags every command that reads a file takes.
    static let reading: [CommandSpec.Option] = [
        .value("as", "FORMAT", help: "The file's format, when detection should not decide: csv|json|ofx|qif|camt|mt940|bank-csv."),
        .value("map", "ROLE=COLUMN,...", help: "Bank CSV: which column is which field, by header or #position: "
                + "date=Buchungstag,merchant=\"Auftraggeber/Empfänger\",amount=#6 (roles: \(ColumnRole.allCases.map(\.rawValue).joined(separator: ", ")))."),
        .value("date-order", "ORDER", help: "dmy|mdy|ymd: how numeric dates are written (bank CSV, QIF)."),
        .flag("decimal-comma", help: "Bank CSV: amounts are written 1.234,56."),
        .flag("decimal-point", help: "Bank CSV: amounts are written 1,234.56."),
        .value("delimiter", "NAME", help: "Bank CSV: comma|semicolon|tab|pipe."),
        .value("encoding", "NAME", help: "The text encoding when the file is not UTF-8: Windows-1252|ISO-8859-1."),
        .value("skip-lines", "N", help: "Bank CSV: lines before the header."),
        .value("sign", "SIGN", help: "Bank CSV: as-written|flipped (a card export listing purchases as positive)."),
        .value("profile", "FILE", help: "Bank CSV options saved as JSON (see fsearch inspect --save-profile)."),
    ]

    /// Flags that set what a file does not say: for import, inspect and check.
    static let defaults: [CommandSpec.Option] = [
        .value("account", "NAME", help: "The account of rows whose file names none."),
        .value("currency", "CODE", help: "The currency of rows whose file names none (default: the store's base)."),
    ]

    /// The import options the flags give. A format not given is detected from the content,
    /// and from the file name's extension when the content says nothing (`.csv`: a bank CSV
    /// export).
    static func options(_ arguments: ParsedArguments, name: String, bytes: [UInt8], skipBad: Bool) throws(FSearchError) -> ImportOptions {
        var options = ImportOptions(skippingInvalid: skipBad)
        if let format = arguments.value("as") {
            options.format = try Choice.parse(format, option: "as", among: StatementFormat.allCases)
        } else if StatementFormat.detect(bytes) == nil {
            // Content no rule claims: the name decides. Our own CSV is always claimed by its
            // header, so a `.csv` file here is read as a bank's export, whose error lists the
            // headers it saw.
            let byName = StatementFormat(pathExtension: name)
            options.format = byName == .csv ? .bankCSV : byName
        }
        if let path = arguments.value("profile") { options.bankCSV = try profile(path) }
        if let map = arguments.value("map") {
            do throws(BankCSVOptionError) { options.bankCSV.columns = try BankCSVOptions.parseMap(map) } catch {
                throw FSearchError.usage("--map: \(error)", hint: "e.g. --map date=Buchungstag,merchant=Empfänger,amount=#6")
            }
        }
        if let order = arguments.value("date-order") {
            options.bankCSV.dateOrder = try Choice.parse(order, option: "date-order", among: BankCSVOptions.DateOrder.allCases)
        }
        switch (arguments.has("decimal-comma"), arguments.has("decimal-point")) {
        case (true, true): throw FSearchError.usage("give --decimal-comma or --decimal-point, not both")
        case (true, false): options.bankCSV.decimalSeparator = .comma
        case (false, true): options.bankCSV.decimalSeparator = .point
        case (false, false): break
        }
        if let name = arguments.value("delimiter") {
            guard let delimiter = BankCSVOptions.delimiter(named: name) else {
                throw FSearchError.usage("--delimiter '\(name)' is not one of comma|semicolon|tab|pipe")
            }
            options.bankCSV.delimiter = delimiter
        }
        if let name = arguments.value("encoding") {
            guard let encoding = TextEncoding(declaredName: name) else {
                throw FSearchError.usage("--encoding '\(name)' is not one of UTF-8|Windows-1252|ISO-8859-1")
            }
            options.bankCSV.encoding = encoding
        }
        if let lines = arguments.value("skip-lines") { options.bankCSV.skipLines = try Choice.count(lines, option: "skip-lines") }
        if let sign = arguments.value("sign") {
            options.bankCSV.sign = try Choice.parse(sign, option: "sign", among: SignConvention.allCases)
        }
        if let account = arguments.value("account") { options.account = account }
        if let code = arguments.value("currency") {
            guard let currency = Currency(code) else { throw FSearchError.usage("--currency '\(code)' is not a currency code") }
            options.currency = currency
        }
        return options
    }

    /// Bank CSV options from a JSON profile.
    static func profile(_ path: String) throws(FSearchError) -> BankCSVOptions {
        let bytes = try DataSource.read(path)
        do {
            return try JSONDecoder().decode(BankCSVOptions.self, from: Data(bytes))
        } catch let error as DecodingError {
            throw FSearchError.badData("\(path): not a bank CSV profile: \(ImportFlags.describe(error))")
        } catch {
            throw FSearchError.badData("\(path): not a bank CSV profile: \(error.localizedDescription)")
        }
    }

    /// A JSON decoding error in words, with the field it is about (`columns.date.position: a
    /// number expected, found a string`).
    static func describe(_ error: DecodingError) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            let text = keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
            return text.isEmpty ? "the file" : text
        }
        switch error {
        case .typeMismatch(let type, let context):
            return "\(path(context.codingPath)): \(ImportFlags.typeWords(type)) expected"
        case .valueNotFound(let type, let context):
            return "\(path(context.codingPath)): \(ImportFlags.typeWords(type)) expected, found null"
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath + [key])): missing"
        case .dataCorrupted(let context):
            let detail = context.debugDescription.hasPrefix("The given data was not valid JSON") ? "not valid JSON" : context.debugDescription
            return "\(path(context.codingPath)): \(detail)"
        @unknown default:
            return "\(error)"
        }
    }

    /// `a number`, `a string`, `an object` for a type a profile field takes.
    private static func typeWords(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Double.Type: "a number"
        case is Bool.Type: "true or false"
        case is [Any].Type: "a list"
        default: "an object"
        }
    }
}
