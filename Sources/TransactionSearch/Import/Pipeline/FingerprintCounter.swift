/// How many times each fingerprint has been seen in a file so far: what numbers identical rows
/// (`ImportKeys.fingerprintKey`'s occurrence). The fingerprints themselves are read back from
/// the staging (each record's key holds its fingerprint): the counter keeps only a slot per
/// distinct fingerprint (`HashSlots`: 4 bytes and a distance byte, filled to 4/5), holding the
/// number of the first record that has it, and a count for the few fingerprints seen more
/// than once. Kept as 20-byte entries beside the slots, 100,000 distinct fingerprints took 3.7
/// MiB (the arrays grown by doubling), the largest part of a bank CSV's read beyond its staging.
struct FingerprintCounter {
    private var slots = HashSlots(capacity: 1024, seed: 0)
    /// The count of each fingerprint seen twice or more, by the number of its first record.
    private var repeats: [UInt32: Int] = [:]

    /// Counts one more occurrence of `fingerprint`, whose record will be staged as record
    /// `next` of `records` (the records staged so far); returns its count, from 1.
    /// - Precondition: every record counted before is staged in `records`, with its key.
    mutating func increment(_ fingerprint: ImportKeys.Fingerprint, next: Int, in records: StagedRecords) -> Int {
        // The fingerprint is a hash already: its low word is the slot hash.
        let hash = Int(truncatingIfNeeded: fingerprint.low)
        if let first = slots.find(hash: hash, where: { records.fingerprint(at: Int($0)) == fingerprint }) {
            let count = (repeats[first] ?? 1) + 1
            repeats[first] = count
            return count
        }
        slots.insert(UInt32(next), hash: hash) { Int(truncatingIfNeeded: records.fingerprint(at: Int($0))?.low ?? 0) }
        return 1
    }
}
