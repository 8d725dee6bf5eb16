/// The working state of one detection call: the ledger and scratch buffers reused by every
/// fit, so that the many small fits of a large ledger allocate little.
struct RecurringSearcher {
    /// The regrouped candidates.
    let ledger: RecurringLedger
    /// Per row of the cluster being matched: its nearest slot.
    var slotBuffer: [Int] = []
    /// Per row of the cluster being matched: its signed distance from that slot's due day.
    var offsetBuffer: [Int] = []
    /// The due days of the slots spanning the cluster being matched (month-based rules).
    var dueBuffer: [Int] = []
    /// The rows kept by the last matching, one per slot, in day order.
    var matchedRows: [Int32] = []
    /// The offsets of `matchedRows`.
    var matchedOffsets: [Int] = []
    /// The slots of `matchedRows`.
    var matchedSlots: [Int] = []
    /// The runs of the last matching: stretches of `matched…` without a gap of two missing slots.
    var runs: [SlotRun] = []
    /// A histogram of days (modulo a period, of the month, or of a months cycle).
    var histogram: [Int32] = []
    /// Whether a yearly series of two occurrences may be accepted: only in the last pass of a
    /// subset, so that two equal utility bills a year apart never take rows from the bills' series.
    var acceptsPairs = false

    /// A searcher over `ledger`.
    init(ledger: RecurringLedger) {
        self.ledger = ledger
    }
}

/// A stretch of matched rows, `start..<end` in the searcher's `matched…` buffers, and the
/// foreign rows it left near its due days.
struct SlotRun {
    /// The first matched index.
    var start: Int
    /// One past the last matched index.
    var end: Int
    /// Unexplained rows of the cluster within the foreign window of its due days.
    var foreign: Int
}

/// The occurrences of one series in a schedule's slots, in day order.
struct SeriesSegment {
    /// RecurringLedger positions.
    var members: [Int32]
    /// Signed distance of each member from its due day.
    var offsets: [Int]
    /// Slot of each member (strictly increasing).
    var slots: [Int]
    /// Unexplained rows near the due days.
    var foreign: Int

    /// The number of occurrences.
    var count: Int { members.count }
    /// Slots between the first and the last without an occurrence.
    var missed: Int { (slots.last ?? 0) - (slots.first ?? 0) + 1 - members.count }
    /// The sum of the members' distances from their due days.
    var totalOffset: Int { offsets.reduce(0) { $0 + abs($1) } }
}

/// One series found: its schedule, its occurrences and its amount model.
struct SeriesFit {
    /// When it is due.
    var schedule: CadenceSchedule
    /// Its occurrences.
    var segment: SeriesSegment
    /// How its amount behaves.
    var model: SeriesAmountModel
}
