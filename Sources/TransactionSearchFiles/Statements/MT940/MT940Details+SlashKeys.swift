import TransactionSearch

/// `:86:` details in slash keys, as SWIFT's field 86 guidelines and Dutch banks write them
/// (`/TRTP/SEPA OVERBOEKING/IBAN/NL.../NAME/J. Jansen/REMI/Invoice 12/EREF/...`,
/// `/ORDP//NAME/...`, `/BENM//NAME/...`, `/CNTP/account/BIC/name/city/`): `NAME` (or the name
/// in `CNTP`) is the merchant, `REMI` (without `USTD//` or `STRD/CUR/`) the notes, `TRTP` the
/// fallback name. Only known keys split the text, so a `/` inside a value stays in it.
extension MT940Details {
    /// Keys of the slash form.
    private static let knownKeys: Set<String> = [
        "TRTP", "IBAN", "BIC", "NAME", "REMI", "EREF", "IREF", "MARF", "CSID", "ORDP", "BENM", "ADDR", "CNTP", "PURP", "ULTC",
        "ULTD", "ULTB", "SVCL", "ACCW", "RTRN", "CDTRREFTP", "CDTRREF", "CD", "TP", "ISSR", "FX", "OCMT", "CHGS", "EXCH", "COAM",
        "BUSP", "PREF", "ISDT",
    ]

    /// The key of `/KEY/` starting at `at` and where its closing slash is, when `KEY` is known.
    static func slashKey(_ bytes: ByteView, at: Int) -> (key: String, close: Int)? {
        guard bytes[at] == UInt8(ascii: "/") else { return nil }
        var end = at + 1
        while end < bytes.count, end - at <= 10, bytes[end] >= 0x41 && bytes[end] <= 0x5A { end += 1 }
        guard end < bytes.count, end > at + 1, bytes[end] == UInt8(ascii: "/") else { return nil }
        let key = bytes.text(at + 1..<end)
        return knownKeys.contains(key) ? (key, end) : nil
    }

    /// Reads the joined lines of a field that starts with a known `/KEY/`.
    init(slashKeys bytes: ByteView) {
        var values: [(key: String, value: String)] = []
        var current: (key: String, start: Int)?
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "/"), let found = MT940Details.slashKey(bytes, at: index) else {
                index += 1
                continue
            }
            // A key may start at the slash that closes the one before (`/EREF/NAME/x`): that
            // value is empty.
            if let open = current { values.append((open.key, bytes.text(open.start..<max(open.start, index)))) }
            current = (found.key, found.close + 1)
            index = found.close
        }
        if let open = current { values.append((open.key, bytes.text(open.start..<bytes.count))) }
        func value(_ key: String) -> String? {
            values.first(where: { $0.key == key }).flatMap { MT940Details.cleaned($0.value) }
        }
        let name = value("NAME") ?? value("CNTP").flatMap { counterparty in
            let parts = counterparty.split(separator: "/", omittingEmptySubsequences: false)
            return parts.count > 2 ? parts[2].trimmingWhitespace().nilIfEmpty : nil
        }
        let purpose = value("REMI").flatMap { remittance -> String? in
            var text = Substring(remittance)
            for prefix in ["USTD//", "STRD/CUR/", "STRD/ISO/", "USTD/"] where text.hasPrefix(prefix) {
                text = text.dropFirst(prefix.count)
                break
            }
            return MT940Details.cleaned(String(text))
        }
        self.init(name: name, purpose: purpose, postingText: value("TRTP"))
    }

    /// A slash value without surrounding spaces and trailing slashes; nil when blank.
    private static func cleaned(_ value: String) -> String? {
        var text = Substring(value)
        while text.last == "/" { text = text.dropLast() }
        return text.trimmingWhitespace().nilIfEmpty
    }
}
