import Foundation

/// Appends little-endian values and length-prefixed strings: the encoding of log records and
/// snapshots.
struct BinaryWriter {
    var bytes: [UInt8] = []
    /// The log format written: before 3, transactions without a payee and sources (tests of
    /// reading what earlier builds wrote).
    var logVersion = EventLog.version

    mutating func integer<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Values one after another, with no count (a snapshot column).
    mutating func column<T: FixedWidthInteger>(_ values: [T]) {
        bytes.reserveCapacity(bytes.count + values.count * MemoryLayout<T>.size)
        for value in values { integer(value) }
    }

    mutating func string(_ value: String) {
        integer(UInt32(value.utf8.count))
        bytes.append(contentsOf: value.utf8)
    }

    /// `string(_:)` of a string's UTF-8 bytes (read as `BinaryReader.string()` reads it).
    mutating func string(utf8: UnsafeBufferPointer<UInt8>) {
        integer(UInt32(utf8.count))
        bytes.append(contentsOf: utf8)
    }

    mutating func optionalString(_ value: String?) {
        integer(UInt8(value == nil ? 0 : 1))
        if let value { string(value) }
    }

    /// A date: kind (0 instant, 1 calendar day), then milliseconds (Int64) or days (Int32).
    mutating func date(_ date: TransactionDate) {
        switch date {
        case .instant(let milliseconds):
            integer(UInt8(0))
            integer(milliseconds)
        case .day(let day):
            integer(UInt8(1))
            integer(day.daysSince1970)
        }
    }

    /// Who set each field: per field of `FieldSources.fields`, a kind byte (0 input, 1 cleaner,
    /// 2 hand, 3 rule) and, for a rule, its name.
    mutating func sources(_ sources: FieldSources) {
        for source in sources.ordered {
            switch source {
            case .input: integer(UInt8(0))
            case .cleaner: integer(UInt8(1))
            case .hand: integer(UInt8(2))
            case .rule(let name):
                integer(UInt8(3))
                string(name)
            }
        }
    }

    /// A transaction, field by field in `TransactionField` order, each as its kind is written,
    /// then who set its fields (`sources`).
    mutating func transaction(_ transaction: Transaction) {
        let hasPayee = logVersion >= 3
        for field in TransactionField.allCases where field != .payee || hasPayee {
            switch field.kind {
            case .identifier: string(transaction.id)
            case .date: date(transaction.date)
            case .text: optionalString(field.textValue(in: transaction))
            case .amount: integer(Int64(clamping: transaction.amount.minorUnits))  // a stored amount is under 10^15
            case .currency: integer(transaction.amount.currency.packed)
            case .status: integer(UInt8(transaction.status == .pending ? 1 : 0))
            }
        }
        if hasPayee { sources(transaction.sources) }
    }
}

/// Reads what `BinaryWriter` wrote; every read checks the bounds and throws where the bytes
/// end early or hold an impossible value.
struct BinaryReader {
    struct Malformed: Error {
        var offset: Int
        var reason: String
    }

    let bytes: [UInt8]
    var offset: Int
    let end: Int

    init(_ bytes: [UInt8], from offset: Int = 0, to end: Int? = nil) {
        self.bytes = bytes
        self.offset = offset
        self.end = end ?? bytes.count
    }

    var isAtEnd: Bool { offset >= end }

    mutating func integer<T: FixedWidthInteger>(_ type: T.Type = T.self) throws(Malformed) -> T {
        let size = MemoryLayout<T>.size
        guard end - offset >= size else { throw Malformed(offset: offset, reason: "ends inside a value") }
        var value: T = 0
        withUnsafeMutableBytes(of: &value) { target in
            for index in 0..<size { target[index] = bytes[offset + index] }
        }
        offset += size
        return T(littleEndian: value)
    }

