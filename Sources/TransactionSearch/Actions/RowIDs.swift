/// A list of row ids kept small: runs of consecutive generated ids (`tx_41`, `tx_42`, ...) as
/// their first number and length, other ids packed (`KeyPacking`: hex digits two to a byte)
/// and front-coded one after another (each as the length it shares with the id before it,
/// then the rest). What an undo keeps of the rows an add or an import made: a million
/// generated ids cost a few bytes, and a million ids of the input what is new in each. Ids of
/// a file mostly share their start with the one before (`20250312-0001234`, `t2bi3`): the
/// bench's 100,000 ids took 8.5 B/row as bytes and ends of 4 bytes, 2.0 front-coded. Hashes
/// share nothing: the Sparkov set's 32 hex digits took 34 B/row, 18 packed. Read only in
/// order (`forEach`, `prefix`, `encode`).
struct RowIDs: Hashable, Sendable {
    /// Runs of generated ids: the first number and how many follow it, in order added.
    private(set) var runs: [(first: UInt64, count: UInt32)] = []
    /// The ids that are not generated ones, packed, in order added: for each, the number of
    /// bytes it shares with the one before and the number after (`appendLengths`), then those
    /// bytes.
    private var otherCodes: [UInt8] = []
    /// The packed last other id (what the next shares its start with).
    private var lastOther: [UInt8] = []

    /// How many ids are not generated ones.
    private(set) var otherCount = 0

    static func == (left: RowIDs, right: RowIDs) -> Bool {
        left.otherCodes == right.otherCodes && left.runs.count == right.runs.count
            && zip(left.runs, right.runs).allSatisfy { $0.first == $1.first && $0.count == $1.count }
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(otherCodes)
        for run in runs {
            hasher.combine(run.first)
            hasher.combine(run.count)
        }
    }

    init() {}

    /// The ids of a list, in order.
    init(_ ids: some Sequence<String>) {
        for id in ids { append(id) }
    }

    /// The ids of `rows` in an id index, in order, each taken packed from the index rather
    /// than packed again (what the undo step of a bulk add keeps).
    init(rows: [UInt32], of index: KeyIndex<UInt8>) {
        for row in rows { index.withPackedKey(row) { append(packed: $0) } }
    }

    /// Whether there is no id.
    var isEmptyList: Bool { runs.isEmpty && otherCount == 0 }

    /// How many ids.
    var count: Int { otherCount + runs.reduce(0) { $0 + Int($1.count) } }

    /// Memory held, in bytes (for `StoreStatistics`).
    var memoryBytes: Int { runs.capacity * 16 + otherCodes.capacity + lastOther.capacity }

    /// Gives back the room the arrays grew into beyond what they hold (a step is complete),
    /// where it is worth a copy: at most `RowIDs.keptSpareBytes` of room stays in each array.
    /// (The step of one add holds an id or a run: copying its arrays to the byte was three
    /// allocations and frees on every change.)
    mutating func shrink() {
        if otherCodes.capacity - otherCodes.count > RowIDs.keptSpareBytes { otherCodes = otherCodes.withUnsafeBufferPointer { [UInt8]($0) } }
        if lastOther.capacity - lastOther.count > RowIDs.keptSpareBytes { lastOther = lastOther.withUnsafeBufferPointer { [UInt8]($0) } }
        if (runs.capacity - runs.count) * 16 > RowIDs.keptSpareBytes { runs = runs.withUnsafeBufferPointer { Array($0) } }
    }

    /// Spare room an array may keep after `shrink`: over the 100 steps an undo history keeps,
    /// at most 3 × 256 bytes each.
    static let keptSpareBytes = 256

    /// Adds one id.
    mutating func append(_ id: String) {
        var id = id
        id.withUTF8 { append(utf8: $0) }
    }

    /// Adds one id given as its UTF-8 bytes (a snapshot's, read in place: no `String` made).
    private mutating func append(utf8 id: UnsafeBufferPointer<UInt8>) {
        guard let number = RowIDs.generatedNumber(utf8: id) else {
            appendOther(id)
            return
        }
        appendGenerated(number)
    }

