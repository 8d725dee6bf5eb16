/// The validated ids (or import keys) of the records an import adds, for finding repeats
/// within the file, without keeping them as strings: the set holds record numbers of the
/// staged file (`StagedRecords`) and a 32-bit hash per record, and reads a record's value
/// back from the staging only when the hashes agree. 4 bytes a record plus at most two 4-byte
/// slots; a `StringSet` of 100,000 import keys took about 7 MB (a heap string each).
struct StagedKeySet {
    /// Which value of a record the set holds.
    enum Field {
        /// The id the record gives (validated ids are not trimmed: the staged one is it).
        case id
        /// The import key, trimmed as validation trims it.
        case importKey
    }

    private let records: StagedRecords
    private let field: Field
    /// Made at the first insert, with room for every record (none for a file without ids).
    private var slots = HashSlots(capacity: 0)
    /// The hash of each member's value, by record number.
    private var hashes: [UInt32] = []

    /// An empty set over `records`.
    init(records: StagedRecords, field: Field) {
        self.records = records
        self.field = field
    }

    var count: Int { slots.count }

    /// Bytes held.
    var memoryUse: Int { slots.memoryUse + hashes.capacity * 4 }

    /// Adds record `index`, whose validated value is `value`; false when a member has it.
    mutating func insert(_ value: String, record index: Int) -> Bool {
        if hashes.isEmpty {
            slots = HashSlots(capacity: records.count, seed: slots.seed)
            hashes = [UInt32](repeating: 0, count: records.count)
        }
        if contains(value) { return false }
        let hash = hashString(value, seed: slots.seed)
        _ = slots.insertIfAbsent(UInt32(index), hash: hash) { _ in false }
        hashes[index] = UInt32(truncatingIfNeeded: hash)
        return true
    }

    /// Whether a member's value is `value`.
    func contains(_ value: String) -> Bool {
        guard !hashes.isEmpty else { return false }
        let hash = hashString(value, seed: slots.seed)
        let fragment = UInt32(truncatingIfNeeded: hash)
        return slots.find(hash: hash) { member in
            hashes[Int(member)] == fragment && self.value(of: Int(member)) == value
        } != nil
    }

    /// The validated value of a member, read back from the staging.
    private func value(of index: Int) -> String? {
        switch field {
        case .id: records.id(at: index)
        case .importKey: records[index].draft.importKey?.trimmingWhitespace()
        }
    }
}
