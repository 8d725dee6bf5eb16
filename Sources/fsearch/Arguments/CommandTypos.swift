import CommandLineSupport

/// A first word meant as a command but mistyped (`imprt`, `exprot`, `chek`): searched as text
/// it answers a question nobody asked, often with "no transactions" and exit 0, or worse, with
/// rows. A word one edit from a command's name (an insertion, a deletion, a substitution or a
/// swap of neighbours), or the name in other capitals (`Import`), is a usage error with a
/// suggestion; `fsearch -- WORD` searches the word itself.
enum CommandTypos {
    /// The commands a person types, as the main help lists them.
    static let names = ["import", "inspect", "add", "update", "delete", "export", "stats", "check", "compact", "explain-payee", "explain",
                        "rules", "undo", "history", "repair-payees", "saved", "browse", "recurring", "report", "summary"]

    /// The command `word` looks like a typo of, or nil: a word of letters only, not a command,
    /// one edit from one (or the same but for capitals).
    static func command(meantBy word: String) -> String? {
        guard !word.isEmpty, word.allSatisfy({ $0.isASCII && $0.isLetter }), FSearch.command(word) == nil else { return nil }
        let lowered = word.lowercased()
        if names.contains(lowered) { return lowered }
        return EditDistance.closest(to: lowered, among: names, limit: 1)
    }

    /// The error for a first word that looks like a mistyped command.
    static func error(_ word: String, meant command: String, words: [String]) -> FSearchError {
        let rest = words.dropFirst().map { $0.contains(" ") ? "'\($0)'" : $0 }
        let corrected = (["fsearch", command] + rest).joined(separator: " ")
        return FSearchError.usage("'\(word)' is not a command; did you mean \(command)?",
                                  hint: "\(corrected); to search for '\(word)', put -- before it: fsearch -- \(word)")
    }
}
