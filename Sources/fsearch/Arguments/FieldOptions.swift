import CommandLineSupport
import Foundation
import TransactionSearch

/// The transaction fields as options, for add and update: one option per field named as the
/// field (`TransactionField.rawValue`), described in `option(for:)`. Add and update iterate
/// `fields` and `textFields`, so a text field added to the model is an option by its line in
/// `option(for:)` (the switch names every field: the compiler asks for it).
enum FieldOptions {
    /// The command the options are for: `--id` names a new transaction's id for `add`, a new
    /// id for the transaction `update` changes.
    enum Command {
        case add, update
    }

    /// The options of `command`, in `fields` order.
    static func options(for command: Command) -> [CommandSpec.Option] {
        fields.compactMap { field in
            guard field == .id else { return option(for: field) }
            return command == .add ? .value("id", "ID", help: "The id (generated when absent).")
                : .value("id", "ID", help: "A new id for the transaction (its id changes).")
        }
    }

    /// The fields with an option, in help order: the id, then what `add` requires (date,
    /// merchant, amount) with the amount's currency, then the others in `TransactionField` order.
    static let fields: [TransactionField] = {
        let leading = TransactionField.allCases.filter { $0 == .id || $0.isRequired || $0 == .currency }
        return (leading + TransactionField.allCases.filter { !leading.contains($0) }).filter { option(for: $0) != nil }
    }()

    /// The text fields with an option (`.text` kind), which add and update set by name.
    static let textFields: [TransactionField] = fields.filter {
        if case .text = $0.kind { true } else { false }
    }

    /// A field's option (its value named as the field), or nil for a field set otherwise (the
    /// import key, which imports make).
    static func option(for field: TransactionField) -> CommandSpec.Option? {
        switch field {
        case .id: .value("id", "ID", help: "The id.")
        case .date: .value("date", "DATE", help: "YYYY-MM-DD or an ISO 8601 date and time.")
        case .merchant: .value("merchant", "TEXT", help: "The merchant.")
        case .amount: .value("amount", "AMOUNT", help: "Signed: -12.50 is money out.")
        case .currency: .value("currency", "CODE", help: "ISO 4217, e.g. EUR (default: the store's base).")
        case .category: .value("category", "TEXT", help: "The category.")
        case .subcategory: .value("subcategory", "TEXT", help: "The subcategory (needs a category).")
        case .card: .value("card", "TEXT", help: "The card, e.g. Visa 4242.")
        case .account: .value("account", "TEXT", help: "The account.")
        case .status: .value("status", "STATUS", help: "pending|posted.")
        case .notes: .value("notes", "TEXT", help: "Free text.")
        case .payee: .value("payee", "TEXT", help: "The payee (default: cleaned from the merchant; update: an empty value cleans it again).")
        case .importKey: nil
        }
    }

    static func date(_ text: String, zone: TimeZone) throws(FSearchError) -> TransactionDate {
        do throws(ValidationError) { return try TransactionDate(parsing: text, in: zone) } catch {
            throw FSearchError.usage("--date '\(text)': \(error.reasonText)", hint: "use YYYY-MM-DD or 2026-03-14T09:30:00Z")
        }
    }

    static func amount(_ text: String) throws(FSearchError) -> DecimalAmount {
        try Choice.amount(text, option: "amount")
    }

    /// A currency code: a code that is not one is refused like any bad field (exit 65).
    static func currency(_ text: String) throws(FSearchError) -> Currency {
        guard let currency = Currency(text) else { throw FSearchError.invalidChange(ValidationError(.currency, .invalidCurrency(text))) }
        return currency
    }

    static func status(_ text: String) throws(FSearchError) -> TransactionStatus {
        guard let status = TransactionStatus(parsing: text) else { throw FSearchError.usage("--status '\(text)' is not pending or posted") }
        return status
    }
}
