import Dispatch
/// The changes of a durable store: each applied in memory, logged, and undone if logging
/// fails; and compaction, by hand or when the log passes its threshold.
extension DurableStore {
    /// Adds a transaction durably; see `TransactionStore.add(_:)`.
    @discardableResult
    public func add(_ draft: TransactionDraft) throws(DurableStoreError) -> Transaction {
        try serialized { state throws(DurableStoreError) in
            let added: Transaction
            do throws(ValidationError) { added = try store.add(draft) } catch { throw .invalid(error) }
            try log(.add([added]), state: &state) { self.store.rollBackLastStep() }
            return added
        }
    }

    /// Adds many transactions durably, all or nothing; one log record and one fsync.
    @discardableResult
    public func add(contentsOf drafts: [TransactionDraft], skippingInvalid: Bool = false) throws(DurableStoreError) -> BatchResult {
        try serialized { state throws(DurableStoreError) in
            let result: BatchResult
            do throws(BatchError) { result = try store.add(contentsOf: drafts, skippingInvalid: skippingInvalid) } catch { throw .invalidBatch(error) }
            try logAdded(result.addedIDs, state: &state)
            return result
        }
    }

    /// Imports a file read (by TransactionSearchFiles' `ImportReading`) durably: one log record,
    /// one fsync. Re-importing adds nothing twice, across processes too: the import keys are
    /// kept in the log and the snapshot.
    package func applyImport(_ read: consuming ReadImport, options: ImportOptions) throws(DurableStoreError) -> ImportReport {
        var unapplied: ReadImport? = read
        return try serialized { state throws(DurableStoreError) in
            // Handed over, not copied: the store frees the staged records as it takes them.
            let read = unapplied!
            unapplied = nil
            let result: (report: ImportReport, applied: TransactionStore.AppliedImport)
            do throws(ImportError) {
                result = try store.applyImport(read, options: options, keepingAdded: true)
            } catch {
                throw .invalidImport(error)
            }
            let applied = result.applied
            guard !applied.addedRows.isEmpty || !applied.replaced.isEmpty else { return result.report }
            // The record of `.importBatch(replaced:added:)`, the added rows encoded from the store
            // one at a time (no array of them: 6x an OFX file's size beyond the store before).
            let replaced = applied.replaced.map { LogEntry.Replacement(id: $0.old.id, transaction: $0.new) }
            let record = EventLog.record { writer in
                LogEntry.encodeImportBatch(replaced: replaced, addedCount: applied.addedRows.count, into: &writer) { writer in
                    DurableStore.write(rows: applied.addedRows, of: store, into: &writer)
                }
            }
            try log(record: record, state: &state) { self.store.rollBackLastStep() }
            return result.report
        }
    }

    /// Updates a transaction durably; see `TransactionStore.update(id:_:)`.
    @discardableResult
    public func update(id: String, _ patch: TransactionPatch) throws(DurableStoreError) -> Transaction {
        try serialized { state throws(DurableStoreError) in
            guard let old = store.transaction(id: id) else { throw .invalid(ValidationError(.id, .unknownID(id))) }
            let new: Transaction
            do throws(ValidationError) { new = try store.update(id: id, patch) } catch { throw .invalid(error) }
            try log(.update(id: old.id, new), state: &state) { self.store.rollBackLastStep() }
            return new
        }
    }

    /// Deletes a transaction durably; see `TransactionStore.delete(id:)`.
    @discardableResult
    public func delete(id: String) throws(DurableStoreError) -> Transaction {
        try serialized { state throws(DurableStoreError) in
            let removed: Transaction
            do throws(ValidationError) { removed = try store.delete(id: id) } catch { throw .invalid(error) }
            try log(.delete(id: id), state: &state) { self.store.rollBackLastStep() }
            return removed
        }
    }

