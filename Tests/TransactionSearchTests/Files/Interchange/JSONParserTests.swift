import Testing
@testable import TransactionSearch
@testable import TransactionSearchFiles

@Suite struct JSONParserTests {
    private func parse(_ text: String) throws -> JSONValue {
        let bytes = Array(text.utf8)
        return try bytes.withByteView { buffer in
            var parser = JSONParser(buffer)
            return try parser.parseDocument()
        }
    }

    @Test func parsesValuesKeepingNumbersAsText() throws {
        #expect(try parse(#"{"a": [1, -2.50, 3e2], "b": "x\"\u00e9\ud83d\ude00", "c": null, "d": true}"#) == .object([
            ("a", .array([.number("1"), .number("-2.50"), .number("3e2")])),
            ("b", .string("x\"é😀")), ("c", .null), ("d", .bool(true)),
        ]))
    }

    @Test(arguments: ["", "{", "[1,]", "{\"a\" 1}", "\"open", "01x", "[1] 2", "{\"a\":\"\\q\"}", "\"\\ud800\"", "nul"])
    func rejectsMalformedJSON(text: String) {
        #expect(throws: JSONSyntaxError.self) { try parse(text) }
    }

    @Test func refusesDeepNestingInsteadOfOverflowingTheStack() {
        #expect(throws: JSONSyntaxError.self) { try parse(String(repeating: "[", count: 100_000)) }
    }

    @Test func reportsLineAndColumn() {
        let bytes = Array("{\n  \"a\": tru\n}".utf8)
        do throws(JSONSyntaxError) {
            _ = try bytes.withByteView { buffer throws(JSONSyntaxError) in
                var parser = JSONParser(buffer)
                return try parser.parseDocument()
            }
            Issue.record("expected an error")
        } catch {
            #expect(error.line == 2)
        }
    }

    @Test func writerEscapes() {
        #expect(JSONWriter.quoted("a\"b\\c\nd\u{1}é") == "\"a\\\"b\\\\c\\nd\\u0001é\"")
    }
}
