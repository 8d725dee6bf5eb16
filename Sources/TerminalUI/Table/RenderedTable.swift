/// Which cell a styler is asked about: a row (0-based, in the rows given) or the header.
package struct TableCellPosition: Sendable, Equatable {
    /// The row index, nil for the header line.
    package let row: Int?
    /// The column index in the layout's `columns` (dropped columns are never asked about).
    package let column: Int
}

/// A table laid out for a width: the chosen widths and the lines to print.
package struct RenderedTable: Sendable, Equatable {
    /// The width of each column of the layout, nil for a dropped one.
    package let widths: [Int?]
    /// The header line.
    package let header: String
    /// One line per row, in order.
    package let rows: [String]

    /// The header line followed by the rows.
    package var lines: [String] { [header] + rows }
}

extension TableLayout {
    /// Lays out `rows` (one cell per column; missing cells are empty) in `totalWidth` cells
    /// and renders them: each cell cut with `…` when too wide, padded to its column by its
    /// alignment, columns `gap` spaces apart, trailing spaces trimmed. Each line takes at most
    /// `totalWidth` cells. `style`, when given, receives each cell's fitted text (before
    /// padding) and returns it styled: styling happens after fitting, so SGR codes never count.
    package func render(
        _ rows: [[String]],
        totalWidth: Int,
        style: ((TableCellPosition, String) -> String)? = nil
    ) -> RenderedTable {
        let cells = rows.map { $0.map(TableLayout.visible) }
        return render(visible: cells, widths: solve(measures(cells), totalWidth: totalWidth), totalWidth: totalWidth, style: style)
    }

    /// Renders `rows` in widths already chosen for them (`widths(for:totalWidth:)`), so that a
    /// caller that looked at the widths first does not measure every cell again.
    package func render(
        _ rows: [[String]],
        widths: [Int?],
        totalWidth: Int,
        style: ((TableCellPosition, String) -> String)? = nil
    ) -> RenderedTable {
        render(visible: rows.map { $0.map(TableLayout.visible) }, widths: widths, totalWidth: totalWidth, style: style)
    }

    /// Renders cells already made visible in the given widths.
    private func render(
        visible cells: [[String]],
        widths: [Int?],
        totalWidth: Int,
        style: ((TableCellPosition, String) -> String)?
    ) -> RenderedTable {
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
        // Every piece takes exactly its column's width: the line's is known without measuring
        // it, and only a layout that could not fit (columns at one cell) needs cutting.
        var lineWidth = indent
        for (column, width) in widths.enumerated() {
            guard let width else { continue }
            lineWidth += width + (pieces.isEmpty ? 0 : gap)
            let text = column < cells.count ? cells[column] : ""
            let textWidth = DisplayWidth.of(text)
            let cut = textWidth <= width ? text : TextFitting.truncated(text, toWidth: width)
            let missing = width - (textWidth <= width ? textWidth : DisplayWidth.of(cut))
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
        if lineWidth > totalWidth { text = TextFitting.truncated(text, toWidth: totalWidth) }
        return text
    }
}
