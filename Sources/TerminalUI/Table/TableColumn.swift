/// One column of a `TableLayout`: its header and how it behaves when the terminal is narrow.
///
/// A *text* column (merchant, notes, category) has a `shrinkOrder`: when the natural widths do
/// not fit, columns with the lowest order give up width first, down to `minimumWidth`, and
/// their cells are cut with `…`. A *fixed* column (amount, date) has no shrink order: it is
/// never narrower than its widest cell (only its header can be cut). A column with a
/// `dropOrder` disappears entirely, lowest order first, when even the minimums do not fit.
package struct TableColumn: Sendable, Equatable {
    /// The header text (plain text; cut like a cell when wider than the column).
    package var header: String
    /// Where cells sit in the column.
    package var alignment: TextAlignment
    /// Cells a text column keeps before the layout considers dropping columns (a narrower
    /// natural width is kept as it is).
    package var minimumWidth: Int
    /// A cap on the natural width (nil: as wide as the widest cell).
    package var maximumWidth: Int?
    /// Nil for a fixed column; otherwise lower orders shrink first.
    package var shrinkOrder: Int?
    /// Nil for a column always shown; otherwise lower orders are dropped first.
    package var dropOrder: Int?

    /// A column described field by field.
    package init(
        header: String,
        alignment: TextAlignment = .left,
        minimumWidth: Int = 1,
        maximumWidth: Int? = nil,
        shrinkOrder: Int? = nil,
        dropOrder: Int? = nil
    ) {
        self.header = header
        self.alignment = alignment
        self.minimumWidth = max(1, minimumWidth)
        self.maximumWidth = maximumWidth.map { max($0, max(1, minimumWidth)) }
        self.shrinkOrder = shrinkOrder
        self.dropOrder = dropOrder
    }

    /// A column of free text (merchant, notes): shrinks (lowest `shrinkOrder` first) down to
    /// `minimumWidth`, cut with `…`; droppable when `dropOrder` is set.
    package static func text(
        _ header: String,
        minimumWidth: Int = 8,
        maximumWidth: Int? = nil,
        shrinkOrder: Int = 0,
        dropOrder: Int? = nil,
        alignment: TextAlignment = .left
    ) -> TableColumn {
        TableColumn(
            header: header, alignment: alignment, minimumWidth: minimumWidth,
            maximumWidth: maximumWidth, shrinkOrder: shrinkOrder, dropOrder: dropOrder)
    }

    /// A column whose cells are never cut (amount, date): as wide as its widest cell.
    package static func fixed(_ header: String, alignment: TextAlignment = .left) -> TableColumn {
        TableColumn(header: header, alignment: alignment)
    }
}
