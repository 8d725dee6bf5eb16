/// The validated ids (or import keys) of records an import adds, for finding repeats within
/// the file, without keeping them as strings: the set holds record numbers of the staged file
/// (`StagedRecords`, passed to each call, so that the set can grow while the file is still
/// being staged) and a 32-bit hash per record, and reads a record's value back from the
/// staging only when the hashes agree. 4 bytes a record plus at most two 4-byte slots; a
/// `StringSet` of 100,000 import keys took about 7 MB (a heap string each).
struct StagedKeySet: Sendable {
    /// Which value of a record the set holds.
    enum Field: Sendable {
        /// The id the record gives (validated ids are not trimmed: the staged one is it).
        case id
        /// The import key, trimmed as validation trims it.
        case importKey
    }

    let field: Field
    private var slots = HashSlots(capacity: 16)
    /// The hash of each member's value, by record number (0 for records that are not members).
    private var hashes: [UInt32] = []

    /// An empty set of one field's values.
    init(field: Field) {
        self.field = field
    }

    var count: Int { slots.count }

    /// Bytes held.
    var memoryUse: Int { slots.memoryUse + hashes.capacity * 4 }

    /// Adds record `index` of `records`, whose validated value is `value`; false when a member
    /// has it.
    mutating func insert(_ value: String, record index: Int, in records: StagedRecords) -> Bool {
        let hash = hashString(value, seed: slots.seed)
        if contains(value, hash: hash, in: records) { return false }
        if hashes.count <= index { hashes.append(contentsOf: repeatElement(0, count: index + 1 - hashes.count)) }
        let fragment = UInt32(truncatingIfNeeded: hash)
        hashes[index] = fragment
        let hashes = self.hashes
        slots.insert(UInt32(index), hash: Int(fragment)) { Int(hashes[Int($0)]) }
        return true
    }

    /// Whether a member's value is `value`.
    func contains(_ value: String, in records: StagedRecords) -> Bool {
        slots.count > 0 && contains(value, hash: hashString(value, seed: slots.seed), in: records)
    }

    /// The record number of the member whose value is `value`; nil when none has it.
    func member(_ value: String, in records: StagedRecords) -> Int? {
        guard slots.count > 0 else { return nil }
        let fragment = UInt32(truncatingIfNeeded: hashString(value, seed: slots.seed))
        return slots.find(hash: Int(fragment)) { member in
            hashes[Int(member)] == fragment && self.value(of: Int(member), in: records) == value
        }.map(Int.init)
    }

    private func contains(_ value: String, hash: Int, in records: StagedRecords) -> Bool {
        let fragment = UInt32(truncatingIfNeeded: hash)
        return slots.find(hash: Int(fragment)) { member in
            hashes[Int(member)] == fragment && self.value(of: Int(member), in: records) == value
        } != nil
    }

    /// The validated value of a member, read back from the staging.
    private func value(of index: Int, in records: StagedRecords) -> String? {
        switch field {
        case .id: records.id(at: index)
        case .importKey: records.identity(at: index).importKey?.trimmingWhitespace()
        }
    }
}
