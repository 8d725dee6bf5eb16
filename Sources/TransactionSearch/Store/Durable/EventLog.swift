/// The event log's format: a header, then one record per acknowledged change.
///
/// Header (24 bytes): magic `TSLOG\r\n\0`, version (UInt32), the generation the log belongs to
/// (UInt64), and the CRC-32C of those 20 bytes. Record: payload length (UInt32), CRC-32C of
/// the payload (UInt32), CRC-32C of those 8 bytes (UInt32), then the payload (`LogEntry`).
/// Checksumming the record header means a damaged length is caught as damage, never read as
/// the end of the log.
///
/// What reading accepts as a **torn tail** (dropped with a warning, never an error): only what
/// a crash in the middle of the last append can leave — fewer bytes than a record header, a
/// record whose checked header declares more bytes than the file still has, a last record whose
/// payload does not match its checksum, or a tail of zero bytes (a file system that extended
/// the file but never wrote it). Anything else is **damage**: a `StoreFileError` naming the
/// file and the offset.
///
/// A record's transactions are written field by field in `TransactionField` order
/// (`BinaryWriter.transaction`): a field added changes the layout, so it comes with a new
/// `version` (`FieldDescriptionTests` fails until it does).
enum EventLog {
    static let magic: [UInt8] = Array("TSLOG\r\n\0".utf8)
    static let version: UInt32 = 3
    /// The versions this build reads: 2 wrote no payee and no sources (a store written before
    /// 0.4); its transactions' payees are cleaned when replayed.
    static let readableVersions: ClosedRange<UInt32> = 2...3
    static let headerSize = 24
    static let recordHeaderSize = 12

    /// A log's header; `version` an earlier format's (tests of reading older stores).
    static func header(generation: UInt64, version: UInt32 = EventLog.version) -> [UInt8] {
        var writer = BinaryWriter()
        writer.bytes.append(contentsOf: magic)
        writer.integer(version)
        writer.integer(generation)
        writer.integer(CRC32C.checksum(writer.bytes))
        return writer.bytes
    }

    /// A record of `entry`; `version` an earlier format's (tests of reading older stores).
    static func record(_ entry: LogEntry, version: UInt32 = EventLog.version) -> [UInt8] {
        record {
            $0.logVersion = version
            entry.encode(into: &$0)
        }
    }

    /// A record whose payload `writePayload` appends to the writer it is given: the payload is
    /// written once, after room for the header, which is filled in afterwards (no second copy
    /// of a large payload).
    static func record(writingPayload writePayload: (inout BinaryWriter) -> Void) -> [UInt8] {
        var writer = BinaryWriter()
        writer.bytes = [UInt8](repeating: 0, count: 12)
        writePayload(&writer)
        writer.bytes.withUnsafeMutableBytes { bytes in
            let payload = UnsafeRawBufferPointer(rebasing: bytes[12...])
            bytes.storeBytes(of: UInt32(payload.count).littleEndian, toByteOffset: 0, as: UInt32.self)
            bytes.storeBytes(of: CRC32C.checksum(payload).littleEndian, toByteOffset: 4, as: UInt32.self)
            bytes.storeBytes(of: CRC32C.checksum(UnsafeRawBufferPointer(rebasing: bytes[0..<8])).littleEndian,
                             toByteOffset: 8, as: UInt32.self)
        }
        return writer.bytes
    }

    /// What a log holds: its generation, its records with their offsets, where the valid part
    /// ends, a warning when a torn tail follows it, and (when reading to recover) the damage
    /// that stopped the reading.
    struct Contents {
        var generation: UInt64
        var entries: [(offset: Int, entry: LogEntry)]
        var validEnd: Int
        /// The format version of its header.
        var version: UInt32 = EventLog.version
        var tornTail: String?
        var damage: StoreFileError?
        /// Whether the offset records were kept from is where a record ends (or the header).
        var keptFromRecordBoundary = true
    }

    /// Reads a log's header: its generation.
    /// - Throws: damage (bad magic, short or checksum-failed header) or an unknown version.
    /// The format version a log's header names (checked readable by `generation(of:path:)`).
    static func version(of bytes: [UInt8]) -> UInt32 {
        var header = BinaryReader(bytes, from: magic.count)
        return (try? header.integer(UInt32.self)) ?? version
    }

