/// How importing a file again recognises a transaction: the kind of its import key
/// (`Transaction.importKey`; the schemes are `ImportKeys`'). What a screen shows beside the key,
/// which is an opaque string.
public enum ImportKeyKind: String, Hashable, Sendable, CaseIterable {
    /// The bank's own id of the transaction, with the account it is unique in (`bank2:…`, or
    /// `bank:…` in stores written before 0.4).
    case bankID
    /// A fingerprint of account, card, date, amount, currency and description, with its
    /// occurrence among identical rows of the file (`fp2:…#1`, or `fp:…` before 0.4).
    case fingerprint
    /// A key of another form, given by the app that added the transaction.
    case other

    /// The kind of `key`, from its scheme's prefix.
    public init(key: String) {
        if key.hasPrefix("bank2:") || key.hasPrefix("bank2#") || key.hasPrefix("bank:") || key.hasPrefix("bank#") {
            self = .bankID
        } else if key.hasPrefix("fp2:") || key.hasPrefix("fp:") {
            self = .fingerprint
        } else {
            self = .other
        }
    }
}

extension Transaction {
    /// The kind of `importKey`; nil for a transaction with none (added by hand).
    public var importKeyKind: ImportKeyKind? { importKey.map(ImportKeyKind.init(key:)) }
}
