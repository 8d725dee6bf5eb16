import TransactionSearch

/// A merchant as the table shows it (`VisibleText`), with the stored scalar each shown scalar
/// comes from, so that the matched ranges still fall on the right characters where an escape
/// (`\u{1B}`) stands for one.
package struct VisibleMerchant {
    /// The text shown.
    package let text: String
    /// Per scalar of `text`: the offset of the stored scalar it shows.
    package let origins: [Int]

    /// The shown form of `stored`.
    package init(_ stored: String) {
        let escaped = VisibleText.escaped(stored)
        guard escaped.utf8.count != stored.utf8.count else {  // nothing escaped (an escape is longer)
            text = stored
            origins = Array(0..<stored.unicodeScalars.count)
            return
        }
        var shown = String.UnicodeScalarView()
        var origins: [Int] = []
        for (offset, scalar) in stored.unicodeScalars.enumerated() {
            let piece = VisibleText.escaped(String(scalar)).unicodeScalars
            shown.append(contentsOf: piece)
            origins.append(contentsOf: repeatElement(offset, count: piece.count))
        }
        text = String(shown)
        self.origins = origins
    }
}
