import Testing
@testable import TerminalUI
@testable import TransactionSearch
@testable import TransactionSearchFiles

/// The list as lines: a header above each group's first row and above the top row, and the
/// top that keeps the selected row on screen, worked out from the sections' ranges.
@Suite struct ListViewportTests {
    /// Sections of the given sizes, one after the other.
    func sections(_ sizes: [Int]) -> [ResultSection] {
        var start = 0
        return sizes.enumerated().map { index, size in
            defer { start += size }
            let group = ResultGroup(key: .category("g\(index)"), count: size, sums: [])
            return ResultSection(group: group, positions: start ..< start + size)
        }
    }

    @Test func linesHaveAHeaderAboveEachGroupAndTheTop() {
        let viewport = ListViewport(count: 6, sections: sections([2, 1, 3]))
        #expect(viewport.lines(from: 0, height: 10) == [.header(0), .row(0), .row(1), .header(1), .row(2), .header(2), .row(3), .row(4), .row(5)])
        #expect(viewport.lines(from: 1, height: 4) == [.header(0), .row(1), .header(1), .row(2)])
        #expect(viewport.lines(from: 4, height: 3) == [.header(2), .row(4), .row(5)])
        #expect(viewport.lines(from: 1, height: 2) == [.header(0), .row(1)])
        #expect(viewport.lines(from: 1, height: 3) == [.header(0), .row(1), .header(1)])
        let plain = ListViewport(count: 3, sections: [])
        #expect(plain.lines(from: 1, height: 5) == [.row(1), .row(2)])
        #expect(ListViewport(count: 0, sections: []).lines(from: 0, height: 5) == [])
    }

    @Test func lineCountsMatchTheLines() {
        let viewport = ListViewport(count: 6, sections: sections([2, 1, 3]))
        for top in 0..<6 {
            for last in top..<6 {
                let lines = viewport.lines(from: top, height: 100)
                let shown = lines.prefix { if case .row(let position) = $0 { return position <= last } else { return true } }
                let needed = shown.count - (shown.last.map { if case .header = $0 { return 1 } else { return 0 } } ?? 0)
                #expect(viewport.lineCount(from: top, through: last) == needed, "\(top)...\(last)")
            }
        }
    }

    /// The top moves as little as possible: up to a selection above it, down until a
    /// selection below fits at the bottom, and never for one already on screen.
    @Test func theTopFollowsTheSelection() {
        let viewport = ListViewport(count: 6, sections: sections([2, 1, 3]))
        #expect(viewport.top(showing: 2, from: 0, height: 5) == 0)
        #expect(viewport.top(showing: 3, from: 0, height: 5) == 2)  // header 1, 2, header 2, 3... from 2: [h1, 2, h2, 3]
        #expect(viewport.top(showing: 5, from: 0, height: 4) == 3)  // [header 2, 3, 4, 5]
        #expect(viewport.top(showing: 1, from: 4, height: 4) == 1)
        #expect(viewport.top(showing: 9, from: 0, height: 4) == 3)  // past the end: the last row
        for selected in 0..<6 {
            for height in 2...8 {
                for start in 0..<6 {
                    let top = viewport.top(showing: selected, from: start, height: height)
                    #expect(viewport.lines(from: top, height: height).contains(.row(selected)), "\(selected) \(height) \(start)")
                }
            }
        }
        let big = ListViewport(count: 1_000_000, sections: sections(Array(repeating: 1000, count: 1000)))
        let top = big.top(showing: 999_999, from: 0, height: 25)
        #expect(big.lines(from: top, height: 25).last == .row(999_999))
    }
}