    static func generation(of bytes: [UInt8], path: String) throws(StoreFileError) -> UInt64 {
        guard bytes.count >= magic.count, Array(bytes[0..<magic.count]) == magic else {
            throw StoreFileError(.corrupt, file: path, offset: 0, reason: "not a TransactionSearch log (bad magic)")
        }
        var header = BinaryReader(bytes, from: magic.count)
        if let version = try? header.integer(UInt32.self), !readableVersions.contains(version) {
            throw StoreFileError(.unknownVersion, file: path, offset: magic.count,
                                 reason: "log format version \(version); this build reads version \(EventLog.version)")
        }
        guard bytes.count >= headerSize else {
            throw StoreFileError(.corrupt, file: path, offset: 0,
                                 reason: "the log is shorter (\(bytes.count) bytes) than its \(headerSize)-byte header")
        }
        let generation = (try? header.integer(UInt64.self)) ?? 0
        let stored = (try? header.integer(UInt32.self)) ?? 0
        guard stored == CRC32C.checksum(Array(bytes[0..<(headerSize - 4)])) else {
            throw StoreFileError(.corrupt, file: path, offset: 0, reason: "the log header's checksum does not match")
        }
        return generation
    }

    /// Reads a log from its header on, keeping the records at or after `from`.
    /// - Parameter recovering: stop at damage and report it in `damage`, instead of throwing.
    static func read(_ bytes: [UInt8], path: String, keepingFrom from: Int = headerSize,
                     recovering: Bool = false) throws(StoreFileError) -> Contents {
        let generation = try generation(of: bytes, path: path)
        let version = EventLog.version(of: bytes)
        var contents = Contents(generation: generation, entries: [], validEnd: headerSize, version: version)
        contents.keptFromRecordBoundary = from == headerSize
        var offset = headerSize
        while offset < bytes.count {
            let step = inspectRecord(in: bytes, at: offset, path: path, version: version)
            switch step {
            case .record(let end, let entry):
                if offset >= from { contents.entries.append((offset, entry)) }
                if end == from { contents.keptFromRecordBoundary = true }
                offset = end
                contents.validEnd = end
            case .tornTail(let what):
                contents.tornTail = "\(path) at byte \(offset): a torn last record (\(what)) was dropped"
                return contents
            case .damage(let error):
                guard recovering else { throw error }
                contents.damage = error
                return contents
            }
        }
        return contents
    }

    private enum Step {
        case record(end: Int, LogEntry)
        case tornTail(String)
        case damage(StoreFileError)
    }

    /// What the bytes at `offset` are: a whole record, what a torn append leaves, or damage.
    private static func inspectRecord(in bytes: [UInt8], at offset: Int, path: String, version: UInt32) -> Step {
        func damage(_ at: Int, _ reason: String) -> Step {
            .damage(StoreFileError(.corrupt, file: path, offset: at, reason: reason))
        }
        let remaining = bytes.count - offset
        if remaining < recordHeaderSize { return .tornTail("\(remaining) bytes, shorter than a record header") }
        var reader = BinaryReader(bytes, from: offset)
        let length = Int((try? reader.integer(UInt32.self)) ?? 0)
        let payloadChecksum = (try? reader.integer(UInt32.self)) ?? 0
        let headerChecksum = (try? reader.integer(UInt32.self)) ?? 0
        let actualHeaderChecksum = bytes.withUnsafeBytes { CRC32C.checksum(UnsafeRawBufferPointer(rebasing: $0[offset..<(offset + 8)])) }
        guard headerChecksum == actualHeaderChecksum else {
            if bytes[offset...].allSatisfy({ $0 == 0 }) { return .tornTail("\(remaining) zero bytes") }
            return damage(offset, "a record header's checksum does not match: the log is damaged")
        }
        let payloadStart = offset + recordHeaderSize
        if length > bytes.count - payloadStart {
            return .tornTail("\(remaining) of its \(recordHeaderSize + length) bytes")
        }
        let end = payloadStart + length
        let actual = bytes.withUnsafeBytes { CRC32C.checksum(UnsafeRawBufferPointer(rebasing: $0[payloadStart..<end])) }
        guard actual == payloadChecksum else {
            if end == bytes.count { return .tornTail("its payload does not match its checksum") }
            return damage(offset, "a record's payload does not match its checksum, and records follow it: the log is damaged")
        }
        var payload = BinaryReader(bytes, from: payloadStart, to: end)
        payload.logVersion = version
        do throws(BinaryReader.Malformed) {
            let entry = try LogEntry.decode(&payload)
            guard payload.isAtEnd else { throw .init(offset: payload.offset, reason: "bytes after the record's content") }
            return .record(end: end, entry)
        } catch {
            return damage(error.offset, error.reason)
        }
    }
}
