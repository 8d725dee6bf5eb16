import CommandLineSupport
import Foundation
import TransactionSearch

/// The transaction fields as options, for add and update.
enum FieldOptions {
    static let options: [CommandSpec.Option] = [
        .value("id", "ID", help: "The id (add: generated when absent)."),
        .value("date", "DATE", help: "YYYY-MM-DD or an ISO 8601 date and time."),
        .value("merchant", "TEXT", help: "The merchant."),
        .value("amount", "AMOUNT", help: "Signed: -12.50 is money out."),
        .value("currency", "CODE", help: "ISO 4217, e.g. EUR (default: the store's base)."),
        .value("category", "TEXT", help: "The category."),
        .value("subcategory", "TEXT", help: "The subcategory (needs a category)."),
        .value("card", "TEXT", help: "The card, e.g. Visa 4242."),
        .value("account", "TEXT", help: "The account."),
        .value("status", "STATUS", help: "pending|posted."),
        .value("notes", "TEXT", help: "Free text."),
    ]

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