    /// Writes a new snapshot of the whole store and starts an empty log. Runs by itself when
    /// the log passes the compaction threshold (`AutomaticCompaction`).
    /// - Parameter rebuildingText: fold and index every string again rather than write the
    ///   store's own (for a store whose snapshot a build that folds differently wrote, which
    ///   `diagnostics.textIndexProblem()` tells).
    /// - Throws: `.file` when a step fails; the store stays usable and keeps every change
    ///   (see `StoreDirectory+Compaction` for what each failure leaves).
    public func compact(rebuildingText: Bool = false) throws(DurableStoreError) {
        try serialized { state throws(DurableStoreError) in
            do throws(StoreFileError) { try compact(&state, rebuildingText: rebuildingText) } catch { throw .file(error) }
            state.retryCompactionAt = nil
        }
    }

    // MARK: Inside

    /// Runs `body` as the one writer (read-write stores only, not after `close`).
    func serialized<Value>(_ body: (inout WriterState) throws(DurableStoreError) -> Value) throws(DurableStoreError) -> Value {
        guard mode == .readWrite else { throw .readOnly }
        let outcome: Result<Value, DurableStoreError> = writer.withLock { state in
            guard !state.isClosed else {
                return .failure(.file(StoreFileError(.io, file: directory.path, reason: "the store is closed")))
            }
            do throws(DurableStoreError) {
                return .success(try body(&state))
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }

    private func logAdded(_ ids: [String], state: inout WriterState) throws(DurableStoreError) {
        guard !ids.isEmpty else { return }
        let added = ids.compactMap { store.transaction(id: $0) }
        try log(.add(added), state: &state) { self.store.rollBackLastStep() }
    }

    /// Appends (and when synchronous fsyncs) a record; on failure runs `undo` and throws.
    /// Past the threshold it then has the store compacted after the call returns
    /// (`AutomaticCompaction`); a failed automatic compaction is said once in `takeNotices` and
    /// tried again when the log has grown by another threshold.
    func log(_ entry: LogEntry, state: inout WriterState, undo: () -> Void) throws(DurableStoreError) {
        try log(record: EventLog.record(entry), state: &state, undo: undo)
    }

    /// Rows whose room is reserved from, when a record holds more.
    private static let sampledRows = 256

    /// Writes the transactions of `rows` (`BinaryWriter.transaction`) one at a time. Room for
    /// them all is reserved once the first `sampledRows` show their size (an eighth more than
    /// they suggest): grown by doubling, the record's buffer was up to three times its size
    /// while it grew.
    private static func write(rows: [UInt32], of store: TransactionStore, into writer: inout BinaryWriter) {
        let start = writer.bytes.count
        var written = 0
        store.forEachTransaction(atRows: rows) { transaction in
            writer.transaction(transaction)
            written += 1
            if written == sampledRows && rows.count > sampledRows {
                let perRow = (writer.bytes.count - start) / sampledRows + 1
                writer.bytes.reserveCapacity(writer.bytes.count + (rows.count - sampledRows) * perRow / 8 * 9)
            }
        }
    }

    /// Appends a record made already (`EventLog.record`); see `log(_:state:undo:)`.
    private func log(record: [UInt8], state: inout WriterState, undo: () -> Void) throws(DurableStoreError) {
        do throws(StoreFileError) {
            guard var appender = state.appender else { throw StoreFileError(.io, file: files.logPath, reason: "the log is not open") }
            defer { state.appender = appender }
            try appender.append(record, synchronous: durability == .synchronous, in: files)
        } catch {
            undo()
            throw .file(error)
        }
        guard automaticCompaction == .background, isCompactionDue(state), !state.compactionScheduled else { return }
        state.compactionScheduled = true
        compactionQueue.async { [weak self] in self?.runScheduledCompaction() }
    }

    /// Whether the log has passed the compaction threshold (and, after a failed automatic
    /// compaction, grown by another threshold since).
    func isCompactionDue(_ state: WriterState) -> Bool {
        guard mode == .readWrite, !state.isClosed, let length = state.appender?.length else { return false }
        return length > compactionThreshold && length >= state.retryCompactionAt ?? 0
    }

    /// Whether the store's log is long enough to be folded into a snapshot: what a store with
    /// `.deferred` compaction asks before its owner compacts.
    public var isCompactionDue: Bool {
        writer.withLock { isCompactionDue($0) }
    }

    /// Compacts when it is due (for an owner of a `.deferred` store, or a process that opened
    /// one to do just that); a failure is said once in `takeNotices`.
    /// - Returns: whether it compacted.
    @discardableResult
    public func compactIfDue() -> Bool {
        (try? serialized { state throws(DurableStoreError) in compactIfDue(&state) }) ?? false
    }

    /// Waits until the background compactions scheduled so far have run.
    public func waitForCompaction() {
        guard DispatchQueue.getSpecific(key: DurableStore.compactionQueueKey) == nil else { return }
        compactionQueue.sync {}
    }

    /// A background compaction, when it is still due (a compaction by hand may have come first).
    private func runScheduledCompaction() {
        writer.withLock { state in
            state.compactionScheduled = false
            compactIfDue(&state)
        }
    }

    @discardableResult
    private func compactIfDue(_ state: inout WriterState) -> Bool {
        guard isCompactionDue(state) else { return false }
        do throws(StoreFileError) {
            try compact(&state)
            state.retryCompactionAt = nil
            return true
        } catch {
            if state.retryCompactionAt == nil {
                state.notices.append("automatic compaction failed (\(error)); every change is kept in the log and "
                                     + "compaction will be tried again")
            }
            state.retryCompactionAt = (state.appender?.length ?? 0) + compactionThreshold
            return false
        }
    }

    /// Writes the store's snapshot from its structures, or, `rebuildingText`, from its
    /// transactions (every string folded and indexed again), and starts a new log.
    func compact(_ state: inout WriterState, rebuildingText: Bool = false) throws(StoreFileError) {
        guard var appender = state.appender else { throw StoreFileError(.io, file: files.logPath, reason: "the log is not open") }
        defer { state.appender = appender }
        // Another writer that comes meanwhile waits for the compaction rather than failing.
        state.lock?.note(StoreLock.compactingNote)
        defer { state.lock?.note("") }
        // The snapshot records how much of the log it folds in: those bytes must be on disk.
        if appender.needsSync {
            try files.fileSystem.sync(appender.descriptor, path: files.logPath)
            appender.needsSync = false
        }
        let generation = state.snapshotGeneration + 1
        let folded = SnapshotFile.FoldedLog(generation: appender.generation, length: UInt64(appender.length))
        let bytes: [UInt8]
        if !rebuildingText {
            bytes = store.lock.withReadLock { SnapshotFile.encoded(from: store.contents, generation: generation, foldedLog: folded) }
        } else {
            bytes = store.lock.withReadLock {
                SnapshotFile(generation: generation, foldedLog: folded, timeZoneIdentifier: store.timeZone.identifier,
                             baseCurrency: store.baseCurrency, transactions: store.transactions(in: .dateAscending),
                             state: store.contents.state).encoded()
            }
        }
        var committed = false
        defer { if committed { state.snapshotGeneration = generation } }
        try files.compact(snapshotBytes: bytes, generation: generation, appender: &appender, committed: &committed)
    }

    /// Replays one log entry on an in-memory store: each record is one step of its history
    /// again, and rules do not run (the record holds what they set).
    static func apply(_ entry: LogEntry, to store: TransactionStore) throws(DurableStoreError) {
        switch entry {
        case .add(let transactions):
            do throws(BatchError) {
                _ = try store.add(contentsOf: transactions.map(\.draft), skippingInvalid: false, runningRules: false)
            } catch {
                throw .invalidBatch(error)
            }
        case .update(let id, let transaction):
            do throws(ValidationError) { try store.update(id: id, TransactionPatch(replacingWith: transaction)) } catch { throw .invalid(error) }
        case .delete(let id):
            do throws(ValidationError) { try store.delete(id: id) } catch { throw .invalid(error) }
        case .importBatch(let replaced, let added):
            try store.replay(kind: .import, replaced: replaced, added: added)
        case .replaceRows(let kind, let rows):
            try store.replay(kind: kind, replaced: rows, added: [])
        case .undo:
            do throws(UndoError) {
                guard try store.undo() != nil else { throw UndoError(step: nil, reason: "there is no step to revert") }
            } catch {
                throw .undo(error)
            }
        case .rules(let rules):
            do throws(RuleError) { store.replaceRules(try StoreState.checked(rules)) } catch { throw .rule(error) }
        }
    }
}
