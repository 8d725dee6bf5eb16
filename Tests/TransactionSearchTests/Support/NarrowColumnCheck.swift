import Testing
import TransactionSearchSupport
@testable import TransactionSearch

/// The check each narrow column (amounts, currencies, sources) passes against a plain array:
/// random values written to random rows, new and old, of both; then every row read back
/// through the subscript and the reader, and exactly the rows whose value does not fit (or
/// is the escape) found in the overflow, some of them and not all.
enum NarrowColumnCheck {
    static func readsBackWhatWasWritten<Narrow, Value>(
        _ column: NarrowColumn<Narrow, Value>, seed: UInt64,
        value: (inout SeededRandom) -> Value, isWide: (Value) -> Bool
    ) {
        var random = SeededRandom(seed: seed)
        var reference: [Value] = []
        for _ in 0..<20_000 {
            let row: Int
            if reference.isEmpty || random.chance(0.3) {
                row = reference.count
                reference.append(0)
                column.reserve(reference.count)
            } else {
                row = random.int(in: 0...reference.count - 1)
            }
            let written = value(&random)
            column[UInt32(row)] = written
            reference[row] = written
        }
        let reader = column.reader
        for (row, expected) in reference.enumerated() {
            #expect(column[UInt32(row)] == expected, "seed \(seed): row \(row)")
            #expect(reader[row] == expected, "seed \(seed): row \(row)")
        }
        let wide = reference.filter(isWide).count
        #expect(column.overflowCount == wide, "seed \(seed)")
        #expect(wide > 0 && wide < reference.count, "seed \(seed)")
    }
}
