/// A QIF `L` (or split `S`) value: a category path `Food:Groceries`, or a transfer to another
/// account `[Checking]`, either followed by `/Class`.
///
/// The first level is the category, deeper levels are joined into the subcategory with `:`
/// (`Auto:Fuel:Diesel` is `Auto` and `Fuel:Diesel`). A transfer has no category. Quicken's
/// `--Splits--` placeholder is no category.
struct QIFCategory {
    var category: String?
    var subcategory: String?
    /// The account a transfer goes to or comes from (`Checking` of `[Checking]`).
    var transferAccount: String?
    /// The class after `/` (`Business` of `Travel/Business`).
    var className: String?

    init(_ text: String) {
        var path = Substring(text)
        if let slash = path.firstIndex(of: "/") {
            let name = path[path.index(after: slash)...].trimmingWhitespace()
            className = name.isEmpty ? nil : name
            path = path[..<slash]
        }
        let trimmed = path.trimmingWhitespace()
        if trimmed.hasPrefix("[") {
            var name = Substring(trimmed.dropFirst())
            if name.hasSuffix("]") { name = name.dropLast() }
            let account = name.trimmingWhitespace()
            transferAccount = account.isEmpty ? nil : account
            return
        }
        guard trimmed != "--Splits--" else { return }
        let levels = trimmed.split(separator: ":").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
        guard let first = levels.first else { return }
        category = first
        subcategory = levels.count > 1 ? levels.dropFirst().joined(separator: ":") : nil
    }

    /// Whether the value names a transfer rather than a category.
    var isTransfer: Bool { transferAccount != nil }
}

extension Substring {
    /// The text without leading and trailing white space.
    func trimmingWhitespace() -> String {
        String(self).trimmingWhitespace()
    }
}
