import Foundation
import Testing
import TransactionSearchSupport
@testable import TransactionSearch
@testable import TransactionSearchFiles

/// Every kind of step, at random, then undone one by one: after each undo the store equals the
/// one before that step, row for row (`transactions`), index for index (`verify()`, and the
/// plain scan's answers).
@Suite struct UndoTests {
    /// One random step of any kind; returns its kind, or nil when it changed nothing.
    static func step(_ store: TransactionStore, _ world: inout RandomWorld, _ number: Int) throws -> StoreStep.Kind? {
        let ids = store.transactions().map(\.id).sorted()
        switch world.random.int(in: 0...7) {
        case 0:
            try store.add(world.draft(id: nil))
            return .add
        case 1:
            let added = try store.add(contentsOf: (0..<world.random.int(in: 1...6)).map { _ in world.draft(id: nil) })
            return added.addedIDs.isEmpty ? nil : .add
        case 2 where !ids.isEmpty:
            return (try? store.update(id: world.pick(ids), world.patch())) == nil ? nil : .update
        case 3 where !ids.isEmpty:
            try store.delete(id: world.pick(ids))
            return .delete
        case 4:
            var csv = "id,date,merchant,amount,category,status\n"
            for index in 0..<world.random.int(in: 1...5) {
                let pending = world.random.chance(0.3)
                csv += "imp\(number)-\(index),2026-03-\(10 + index),\(world.pick(["LIDL", "Uber", "Café Noir", "ラーメン屋"])),-\(index + 1).50,"
                    + "\(world.pick(["", "Groceries"])),\(pending ? "pending" : "posted")\n"
            }
            let report = try store.importTransactions(from: csv, format: .csv)
            return report.addedIDs.isEmpty && report.replacedPendingIDs.isEmpty && report.correctedIDs.isEmpty ? nil : .import
        case 5:
            let change = try? store.update(matching: world.query(), ActionsAgainstReferenceTests.bulkPatch(&world))
            return change?.rows.isEmpty == false ? .bulkEdit : nil
        case 6:
            return store.applyRules().rows.isEmpty ? nil : .rulesApply
        default:
            return nil
        }
    }

