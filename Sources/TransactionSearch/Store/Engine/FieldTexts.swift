/// The text fields' pool texts taken once, for making many strings (a result page, every
/// row of an export, the keys of every group): each pool's two arrays are retained here once,
/// where reaching a pool through its field index for every string would copy the pool's
/// arrays (a retain and a release each) every time. Taken under the store's lock and used
/// before it is released, like the store's other handles.
struct FieldTexts {
    /// The pools' texts, boxed: a copy of a `FieldTexts` (which `RowStrings` makes for each
    /// string it makes) retains one reference, and a field's texts are read in place
    /// (`withValue`), never copied out. Held inline, every such copy retained and released all
    /// of them (measured: the query mix 59.5 M -> 65.8 M instructions).
    private final class Texts {
        let values: TextFieldValues<PackedTexts>

        /// Boxes the pools' texts.
        init(_ values: TextFieldValues<PackedTexts>) {
            self.values = values
        }
    }

    private let texts: Texts

    init(_ text: TextFields) {
        texts = Texts(TextFieldValues { text[$0].pool.folded })
    }

    /// The string of `code` in `field`, nil for code 0 (none).
    @inline(__always)
    func string(_ field: TextField, _ code: UInt32) -> String? {
        guard code != 0 else { return nil }
        return withTexts(of: field) { StringPool.string(code, in: $0) }
    }

    /// Calls `body` with the UTF-8 bytes of `code` in `field` (empty for code 0).
    @inline(__always)
    func withUTF8<Result>(_ field: TextField, _ code: UInt32, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        withTexts(of: field) { StringPool.utf8(of: code, in: $0, body) }
    }

    /// Calls `body` with a field's texts, borrowed (no copy).
    @inline(__always)
    private func withTexts<Result>(of field: TextField, _ body: (PackedTexts) -> Result) -> Result {
        texts.values.withValue(of: field, body)
    }
}
