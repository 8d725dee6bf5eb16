/// The payees a batch cleaned, by merchant: a batch of 100,000 rows holds a few thousand
/// merchants, and cleaning one (`PayeeCleaner.clean`) costs several times looking it up.
/// Bounded: past `limit` merchants (a long tail of distinct ones) it cleans without keeping.
///
/// Keyed by the merchant's bytes with the store's own hash (`hashString`) in a `HashSlots`
/// table, the merchants, their hashes and their payees in arrays beside it. A
/// `Dictionary<String, String>` hashed every merchant with SipHash on each lookup and again
/// on each insert (6 % of a long-tail build's instructions, callgrind); keyed by the hash
/// worked out once, it still made a `Hasher` per lookup (3 % of a long-tail build's samples,
/// perf).
struct PayeeMemo {
    private var slots: HashSlots
    private var merchants: [String] = []
    private var hashes: [Int] = []
    private var payees: [String] = []
    let limit: Int

    /// `seed`: random per memo by default, so that a file cannot be made of merchants whose
    /// hashes collide.
    init(limit: Int = 1 << 16, seed: UInt64 = .random(in: 0 ... .max)) {
        self.limit = limit
        slots = HashSlots(seed: seed)
    }

    /// The merchants remembered.
    var count: Int { merchants.count }

    /// The payee `PayeeCleaner.shared` cleans from `merchant`.
    mutating func payee(of merchant: String) -> String {
        let hash = hashString(merchant, seed: slots.seed)
        let found = hashes.withUnsafeBufferPointer { hashes in
            merchants.withUnsafeBufferPointer { merchants in
                slots.find(hash: hash) { hashes[Int($0)] == hash && merchants[Int($0)] == merchant }
            }
        }
        if let found { return payees[Int(found)] }
        let payee = PayeeCleaner.shared.clean(merchant).payee
        if merchants.count < limit {
            merchants.append(merchant)
            hashes.append(hash)
            payees.append(payee)
            let known = hashes
            slots.insert(UInt32(merchants.count - 1), hash: hash) { known[Int($0)] }
        }
        return payee
    }
}
