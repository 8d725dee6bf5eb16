import TransactionSearch

/// Rows of a result as lines that fit a terminal (`TableLayout`): the id (`update` and
/// `delete` take it), the date, the merchant, the category, the card with its name, the
/// account when the result spans accounts, the amount (red when negative, on a colour
/// terminal) and `pending`. Short of room, cards are written shorter (`Amex 0005`), then the
/// account goes first, then the card, then the category; the merchant shrinks last and is cut
/// with `…`; the id, the date and the amount are never cut. fsearch's table and the
/// interactive search's list both write their rows with it.
package struct ResultRowLines {
    /// The table's columns.
    enum Column {
        case id, date, merchant, category, card, account, amount, pending

        /// How the column behaves when the terminal is narrow.
        var layout: TableColumn {
            switch self {
            case .id, .date: .fixed("")
            case .merchant: .text("", minimumWidth: 14, shrinkOrder: 3)
            case .category: .text("", minimumWidth: 10, maximumWidth: 24, shrinkOrder: 2, dropOrder: 2)
            case .card: .text("", minimumWidth: 8, maximumWidth: 24, shrinkOrder: 1, dropOrder: 1)
            case .account: .text("", minimumWidth: 6, maximumWidth: 20, shrinkOrder: 0, dropOrder: 0)
            case .amount: .fixed("", alignment: .right)
            case .pending: .fixed("")
            }
        }
    }

    /// The rows, in the order of the lines.
    let rows: [ResultRow]
    /// The store the rows come from (their local days).
    let store: TransactionStore
    /// Width, styles, the form of days and whether ids are shown.
    let settings: TableSettings
    /// Whether the rows come from more than one account (then each shows its own).
    let spansAccounts: Bool

    /// The lines of `rows` laid out for `settings`.
    package init(rows: [ResultRow], store: TransactionStore, settings: TableSettings, spansAccounts: Bool) {
        self.rows = rows
        self.store = store
        self.settings = settings
        self.spansAccounts = spansAccounts
    }

    /// One line per row, in order, each indented by two spaces; the row at `unstyled` (a row
    /// a caller styles whole, as a selection) is written without styles of its own.
    package func lines(unstyled: Int? = nil) -> [String] {
        guard !rows.isEmpty else { return [] }
        var columns: [Column] = settings.showsIDs ? [.id] : []
        columns.append(.date)
        columns.append(.merchant)
        // A column no row fills takes no room.
        if rows.contains(where: { $0.transaction.category != nil }) { columns.append(.category) }
        if rows.contains(where: { $0.transaction.card != nil }) { columns.append(.card) }
        if spansAccounts { columns.append(.account) }
        columns.append(.amount)
        if rows.contains(where: { $0.transaction.status == .pending }) { columns.append(.pending) }
        let layout = TableLayout(columns: columns.map(\.layout), gap: 2, indent: 2)
        let merchants = rows.map { VisibleMerchant($0.transaction.merchant) }
        // A page has few cards: each label is made once.
        var cardLabels: [String: String] = [:]
        func cells(shortCards: Bool) -> [[String]] {
            cardLabels.removeAll(keepingCapacity: true)
            return zip(rows, merchants).map { row, merchant in
                columns.map { column in
                    guard column == .card, let card = row.transaction.card else {
                        return cell(column, of: row.transaction, merchant: merchant)
                    }
                    if let label = cardLabels[card] { return label }
                    let label = VisibleText.escaped(CardLabel.text(of: card, short: shortCards))
                    cardLabels[card] = label
                    return label
                }
            }
        }
        var cellRows = cells(shortCards: false)
        var widths = layout.widths(for: cellRows, totalWidth: settings.width)
        // Short of room, a card is written shorter (`Amex 0005`) before anything is cut.
        if let index = columns.firstIndex(of: .card) {
            let natural = cellRows.map { DisplayWidth.of($0[index]) }.max() ?? 0
            if widths[index].map({ $0 < natural }) ?? true {
                cellRows = cells(shortCards: true)
                widths = layout.widths(for: cellRows, totalWidth: settings.width)
            }
        }
        let table = layout.render(cellRows, widths: widths, totalWidth: settings.width) { position, fitted in
            guard let row = position.row, row != unstyled else { return fitted }
            switch columns[position.column] {
            case .merchant: return highlighted(fitted, merchants[row], matches: rows[row].matches)
            case .amount where rows[row].transaction.amount.minorUnits < 0: return settings.styler.apply(.red, to: fitted)
            case .pending: return settings.styler.apply(.dim, to: fitted)
            default: return fitted
            }
        }
        return table.rows
    }

    /// A row's text in a column other than the card's, control characters escaped.
    private func cell(_ column: Column, of transaction: Transaction, merchant: VisibleMerchant) -> String {
        switch column {
        case .id: VisibleText.escaped(transaction.id)
        case .date: settings.dates.text(of: store.localDay(of: transaction.date))
        case .merchant: merchant.text
        case .category: VisibleText.escaped(transaction.category ?? "")
        case .card: ""  // no card (a card's label is made once per page by `lines`)
        case .account: VisibleText.escaped(transaction.account ?? "")
        case .amount: transaction.amount.description
        case .pending: transaction.status == .pending ? "pending" : ""
        }
    }

    /// The fitted merchant (a prefix of its visible text, `…` after it when cut) with the
    /// matched ranges (Unicode scalars of the stored text) in bold yellow.
    private func highlighted(_ fitted: String, _ merchant: VisibleMerchant, matches: [Range<Int>]) -> String {
        guard settings.styler.isEnabled, !matches.isEmpty else { return fitted }
        let isCut = fitted != merchant.text
        let shown = Array(fitted.unicodeScalars)
        let kept = isCut ? shown.count - 1 : shown.count
        var output = ""
        var run = String.UnicodeScalarView()
        var inMatch = false
        func flush() {
            output += inMatch ? settings.styler.apply([.bold, .yellow], to: String(run)) : String(run)
            run = String.UnicodeScalarView()
        }
        for (index, scalar) in shown.enumerated() {
            let matched = index < kept && index < merchant.origins.count && matches.contains { $0.contains(merchant.origins[index]) }
            if matched != inMatch {
                flush()
                inMatch = matched
            }
            run.append(scalar)
        }
        flush()
        return output
    }
}
