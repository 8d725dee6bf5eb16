/// A cheap first test of a `QueryPredicate`: whether a row version may match it. False only
/// when the predicate is certainly false for the row; true means "run the full predicate".
///
/// Plain values only (no arrays, no references), so the result cache keeps one per entry in a
/// flat array and a mutation reads them in order without retaining or chasing anything. It
/// holds the predicate's days, statuses and amount signs, and up to `termCapacity` of its text
/// and magnitude terms, each tested by byte signatures (`ByteSignature`) instead of searching.
///
/// Why it is conservative, term by term:
/// - an exact term can occur in a field only if its bytes' signature is a subset of the
///   field's;
/// - a term held approximately (within `k` edits, over Unicode scalars) can hold only if the
///   field lacks at most `k * w` of its signature's bits, `w` the widest scalar of the word in
///   bytes: a missing bit means every scalar with a byte in that class is absent from the
///   field, each absent scalar costs at least one edit, and it owns at most `w` bits;
/// - the other conditions are a conjunction: dropping one (a term beyond the capacity, an
///   exclusion, a card or amount-range filter) only admits more.
/// A word whose widening decides the result on its own (`QueryPredicate`'s scope words) admits
/// the row when it may hold; when such words do not all fit, or the predicate counts
/// disjunctive facets, the screen admits every row. Groups (`OR`) are not screened: dropping
/// them, as a conjunction's term, only admits more; their scope words decide, not required.
struct PredicateScreen: Sendable {
    /// One text or magnitude term: it may hold when the row's magnitude is in
    /// `magnitudeLow..<magnitudeHigh`, or some field of `fields` lacks at most
    /// `allowedMissing` bits of `required`.
    struct Term: Sendable {
        var required = ByteSignature()
        /// Bits of `required` a field may lack: 0 for an exact term.
        var allowedMissing = 0
        /// One bit per `TextField` (`bit(_:)`); none for a magnitude-only term.
        var fields: UInt32 = 0
        var magnitudeLow: UInt64 = 0
        var magnitudeHigh: UInt64 = 0
        /// A scope word: the row may count when it may hold, whatever the rest says.
        var decides = false
        /// Whether the query requires it (a word of a group does not: another clause may hold).
        /// A term that is neither required nor deciding has no place in the screen.
        var isRequired = true

        /// The bit of a text field in `fields` (its raw value: room for 32 fields).
        static func bit(_ field: TextField) -> UInt32 {
            precondition(field.rawValue < UInt32.bitWidth, "PredicateScreen.Term.fields has no bit for \(field)")
            return 1 << UInt32(field.rawValue)
        }

        /// Whether the term may hold for the row (never false when it holds).
        @inline(__always)
        func mayHold(_ row: RowFacts) -> Bool {
            if magnitudeLow <= row.magnitude && row.magnitude < magnitudeHigh { return true }
            var remaining = fields
            while remaining != 0 {
                let signature = row.signature(atField: remaining.trailingZeroBitCount)
                if allowedMissing == 0 ? required.isSubset(of: signature) : required.missing(from: signature) <= allowedMissing {
                    return true
                }
                remaining &= remaining &- 1
            }
            return false
        }
    }

    /// Terms kept at most; further conjunctive terms are dropped (the screen admits more).
    /// Three cover every query of the bench mix and nearly every typed query.
    static let termCapacity = 3

    private var terms = (Term(), Term(), Term())
    private var termCount = 0
    private var decidingCount = 0
    private var firstDay = Int32.min
    private var lastDay = Int32.max
    /// Bit 0: posted rows may match; bit 1: pending rows.
    private var statuses: UInt8 = 0b11
    /// Bit 0: negative amounts may match; bit 1: zero; bit 2: positive.
    private var signs: UInt8 = 0b111
    /// Set when the screen cannot decide anything (it then admits every row).
    private(set) var admitsEverything = false

    /// A screen that admits every row until conditions are added.
    init() {}

    /// Whether the row may match the predicate (never false when it matches).
    func admits(_ row: RowFacts) -> Bool {
        if admitsEverything { return true }
        let sign: UInt8 = row.amount < 0 ? 0b001 : (row.amount == 0 ? 0b010 : 0b100)
        let status: UInt8 = row.isPending ? 0b10 : 0b01
        var conjunction = row.day >= firstDay && row.day <= lastDay && statuses & status != 0 && signs & sign != 0
        if !conjunction && decidingCount == 0 { return false }
        // The terms read in place, one by one (indexing the tuple through a function copied
        // all three each time, measured).
        if termCount > 0, PredicateScreen.admitsOutright(terms.0, row, &conjunction) { return true }
        if termCount > 1, PredicateScreen.admitsOutright(terms.1, row, &conjunction) { return true }
        if termCount > 2, PredicateScreen.admitsOutright(terms.2, row, &conjunction) { return true }
        return conjunction
    }

    /// Tests one term: true when it decides and may hold (the row is admitted whatever the
    /// rest says); clears `conjunction` when it cannot hold.
    @inline(__always)
    private static func admitsOutright(_ term: borrowing Term, _ row: RowFacts, _ conjunction: inout Bool) -> Bool {
        if term.decides {
            if term.mayHold(row) { return true }
            if term.isRequired { conjunction = false }
        } else if conjunction {
            if !term.mayHold(row) { conjunction = false }
        }
        return false
    }

    private func term(_ index: Int) -> Term {
        switch index {
        case 0: terms.0
        case 1: terms.1
        default: terms.2
        }
    }

    private mutating func setTerm(_ index: Int, _ term: Term) {
        switch index {
        case 0: terms.0 = term
        case 1: terms.1 = term
        default: terms.2 = term
        }
    }

    // MARK: Building

    /// Adds a conjunctive term (`decides`: also a scope word, see the type's notes). A
    /// conjunctive term that does not fit is dropped; a deciding one takes a conjunctive
    /// one's place, or makes the screen admit everything.
    mutating func add(_ term: Term) {
        if termCount < PredicateScreen.termCapacity {
            setTerm(termCount, term)
            termCount += 1
            if term.decides { decidingCount += 1 }
            return
        }
        guard term.decides else { return }
        if let index = (0..<termCount).first(where: { !self.term($0).decides }) {
            setTerm(index, term)
            decidingCount += 1
        } else {
            admitsEverything = true
        }
    }

    /// Keeps only rows on local days `first...last`.
    mutating func restrictDays(_ first: Int32, _ last: Int32) {
        firstDay = max(firstDay, first)
        lastDay = min(lastDay, last)
    }

    /// Keeps only pending rows (`true`) or posted ones.
    mutating func restrictPending(_ pending: Bool) {
        statuses &= pending ? 0b10 : 0b01
    }

    /// Keeps only rows of this kind.
    mutating func restrictKind(_ kind: TransactionKind) {
        signs &= kind == .expense ? 0b001 : 0b100
    }

    /// Makes the screen admit every row.
    mutating func admitEverything() {
        admitsEverything = true
    }
}
