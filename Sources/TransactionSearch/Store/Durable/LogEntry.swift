/// One acknowledged change as the log records it: the payload of an `EventLog` record.
enum LogEntry: Equatable {
    case add([Transaction])
    case update(id: String, Transaction)
    case delete(id: String)
    /// An import: pending rows replaced in place by their posted selves (each the row's id and
    /// what it became), then rows added; one record, applied in that order.
    case importBatch(replaced: [Replacement], added: [Transaction])
    /// Rows replaced whole as one step (a bulk edit, a run of the rules): each row's id before
    /// the step and what it became.
    case replaceRows(kind: StoreStep.Kind, rows: [Replacement])
    /// The newest step reverted (`TransactionStore.undo()`).
    case undo
    /// The rule list replaced by this one, in order.
    case rules([Rule])

    /// A row's id and what an import made it.
    struct Replacement: Equatable {
        var id: String
        var transaction: Transaction
    }

    func encoded() -> [UInt8] {
        var writer = BinaryWriter()
        encode(into: &writer)
        return writer.bytes
    }

    /// Appends the entry's payload to `writer`.
    func encode(into writer: inout BinaryWriter) {
        switch self {
        case .add(let transactions):
            writer.integer(UInt8(1))
            writer.integer(UInt32(transactions.count))
            for transaction in transactions { writer.transaction(transaction) }
        case .update(let id, let transaction):
            writer.integer(UInt8(2))
            writer.string(id)
            writer.transaction(transaction)
        case .delete(let id):
            writer.integer(UInt8(3))
            writer.string(id)
        case .importBatch(let replaced, let added):
            LogEntry.encodeImportBatch(replaced: replaced, addedCount: added.count, into: &writer) { writer in
                for transaction in added { writer.transaction(transaction) }
            }
        case .replaceRows(let kind, let rows):
            writer.integer(UInt8(5))
            writer.string(kind.rawValue)
            writer.integer(UInt32(rows.count))
            for row in rows {
                writer.string(row.id)
                writer.transaction(row.transaction)
            }
        case .undo:
            writer.integer(UInt8(6))
        case .rules(let rules):
            writer.integer(UInt8(7))
            writer.integer(UInt32(rules.count))
            for rule in rules {
                writer.string(rule.name)
                writer.string(rule.search)
                writer.integer(UInt32(rule.actions.count))
                for action in rule.actions { writer.string(action.description) }
            }
        }
    }

    /// Appends the payload of `.importBatch(replaced:added:)` whose `addedCount` added rows
    /// `writeAdded` writes (`BinaryWriter.transaction`, in order) straight into `writer`: an
    /// import's record made from the store's rows one at a time, with no array of them.
    static func encodeImportBatch(replaced: [Replacement], addedCount: Int, into writer: inout BinaryWriter,
                                  writeAdded: (inout BinaryWriter) -> Void) {
        writer.integer(UInt8(4))
        writer.integer(UInt32(replaced.count))
        for replacement in replaced {
            writer.string(replacement.id)
            writer.transaction(replacement.transaction)
        }
        writer.integer(UInt32(addedCount))
        writeAdded(&writer)
    }

    static func decode(_ reader: inout BinaryReader) throws(BinaryReader.Malformed) -> LogEntry {
        switch try reader.integer(UInt8.self) {
        case 1:
            let count = Int(try reader.integer(UInt32.self))
            var transactions: [Transaction] = []
            for _ in 0..<count { transactions.append(try reader.transaction()) }
            return .add(transactions)
        case 2: return .update(id: try reader.string(), try reader.transaction())
        case 3: return .delete(id: try reader.string())
        case 4:
            var replaced: [Replacement] = []
            for _ in 0..<Int(try reader.integer(UInt32.self)) {
                replaced.append(Replacement(id: try reader.string(), transaction: try reader.transaction()))
            }
            var added: [Transaction] = []
            for _ in 0..<Int(try reader.integer(UInt32.self)) { added.append(try reader.transaction()) }
            return .importBatch(replaced: replaced, added: added)
        case 5:
            let kindOffset = reader.offset
            guard let kind = StoreStep.Kind(rawValue: try reader.string()) else { throw .init(offset: kindOffset, reason: "an unknown step kind") }
            var rows: [Replacement] = []
            for _ in 0..<Int(try reader.integer(UInt32.self)) {
                rows.append(Replacement(id: try reader.string(), transaction: try reader.transaction()))
            }
            return .replaceRows(kind: kind, rows: rows)
        case 6:
            return .undo
        case 7:
            var rules: [Rule] = []
            for _ in 0..<Int(try reader.integer(UInt32.self)) {
                let name = try reader.string()
                let search = try reader.string()
                var actions: [RuleAction] = []
                for _ in 0..<Int(try reader.integer(UInt32.self)) {
                    let offset = reader.offset
                    guard let action = RuleAction(text: try reader.string()) else { throw .init(offset: offset, reason: "an unknown rule action") }
                    actions.append(action)
                }
                rules.append(Rule(name: name, search: search, actions: actions))
            }
            return .rules(rules)
        default: throw .init(offset: reader.offset - 1, reason: "an unknown record kind")
        }
    }
}
