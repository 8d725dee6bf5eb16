/// The payees a batch cleaned, by merchant: a batch of 100,000 rows holds a few thousand
/// merchants, and cleaning one (`PayeeCleaner.clean`) costs several times looking it up.
/// Bounded: past `limit` merchants (a long tail of distinct ones) it cleans without keeping.
struct PayeeMemo {
    private var payees: [String: String] = [:]
    let limit: Int

    init(limit: Int = 1 << 16) {
        self.limit = limit
    }

    /// The payee `PayeeCleaner.shared` cleans from `merchant`.
    mutating func payee(of merchant: String) -> String {
        if let known = payees[merchant] { return known }
        let payee = PayeeCleaner.shared.clean(merchant).payee
        if payees.count < limit { payees[merchant] = payee }
        return payee
    }
}
