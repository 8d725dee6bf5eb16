import TransactionSearch

/// A transaction whole, a field a line: its id, date, amount, status, merchant, payee and
/// processor, category and subcategory, card, account, notes, its import key with the key's
/// kind, and who set each field a person or a rule can change (`FieldSources`). A value too
/// long for its line goes on over the next ones, so nothing of it is hidden; control
/// characters are shown escaped.
package enum TransactionDetailLines {
    /// The width of the names before the values.
    static let labelWidth = 13

    /// The lines of `transaction` in `width` cells; days in the form `settings` says, the
    /// local day of an instant from `store`.
    package static func lines(_ transaction: Transaction, store: TransactionStore, width: Int, settings: BrowseSettings) -> [String] {
        let styler = settings.styler
        var lines: [String] = []
        func add(_ label: String, _ value: String, style: TextStyle = [], source: TransactionField? = nil) {
            var shown = value
            if let field = source {
                let who = transaction.sources[field]
                if who != .input { shown += "  (set by \(who))" }
            }
            let pieces = wrapped(VisibleText.escaped(shown), width: max(1, width - labelWidth - 2))
            for (index, piece) in pieces.enumerated() {
                let name = index == 0 ? label : ""
                lines.append("  " + styler.apply(.dim, to: TextFitting.padded(name, toWidth: labelWidth)) + styler.apply(style, to: piece))
            }
        }
        add("id", transaction.id)
        add("date", dateText(transaction.date, store: store, dates: settings.dates))
        add("amount", transaction.amount.description, style: transaction.amount.minorUnits < 0 ? .red : [])
        add("status", transaction.status.rawValue, source: .status)
        add("merchant", transaction.merchant)
        add("payee", transaction.payee, source: .payee)
        add("processor", transaction.processor ?? "none")
        add("category", transaction.category ?? "none", source: .category)
        add("subcategory", transaction.subcategory ?? "none", source: .subcategory)
        add("card", transaction.card.map { CardLabel.text(of: $0, short: false) } ?? "none", source: .card)
        add("account", transaction.account ?? "none", source: .account)
        add("notes", transaction.notes ?? "none", source: .notes)
        add("import key", importKeyText(transaction))
        add("sources", transaction.sources.isAllInput ? "every field as the input gave it" : sourcesText(transaction.sources))
        return lines
    }

    /// A calendar date in the chosen form; an instant as ISO 8601 in UTC with its local day.
    static func dateText(_ date: TransactionDate, store: TransactionStore, dates: DateDisplay) -> String {
        let day = dates.text(of: store.localDay(of: date))
        return date.isCalendarDay ? day : "\(date) (\(day) in \(store.timeZone.identifier))"
    }

    /// `bank id: bank2:…:FIT123`, `fingerprint: fp2:…#1`, or that it has none.
    static func importKeyText(_ transaction: Transaction) -> String {
        guard let key = transaction.importKey, let kind = transaction.importKeyKind else { return "none (added by hand)" }
        let name = switch kind {
        case .bankID: "the bank's id"
        case .fingerprint: "a fingerprint"
        case .other: "given by an app"
        }
        return "\(name): \(key)"
    }

    /// `payee: cleaner, category: hand`.
    static func sourcesText(_ sources: FieldSources) -> String {
        FieldSources.fields.compactMap { field in
            sources[field] == .input ? nil : "\(field.rawValue): \(sources[field])"
        }.joined(separator: ", ")
    }

    /// `text` on lines of at most `width` cells, broken after a space where one is near the
    /// end of a line, else between characters.
    static func wrapped(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var used = 0
        var lastSpace: String.Index?
        for character in text {
            let cells = DisplayWidth.of(character)
            if used + cells > width && !line.isEmpty {
                if let space = lastSpace, line.distance(from: space, to: line.endIndex) < width / 2 {
                    let rest = String(line[line.index(after: space)...])
                    lines.append(String(line[..<space]))
                    line = rest
                } else {
                    lines.append(line)
                    line = ""
                }
                used = DisplayWidth.of(line)
                lastSpace = nil
            }
            if character == " " { lastSpace = line.endIndex }
            line.append(character)
            used += cells
        }
        lines.append(line)
        return lines
    }
}
