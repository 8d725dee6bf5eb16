import Testing
@testable import TransactionSearch
@testable import TransactionSearchFiles

@Suite struct CSVReaderTests {
    private func read(_ text: String) throws -> [[String]] {
        try CSVReader.records(Array(text.utf8)).map(\.fields)
    }

    @Test func readsQuotedFieldsDoubledQuotesAndLineBreaks() throws {
        let text = "a,b,c\n\"x, y\",\"say \"\"hi\"\"\",\"two\nlines\"\r\n"
        #expect(try read(text) == [["a", "b", "c"], ["x, y", "say \"hi\"", "two\nlines"]])
    }

    @Test func handlesCRLFAndLFAndABOMAndNoFinalNewline() throws {
        #expect(try read("\u{FEFF}a,b\r\n1,2\n3,4") == [["a", "b"], ["1", "2"], ["3", "4"]])
    }

    @Test func keepsEmptyFieldsAndSkipsBlankLines() throws {
        #expect(try read("a,b,c\n,,\n\n1,,3,\n") == [["a", "b", "c"], ["", "", ""], ["1", "", "3", ""]])
    }

    @Test func takesAQuoteInsideAnUnquotedFieldLiterally() throws {
        #expect(try read("a\n5\" screen\n") == [["a"], ["5\" screen"]])
    }

    @Test func recordsStartLinesCountingLineBreaksInsideQuotes() throws {
        let records = try CSVReader.records(Array("h\n\"a\nb\"\nc\n\nd\n".utf8))
        #expect(records.map(\.line) == [1, 2, 4, 6])
    }

    @Test func anUnterminatedQuoteNamesTheLineWhereItOpens() {
        #expect(throws: ImportIssue(.line(2), .unterminatedQuote)) { try read("a,b\n1,\"open\n2,3\n") }
    }

    @Test func textAfterAClosingQuoteIsAnError() {
        #expect(throws: ImportIssue(.line(2), .textAfterClosingQuote)) { try read("a,b\n\"x\"y,2\n") }
    }

    @Test func writerQuotesOnlyWhatNeedsIt() {
        #expect(CSVWriter.escaped("plain") == "plain")
        #expect(CSVWriter.escaped("a,b") == "\"a,b\"")
        #expect(CSVWriter.escaped("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(CSVWriter.escaped("two\nlines") == "\"two\nlines\"")
        #expect(CSVWriter.escaped(" padded") == "\" padded\"")
    }
}
