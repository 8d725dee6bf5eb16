/// The payees a batch cleaned, by merchant: a batch of 100,000 rows holds a few thousand
/// merchants, and cleaning one (`PayeeCleaner.clean`) costs several times looking it up.
/// Bounded: past `limit` merchants (a long tail of distinct ones) it cleans without keeping.
///
/// Keyed by the merchant with its bytes' hash (`hashString`) worked out once: a
/// `Dictionary<String, String>` hashed every merchant with SipHash on each lookup and again on
/// each insert, 6 % of a long-tail build's instructions (callgrind).
struct PayeeMemo {
    /// A merchant and the hash of its bytes.
    private struct Key: Hashable {
        let merchant: String
        let hash: Int

        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
        static func == (left: Key, right: Key) -> Bool { left.hash == right.hash && left.merchant == right.merchant }
    }

    private var payees: [Key: String] = [:]
    let limit: Int
    /// Random per memo, so that a file cannot be made of merchants whose hashes collide.
    private let seed = UInt64.random(in: 0 ... .max)

    init(limit: Int = 1 << 16) {
        self.limit = limit
    }

    /// The payee `PayeeCleaner.shared` cleans from `merchant`.
    mutating func payee(of merchant: String) -> String {
        let key = Key(merchant: merchant, hash: hashString(merchant, seed: seed))
        if let known = payees[key] { return known }
        let payee = PayeeCleaner.shared.clean(merchant).payee
        if payees.count < limit { payees[key] = payee }
        return payee
    }
}
