/// How many times each fingerprint has been seen in a file so far: what numbers identical rows
/// (`ImportKeys.fingerprintKey`'s occurrence). 20 bytes a distinct fingerprint plus at most two
/// 4-byte slots (`HashSlots`); a `Dictionary` of the same took about 64 (its buckets of 24
/// bytes at most three quarters full, rounded up to a power of two).
struct FingerprintCounter {
    private var fingerprints: [ImportKeys.Fingerprint] = []
    private var counts: [UInt32] = []
    private var slots = HashSlots(capacity: 1024, seed: 0)

    /// Counts one more occurrence of `fingerprint`; returns its count, from 1.
    mutating func increment(_ fingerprint: ImportKeys.Fingerprint) -> Int {
        // The fingerprint is a hash already: its low word is the slot hash.
        let hash = Int(truncatingIfNeeded: fingerprint.low)
        if let found = find(fingerprint, hash: hash) {
            counts[Int(found)] &+= 1
            return Int(counts[Int(found)])
        }
        self.fingerprints.append(fingerprint)
        counts.append(1)
        let all = self.fingerprints
        slots.insert(UInt32(all.count - 1), hash: hash) { Int(truncatingIfNeeded: all[Int($0)].low) }
        return 1
    }

    private func find(_ fingerprint: ImportKeys.Fingerprint, hash: Int) -> UInt32? {
        slots.find(hash: hash) { fingerprints[Int($0)] == fingerprint }
    }
}