    /// `count` little-endian values stored one after another (a snapshot column).
    mutating func column<T: FixedWidthInteger>(_ count: Int, of type: T.Type = T.self) throws(Malformed) -> [T] {
        let size = MemoryLayout<T>.size
        guard count >= 0, (end - offset) / size >= count else { throw Malformed(offset: offset, reason: "a column runs past the end") }
        let start = offset
        // Never `unsafeUninitializedCapacity: 0`: it writes the count into the empty-array
        // singleton that every empty array shares (a data race ThreadSanitizer reports).
        guard count > 0 else { return [] }
        let values = bytes.withUnsafeBytes { raw in
            [T](unsafeUninitializedCapacity: count) { buffer, initialized in
                for index in 0..<count {
                    buffer[index] = T(littleEndian: raw.loadUnaligned(fromByteOffset: start + index * size, as: T.self))
                }
                initialized = count
            }
        }
        offset += count * size
        return values
    }

    /// Skips `count` bytes, returning where they start.
    mutating func skip(_ count: Int) throws(Malformed) -> Int {
        guard count >= 0, end - offset >= count else { throw Malformed(offset: offset, reason: "runs past the end") }
        defer { offset += count }
        return offset
    }

    mutating func string() throws(Malformed) -> String {
        try stringBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// Reads what `BinaryWriter.string` wrote and hands `body` its bytes in place, not yet
    /// checked to be UTF-8 (`string()` repairs them; a caller reading many strings checks them
    /// itself rather than making a `String` of each).
    mutating func stringBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) throws(Malformed) -> Result {
        let length = Int(try integer(UInt32.self))
        guard end - offset >= length else { throw Malformed(offset: offset, reason: "a string runs past the end") }
        let start = offset
        offset += length
        return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start ..< start + length])) }
    }

    mutating func optionalString() throws(Malformed) -> String? {
        switch try integer(UInt8.self) {
        case 0: return nil
        case 1: return try string()
        default: throw Malformed(offset: offset - 1, reason: "an optional flag is neither 0 nor 1")
        }
    }

    /// What `BinaryWriter.date` wrote.
    mutating func date() throws(Malformed) -> TransactionDate {
        switch try integer(UInt8.self) {
        case 0: return .instant(millisecondsSince1970: try integer(Int64.self))
        case 1: return .day(CalendarDay(daysSince1970: try integer(Int32.self)))
        default: throw Malformed(offset: offset - 1, reason: "an unknown date kind")
        }
    }

    /// The format version of what is read: a log written before version 3 has no payee and
    /// no sources (`transaction()` leaves the payee to be cleaned, as from the merchant).
    var logVersion = EventLog.version

    /// Sources as `BinaryWriter.sources` wrote them.
    mutating func sources() throws(Malformed) -> FieldSources {
        var sources: [FieldSource] = []
        for _ in FieldSources.fields {
            switch try integer(UInt8.self) {
            case 0: sources.append(.input)
            case 1: sources.append(.cleaner)
            case 2: sources.append(.hand)
            case 3: sources.append(.rule(try string()))
            default: throw Malformed(offset: offset - 1, reason: "an unknown field source")
            }
        }
        return FieldSources(ordered: sources)
    }

    /// A transaction as `BinaryWriter.transaction` wrote it.
    mutating func transaction() throws(Malformed) -> Transaction {
        let start = offset
        var transaction = Transaction(id: "", date: .instant(millisecondsSince1970: 0), merchant: "",
                                      amount: Money(minorUnits: 0, currency: .eur))
        var minorUnits: Int64 = 0
        var currency = Currency.eur
        let hasPayee = logVersion >= 3
        for field in TransactionField.allCases where field != .payee || hasPayee {
            switch field.kind {
            case .identifier: transaction.id = try string()
            case .date: transaction.date = try date()
            case .text: field.setTextValue(try optionalString(), in: &transaction)
            case .amount: minorUnits = try integer(Int64.self)
            case .currency:
                guard let code = Currency(packed: try integer(UInt32.self)) else {
                    throw Malformed(offset: offset - 4, reason: "an invalid currency code")
                }
                currency = code
            case .status: transaction.status = try integer(UInt8.self) == 1 ? .pending : .posted
            }
        }
        transaction.amount = Money(minorUnits: Int128(minorUnits), currency: currency)
        transaction.sources = hasPayee ? try sources() : SourcesPool.cleanedPayee
        guard !transaction.id.isEmpty, !transaction.merchant.isEmpty else {
            throw Malformed(offset: start, reason: "a transaction without an id or a merchant")
        }
        return transaction
    }
}
