/// One acknowledged change as the log records it: the payload of an `EventLog` record.
enum LogEntry: Equatable {
    case add([Transaction])
    case update(id: String, Transaction)
    case delete(id: String)
    /// An import: pending rows replaced in place by their posted selves (each the row's id and
    /// what it became), then rows added; one record, applied in that order.
    case importBatch(replaced: [Replacement], added: [Transaction])

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
        default: throw .init(offset: reader.offset - 1, reason: "an unknown record kind")
        }
    }
}
