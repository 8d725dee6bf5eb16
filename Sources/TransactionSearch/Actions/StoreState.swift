/// What a store keeps besides its rows: its rules, in order, and the steps an undo can revert.
/// A store directory writes it at the end of the snapshot; the log records its changes (rules
/// as a whole list, undo steps as the mutations and undos that make them).
struct StoreState: Sendable, Equatable {
    var rules: [StoredRule] = []
    var history = UndoHistory()

    func encode(into writer: inout BinaryWriter) {
        writer.integer(UInt32(rules.count))
        for rule in rules { rule.encode(into: &writer) }
        history.encode(into: &writer)
    }

    static func decode(_ reader: inout BinaryReader) throws(BinaryReader.Malformed) -> StoreState {
        var state = StoreState()
        let count = Int(try reader.integer(UInt32.self))
        guard count <= reader.end - reader.offset else { throw .init(offset: reader.offset - 4, reason: "an impossible rule count") }
        for _ in 0..<count { state.rules.append(try StoredRule.decode(&reader, existing: state.rules)) }
        state.history = try UndoHistory.decode(&reader)
        return state
    }

    /// The rules checked as a list: each against those before it.
    static func checked(_ rules: [Rule]) throws(RuleError) -> [StoredRule] {
        var stored: [StoredRule] = []
        for rule in rules { stored.append(try StoredRule(rule, existing: stored)) }
        return stored
    }
}
