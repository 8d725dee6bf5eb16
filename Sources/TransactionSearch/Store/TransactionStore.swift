import Foundation

/// A searchable history of transactions: the one public entry point and single source of truth.
///
/// Inside, a columnar store with dictionary-encoded strings, a trigram index over the distinct
/// texts, two row orders (date and amount), buckets by day, month, card, category, merchant and
/// account, and a result cache, all kept current incrementally by every add, update and delete.
///
/// Many threads may read (search, get, iterate) while one writes; writers take turns. Every
/// mutation either happens whole or throws and leaves the store exactly as it was.
public final class TransactionStore: Sendable {
    /// The time zone and base currency the store was created with.
    public let configuration: StoreConfiguration
    let lock = ReadWriteLock()
    /// Guarded by `lock`: read under the read lock, changed under the write lock only.
    let contents: StoreContents
    let events = EventHub()
    let cache = ResultCache()
    let liveQueries = LiveQueries()
    /// The saved searches it keeps (`TransactionStore+SavedSearches`).
    let savedSearchBook = SavedSearchBook()
    /// Where today comes from (see `clock`), and what wakes live queries at midnight.
    let clockSource = Locked(StoreClock.system)
    let dayWatcher = DayWatcher()

    /// An empty store with a time zone and base currency (UTC and EUR by default).
    public init(configuration: StoreConfiguration = StoreConfiguration()) {
        self.configuration = configuration
        contents = StoreContents(clock: ZoneClock(timeZone: configuration.timeZone), baseCurrency: configuration.baseCurrency)
    }

    /// A store in a time zone (default UTC) with a base currency (default EUR).
    public convenience init(timeZone: TimeZone = .utc, baseCurrency: Currency = .eur) {
        self.init(configuration: StoreConfiguration(timeZone: timeZone, baseCurrency: baseCurrency))
    }

    /// The zone that decides the local day and month of an instant; fixed at creation.
    public var timeZone: TimeZone { configuration.timeZone }
    /// The currency of rows added without one, and of converted totals; fixed at creation.
    public var baseCurrency: Currency { configuration.baseCurrency }

    /// The number of transactions.
    public var count: Int { lock.withReadLock { contents.count } }

    /// The sequence number of the last mutation (0 for a new store).
    public var sequence: UInt64 { lock.withReadLock { contents.sequence } }

    /// The transaction with this id, or nil.
    public func transaction(id: String) -> Transaction? {
        lock.withReadLock {
            contents.table.ids.row(of: id).map(contents.transaction(at:))
        }
    }

    /// Every transaction, in a sort order (newest first by default).
    /// - Complexity: O(n).
    public func transactions(in order: ResultOrder = .dateDescending) -> [Transaction] {
        lock.withReadLock {
            var all: [Transaction] = []
            all.reserveCapacity(contents.count)
            var strings = RowStrings(contents.fieldTexts)
            contents.walkRows(in: order) { row in
                all.append(contents.transaction(at: row, strings: &strings))
                return true
            }
            return all
        }
    }

    /// Adds a transaction and returns it as stored: trimmed, with its currency, its id (a
    /// generated `tx_N` when the draft has none) and what the store's rules set.
    /// - Throws: `ValidationError` naming the field; the store is then unchanged.
    @discardableResult
    public func add(_ draft: TransactionDraft) throws(ValidationError) -> Transaction {
        try add(draft, runningRules: true)
    }

    /// Adds a transaction; `runningRules: false` stores it as given (a log replayed).
    func add(_ draft: TransactionDraft, runningRules: Bool) throws(ValidationError) -> Transaction {
        let added = try lock.withWriteLock { () throws(ValidationError) -> Transaction in
            var transaction = try contents.validator.validate(draft)
            if transaction.id.isEmpty { transaction.id = contents.table.generateID() }
            if let duplicate = contents.table.duplicateKey(of: transaction) { throw duplicate }
            let row = contents.insert(transaction)
            if runningRules && !contents.state.rules.isEmpty {
                var skipped: [BulkChange.Skipped] = []
                if !runRules(over: [row], skipped: &skipped).isEmpty { transaction = contents.transaction(at: row) }
            }
            noteChange(of: row)
            record(count: 1) { [.added(transaction)] }
            var step = UndoStep(kind: .add, sequence: contents.sequence)
            step.added.append(transaction.id)
            contents.state.history.push(step)
            return transaction
        }
        afterMutation()
        return added
    }

