import Testing
@testable import TerminalUI
@testable import TransactionSearch

/// The interactive search driving a real `TransactionSearchModel`: keys in as bytes, frames
/// out to a recording host. Waits are for a frame that shows something, never for a time.
@MainActor
@Suite(.timeLimit(.minutes(10))) struct BrowseSessionTests {
    /// Records what a session writes and asks.
    final class RecordingHost: BrowseHost {
        var written = ""
        var ended: BrowseExit?
        var suspensions = 0
        func write(_ text: String) { written += text }
        func end(_ reason: BrowseExit) { ended = reason }
        func suspend() { suspensions += 1 }
    }

    static func store(extraRows: Int = 0) throws -> TransactionStore {
        let store = TransactionStore()
        try store.add(.sample("s1", "2026-03-01", merchant: "Starbucks"))
        try store.add(.sample("s2", "2026-03-02", merchant: "Starbucks Reserve"))
        try store.add(.sample("s3", "2026-03-03", merchant: "Starbucks"))
        try store.add(.sample("m1", "2026-03-03", merchant: "Star Market", category: "Groceries"))
        try store.add(.sample("l1", "2026-03-04", merchant: "Lidl", category: nil))
        for index in 0..<extraRows {
            try store.add(.sample(String(format: "x%04d", index), "2025-01-01", merchant: "Filler \(index)"))
        }
        return store
    }

    /// A session over `store` at 100x30, and its host.
    func session(_ store: TransactionStore, editor: TransactionEditor? = nil, bulkEditor: BulkEditor? = nil,
                 readOnlyReason: String? = nil) -> (BrowseSession, RecordingHost) {
        let host = RecordingHost()
        let model = TransactionSearchModel(store: store, query: Query(grouping: .day))
        let settings = BrowseSettings(styler: .plain, dates: .iso, readOnlyReason: readOnlyReason)
        let session = BrowseSession(model: model, settings: settings, size: TerminalSize(columns: 100, rows: 30), editor: editor,
                                    bulkEditor: bulkEditor, host: host)
        session.start()
        return (session, host)
    }

    /// The first frame (the one drawn now, or a later one) whose lines satisfy `condition`.
    @discardableResult
    func frame(of session: BrowseSession, where condition: ([String]) -> Bool) async -> [String] {
        if let image = session.image, condition(image.lines) { return image.lines }
        let (frames, continuation) = AsyncStream.makeStream(of: ScreenImage.self)
        session.redrawn = { continuation.yield($0) }
        defer { session.redrawn = nil }
        for await image in frames where condition(image.lines) { return image.lines }
        return []
    }

    /// The rows' lines of a list page (those with an amount and no count).
    func rowLines(_ lines: [String]) -> [String] {
        lines[3 ..< lines.count - 1].filter { $0.contains(" EUR") && !$0.contains("transaction") }
    }

    @Test func typingNarrowsBackspaceWidensAndTheRowShowsWhole() async throws {
        let (session, host) = session(try Self.store())
        await frame(of: session) { $0[2].hasPrefix("5 transactions") }
        session.receive(Array("starbucks".utf8))
        #expect(session.image?.lines[0] == "Search: starbucks")  // at once, before the search ends
        let narrowed = await frame(of: session) { $0[2].hasPrefix("3 transactions") }
        #expect(rowLines(narrowed).count == 3 && rowLines(narrowed).allSatisfy { $0.contains("Starbucks") })
        session.receive(Array(repeating: 0x7F, count: 5))
        let widened = await frame(of: session) { $0[2].hasPrefix("4 transactions") }
        #expect(widened[0] == "Search: star" && rowLines(widened).contains { $0.contains("Star Market") })
        session.receive(Array("\u{1B}[B\r".utf8))
        let detail = await frame(of: session) { $0[0].hasPrefix("Transaction ") }
        #expect(detail[0] == "Transaction s3  (row 2 of 4)")
        session.receive([0x1B])
        #expect(session.isWaitingForKeys)
        session.keysTimedOut()
        let back = await frame(of: session) { $0[0] == "Search: star" }
        #expect(back[rowLinesStart(back, containing: "> ")].contains("s3"))
        session.receive(Array("q".utf8))
        #expect(host.ended == .quit && session.hasEnded)
        #expect(host.written.contains("\u{1B}[1;1HSearch: starbucks"))
    }

    func rowLinesStart(_ lines: [String], containing prefix: String) -> Int {
        lines.firstIndex { $0.hasPrefix(prefix) } ?? 0
    }

    /// Tab steps through every grouping `Grouping.allCases` holds, whatever they are, and
    /// Shift-Tab back.
    @Test func tabCyclesEveryGrouping() async throws {
        let (session, _) = session(try Self.store())
        let all = Grouping.allCases
        var seen: [Grouping] = []
        for _ in all {
            session.receive([0x09])
            seen.append(session.model.grouping)
        }
        let start = all.firstIndex(of: .day)!
        #expect(seen == (1...all.count).map { all[(start + $0) % all.count] })
        session.receive(Array("\u{1B}[Z".utf8))
        #expect(session.model.grouping == all[(start + all.count - 1) % all.count])
        let grouping = session.model.grouping
        await frame(of: session) { $0[29].contains(grouping == .none ? "not grouped" : "by \(grouping.rawValue)") }
    }

    /// Keys typed one read after another, none waiting for a search, end on the last text's
    /// result: the model drops the searches overtaken.
    @Test func fastTypingEndsOnTheLastResult() async throws {
        let (session, _) = session(try Self.store())
        for byte in Array("lidl".utf8) { session.receive([byte]) }
        let result = await session.model.settledResult()
        #expect(result.total.count == 1 && session.model.answeredQuery?.text == "lidl")
        let lines = await frame(of: session) { $0[2].hasPrefix("1 transaction ") }
        #expect(rowLines(lines).count == 1 && rowLines(lines)[0].contains("Lidl"))
    }

    @Test func quittingKeys() throws {
        let store = try Self.store()
        let (escape, escapeHost) = session(store)
        escape.receive([0x1B])
        escape.keysTimedOut()
        #expect(escapeHost.ended == .quit)
        let (interrupt, interruptHost) = session(store)
        interrupt.receive(Array("star".utf8) + [0x03])
        #expect(interruptHost.ended == .interrupted)
        let (typing, typingHost) = session(store)
        typing.receive(Array("qantas".utf8))
        #expect(typingHost.ended == nil && typing.state.query.text == "qantas")
        typing.receive([0x1A])
        #expect(typingHost.suspensions == 1)
    }

    /// End goes to the last row; its page loads on demand and the frame shows it then.
    @Test func endLoadsTheLastPage() async throws {
        let (session, _) = session(try Self.store(extraRows: 400))
        await frame(of: session) { $0[2].hasPrefix("405 transactions") }
        session.receive(Array("\u{1B}[F".utf8))
        #expect(session.state.selected == 404 && session.state.focus == .list)
        let lines = await frame(of: session) { lines in lines.contains { $0.hasPrefix("> x0399") } }
        #expect(lines[29].contains("row 405 of 405"))
        session.receive(Array("\u{1B}[H".utf8))
        await frame(of: session) { lines in lines.contains { $0.hasPrefix("> l1") } }
        session.receive(Array("\u{1B}[6~".utf8))
        #expect(session.state.selected == BrowseScreen.listHeight(TerminalSize(columns: 100, rows: 30)) - 1)
    }

    /// `e` opens the form when rows can be edited; Enter saves through the editor, whose
    /// answer the detail page then shows; a failure keeps the form and says why.
    @Test func editingCategoryAndNotes() async throws {
        let store = try Self.store()
        var patches: [(String, TransactionPatch)] = []
        var failNext = true
        let editor: TransactionEditor = { id, patch in
            patches.append((id, patch))
            if failNext {
                failNext = false
                return .failure(EditFailure("the disk is full"))
            }
            return Result { try store.update(id: id, patch) }.mapError { EditFailure("\($0)") }
        }
        let (session, _) = session(store, editor: editor)
        session.receive(Array("lidl".utf8))
        await frame(of: session) { $0[2].hasPrefix("1 transaction ") }
        session.receive(Array("\re".utf8))
        let form = await frame(of: session) { $0[0].hasPrefix("Edit l1") }
        #expect(form[2] == "> category     ")
        session.receive(Array("Groceries\tweekly shop\r".utf8))
        let failed = await frame(of: session) { $0[1] == "the disk is full" }
        #expect(failed[0].hasPrefix("Edit l1") && failed[3] == "> notes        weekly shop")
        session.receive([0x0D])
        let saved = await frame(of: session) { $0[1] == "Saved l1." }
        #expect(saved.contains { $0 == "  category     Groceries  (set by hand)" })
        #expect(patches.count == 2 && patches[1].0 == "l1" && patches[1].1.category == .set("Groceries") && patches[1].1.notes == .set("weekly shop"))
        #expect(store.transaction(id: "l1")?.category == "Groceries")
        session.receive(Array("e\u{1B}".utf8))
        session.keysTimedOut()
        #expect(session.image?.lines[0] == "Transaction l1  (row 1 of 1)")
    }

    /// Ctrl-B opens the form that changes every row the search matches (not only those on
    /// screen); Enter changes them through the bulk editor in one step; an empty form changes
    /// nothing; with no editor the screen says why.
    @Test func changingEveryMatchingRow() async throws {
        let store = try Self.store(extraRows: 40)
        var calls: [(Query, TransactionPatch)] = []
        let bulkEditor: BulkEditor = { query, patch in
            calls.append((query, patch))
            return Result { try store.update(matching: query, patch).rows.count }.mapError { EditFailure("\($0)") }
        }
        let (session, _) = session(store, bulkEditor: bulkEditor)
        session.receive(Array("filler".utf8))
        await frame(of: session) { $0[2].hasPrefix("40 transactions") }
        session.receive([0x02])
        let form = await frame(of: session) { $0[0].hasPrefix("Change all 40 matching rows") }
        #expect(form[0] == "Change all 40 matching rows: filler" && form[2].hasPrefix("> category"))
        session.receive(Array("Misc\r".utf8))
        let done = await frame(of: session) { $0[1].hasPrefix("Changed 40 rows") }
        #expect(done[1] == "Changed 40 rows (fsearch undo reverts it).")
        #expect(calls.count == 1 && calls[0].1.category == .set("Misc") && calls[0].1.notes == .keep)
        #expect(store.transactions().filter { $0.category == "Misc" }.count == 40)
        #expect(store.transactions().filter { $0.category == "Misc" }.allSatisfy { $0.merchant.hasPrefix("Filler") })

        session.receive([0x02, 0x0D])
        #expect(session.image?.lines[1] == "Nothing changed." && calls.count == 1)

        let (readOnly, _) = self.session(store)
        await frame(of: readOnly) { $0[2].hasPrefix("45 transactions") }
        readOnly.receive([0x02])
        #expect(readOnly.image?.lines[1] == "Cannot edit: rows cannot be edited here.")
    }

    @Test func aReadOnlyStoreSaysWhy() async throws {
        let (session, _) = session(try Self.store(), readOnlyReason: "another process is writing /tmp/store")
        await frame(of: session) { $0[2].hasPrefix("5 transactions") }
        session.receive(Array("\re".utf8))
        let lines = await frame(of: session) { $0[1].hasPrefix("Cannot edit") }
        #expect(lines[1] == "Cannot edit: another process is writing /tmp/store.")
    }

    /// Odd keys on terminals down to nothing: every page at every size draws lines that fit
    /// (a cell at least), and nothing but a quitting key ends the session. The keys are a
    /// seeded mix of the navigation keys, text, Enter, `e`, Tab and bytes that are no UTF-8.
    @Test func oddKeysOnTinyTerminals() async throws {
        let store = try Self.store(extraRows: 40)
        let editor: TransactionEditor = { id, patch in Result { try store.update(id: id, patch) }.mapError { EditFailure("\($0)") } }
        let (session, host) = session(store, editor: editor)
        var misfits: [String] = []
        session.redrawn = { image in
            let width = max(1, session.size.columns)
            for line in image.lines where DisplayWidth.of(line) > width { misfits.append("\(session.size): \(line)") }
        }
        let keys: [[UInt8]] = ["\u{1B}[A", "\u{1B}[B", "\u{1B}[5~", "\u{1B}[6~", "\u{1B}[H", "\u{1B}[F", "\u{1B}OA", "\u{1B}[C",
                               "\u{1B}[D", "\u{1B}[3~", "\u{1B}[Z", "\u{1B}[99;99R", "\r", "\t", "e", "/", "s", "t", "日", "é", " ",
                               "\u{7F}", "\u{15}", "\u{17}", "\u{0C}"].map { Array($0.utf8) } + [[0xC3], [0xFF], [0x80, 0x80], [0x00]]
        var random = SeededGenerator(state: 39)
        let sizes = [(0, 0), (1, 1), (2, 40), (100, 1), (19, 5), (20, 6), (21, 7), (33, 9)]
        for (columns, rows) in sizes {
            session.resize(to: TerminalSize(columns: columns, rows: rows))
            for _ in 0..<60 { session.receive(keys[Int.random(in: 0..<keys.count, using: &random)]) }
            _ = await session.model.settledResult()
            session.repaint()
            #expect(session.image?.lines.isEmpty == false)
        }
        #expect(misfits.isEmpty, "\(misfits.prefix(3))")
        #expect(host.ended == nil && !session.hasEnded)
        session.receive([0x03])
        #expect(host.ended == .interrupted)
    }
}