    @Test(arguments: 0..<20)
    func undoingEveryStepGivesBackEachStoreBefore(seedIndex: Int) throws {
        var world = RandomWorld(seed: UInt64(9_100 + seedIndex))
        let store = TransactionStore(timeZone: TimeZone(identifier: world.pick(RandomWorld.zones))!, baseCurrency: .eur)
        try store.addRule(Rule(name: "Food", search: "lidl", actions: [.set(.category, "Groceries"), .addTag("food")]))
        try store.addRule(Rule(name: "Rides", search: "merchant:uber", actions: [.set(.payee, "Uber rides")]))
        var states: [[Transaction]] = [store.transactions(in: .dateAscending)]
        var kinds: [StoreStep.Kind] = []
        for number in 0..<(12 * RandomScale.factor) {
            if try Self.step(store, &world, number) != nil || store.history().count > kinds.count {
                kinds.append(store.history().first!.kind)
                states.append(store.transactions(in: .dateAscending))
            }
        }
        #expect(store.history().map(\.kind) == kinds.reversed())
        while let expected = states.popLast(), !states.isEmpty {
            #expect(store.transactions(in: .dateAscending) == expected)
            let undone = try store.undo()
            #expect(undone?.kind == kinds.popLast(), "seed \(seedIndex)")
            #expect(store.transactions(in: .dateAscending) == states.last!, "seed \(seedIndex): after undoing \(undone.map { "\($0)" } ?? "nothing")")
            #expect(store.verify().isEmpty)
            let probe = world.query()
            #expect(store.search(probe) == PlainScan(transactions: states.last!, timeZone: store.timeZone).search(probe, today: store.today),
                    "seed \(seedIndex): \(probe)")
        }
        #expect(try store.undo() == nil)
        #expect(store.count == 0 && store.history().isEmpty)
    }

    @Test func anUndoIsOneEventBatchAndTheHistorySaysWhatItWas() throws {
        let store = TransactionStore()
        let report = try store.importTransactions(from: "date,merchant,amount\n2026-03-01,LIDL,-1.00\n2026-03-02,ALDI,-2.00\n", format: .csv)
        let step = try #require(store.history().first)
        #expect(step.kind == .import && step.added == 2 && step.sampleIDs == report.addedIDs)
        #expect(step.description == "import: 2 added (\(report.addedIDs.joined(separator: ", ")))")
        let events = EventRecorder(store)
        let sequence = store.sequence
        #expect(try store.undo() == step)
        #expect(store.sequence == sequence + 2 && events.changes().count == 2)
        #expect(store.count == 0)
        // The same file again is new again.
        #expect(try store.importTransactions(from: "date,merchant,amount\n2026-03-01,LIDL,-1.00\n", format: .csv).addedIDs.count == 1)
    }

    @Test func aStepThatTheStoreNoLongerHoldsIsRefusedAndKept() throws {
        let store = TransactionStore()
        try store.add(TransactionDraft(id: "a", date: try .day(2026, 3, 1), merchant: "LIDL", amount: -1))
        // Changed behind the history's back (only the store's own code can: a test).
        store.lock.withWriteLock { _ = store.contents.state.history.pop() }
        try store.delete(id: "a")
        try store.add(TransactionDraft(id: "a", date: try .day(2026, 3, 2), merchant: "ALDI", amount: -2))
        store.lock.withWriteLock { _ = store.contents.state.history.pop() }
        #expect(throws: UndoError.self) { try store.undo() }
        #expect(store.history().map(\.kind) == [.delete] && store.transaction(id: "a")?.merchant == "ALDI")
    }

    /// Pushes and pops in random order against a plain array that keeps the newest
    /// `stepLimit` steps: the same steps after every call, and the same after a round trip
    /// through the snapshot encoding (the history drops old steps in batches internally).
    @Test func theHistoryMatchesAPlainArrayThroughPushesAndPops() throws {
        var random = SeededRandom(seed: 4711)
        var history = UndoHistory()
        var plain: [UInt64] = []
        for number in 0..<1_000 {
            if random.chance(0.2) {
                #expect(history.pop()?.info.sequence == plain.popLast())
            } else {
                var step = UndoStep(kind: .add, sequence: UInt64(number))
                step.added.append("x\(number)")
                history.push(step)
                plain.append(UInt64(number))
                if plain.count > UndoHistory.stepLimit { plain.removeFirst() }
            }
            #expect(history.steps.map(\.info.sequence) == plain, "after \(number)")
        }
        var writer = BinaryWriter()
        history.encode(into: &writer)
        var reader = BinaryReader(writer.bytes)
        let decoded = try UndoHistory.decode(&reader)
        #expect(decoded == history && decoded.steps.map(\.info.sequence) == plain)
    }

    /// Random lists of ids (generated ones, ids sharing their start with the one before,
    /// Unicode, empty, longer than 127 bytes) read back in order, the generated runs first: by
    /// `forEach`, `prefix` and a round trip through `encode`; equal lists are equal.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func rowIDsGiveBackTheirIdsInOrder(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let pieces = ["", "a", "é", "tx_", "2025-03-12/", "ß漢字🙂", "0", String(repeating: "x", count: 140), "tx_7", "t2bi",
                      "393451b3ac6405818caaf7d036feec63", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "deadBEEF01234567", "tx_1234567"]
        for _ in 0..<40 {
            var generated: [String] = [], others: [String] = []
            var ids = RowIDs()
            var previous = ""
            for _ in 0..<random.int(in: 0...300) {
                let id: String
                switch random.int(in: 0...3) {
                case 0: id = "tx_\(random.int(in: 1...40))"
                case 1: id = String(previous.prefix(random.int(in: 0...previous.count))) + pieces[random.int(in: 0...pieces.count - 1)]
                default: id = pieces[random.int(in: 0...pieces.count - 1)] + String(random.int(in: 0...99_999), radix: 36)
                }
                previous = id
                ids.append(id)
                if RowIDs.generatedNumber(id) != nil { generated.append(id) } else { others.append(id) }
            }
            let expected = generated + others
            var seen: [String] = []
            ids.forEach { seen.append($0) }
            #expect(seen == expected)
            #expect(ids.count == expected.count && ids.isEmptyList == expected.isEmpty)
            let cut = random.int(in: 0...expected.count + 1)
            #expect(ids.prefix(cut) == Array(expected.prefix(cut)))
            var shrunk = ids
            shrunk.shrink()
            var writer = BinaryWriter()
            shrunk.encode(into: &writer)
            var reader = BinaryReader(writer.bytes)
            let decoded = try RowIDs.decode(&reader)
            var decodedIDs: [String] = []
            decoded.forEach { decodedIDs.append($0) }
            #expect(decoded == ids && decodedIDs == expected)
            #expect(RowIDs(expected) == ids)
            // Taken packed from an id index (each id once there), the list is the same.
            var distinct: [String] = [], seenOnce = Set<String>()
            for id in expected where !id.isEmpty && id.utf8.count <= 255 && seenOnce.insert(id).inserted { distinct.append(id) }
            let index = KeyIndex<UInt8>()
            for (row, id) in distinct.enumerated() { index.insert(id, row: UInt32(row)) }
            #expect(RowIDs(rows: (0..<UInt32(distinct.count)).map { $0 }, of: index) == RowIDs(distinct))
        }
    }

    @Test func theHistoryKeepsTheNewestStepsWithinItsLimits() {
        var history = UndoHistory()
        for number in 0..<(UndoHistory.stepLimit + 5) {
            var step = UndoStep(kind: .add, sequence: UInt64(number))
            step.added.append("x\(number)")
            history.push(step)
        }
        #expect(history.steps.count == UndoHistory.stepLimit && history.steps.first?.info.sequence == 5)
        var huge = UndoStep(kind: .bulkEdit, sequence: 999)
        let row = Transaction(id: "r", date: .day(CalendarDay(daysSince1970: 0)), merchant: "M", amount: Money(minorUnits: 1, currency: .eur))
        huge.changed = Array(repeating: UndoStep.Change(id: "r", before: row), count: UndoHistory.imageLimit + 1)
        history.push(huge)
        #expect(history.steps.count == 1 && history.steps.first?.info.sequence == 999, "the newest is kept however large")
        #expect(RowIDs(["tx_1", "tx_2", "tx_3", "a", "tx_9", "tx_10", "tx_01"]).runs.count == 2)
        #expect(RowIDs(["tx_1", "tx_2", "tx_3", "a", "tx_9", "tx_10", "tx_01"]).prefix(9) == ["tx_1", "tx_2", "tx_3", "tx_9", "tx_10", "a", "tx_01"])
    }
}