    /// Adds many transactions at once, each with what the store's rules set. By default all or
    /// nothing: one bad row and nothing is added, and the error lists every bad row. With
    /// `skippingInvalid`, the good rows are added and the bad ones reported in the result.
    /// - Throws: `BatchError` (only when not skipping).
    @discardableResult
    public func add(contentsOf drafts: [TransactionDraft], skippingInvalid: Bool = false) throws(BatchError) -> BatchResult {
        try add(contentsOf: drafts, skippingInvalid: skippingInvalid, runningRules: true)
    }

    /// Adds many transactions; `runningRules: false` stores them as given (a log replayed).
    func add(contentsOf drafts: [TransactionDraft], skippingInvalid: Bool, runningRules: Bool) throws(BatchError) -> BatchResult {
        let result = try lock.withWriteLock { () throws(BatchError) -> BatchResult in
            let validated = contents.validate(batch: drafts)
            let failures = validated.failures
            if !failures.isEmpty && !skippingInvalid { throw BatchError(failures: failures) }
            var accepted = validated.accepted
            for index in accepted.indices where accepted[index].id.isEmpty {
                accepted[index].id = contents.table.generateID(avoiding: validated.ids)
            }
            let rows = contents.insert(batch: accepted)
            var changedByRules = false
            if runningRules && !contents.state.rules.isEmpty {
                var skipped: [BulkChange.Skipped] = []
                changedByRules = !runRules(over: rows, skipped: &skipped).isEmpty
            }
            for row in rows {
                guard needsChangeFacts else { break }
                noteChange(of: row)
            }
            record(count: accepted.count) {
                changedByRules ? rows.map { .added(contents.transaction(at: $0)) } : accepted.map { .added($0) }
            }
            var step = UndoStep(kind: .add, sequence: contents.sequence)
            let ids = accepted.ids
            step.added = RowIDs(rows: rows, of: contents.table.ids)
            contents.state.history.push(step)
            return BatchResult(addedIDs: ids, skipped: failures)
        }
        afterMutation()
        return result
    }

    /// Applies a partial change and returns the transaction as it now is. Every field the
    /// patch sets counts as set by hand: no rule changes it afterwards.
    /// - Throws: `ValidationError`: an unknown id, or a field the patch makes invalid; the store
    ///   is then unchanged.
    @discardableResult
    public func update(id: String, _ patch: TransactionPatch) throws(ValidationError) -> Transaction {
        let updated = try lock.withWriteLock { () throws(ValidationError) -> Transaction in
            guard let row = contents.table.ids.row(of: id) else { throw ValidationError(.id, .unknownID(id)) }
            let old = contents.transaction(at: row)
            let new = try contents.validator.validate(patch, on: old)
            if let duplicate = contents.table.duplicateKey(of: new, replacing: row, was: old) { throw duplicate }
            noteChange(of: row)
            contents.replace(row: row, with: new, was: old)
            noteChange(of: row)
            record(count: 1) { [.updated(old: old, new: new)] }
            var step = UndoStep(kind: .update, sequence: contents.sequence)
            step.changed = [UndoStep.Change(id: new.id, before: old)]
            contents.state.history.push(step)
            return new
        }
        afterMutation()
        return updated
    }

    /// Deletes a transaction and returns what it removed.
    /// - Throws: `ValidationError` for an unknown id (never a silent no-op).
    @discardableResult
    public func delete(id: String) throws(ValidationError) -> Transaction {
        let deleted = try lock.withWriteLock { () throws(ValidationError) -> Transaction in
            guard let row = contents.table.ids.row(of: id) else { throw ValidationError(.id, .unknownID(id)) }
            let old = contents.transaction(at: row)
            noteChange(of: row)
            contents.remove(row: row)
            record(count: 1) { [.deleted(old)] }
            var step = UndoStep(kind: .delete, sequence: contents.sequence)
            step.deleted = [old]
            contents.state.history.push(step)
            return old
        }
        afterMutation()
        return deleted
    }

    /// Fills a new store with the rows of its own snapshot: already validated and normalized,
    /// so they skip validation. Returns why it failed (the store must then be discarded), or nil.
    func restore(_ rows: SnapshotRows) -> String? {
        guard rows.version > SnapshotFile.versionWithoutPayees else { return restoreCleaningPayees(rows) }
        return lock.withWriteLock {
            if let failure = contents.restore(rows) { return failure }
            contents.sequence += UInt64(rows.count)
            return nil
        }
    }

