/// The full identity of the account a statement belongs to, as the file gives it (OFX `BANKID`
/// and `ACCTID`, a camt IBAN or `Othr/Id`, MT940 `:25:`, a CSV account or IBAN column, the
/// `--account` of an import), made into what import keys are built with: a one-way digest, so
/// that two accounts ending in the same four digits never share keys while the store never
/// holds the number in clear (docs/SPEC.md section 9). Shown, an account stays its last four
/// digits (`AccountName`, `AccountMask`).
package enum AccountIdentity {
    /// The identity text as keys compare it: upper-cased, white space, dashes and dots left out
    /// (`DE89 3704 0044` and `de89370400 44` are one account); nil when nothing is left.
    static func normalized(_ identity: String) -> String? {
        var scalars = String.UnicodeScalarView()
        for scalar in identity.unicodeScalars {
            if scalar.properties.isWhitespace || scalar == "-" || scalar == "." { continue }
            scalars.append(contentsOf: String(scalar).uppercased().unicodeScalars)
        }
        return scalars.isEmpty ? nil : String(scalars)
    }

    /// The digest of an account identity: 16 hex digits of the SHA-256 of its normalized text
    /// (with a fixed prefix, so that the digest is ours alone); nil for a blank identity.
    static func digest(of identity: String?) -> String? {
        guard let identity, let text = normalized(identity) else { return nil }
        let hash = SHA256.digest(Array(("TransactionSearch account\u{1F}" + text).utf8))
        var word: UInt64 = 0
        for byte in hash.prefix(8) { word = word << 8 | UInt64(byte) }
        return ImportKeys.hex(word)
    }

    /// The identity of an OFX account: its bank's id and its own (a credit card has no bank id).
    package static func ofx(bankID: String?, accountID: String) -> String {
        (bankID.map { $0 + "/" } ?? "") + accountID
    }
}
