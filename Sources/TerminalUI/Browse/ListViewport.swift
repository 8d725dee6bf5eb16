import TransactionSearch

/// The list of the interactive search as screen lines: the rows from a top position down,
/// with a group's header line above its first row, and above the top row the header of the
/// group it is in (so the group of what is shown is always on screen). Works on positions and
/// the sections' ranges only, so that moving through a million rows costs a few binary
/// searches, not a walk.
package struct ListViewport: Sendable {
    /// A line of the list.
    package enum Line: Hashable, Sendable {
        /// The header of the section at this index of `sections`.
        case header(Int)
        /// The row at this position.
        case row(Int)
    }

    /// The number of rows.
    package let count: Int
    /// The groups with their rows' positions; empty without grouping.
    package let sections: [ResultSection]

    /// The viewport of `count` rows in `sections` (empty: no headers).
    package init(count: Int, sections: [ResultSection]) {
        self.count = count
        self.sections = sections
    }

    /// The index of the section holding `position`, nil without sections.
    /// - Complexity: O(log sections).
    package func sectionIndex(containing position: Int) -> Int? {
        guard !sections.isEmpty else { return nil }
        var low = 0
        var high = sections.count
        while low < high {
            let middle = (low + high) / 2
            if sections[middle].positions.upperBound <= position { low = middle + 1 } else { high = middle }
        }
        return low < sections.count ? low : sections.count - 1
    }

    /// The lines it takes to show the rows `top...last`: the rows, the header above the top
    /// row and the header of every section starting after it.
    /// - Complexity: O(log sections).
    package func lineCount(from top: Int, through last: Int) -> Int {
        guard last >= top else { return 0 }
        let rows = last - top + 1
        guard let first = sectionIndex(containing: top), let end = sectionIndex(containing: last) else { return rows }
        return rows + 1 + (end - first)
    }

    /// The top position that shows `selected` in `height` lines, moving as little as possible
    /// from `top`: up to the selected row, or down until it fits at the bottom.
    /// - Complexity: O(log rows × log sections).
    package func top(showing selected: Int, from top: Int, height: Int) -> Int {
        guard count > 0 else { return 0 }
        let selected = min(max(selected, 0), count - 1)
        var top = min(max(top, 0), selected)
        if lineCount(from: top, through: selected) > height {
            // The smallest top that fits: the line count only falls as the top moves down.
            var low = top + 1
            var high = selected
            while low < high {
                let middle = (low + high) / 2
                if lineCount(from: middle, through: selected) <= height { high = middle } else { low = middle + 1 }
            }
            top = low
        }
        return top
    }

    /// The lines shown from `top`, at most `height`.
    package func lines(from top: Int, height: Int) -> [Line] {
        guard count > 0, height > 0, top >= 0, top < count else { return [] }
        var lines: [Line] = []
        var section = sectionIndex(containing: top)
        if let section { lines.append(.header(section)) }
        var position = top
        while lines.count < height && position < count {
            if let current = section, position >= sections[current].positions.upperBound, current + 1 < sections.count {
                section = current + 1
                lines.append(.header(current + 1))
                if lines.count == height { break }
            }
            lines.append(.row(position))
            position += 1
        }
        return lines
    }
}
