/// A list of row ids kept small: runs of consecutive generated ids (`tx_41`, `tx_42`, ...) as
/// their first number and length, other ids packed as UTF-8 one after another. What an undo
/// keeps of the rows an add or an import made: a million generated ids cost a few bytes, and
/// a million ids of the input their bytes and 4 more each, not a million strings.
struct RowIDs: Hashable, Sendable {
    /// Runs of generated ids: the first number and how many follow it, in order added.
    private(set) var runs: [(first: UInt64, count: UInt32)] = []
    /// The UTF-8 of the ids that are not generated ones, in order added, and where each ends.
    private var otherBytes: [UInt8] = []
    private var otherEnds: [UInt32] = []

    /// How many ids are not generated ones.
    var otherCount: Int { otherEnds.count }

    /// The other id at `index`.
    private func other(_ index: Int) -> String {
        let start = index == 0 ? 0 : Int(otherEnds[index - 1])
        return String(decoding: otherBytes[start ..< Int(otherEnds[index])], as: UTF8.self)
    }

    static func == (left: RowIDs, right: RowIDs) -> Bool {
        left.otherBytes == right.otherBytes && left.otherEnds == right.otherEnds && left.runs.count == right.runs.count
            && zip(left.runs, right.runs).allSatisfy { $0.first == $1.first && $0.count == $1.count }
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(otherBytes)
        hasher.combine(otherEnds)
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

    /// Whether there is no id.
    var isEmptyList: Bool { runs.isEmpty && otherEnds.isEmpty }

    /// How many ids.
    var count: Int { otherEnds.count + runs.reduce(0) { $0 + Int($1.count) } }

    /// Memory held, in bytes (for `StoreStatistics`).
    var memoryBytes: Int { runs.capacity * 16 + otherBytes.capacity + otherEnds.capacity * 4 }

    /// Gives back the room the arrays grew into beyond what they hold (a step is complete),
    /// where it is worth a copy: at most `RowIDs.keptSpareBytes` of room stays in each array.
    /// (The step of one add holds an id or a run: copying its arrays to the byte was three
    /// allocations and frees on every change.)
    mutating func shrink() {
        if otherBytes.capacity - otherBytes.count > RowIDs.keptSpareBytes { otherBytes = otherBytes.withUnsafeBufferPointer { [UInt8]($0) } }
        if (otherEnds.capacity - otherEnds.count) * 4 > RowIDs.keptSpareBytes { otherEnds = otherEnds.withUnsafeBufferPointer { [UInt32]($0) } }
        if (runs.capacity - runs.count) * 16 > RowIDs.keptSpareBytes { runs = runs.withUnsafeBufferPointer { Array($0) } }
    }

    /// Spare room an array may keep after `shrink`: over the 100 steps an undo history keeps,
    /// at most 3 × 256 bytes each.
    static let keptSpareBytes = 256

    /// Adds one id.
    mutating func append(_ id: String) {
        guard let number = RowIDs.generatedNumber(id) else {
            otherBytes.append(contentsOf: id.utf8)
            precondition(otherBytes.count <= Int(UInt32.max), "RowIDs past 4 GiB of ids")
            otherEnds.append(UInt32(otherBytes.count))
            return
        }
        if let last = runs.last, last.count < UInt32.max, last.first &+ UInt64(last.count) == number {
            runs[runs.count - 1].count += 1
        } else {
            runs.append((number, 1))
        }
    }

    /// Calls `body` with each id: the runs', then the others'.
    func forEach(_ body: (String) -> Void) {
        for run in runs {
            for offset in 0..<UInt64(run.count) { body("tx_" + String(run.first + offset)) }
        }
        for index in otherEnds.indices { body(other(index)) }
    }

    /// The first `count` ids.
    func prefix(_ count: Int) -> [String] {
        var ids: [String] = []
        for run in runs where ids.count < count {
            for offset in 0..<UInt64(min(UInt32(count - ids.count), run.count)) { ids.append("tx_" + String(run.first + offset)) }
        }
        for index in otherEnds.indices where ids.count < count { ids.append(other(index)) }
        return ids
    }

    /// N of an id `tx_N` as the store generates them (no leading zero), else nil.
    static func generatedNumber(_ id: String) -> UInt64? {
        var utf8 = id.utf8[...]
        guard utf8.count > 3, utf8.count <= 23, utf8.starts(with: "tx_".utf8) else { return nil }
        utf8 = utf8.dropFirst(3)
        guard utf8.first != UInt8(ascii: "0") else { return nil }
        var number: UInt64 = 0
        for byte in utf8 {
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
        writer.integer(UInt32(otherEnds.count))
        for index in otherEnds.indices { writer.string(other(index)) }
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
        for _ in 0..<otherCount { ids.append(try reader.string()) }
        ids.shrink()
        return ids
    }
}