    /// A snapshot of a store written before 0.4 (no payees, no sources): restored into a store
    /// of its own, and its rows built again here in bulk with each payee cleaned from its
    /// merchant. Once, when such a store is opened.
    private func restoreCleaningPayees(_ rows: SnapshotRows) -> String? {
        let old = TransactionStore(configuration: configuration)
        if let failure = old.lock.withWriteLock({ old.contents.restore(rows) }) { return failure }
        let drafts = old.transactions(in: .dateAscending).map { transaction -> TransactionDraft in
            var draft = transaction.draft
            draft.payee = nil
            draft.sources = nil
            return draft
        }
        return lock.withWriteLock {
            let (accepted, failures, _) = contents.validate(batch: drafts)
            if let failure = failures.first { return "a row of the snapshot is not valid: \(failure)" }
            contents.insert(batch: accepted)
            contents.sequence += UInt64(rows.count)
            return nil
        }
    }

    /// The problems `add(contentsOf:)` would report for these drafts, without adding anything.
    func validationFailures(of drafts: [TransactionDraft]) -> [BatchFailure] {
        lock.withReadLock { contents.validate(batch: drafts).failures }
    }

    /// Calls `handler` with every later event (each row added, updated or deleted), in
    /// sequence order, until the observation is cancelled or released: what a sync or an
    /// audit log follows. Handlers run after the mutation, outside the store's lock. To follow
    /// one query's results instead, `observe(_:buffering:)`; to be told only that they may
    /// have changed, `observe(_:onChange:)`.
    public func observe(_ handler: @escaping @Sendable (StoreEvent) -> Void) -> StoreObservation {
        events.subscribe(handler)
    }

    /// Recomputes every distinct string's folded text and trigram postings and compares them
    /// with what the store holds, which a store directory loads from its snapshot rather than
    /// compute. Returns the first difference (a snapshot written by a build that folds text
    /// differently), or nil. `fsearch check` reports it; `compact()` rewrites the snapshot.
    /// - Complexity: O(distinct strings).
    package func textIndexProblem() -> String? {
        lock.withReadLock { contents.text.textIndexProblem() }
    }

    /// Verifies every index, order, pool and bucket against the rows; traps on a mismatch.
    /// - Complexity: O(n); for tests and debug checks. A checker that must report rather than
    ///   crash calls `verify()`.
    package func checkInvariants() {
        lock.withReadLock { contents.checkInvariants() }
    }

    /// Verifies every index, order, pool and bucket against the rows, and the text index of
    /// every string against this build's folding; returns what disagrees (empty when all is
    /// well), at most 100 problems listed and a last one counting the rest.
    /// - Complexity: O(n).
    package func verify() -> [IntegrityProblem] {
        let collector = IntegrityCollector()
        lock.withReadLock {
            IntegrityCollector.$current.withValue(collector) { contents.checkInvariants() }
        }
        var problems = collector.problems
        if collector.unlisted > 0 { problems.append(IntegrityProblem(description: "and \(collector.unlisted) more problems")) }
        return problems
    }

    /// Whether a mutation must work out what it touched (someone caches or observes results).
    var needsChangeFacts: Bool { !cache.isEmpty || !liveQueries.isEmpty }

    /// Drops the cached results and marks the live queries that one version of a row can
    /// affect. A mutation calls it for the old version before the change (whose strings the
    /// change may release) and for the new version after it. Called under the write lock, so
    /// no reader can cache a result in between.
    func noteChange(of row: UInt32) {
        guard needsChangeFacts else { return }
        let facts = RowFacts(contents: contents, record: contents.record(row))
        cache.invalidate(matching: facts)
        liveQueries.markAffected(by: facts)
    }

    /// After the write lock is released: events to subscribers, then new results to live queries.
    func afterMutation() {
        events.deliver()
        if !liveQueries.isEmpty {
            liveQueries.refresh { query in self.searchWithSequence(query) }
        }
    }

    /// Numbers the changes and queues their events. Called under the write lock.
    /// The changes are only built when someone subscribes.
    func record(count: Int, _ changes: () -> [StoreEvent.Change]) {
        let first = contents.sequence + 1
        contents.sequence += UInt64(count)
        if events.hasSubscribers {
            events.enqueue(changes().enumerated().map { StoreEvent(sequence: first + UInt64($0.offset), change: $0.element) })
        }
    }
}

extension TransactionStore {
    /// The calendar day of a date in the store's time zone (a calendar date is its own day).
    public func localDay(of date: TransactionDate) -> CalendarDay {
        switch date {
        case .day(let day): day
        case .instant(let milliseconds) where date.isInRange: CalendarDay(daysSince1970: contents.clock.day(ofInstant: milliseconds))
        case .instant: date.calendarDay(in: timeZone)  // beyond the years a store takes: asked of the zone
        }
    }
}
