import Testing
@testable import TransactionSearch
@testable import TransactionSearchFiles

/// The tokenizer, text decoding and element reader shared by the OFX and camt readers.
@Suite struct MarkupScannerTests {
    /// Tokens as `kind:name:content` strings with their lines.
    private func tokens(_ text: String) -> [String] {
        let bytes = Array(text.utf8)
        return bytes.withByteView { buffer in
            var scanner = MarkupScanner(buffer)
            var result: [String] = []
            while let token = scanner.next() {
                let name = String(decoding: buffer[token.name], as: UTF8.self)
                let content = String(decoding: buffer[token.content], as: UTF8.self)
                result.append("\(token.line) \(token.kind):\(name):\(content)")
            }
            return result
        }
    }

    private func decoded(_ text: String) -> String {
        let bytes = Array(text.utf8)
        return bytes.withByteView { MarkupText.string($0, 0..<$0.count) }
    }

    @Test func tagsTextAndInstructionsWithTheirLines() {
        #expect(tokens("<?xml version=\"1.0\"?>\n<a:Doc x=\"1>2\">\r\n<B/>t\rx</a:Doc>") == [
            "1 processingInstruction:xml: version=\"1.0\"", "1 text::\n", "2 startTag:Doc: x=\"1>2\"", "2 text::\r\n",
            "3 emptyElementTag:B:", "3 text::t\rx", "4 endTag:Doc:",
        ])
    }

    @Test func commentsAndCDATAStayInsideTheirTextRun() {
        #expect(tokens("<A>x<!-- <B> -->y<![CDATA[<C>]]>z</A>") == [
            "1 startTag:A:", "1 text::x<!-- <B> -->y<![CDATA[<C>]]>z", "1 endTag:A:",
        ])
        #expect(decoded("x<!-- <B> -->y<![CDATA[<C> & ]]>z") == "xy<C> & z")
    }

    @Test func aLessThanThatStartsNoTagIsText() {
        #expect(tokens("<A>1 < 2 <3</A>") == ["1 startTag:A:", "1 text::1 < 2 <3", "1 endTag:A:"])
    }

    @Test func aTagBrokenByTheNextOneEndsThere() {
        #expect(tokens("<A <B>x") == ["1 startTag:A: ", "1 startTag:B:", "1 text::x"])
    }

    @Test func theEndInsideATagOrCommentRunsToTheEnd() {
        let bytes = Array("<A>x<!-- never closed".utf8)
        bytes.withByteView { buffer in
            var scanner = MarkupScanner(buffer)
            while scanner.next() != nil {}
            #expect(scanner.endedInsideMarkup)
        }
    }

    @Test func entitiesDecodeAndUnknownOnesStayLiteral() {
        #expect(decoded("AT&amp;T &lt;x&gt; &quot;q&quot; &apos;a&apos; &#65;&#x42;&#X43;") == "AT&T <x> \"q\" 'a' ABC")
        #expect(decoded("AT&T &nbsp; &#xD800; &#0; &; &#; & amp;") == "AT&T &nbsp; \u{FFFD} \u{FFFD} &; &#; & amp;")
        #expect(decoded("  padded\t\n") == "padded")
        #expect(decoded("\u{A0}non-breaking\u{A0}") == "non-breaking")
    }

    @Test func attributesByLocalName() {
        let bytes = Array(" xmlns:ns=\"u\" ns:Ccy = 'EUR' Other=x".utf8)
        bytes.withByteView { buffer in
            let range = MarkupText.attribute("Ccy", in: buffer, 0..<buffer.count)
            #expect(range.map { String(decoding: buffer[$0], as: UTF8.self) } == "EUR")
            #expect(MarkupText.attribute("Other", in: buffer, 0..<buffer.count).map { String(decoding: buffer[$0], as: UTF8.self) } == "x")
            #expect(MarkupText.attribute("Missing", in: buffer, 0..<buffer.count) == nil)
        }
    }

    /// Elements as `open NAME`, `leaf NAME=value`, `close NAME` (OFX vocabulary).
    private func elements(_ text: String) throws -> [String] {
        let bytes = Array(text.utf8)
        return try bytes.withByteView { buffer throws(ImportIssue) -> [String] in
            var reader = MarkupElementReader(buffer, vocabulary: OFXTag.vocabulary)
            var result: [String] = []
            while let event = try reader.next() {
                let name = reader.name(event.name)
                switch event.kind {
                case .open: result.append("open \(name)")
                case .close: result.append("close \(name)")
                case .leaf: result.append("leaf \(name)=\(MarkupText.string(buffer, event.value))")
                }
            }
            return result
        }
    }

    @Test func sgmlLeavesNeedNoEndTagAndValuesMaySitOnTheNextLine() throws {
        #expect(try elements("<STMTTRN><TRNAMT>\n-1.00\n<NAME>A</NAME><MEMO><FOO>x</STMTTRN>") == [
            "open STMTTRN", "leaf TRNAMT=-1.00", "leaf NAME=A", "leaf MEMO=", "leaf FOO=x", "close STMTTRN",
        ])
    }

    @Test func endTagsMayDifferInCaseOrSpacingFromTheirStartTags() throws {
        #expect(try elements("<STMTTRN><NAME>a</NAME ><name>b</NAME><Memo>c</memo></stmttrn>") == [
            "open STMTTRN", "leaf NAME=a", "leaf name=b", "leaf Memo=c", "close STMTTRN",
        ])
    }

    @Test func blankTextBetweenElementsIsSkippedButValuesKeepTheirLines() throws {
        let bytes = Array("<OFX>\n  \r\n\t<NAME>\n  a b \n</OFX>\r<MEMO>x".utf8)
        try bytes.withByteView { buffer throws(ImportIssue) in
            var reader = MarkupElementReader(buffer, vocabulary: OFXTag.vocabulary)
            var lines: [Int] = []
            while let event = try reader.next() { lines.append(event.line) }
            #expect(lines == [1, 3, 5, 6])
        }
    }

    @Test func anEndTagClosesEverythingOpenedInsideIt() throws {
        #expect(try elements("<OFX><X><Y><NAME>a</OFX>") == ["open OFX", "open X", "open Y", "leaf NAME=a", "close Y", "close X", "close OFX"])
    }

    @Test func reopeningAnExclusiveAggregateClosesTheOpenOne() throws {
        #expect(try elements("<STMTRS><STMTTRN><NAME>a<STMTTRN><NAME>b</STMTRS>") == [
            "open STMTRS", "open STMTTRN", "leaf NAME=a", "close STMTTRN", "open STMTTRN", "leaf NAME=b", "close STMTTRN", "close STMTRS",
        ])
    }

    @Test func strayEndTagsAreIgnored() throws {
        #expect(try elements("</X><OFX></Y></OFX></OFX>") == ["open OFX", "close OFX"])
    }

    @Test func nestingPastTheLimitIsMalformed() {
        let deep = String(repeating: "<A>", count: 300)
        #expect(throws: ImportIssue(.line(1), .malformed("elements nest more than 256 deep"))) { try elements(deep) }
    }
}
