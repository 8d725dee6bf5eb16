/// Which cell a styler is asked about: a row (0-based, in the rows given) or the header.
struct TableCellPosition: Sendable, Equatable {
    /// The row index, nil for the header line.
    let row: Int?
    /// The column index in the layout's `columns` (dropped columns are never asked about).
    let column: Int
}

/// A table laid out for a width: the chosen widths and the lines to print.
struct RenderedTable: Sendable, Equatable {
    /// The width of each column of the layout, nil for a dropped one.
    let widths: [Int?]
    /// The header line.
    let header: String
    /// One line per row, in order.
    let rows: [String]

    /// The header line followed by the rows.
    var lines: [String] { [header] + rows }
}

extension TableLayout {
    /// Lays out `rows` (one cell per column; missing cells are empty) in `totalWidth` cells
    /// and renders them: each cell cut with `…` when too wide, padded to its column by its
    /// alignment, columns `gap` spaces apart, trailing spaces trimmed. Each line takes at most
    /// `totalWidth` cells. `style`, when given, receives each cell's fitted text (before
    /// padding) and returns it styled: styling happens after fitting, so SGR codes never count.
    func render(
        _ rows: [[String]],
        totalWidth: Int,
        style: ((TableCellPosition, String) -> String)? = nil
    ) -> RenderedTable {
        let cells = rows.map { $0.map(TableLayout.visible) }
        let widths = solve(measures(cells), totalWidth: totalWidth)
        let headers = columns.map { TableLayout.visible($0.header) }
        let header = line(headers, widths: widths, totalWidth: totalWidth) { column, text in
            style?(TableCellPosition(row: nil, column: column), text) ?? text
        }
        let lines = cells.enumerated().map { rowIndex, row in
            line(row, widths: widths, totalWidth: totalWidth) { column, text in
                style?(TableCellPosition(row: rowIndex, column: column), text) ?? text
            }
        }
        return RenderedTable(widths: widths, header: header, rows: lines)
    }

    /// One rendered line of `cells` in the given widths.
    private func line(
        _ cells: [String],
        widths: [Int?],
        totalWidth: Int,
        style: (Int, String) -> String
    ) -> String {
        var pieces: [String] = []
        for (column, width) in widths.enumerated() {
            guard let width else { continue }
            let text = column < cells.count ? cells[column] : ""
            let cut = TextFitting.truncated(text, toWidth: width)
            let missing = width - DisplayWidth.of(cut)
            let styled = cut.isEmpty ? cut : style(column, cut)
            let piece: String
            switch columns[column].alignment {
            case .left: piece = styled + TextFitting.spaces(missing)
            case .right: piece = TextFitting.spaces(missing) + styled
            case .center: piece = TextFitting.spaces(missing / 2) + styled + TextFitting.spaces(missing - missing / 2)
            }
            pieces.append(piece)
        }
        var text = TextFitting.spaces(indent) + pieces.joined(separator: TextFitting.spaces(gap))
        while text.last == " " { text.removeLast() }
        if DisplayWidth.of(text) > totalWidth { text = TextFitting.truncated(text, toWidth: totalWidth) }
        return text
    }
}
