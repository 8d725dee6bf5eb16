import Testing
import TransactionSearchSupport
@testable import TransactionSearch

/// `PeriodCells` against a plain dictionary of (group, period, kind, currency) to rows and
/// 128-bit sum: rows added in date order, in random order and removed (amounts up to the
/// 64-bit ends, zero amounts, groups emptied and refilled so entries are freed and reused),
/// every kind filter, and tables fed the same rows in different orders compare equal.
@Suite struct PeriodCellsTests {
    struct Cell: Hashable {
        var group: UInt64
        var period: UInt32
        var kind: Int
        var currency: UInt16
    }

    struct Row {
        var group: UInt64
        var period: UInt32
        var currency: UInt16
        var amount: Int64

        var cell: Cell { Cell(group: group, period: period, kind: amount < 0 ? 0 : amount == 0 ? 1 : 2, currency: currency) }
    }

    static func randomRow(_ random: inout SeededRandom) -> Row {
        let amount: Int64 = switch random.int(in: 0...9) {
        case 0: Int64.max - Int64(random.int(in: 0...1000))
        case 1: Int64.min + Int64(random.int(in: 1...1000))
        case 2: 0
        default: Int64(random.int(in: -100_000...100_000))
        }
        return Row(group: PeriodCells.group(merchant: UInt32(random.int(in: 0...6)), payee: UInt32(random.int(in: 0...6))), period: UInt32(random.int(in: 1...30)),
                   currency: UInt16(random.int(in: 0...3)), amount: amount)
    }

    /// What the cells give for `kind`, as the reference's shape.
    static func cells(_ table: PeriodCells, kind: TransactionKind?) -> [Cell: (Int, Int128)] {
        var cells: [Cell: (Int, Int128)] = [:]
        table.forEachEntry(of: kind) { group, period, currency, count, sum in
            // Every kind in one cell when the filter is nil, as `expected` folds them.
            let cell = Cell(group: group, period: period, kind: kind == .expense ? 0 : kind == .income ? 2 : -1, currency: currency)
            let old = cells[cell] ?? (0, 0)
            cells[cell] = (old.0 + count, old.1 + sum)
        }
        return cells
    }

    /// The reference's cells of `kind`; every kind folded into one (kind -1) when nil.
    static func expected(_ reference: [Cell: (Int, Int128)], kind: TransactionKind?) -> [Cell: (Int, Int128)] {
        var cells: [Cell: (Int, Int128)] = [:]
        for (cell, value) in reference where value.0 > 0 {
            switch kind {
            case .expense?: if cell.kind != 0 { continue }
            case .income?: if cell.kind != 2 { continue }
            case nil: break
            }
            var key = cell
            if kind == nil { key.kind = -1 }
            let old = cells[key] ?? (0, 0)
            cells[key] = (old.0 + value.0, old.1 + value.1)
        }
        return cells
    }

    static func same(_ left: [Cell: (Int, Int128)], _ right: [Cell: (Int, Int128)]) -> Bool {
        left.count == right.count && left.allSatisfy { cell, value in right[cell].map { $0 == value } ?? false }
    }

    static func check(_ table: PeriodCells, _ reference: [Cell: (Int, Int128)], _ note: String) {
        table.checkInvariants()
        for kind in [nil, .expense, .income] as [TransactionKind?] {
            #expect(same(cells(table, kind: kind), expected(reference, kind: kind)), "\(note) kind \(String(describing: kind))")
        }
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func matchesAPlainDictionaryThroughAddsAndRemoves(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        var table = PeriodCells()
        var reference: [Cell: (Int, Int128)] = [:]
        var held: [Row] = []
        // Date order first (a bulk build), then random adds and removes.
        let ordered = (0..<400).map { _ in Self.randomRow(&random) }.sorted { $0.period < $1.period }
        for row in ordered {
            table.add(row.group, row.period, currency: row.currency, amount: row.amount)
            let old = reference[row.cell] ?? (0, 0)
            reference[row.cell] = (old.0 + 1, old.1 + Int128(row.amount))
            held.append(row)
        }
        table.trim()
        Self.check(table, reference, "seed \(seed) after the ordered adds")
        for step in 0..<3_000 {
            if !held.isEmpty && random.chance(0.5) {
                let row = held.remove(at: random.int(in: 0...(held.count - 1)))
                table.remove(row.group, row.period, currency: row.currency, amount: row.amount)
                let old = reference[row.cell]!
                reference[row.cell] = (old.0 - 1, old.1 - Int128(row.amount))
            } else {
                let row = Self.randomRow(&random)
                table.add(row.group, row.period, currency: row.currency, amount: row.amount)
                let old = reference[row.cell] ?? (0, 0)
                reference[row.cell] = (old.0 + 1, old.1 + Int128(row.amount))
                held.append(row)
            }
            if step % 500 == 0 { Self.check(table, reference, "seed \(seed) step \(step)") }
        }
        Self.check(table, reference, "seed \(seed) at the end")
        // The same rows added in another order make an equal table; removing all empties it.
        var shuffled = PeriodCells()
        for row in held.shuffled(using: &random) { shuffled.add(row.group, row.period, currency: row.currency, amount: row.amount) }
        #expect(shuffled == table, "seed \(seed): order of adds changed the table")
        for row in held { table.remove(row.group, row.period, currency: row.currency, amount: row.amount) }
        #expect(table.entries.isEmpty)
        table.checkInvariants()
    }
}
