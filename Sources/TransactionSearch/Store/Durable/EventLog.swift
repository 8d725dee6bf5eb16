/// One acknowledged change as the log records it.
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

/// The event log: a header (magic `TSLOG\r\n\0`, version, the generation of the snapshot it
/// follows), then records of length (UInt32), CRC-32C of the payload (UInt32), payload.
enum EventLog {
    static let magic: [UInt8] = Array("TSLOG\r\n\0".utf8)
    static let version: UInt32 = 1
    static let headerSize = 20

    static func header(generation: UInt64) -> [UInt8] {
        var writer = BinaryWriter()
        writer.bytes.append(contentsOf: magic)
        writer.integer(version)
        writer.integer(generation)
        return writer.bytes
    }

    static func record(_ entry: LogEntry) -> [UInt8] {
        let payload = entry.encoded()
        var writer = BinaryWriter()
        writer.integer(UInt32(payload.count))
        writer.integer(CRC32C.checksum(payload))
        writer.bytes.append(contentsOf: payload)
        return writer.bytes
    }

    /// What a log holds: its generation, its records with their offsets, where the valid part
    /// ends, and a warning when a torn last record (a write cut short) was found after it.
    struct Contents {
        var generation: UInt64
        var entries: [(offset: Int, entry: LogEntry)]
        var validEnd: Int
        var tornTail: String?
    }

    /// Reads a log. A torn last record is reported, not thrown; a bad checksum before the last
    /// record, a bad header or an unknown version throws, naming the offset.
    static func read(_ bytes: [UInt8], path: String) throws(StoreFileError) -> Contents {
        func corrupt(_ offset: Int, _ reason: String) -> StoreFileError {
            StoreFileError(.corrupt, file: path, offset: offset, reason: reason)
        }
        guard bytes.count >= headerSize else {
            // Only a crash while the log was being created leaves a short header: no record
            // was ever acknowledged in it.
            if magic.starts(with: bytes.prefix(magic.count)) {
                return Contents(generation: 0, entries: [], validEnd: 0, tornTail: "\(path): an unfinished header (\(bytes.count) bytes) was dropped")
            }
            throw corrupt(0, "not a TransactionSearch log (bad magic)")
        }
        guard Array(bytes[0..<magic.count]) == magic else { throw corrupt(0, "not a TransactionSearch log (bad magic)") }
        var header = BinaryReader(bytes, from: magic.count)
        let version = (try? header.integer(UInt32.self)) ?? 0
        guard version == EventLog.version else {
            throw StoreFileError(.unknownVersion, file: path, offset: magic.count,
                                 reason: "format version \(version); this build reads version \(EventLog.version)")
        }
        let generation = (try? header.integer(UInt64.self)) ?? 0
        var contents = Contents(generation: generation, entries: [], validEnd: headerSize)
        var offset = headerSize
        while offset < bytes.count {
            let remaining = bytes.count - offset
            var reader = BinaryReader(bytes, from: offset)
            guard remaining >= 8, let length = try? reader.integer(UInt32.self), let stored = try? reader.integer(UInt32.self),
                  Int(length) <= remaining - 8
            else {
                contents.tornTail = "\(path) at byte \(offset): a torn last record (\(remaining) bytes) was dropped"
                break
            }
            let end = offset + 8 + Int(length)
            let actual = bytes.withUnsafeBytes { CRC32C.checksum(UnsafeRawBufferPointer(rebasing: $0[(offset + 8)..<end])) }
            guard actual == stored else {
                if end == bytes.count {
                    contents.tornTail = "\(path) at byte \(offset): a torn last record (checksum mismatch) was dropped"
                    break
                }
                throw corrupt(offset, "checksum mismatch in a record that is not the last: the log is damaged")
            }
            var payload = BinaryReader(bytes, from: offset + 8, to: end)
            do throws(BinaryReader.Malformed) {
                let entry = try LogEntry.decode(&payload)
                guard payload.isAtEnd else { throw .init(offset: payload.offset, reason: "bytes after the record's content") }
                contents.entries.append((offset, entry))
            } catch {
                throw corrupt(error.offset, error.reason)
            }
            offset = end
            contents.validEnd = end
        }
        return contents
    }
}
