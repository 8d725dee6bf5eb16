/// What decided how a file's rows were read, in words, for `fsearch inspect` and import
/// reports: where their currency came from, how their dates are written and in which order,
/// and how their amounts are signed (docs/SPEC.md section 9: `inspect` says which rule decided).
public struct ReadingDecisions: Hashable, Sendable, Codable {
    /// `CURDEF USD`, `the "Currency" column`, `none in the file: the store's base currency`.
    public var currency: String
    /// `YYYYMMDD (OFX)`, `DD.MM.YYYY, dmy (a value over 12 in position 1 ...)`.
    public var dates: String
    /// `TRNAMT is signed: negative is money out`, `flipped: American Express writes ...`.
    public var sign: String

    /// The three decisions.
    public init(currency: String, dates: String, sign: String) {
        self.currency = currency
        self.dates = dates
        self.sign = sign
    }
}