    /// Adds one id given packed (`KeyPacking`).
    private mutating func append(packed: UnsafeRawBufferPointer) {
        let bytes = packed.assumingMemoryBound(to: UInt8.self)
        guard KeyPacking.hasMarks(packed) else {
            // Packing left the UTF-8 as it is.
            guard let number = RowIDs.generatedNumber(utf8: bytes) else { return appendPackedOther(bytes) }
            return appendGenerated(number)
        }
        guard bytes.starts(with: "tx_".utf8) else { return appendPackedOther(bytes) }
        // Perhaps a generated id of eight digits or more, which packing shortened.
        KeyPacking.withUnpacked(packed) { append(utf8: $0.assumingMemoryBound(to: UInt8.self)) }
    }

    private mutating func appendGenerated(_ number: UInt64) {
        if let last = runs.last, last.count < UInt32.max, last.first &+ UInt64(last.count) == number {
            runs[runs.count - 1].count += 1
        } else {
            runs.append((number, 1))
        }
    }

    /// Adds an id that is not a generated one, packed: the length it shares with the last,
    /// the length of the rest, the rest.
    private mutating func appendOther(_ utf8: UnsafeBufferPointer<UInt8>) {
        KeyPacking.withPacked(utf8) { appendPackedOther($0) }
    }

    private mutating func appendPackedOther(_ id: UnsafeBufferPointer<UInt8>) {
        var shared = 0
        let limit = min(id.count, lastOther.count)
        while shared < limit && lastOther[shared] == id[shared] { shared += 1 }
        let rest = UnsafeBufferPointer(rebasing: id[shared...])
        lastOther.removeLast(lastOther.count - shared)
        lastOther.append(contentsOf: rest)
        RowIDs.appendLengths(shared: shared, rest: rest.count, to: &otherCodes)
        otherCodes.append(contentsOf: rest)
        otherCount += 1
    }

    /// Writes an id's two lengths in one byte where they are small, as they are for ids that
    /// share most of their start (`0sssrrrr`: shared below 8, rest below 16); else the rest
    /// in a byte and the shared length after it (`1rrrrrrr`, rest below 127: a hash shares
    /// little and keeps 16 bytes or more); else `0xFF` and both. The bench's long-tail ids
    /// took 3.0 B/row with both lengths in LEB128, 2.0 so.
    private static func appendLengths(shared: Int, rest: Int, to bytes: inout [UInt8]) {
        if shared < 8 && rest < 16 {
            bytes.append(UInt8(shared << 4 | rest))
        } else if rest < 127 {
            bytes.append(0x80 | UInt8(rest))
            appendNumber(shared, to: &bytes)
        } else {
            bytes.append(0xFF)
            appendNumber(shared, to: &bytes)
            appendNumber(rest, to: &bytes)
        }
    }

    /// Reads what `appendLengths` wrote at `offset` and moves past it.
    private static func lengths(in bytes: [UInt8], at offset: inout Int) -> (shared: Int, rest: Int) {
        let first = bytes[offset]
        offset += 1
        if first < 0x80 { return (Int(first >> 4), Int(first & 0x0F)) }
        let shared = number(in: bytes, at: &offset)
        return (shared, first == 0xFF ? number(in: bytes, at: &offset) : Int(first & 0x7F))
    }

