import TransactionSearch

/// A QIF `L` (or split `S`) value: a category path `Food:Groceries`, or a transfer to another
/// account `[Checking]`, either followed by `/Class`.
///
/// The first level is the category, deeper levels are joined into the subcategory with `:`
/// (`Auto:Fuel:Diesel` is `Auto` and `Fuel:Diesel`). A transfer has no category. Quicken's
/// `--Splits--` placeholder is no category. Read from the bytes, so a record's category costs
/// only the strings it keeps.
struct QIFCategory {
    var category: String?
    var subcategory: String?
    /// The account a transfer goes to or comes from (`Checking` of `[Checking]`).
    var transferAccount: String?
    /// The class after `/` (`Business` of `Travel/Business`).
    var className: String?

    /// Reads the value in `range`.
    init(_ bytes: ByteView, _ range: Range<Int>) {
        var pathEnd = range.upperBound
        if let slash = range.first(where: { bytes[$0] == UInt8(ascii: "/") }) {
            className = bytes.trimmedText(slash + 1..<range.upperBound)
            pathEnd = slash
        }
        let path = bytes.trimming(range.lowerBound..<pathEnd)
        guard !path.isEmpty else { return }
        if bytes[path.lowerBound] == UInt8(ascii: "[") {
            let end = bytes[path.upperBound - 1] == UInt8(ascii: "]") && path.count > 1 ? path.upperBound - 1 : path.upperBound
            transferAccount = bytes.trimmedText(path.lowerBound + 1..<end)
            return
        }
        guard bytes.text(path) != "--Splits--" else { return }
        var start = path.lowerBound
        var index = path.lowerBound
        while index <= path.upperBound {
            if index == path.upperBound || bytes[index] == UInt8(ascii: ":") {
                if let level = bytes.trimmedText(start..<index) {
                    if category == nil {
                        category = level
                    } else if let deeper = subcategory {
                        subcategory = deeper + ":" + level
                    } else {
                        subcategory = level
                    }
                }
                start = index + 1
            }
            index += 1
        }
    }

    /// Reads `text` (for tests and callers that hold a string).
    init(_ text: String) {
        let bytes = Array(text.utf8)
        self = bytes.withByteView { QIFCategory($0, 0..<$0.count) }
    }

    /// Whether the value names a transfer rather than a category.
    var isTransfer: Bool { transferAccount != nil }
}
