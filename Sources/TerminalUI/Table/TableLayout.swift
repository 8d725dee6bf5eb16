/// Chooses column widths that make a table fit a terminal of a given width, and renders it.
///
/// Every rendered line takes at most `totalWidth` cells and never wraps. With room to spare,
/// each column gets its natural width (its widest cell or header, capped by `maximumWidth`), so
/// a wide terminal shows long descriptors whole. Short of room, in this order:
/// 1. text columns shrink, lowest `shrinkOrder` first, the widest of a group first, down to
///    their `minimumWidth`;
/// 2. fixed columns give up header width they do not need for their cells;
/// 3. droppable columns go, lowest `dropOrder` first, and the layout starts again;
/// 4. (only when nothing is left to drop) text columns go below their minimum, then fixed
///    columns below their content, down to one cell each; a line still too long is cut.
/// Cells are plain text measured by `DisplayWidth`; the optional styler is applied after fitting.
package struct TableLayout: Sendable {
    /// The columns, in display order.
    package var columns: [TableColumn]
    /// Spaces between two columns.
    package var gap: Int
    /// Spaces before the first column (counted in the total width).
    package var indent: Int

    /// A layout of `columns`, `gap` spaces apart, each line indented by `indent` spaces.
    package init(columns: [TableColumn], gap: Int = 2, indent: Int = 0) {
        self.columns = columns
        self.gap = max(0, gap)
        self.indent = max(0, indent)
    }

    /// How wide one column wants to be, and how far it may shrink.
    package struct Measure {
        /// Its widest cell or header (capped), at least one cell.
        package var natural: Int
        /// Where ordinary shrinking stops: the minimum (text) or the widest cell (fixed).
        package var floor: Int
        /// Nil for a fixed column.
        package var shrinkOrder: Int?
        /// Nil for a column that is never dropped.
        package var dropOrder: Int?
    }

    /// The measure of each column over `rows` (cells already made visible: see `render`).
    package func measures(_ rows: [[String]]) -> [Measure] {
        columns.enumerated().map { index, column in
            var content = 0
            for row in rows where index < row.count {
                content = max(content, DisplayWidth.of(row[index]))
            }
            let header = DisplayWidth.of(column.header)
            // As wide as its widest cell or header: a minimum is where shrinking stops, not a
            // width to pad short cells to (a column of short names keeps its room for others).
            var natural = max(content, header, 1)
            if column.shrinkOrder != nil, let cap = column.maximumWidth { natural = min(natural, cap) }
            let floor = column.shrinkOrder == nil ? max(content, 1) : column.minimumWidth
            return Measure(natural: natural, floor: min(floor, natural), shrinkOrder: column.shrinkOrder, dropOrder: column.dropOrder)
        }
    }

    /// The width of each column for `rows` in `totalWidth` cells; nil for a dropped column.
    package func widths(for rows: [[String]], totalWidth: Int) -> [Int?] {
        solve(measures(rows.map { $0.map(TableLayout.visible) }), totalWidth: totalWidth)
    }

    /// The widths for given measures (the algorithm of the type's documentation).
    package func solve(_ measures: [Measure], totalWidth: Int) -> [Int?] {
        var shown = Array(measures.indices)
        while true {
            var widths = measures.map(\.natural)
            let available = totalWidth - indent - gap * max(0, shown.count - 1)
            var excess = shown.reduce(0) { $0 + widths[$1] } - available
            let textGroups = Set(shown.compactMap { measures[$0].shrinkOrder }).sorted()
            for order in textGroups where excess > 0 {
                let group = shown.filter { measures[$0].shrinkOrder == order }
                excess = shrink(group, &widths, to: { measures[$0].floor }, by: excess)
            }
            let fixed = shown.filter { measures[$0].shrinkOrder == nil }
            if excess > 0 { excess = shrink(fixed, &widths, to: { measures[$0].floor }, by: excess) }
            if excess > 0, let drop = droppable(shown, measures) {
                shown.removeAll { $0 == drop }
                continue
            }
            if excess > 0 {
                let text = shown.filter { measures[$0].shrinkOrder != nil }
                excess = shrink(text, &widths, to: { _ in 1 }, by: excess)
                excess = shrink(fixed, &widths, to: { _ in 1 }, by: excess)
            }
            return measures.indices.map { shown.contains($0) ? widths[$0] : nil }
        }
    }

    /// Takes up to `excess` cells from the columns `indices`, always from the widest one above
    /// its floor (the rightmost of equals), and returns what could not be taken.
    private func shrink(_ indices: [Int], _ widths: inout [Int], to floor: (Int) -> Int, by excess: Int) -> Int {
        var excess = excess
        while excess > 0 {
            var widest: Int?
            for index in indices.reversed() where widths[index] > floor(index) {
                if widest.map({ widths[index] > widths[$0] }) ?? true { widest = index }
            }
            guard let column = widest else { break }
            widths[column] -= 1
            excess -= 1
        }
        return excess
    }

    /// The shown column to drop next: the lowest drop order, the rightmost of equals.
    private func droppable(_ shown: [Int], _ measures: [Measure]) -> Int? {
        var choice: (index: Int, order: Int)?
        for index in shown.reversed() {
            guard let order = measures[index].dropOrder else { continue }
            if choice.map({ order < $0.order }) ?? true { choice = (index, order) }
        }
        return choice?.index
    }

    /// A cell as the table shows it: control characters cannot reach the terminal (tab, CR and
    /// LF become a space, any other control U+FFFD), so a cell never moves the cursor.
    package static func visible(_ cell: String) -> String {
        guard cell.unicodeScalars.contains(where: isControl) else { return cell }
        var scalars = String.UnicodeScalarView()
        for scalar in cell.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0D: scalars.append(" ")
            case _ where isControl(scalar): scalars.append("\u{FFFD}")
            default: scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// C0, DEL and C1 controls.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
