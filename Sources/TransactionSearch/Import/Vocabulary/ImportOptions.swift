import Foundation

/// What an import may be told beside the bytes. Everything is optional: by default the format
/// is detected from the content, rows keep what the file says, and the rest comes from the
/// store (its zone, its base currency).
public struct ImportOptions: Hashable, Sendable {
    /// The file's format; nil detects it from the content (`StatementFormat.detect`).
    public var format: StatementFormat?
    /// The account of rows whose file names none.
    public var account: String?
    /// The currency of rows whose file names none (nil: the store's base currency).
    public var currency: Currency?
    /// The zone of times with no offset (nil: the store's zone). A date with no time stays a
    /// calendar day.
    public var timeZone: TimeZone?
    /// Add the good records and report the bad ones, instead of refusing the whole file.
    public var skippingInvalid: Bool
    /// What a bank CSV export cannot say itself (columns, date order, decimal separator...).
    /// Its date order also applies to QIF files.
    public var bankCSV: BankCSVOptions
    /// When a posted transaction replaces its pending self.
    public var pendingMatching: PendingMatching

    /// Options from their parts; every one is optional.
    public init(format: StatementFormat? = nil, account: String? = nil, currency: Currency? = nil, timeZone: TimeZone? = nil,
                skippingInvalid: Bool = false, bankCSV: BankCSVOptions = BankCSVOptions(),
                pendingMatching: PendingMatching = PendingMatching()) {
        self.format = format
        self.account = account
        self.currency = currency
        self.timeZone = timeZone
        self.skippingInvalid = skippingInvalid
        self.bankCSV = bankCSV
        self.pendingMatching = pendingMatching
    }
}

/// When an imported posted transaction is the same payment as a pending one in the store, so
/// that it replaces it in place (same id) rather than adding a second row: same account and
/// currency, posted 0 to `maximumDays` days after, an amount of the same sign within
/// `amountTolerancePercent` of the pending one (tips, holds), and a similar merchant (a shared
/// word of three or more letters after folding, or close trigrams). A bank id linking the two
/// (`StatementEntry.pendingBankID`) wins over all of that.
public struct PendingMatching: Hashable, Sendable {
    /// Whether pending rows are looked for at all.
    public var isEnabled: Bool
    /// The most days the posted date may follow the pending one.
    public var maximumDays: Int
    /// How far the posted amount may differ from the pending one, in percent of it.
    public var amountTolerancePercent: Int

    /// Matching rules; the defaults are docs/SPEC.md section 7's (7 days, 20%).
    public init(isEnabled: Bool = true, maximumDays: Int = 7, amountTolerancePercent: Int = 20) {
        self.isEnabled = isEnabled
        self.maximumDays = maximumDays
        self.amountTolerancePercent = amountTolerancePercent
    }
}