    /// Writes `number` in LEB128: seven bits a byte, low first, the high bit set on all but the last.
    private static func appendNumber(_ number: Int, to bytes: inout [UInt8]) {
        var rest = UInt(number)
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// Reads a LEB128 number at `offset` and moves past it.
    private static func number(in bytes: [UInt8], at offset: inout Int) -> Int {
        var value = 0, shift = 0
        while true {
            let byte = bytes[offset]
            offset += 1
            value |= Int(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }

    /// Calls `body` with each other id in order until it returns false.
    private func forEachOther(_ body: (String) -> Bool) {
        forEachOtherUTF8 { body(String(decoding: $0, as: UTF8.self)) }
    }

    /// Calls `body` with the UTF-8 of each other id in order until it returns false.
    private func forEachOtherUTF8(_ body: (UnsafeBufferPointer<UInt8>) -> Bool) {
        var current: [UInt8] = []
        var offset = 0
        while offset < otherCodes.count {
            let (shared, rest) = RowIDs.lengths(in: otherCodes, at: &offset)
            current.removeLast(current.count - shared)
            current.append(contentsOf: otherCodes[offset ..< offset + rest])
            offset += rest
            let goesOn = current.withUnsafeBytes { packed in
                KeyPacking.withUnpacked(packed) { body($0.assumingMemoryBound(to: UInt8.self)) }
            }
            guard goesOn else { return }
        }
    }

    /// Calls `body` with each id: the runs', then the others'.
    func forEach(_ body: (String) -> Void) {
        for run in runs {
            for offset in 0..<UInt64(run.count) { body("tx_" + String(run.first + offset)) }
        }
        forEachOther { id in
            body(id)
            return true
        }
    }

    /// The first `count` ids.
    func prefix(_ count: Int) -> [String] {
        var ids: [String] = []
        for run in runs where ids.count < count {
            for offset in 0..<UInt64(min(UInt32(count - ids.count), run.count)) { ids.append("tx_" + String(run.first + offset)) }
        }
        guard ids.count < count else { return ids }
        forEachOther { id in
            ids.append(id)
            return ids.count < count
        }
        return ids
    }

    /// N of an id `tx_N` as the store generates them (no leading zero), else nil.
    static func generatedNumber(_ id: String) -> UInt64? {
        var id = id
        return id.withUTF8 { generatedNumber(utf8: $0) }
    }

    /// `generatedNumber(_:)` of an id's UTF-8 bytes.
    private static func generatedNumber(utf8 id: UnsafeBufferPointer<UInt8>) -> UInt64? {
        guard id.count > 3, id.count <= 23, id[0] == UInt8(ascii: "t"), id[1] == UInt8(ascii: "x"),
              id[2] == UInt8(ascii: "_"), id[3] != UInt8(ascii: "0") else { return nil }
        var number: UInt64 = 0
        for byte in id[3...] {
            guard (0x30...0x39).contains(byte) else { return nil }
            let (times, overflow) = number.multipliedReportingOverflow(by: 10)
            let (sum, overflowAdding) = times.addingReportingOverflow(UInt64(byte - 0x30))
            guard !overflow, !overflowAdding else { return nil }
            number = sum
        }
        return number
    }

    /// Writes the runs and the other ids.
    func encode(into writer: inout BinaryWriter) {
        writer.integer(UInt32(runs.count))
        for run in runs {
            writer.integer(run.first)
            writer.integer(run.count)
        }
        writer.integer(UInt32(otherCount))
        forEachOtherUTF8 { id in
            writer.string(utf8: id)
            return true
        }
    }

    /// Reads what `encode` wrote.
    static func decode(_ reader: inout BinaryReader) throws(BinaryReader.Malformed) -> RowIDs {
        var ids = RowIDs()
        let runCount = Int(try reader.integer(UInt32.self))
        guard runCount <= (reader.end - reader.offset) / 12 else { throw .init(offset: reader.offset - 4, reason: "an impossible run count") }
        for _ in 0..<runCount {
            let first = try reader.integer(UInt64.self)
            let count = try reader.integer(UInt32.self)
            guard count > 0, first > 0, !first.addingReportingOverflow(UInt64(count)).overflow else {
                throw .init(offset: reader.offset - 12, reason: "a bad run of ids")
            }
            ids.runs.append((first, count))
        }
        let otherCount = Int(try reader.integer(UInt32.self))
        guard otherCount <= (reader.end - reader.offset) / 4 else { throw .init(offset: reader.offset - 4, reason: "an impossible id count") }
        for _ in 0..<otherCount {
            // Read in place; bytes that are not UTF-8 are repaired as `BinaryReader.string()` does.
            try reader.stringBytes { id in
                if UTF8Validation.isValid(id) { ids.append(utf8: id) } else { ids.append(String(decoding: id, as: UTF8.self)) }
            }
        }
        ids.shrink()
        return ids
    }
}
