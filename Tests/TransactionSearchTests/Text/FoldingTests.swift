import Testing
@testable import TransactionSearch

@Suite struct FoldingTests {
    @Test func everyLineOfTheSharedVectorsFoldsExactly() throws {
        let text = try TestFiles.resourceText("fold.tsv")
        var checked = 0
        var failures: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) where !line.hasPrefix("#") {
            let parts = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard parts.count == 2 else { continue }
            let folded = Folding.fold(String(parts[0]))
            // Compare bytes: String == would treat canonically equivalent texts as equal.
            if Array(folded.utf8) != Array(parts[1].utf8) {
                failures.append("\(parts[0]) -> \(folded), expected \(parts[1])")
            }
            checked += 1
        }
        #expect(checked == 918)
        #expect(failures.isEmpty, "\(failures.prefix(10))")
    }

    @Test(arguments: [
        ("Café", "cafe"), ("Пятёрочка", "пятерочка"), ("STRAßE", "strasse"), ("ﬁnance", "finance"),
        ("ＡＢＣ", "abc"), ("Cafe\u{301}", "cafe"), ("한", "\u{1112}\u{1161}\u{11AB}"), ("", ""),
        ("ΣΊΣΥΦΟΣ", "σισυφοσ"), ("İstanbul", "istanbul"),
    ])
    func foldsTheSpecExamples(input: String, expected: String) {
        #expect(Array(Folding.fold(input).utf8) == Array(expected.utf8))
    }

    @Test func tracesEachFoldedByteToItsOriginalScalar() {
        let (bytes, origins) = Folding.foldTracingOrigins("Ça ﬁ")
        #expect(String(decoding: bytes, as: UTF8.self) == "ca fi")
        #expect(origins == [0, 1, 2, 3, 3])  // "ﬁ" (scalar 3) folds to two bytes
    }

    @Test func tableCoversTheGeneratedEntries() {
        #expect(FoldTable.shared.mappingCount == 8709)
        #expect(Folding.unicodeVersion == "14.0.0")
    }
}
