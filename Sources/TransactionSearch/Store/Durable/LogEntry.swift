/// One acknowledged change as the log records it: the payload of an `EventLog` record.
enum LogEntry: Equatable {
    case add([Transaction])
    case update(id: String, Transaction)
    case delete(id: String)

    func encoded() -> [UInt8] {
        var writer = BinaryWriter()
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
        }
        return writer.bytes
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
        default: throw .init(offset: reader.offset - 1, reason: "an unknown record kind")
        }
    }
}
