import TransactionSearch

/// The page's rows as lines that fit the terminal (`TableLayout`): the id (`update` and
/// `delete` take it), the date, the merchant, the category, the card with its name, the
/// account when the result spans accounts, the amount (red when negative, on a colour
/// terminal) and `pending`. Short of room, cards are written shorter (`Amex 0005`), then the
/// account goes first, then the card, then the category; the merchant shrinks last and is cut with `…`; the id, the
/// date and the amount are never cut.
extension ResultTable {
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

    /// One line per row of the page, in page order.
    func rowLines() -> [String] {
        guard !result.rows.isEmpty else { return [] }
        var columns: [Column] = settings.showsIDs ? [.id] : []
        columns.append(.date)
        columns.append(.merchant)
        // A column no row of the page fills takes no room.
        if result.rows.contains(where: { $0.transaction.category != nil }) { columns.append(.category) }
        if result.rows.contains(where: { $0.transaction.card != nil }) { columns.append(.card) }
        if spansAccounts { columns.append(.account) }
        columns.append(.amount)
        if result.rows.contains(where: { $0.transaction.status == .pending }) { columns.append(.pending) }
        let layout = TableLayout(columns: columns.map(\.layout), gap: 2, indent: 2)
        let merchants = result.rows.map { VisibleMerchant($0.transaction.merchant) }
        func cells(shortCards: Bool) -> [[String]] {
            zip(result.rows, merchants).map { row, merchant in columns.map { cell($0, of: row.transaction, merchant: merchant, shortCard: shortCards) } }
        }
        var rows = cells(shortCards: false)
        // Short of room, a card is written shorter (`Amex 0005`) before anything is cut.
        if let index = columns.firstIndex(of: .card) {
            let widths = layout.widths(for: rows, totalWidth: settings.width)
            let natural = rows.map { DisplayWidth.of($0[index]) }.max() ?? 0
            if widths[index].map({ $0 < natural }) ?? true { rows = cells(shortCards: true) }
        }
        let table = layout.render(rows, totalWidth: settings.width) { position, fitted in
            guard let row = position.row else { return fitted }
            switch columns[position.column] {
            case .merchant: return highlighted(fitted, merchants[row], matches: result.rows[row].matches)
            case .amount where result.rows[row].transaction.amount.minorUnits < 0: return settings.styler.apply(.red, to: fitted)
            case .pending: return settings.styler.apply(.dim, to: fitted)
            default: return fitted
            }
        }
        return table.rows
    }

    /// A row's text in a column, control characters escaped.
    private func cell(_ column: Column, of transaction: Transaction, merchant: VisibleMerchant, shortCard: Bool) -> String {
        switch column {
        case .id: VisibleText.escaped(transaction.id)
        case .date: settings.dates.text(of: store.localDay(of: transaction.date))
        case .merchant: merchant.text
        case .category: VisibleText.escaped(transaction.category ?? "")
        case .card: transaction.card.map { VisibleText.escaped(CardLabel.text(of: $0, short: shortCard)) } ?? ""
        case .account: VisibleText.escaped(transaction.account ?? "")
        case .amount: AmountText.text(of: transaction.amount)
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

/// A merchant as the table shows it (`VisibleText`), with the stored scalar each shown scalar
/// comes from, so that the matched ranges still fall on the right characters where an escape
/// (`\u{1B}`) stands for one.
struct VisibleMerchant {
    /// The text shown.
    let text: String
    /// Per scalar of `text`: the offset of the stored scalar it shows.
    let origins: [Int]

    /// The shown form of `stored`.
    init(_ stored: String) {
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
