import TransactionSearch

/// The `:86:` information to the account owner of one statement line, in the three shapes
/// banks write it:
///
/// - German structured (`166?00GUTSCHRIFT?109249?20EREF+...?21SVWZ+Rechnung?32Max
///   Mustermann`), read by `MT940Details+German.swift`.
/// - Slash keys as Dutch and other banks write them (`/TRTP/SEPA OVERBOEKING/IBAN/NL...
///   /NAME/J. Jansen/REMI/Invoice 12/EREF/...`), read by `MT940Details+SlashKeys.swift`.
/// - Free text: the first line is the merchant, the others (joined with spaces) the notes.
///
/// Lines of the structured forms are joined with nothing between them (banks cut them at 65
/// characters anywhere, even inside a word).
struct MT940Details {
    /// The counterparty.
    var name: String?
    /// What the payment is for.
    var purpose: String?
    /// What the bank calls this kind of entry (`GUTSCHRIFT`, `SEPA OVERBOEKING`).
    var postingText: String?

    /// Reads the field from its lines (the first without `:86:`); `scratch` is a buffer the
    /// caller keeps between lines so joining them allocates nothing.
    init(_ bytes: ByteView, lines: ArraySlice<Range<Int>>, scratch: inout [UInt8]) {
        scratch.removeAll(keepingCapacity: true)
        for line in lines { scratch.append(contentsOf: bytes.view(line)) }
        let shape = scratch.withByteView { joined -> MT940Details? in
            if let separator = MT940Details.germanSeparator(joined) {
                return MT940Details(german: joined, separator: separator)
            }
            if joined.first == UInt8(ascii: "/"), MT940Details.slashKey(joined, at: 0) != nil {
                return MT940Details(slashKeys: joined)
            }
            return nil
        }
        if let shape {
            self = shape
            return
        }
        let texts = lines.compactMap { bytes.trimmedText($0) }
        self.init(name: texts.first, purpose: texts.count > 1 ? texts.dropFirst().joined(separator: " ") : nil)
    }

    /// Reads the field from its lines with a buffer of its own.
    init(_ bytes: ByteView, lines: ArraySlice<Range<Int>>) {
        var scratch: [UInt8] = []
        self.init(bytes, lines: lines, scratch: &scratch)
    }

    /// Details with these values.
    init(name: String?, purpose: String?, postingText: String? = nil) {
        self.name = name
        self.purpose = purpose
        self.postingText = postingText
    }
}

extension String {
    /// nil for an empty string.
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
