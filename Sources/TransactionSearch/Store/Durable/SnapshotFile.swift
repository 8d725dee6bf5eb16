/// The snapshot: every transaction of the store, with its time zone and base currency, in a
/// binary, versioned, checksummed file.
///
/// Layout: magic `TSSNAP\r\n` (8 bytes), version (UInt32), generation (UInt64), time zone id,
/// base currency, row count (UInt32), the rows, then the CRC-32C of everything before it.
/// Rows are binary (no text to parse, nothing to validate again); loading inserts them as one
/// batch, which folds each distinct string once.
struct SnapshotFile {
    static let magic: [UInt8] = Array("TSSNAP\r\n".utf8)
    static let version: UInt32 = 1

    var generation: UInt64
    var timeZoneIdentifier: String
    var baseCurrency: Currency
    var transactions: [Transaction]

    func encoded() -> [UInt8] {
        var writer = BinaryWriter()
        writer.bytes.append(contentsOf: SnapshotFile.magic)
        writer.integer(SnapshotFile.version)
        writer.integer(generation)
        writer.string(timeZoneIdentifier)
        writer.integer(baseCurrency.packed)
        writer.integer(UInt32(transactions.count))
        for transaction in transactions { writer.transaction(transaction) }
        writer.integer(CRC32C.checksum(writer.bytes))
        return writer.bytes
    }

    /// Reads a snapshot, or throws naming the byte where it goes wrong.
    static func decode(_ bytes: [UInt8], path: String) throws(StoreFileError) -> SnapshotFile {
        func corrupt(_ offset: Int, _ reason: String) -> StoreFileError {
            StoreFileError(.corrupt, file: path, offset: offset, reason: reason)
        }
        guard bytes.count >= magic.count + 4, Array(bytes[0..<magic.count]) == magic else {
            throw corrupt(0, "not a TransactionSearch snapshot (bad magic or too short)")
        }
        var header = BinaryReader(bytes, from: magic.count)
        let version = (try? header.integer(UInt32.self)) ?? 0
        guard version == SnapshotFile.version else {
            throw StoreFileError(.unknownVersion, file: path, offset: magic.count,
                                 reason: "format version \(version); this build reads version \(SnapshotFile.version)")
        }
        let bodyEnd = bytes.count - 4
        guard bodyEnd >= header.offset else { throw corrupt(bytes.count, "truncated") }
        var trailer = BinaryReader(bytes, from: bodyEnd)
        let stored = (try? trailer.integer(UInt32.self)) ?? 0
        let actual = bytes.withUnsafeBytes { CRC32C.checksum(UnsafeRawBufferPointer(rebasing: $0[0..<bodyEnd])) }
        guard stored == actual else {
            throw corrupt(bodyEnd, "checksum mismatch: the file is truncated or damaged")
        }
        var reader = BinaryReader(bytes, from: header.offset, to: bodyEnd)
        do throws(BinaryReader.Malformed) {
            let generation = try reader.integer(UInt64.self)
            let zone = try reader.string()
            guard let base = Currency(packed: try reader.integer(UInt32.self)) else { throw .init(offset: reader.offset - 4, reason: "bad base currency") }
            let count = Int(try reader.integer(UInt32.self))
            var transactions: [Transaction] = []
            transactions.reserveCapacity(count)
            for _ in 0..<count { transactions.append(try reader.transaction()) }
            guard reader.isAtEnd else { throw .init(offset: reader.offset, reason: "bytes after the last row") }
            return SnapshotFile(generation: generation, timeZoneIdentifier: zone, baseCurrency: base, transactions: transactions)
        } catch {
            throw corrupt(error.offset, error.reason)
        }
    }
}
