import Foundation

/// A `TransactionStore` kept in a directory: every acknowledged change is in its event log,
/// fsync'ed before the call returns, and the log is folded into a snapshot from time to time.
///
/// Files: `snapshot.bin` (`SnapshotFile`), `log.bin` (`EventLog`), `lock` (held with `flock`
/// by the one process that may write). Reads go to `store`, which is in memory and safe from
/// many threads; changes go through this type, one at a time.
///
/// A change is applied in memory, then logged; if logging fails it is undone and the call
/// throws, so the store never holds what the disk does not. (Readers may see a change a moment
/// before its call returns.)
public final class DurableStore: Sendable {
    /// When the log reaches the disk.
    public enum Durability: Sendable, Equatable {
        /// Every change is fsync'ed before its call returns (a batch is one fsync).
        case synchronous
        /// Changes are written at once but fsync'ed by a timer: a machine crash (not a process
        /// crash) can lose the last `milliseconds` of changes. For bulk work you can redo.
        case relaxed(milliseconds: Int)
    }

    /// Whether this process may change the store.
    public enum Mode: Sendable, Equatable {
        /// Takes the lock; fails when another process holds it.
        case readWrite
        /// Takes no lock and changes no file: for searching a store another process writes.
        case readOnly
    }

    /// What opening found, for `fsearch stats` and `check`.
    public struct OpenReport: Sendable, Equatable {
        public var snapshotRows: Int
        public var logRecords: Int
        public var logBytes: Int
        /// A torn last record dropped, or a stale log replaced after an interrupted compaction.
        public var warnings: [String]
        public var milliseconds: Double
    }

    /// The transactions, for searching and reading.
    public let store: TransactionStore
    public let directory: URL
    public let openReport: OpenReport
    private let mode: Mode
    private let durability: Durability
    private let compactionThreshold: Int
    private let writer: Locked<WriterState>
    private let timer: Locked<DispatchSourceTimer?>
    private let lockDescriptor: Locked<Int32>

    struct WriterState {
        var log: Int32 = -1
        var logBytes = 0
        var generation: UInt64 = 0
        var needsSync = false
        var isClosed = false
    }

    /// The files of a store directory.
    public static let snapshotFileName = "snapshot.bin"
    static let logFileName = "log.bin"
    static let lockFileName = "lock"

    private let snapshotPath: String
    private let logPath: String

    /// Opens the store in `directory`, creating it (with `configuration`) when it has none.
    /// - Parameters:
    ///   - compactionThreshold: log size in bytes past which a change compacts the store.
    /// - Throws: `StoreFileError` naming the file and offset of damage, a lock held by another
    ///   process, or an unknown format version.
    public init(directory: URL, configuration: StoreConfiguration = StoreConfiguration(), mode: Mode = .readWrite,
                durability: Durability = .synchronous, compactionThreshold: Int = 8 << 20) throws(StoreFileError) {
        let started = DispatchTime.now().uptimeNanoseconds
        self.directory = directory
        snapshotPath = directory.appendingPathComponent(DurableStore.snapshotFileName).path
        logPath = directory.appendingPathComponent(DurableStore.logFileName).path
        self.mode = mode
        self.durability = durability
        self.compactionThreshold = compactionThreshold
        let path = directory.path
        var lock: Int32 = -1
        if mode == .readWrite {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            } catch {
                throw StoreFileError(.io, file: path, reason: "cannot create the store directory: \(error.localizedDescription)")
            }
            lock = try DurableStore.takeLock(directory)
        } else if !FileManager.default.fileExists(atPath: path) {
            throw StoreFileError(.io, file: path, reason: "no such store directory")
        }
        let loaded: Loaded
        do throws(StoreFileError) {
            loaded = try DurableStore.load(directory, configuration: configuration, mode: mode)
        } catch {
            if lock >= 0 { Glibc.close(lock) }
            throw error
        }
        store = loaded.store
        writer = Locked(loaded.state)
        timer = Locked(nil)
        lockDescriptor = Locked(lock)
        openReport = OpenReport(
            snapshotRows: loaded.snapshotRows, logRecords: loaded.records, logBytes: loaded.state.logBytes,
            warnings: loaded.warnings, milliseconds: Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6)
        if case .relaxed(let milliseconds) = durability, mode == .readWrite { startSyncTimer(every: milliseconds) }
    }

    private struct Loaded {
        var store: TransactionStore
        var state: WriterState
        var snapshotRows: Int
        var records: Int
        var warnings: [String]
    }

    /// Loads the snapshot (or creates an empty one) and replays the log.
    private static func load(_ directory: URL, configuration: StoreConfiguration, mode: Mode) throws(StoreFileError) -> Loaded {
        let path = directory.path
        let snapshotPath = directory.appendingPathComponent(DurableStore.snapshotFileName).path
        let logPath = directory.appendingPathComponent(DurableStore.logFileName).path
        var warnings: [String] = []
        var state = WriterState()

        // The snapshot, or a new empty store.
        let snapshot: SnapshotFile
        if let bytes = try FileIO.readAll(snapshotPath) {
            snapshot = try SnapshotFile.decode(bytes, path: snapshotPath)
        } else {
            guard mode == .readWrite else { throw StoreFileError(.io, file: snapshotPath, reason: "no snapshot: not a store directory") }
            snapshot = SnapshotFile(generation: 1, timeZoneIdentifier: configuration.timeZone.identifier,
                                    baseCurrency: configuration.baseCurrency, transactions: [])
            try FileIO.replaceAtomically(snapshotPath, with: snapshot.encoded(), directory: path)
        }
        guard let zone = TimeZone(identifier: snapshot.timeZoneIdentifier) else {
            throw StoreFileError(.corrupt, file: snapshotPath, reason: "unknown time zone '\(snapshot.timeZoneIdentifier)'")
        }
        let store = TransactionStore(configuration: StoreConfiguration(timeZone: zone, baseCurrency: snapshot.baseCurrency))
        if let failure = store.restore(snapshot.rows) {
            throw StoreFileError(.corrupt, file: snapshotPath, reason: failure)
        }
        state.generation = snapshot.generation

        // The log: replayed when it follows this snapshot; replaced when an interrupted
        // compaction left the one before it.
        var records = 0
        var logBytes = 0
        var logIsCurrent = false
        if let bytes = try FileIO.readAll(logPath) {
            let contents = try EventLog.read(bytes, path: logPath)
            if contents.generation > snapshot.generation {
                throw StoreFileError(.corrupt, file: logPath, offset: 12,
                                     reason: "the log follows snapshot \(contents.generation), but the snapshot is \(snapshot.generation)")
            }
            if contents.generation == snapshot.generation {
                for (offset, entry) in contents.entries {
                    do throws(DurableStoreError) {
                        try DurableStore.apply(entry, to: store)
                    } catch {
                        throw StoreFileError(.corrupt, file: logPath, offset: offset, reason: "a record that cannot be replayed: \(error)")
                    }
                }
                records = contents.entries.count
                logBytes = contents.validEnd
                logIsCurrent = true
                if let torn = contents.tornTail {
                    warnings.append(torn)
                    if mode == .readWrite {
                        guard truncate(logPath, off_t(contents.validEnd)) == 0 else { throw FileIO.failure(logPath, "truncate") }
                    }
                }
            } else if !contents.entries.isEmpty {
                warnings.append("\(logPath): a log older than the snapshot (an interrupted compaction) was replaced")
            }
        }
        if mode == .readWrite {
            if !logIsCurrent {
                try FileIO.replaceAtomically(logPath, with: EventLog.header(generation: state.generation), directory: path)
                logBytes = EventLog.headerSize
            }
            state.log = try FileIO.open(logPath, O_WRONLY | O_APPEND)
        }
        state.logBytes = logBytes
        return Loaded(store: store, state: state, snapshotRows: snapshot.rows.count, records: records, warnings: warnings)
    }

    deinit {
        close()
    }

    /// Flushes and releases the files (and the lock). Later changes throw.
    public func close() {
        timer.withLock { timer in
            timer?.cancel()
            timer = nil
        }
        writer.withLock { state in
            guard !state.isClosed else { return }
            state.isClosed = true
            if state.log >= 0 {
                if state.needsSync { fsync(state.log) }
                Glibc.close(state.log)
                state.log = -1
            }
        }
        lockDescriptor.withLock { descriptor in
            if descriptor >= 0 {
                Glibc.close(descriptor)
                descriptor = -1
            }
        }
    }

    // MARK: Changes

    /// Adds a transaction durably; see `TransactionStore.add(_:)`.
    @discardableResult
    public func add(_ draft: TransactionDraft) throws(DurableStoreError) -> Transaction {
        try serialized { state throws(DurableStoreError) in
            let added: Transaction
            do throws(ValidationError) { added = try store.add(draft) } catch { throw .invalid(error) }
            try log(.add([added]), state: &state) { _ = try? self.store.delete(id: added.id) }
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

    /// Imports CSV or JSON durably; see `TransactionStore.importTransactions(from:format:skippingInvalid:)`.
    @discardableResult
    public func importTransactions(from bytes: [UInt8], format: InterchangeFormat,
                                   skippingInvalid: Bool = false) throws(DurableStoreError) -> ImportReport {
        try serialized { state throws(DurableStoreError) in
            let report: ImportReport
            do throws(ImportError) {
                report = try store.importTransactions(from: bytes, format: format, skippingInvalid: skippingInvalid)
            } catch {
                throw .invalidImport(error)
            }
            try logAdded(report.addedIDs, state: &state)
            return report
        }
    }

    /// Updates a transaction durably; see `TransactionStore.update(id:_:)`.
    @discardableResult
    public func update(id: String, _ patch: TransactionPatch) throws(DurableStoreError) -> Transaction {
        try serialized { state throws(DurableStoreError) in
            guard let old = store.transaction(id: id) else { throw .invalid(ValidationError(.id, .unknownID(id))) }
            let new: Transaction
            do throws(ValidationError) { new = try store.update(id: id, patch) } catch { throw .invalid(error) }
            try log(.update(id: id, new), state: &state) { _ = try? self.store.update(id: new.id, TransactionPatch(replacingWith: old)) }
            return new
        }
    }

    /// Deletes a transaction durably; see `TransactionStore.delete(id:)`.
    @discardableResult
    public func delete(id: String) throws(DurableStoreError) -> Transaction {
        try serialized { state throws(DurableStoreError) in
            let removed: Transaction
            do throws(ValidationError) { removed = try store.delete(id: id) } catch { throw .invalid(error) }
            try log(.delete(id: id), state: &state) { _ = try? self.store.add(removed.draft) }
            return removed
        }
    }

    /// Writes a new snapshot of the whole store and starts an empty log. Runs by itself when
    /// the log passes the compaction threshold.
    public func compact() throws(DurableStoreError) {
        try serialized { state throws(DurableStoreError) in try compact(&state) }
    }

    // MARK: Inside

    /// Takes the store's lock file, without waiting: another writer means an error.
    private static func takeLock(_ directory: URL) throws(StoreFileError) -> Int32 {
        let path = directory.appendingPathComponent(DurableStore.lockFileName).path
        let descriptor = try FileIO.open(path, O_RDWR | O_CREAT)
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let busy = errno == EWOULDBLOCK
            Glibc.close(descriptor)
            if busy {
                throw StoreFileError(.locked, file: path, reason: "another process has this store open for writing")
            }
            throw FileIO.failure(path, "flock")
        }
        return descriptor
    }

    private func serialized<Result>(_ body: (inout WriterState) throws(DurableStoreError) -> Result) throws(DurableStoreError) -> Result {
        guard mode == .readWrite else { throw .readOnly }
        var failure: DurableStoreError?
        let result: Result? = writer.withLock { state in
            guard !state.isClosed else {
                failure = .file(StoreFileError(.io, file: directory.path, reason: "the store is closed"))
                return nil
            }
            do throws(DurableStoreError) {
                return try body(&state)
            } catch {
                failure = error
                return nil
            }
        }
        if let failure { throw failure }
        return result!
    }

    private func logAdded(_ ids: [String], state: inout WriterState) throws(DurableStoreError) {
        guard !ids.isEmpty else { return }
        let added = ids.compactMap { store.transaction(id: $0) }
        try log(.add(added), state: &state) { for id in ids { _ = try? self.store.delete(id: id) } }
    }

    /// Appends and (when synchronous) fsyncs a record; on failure runs `undo` and throws.
    private func log(_ entry: LogEntry, state: inout WriterState, undo: () -> Void) throws(DurableStoreError) {
        let record = EventLog.record(entry)
        do throws(StoreFileError) {
            try FileIO.writeAll(state.log, record, path: logPath)
            if durability == .synchronous {
                try FileIO.sync(state.log, path: logPath)
            } else {
                state.needsSync = true
            }
        } catch {
            // The record may be partly written: cut it off so the log ends at a whole record.
            _ = ftruncate(state.log, off_t(state.logBytes))
            undo()
            throw .file(error)
        }
        state.logBytes += record.count
        if state.logBytes > compactionThreshold {
            try? compact(&state)  // the change is durable in the log either way
        }
    }

    private func compact(_ state: inout WriterState) throws(DurableStoreError) {
        let snapshot = SnapshotFile(generation: state.generation + 1, timeZoneIdentifier: store.timeZone.identifier,
                                    baseCurrency: store.baseCurrency, transactions: store.transactions(in: .dateAscending))
        do throws(StoreFileError) {
            try FileIO.replaceAtomically(snapshotPath, with: snapshot.encoded(), directory: directory.path)
            state.generation = snapshot.generation
            try FileIO.replaceAtomically(logPath, with: EventLog.header(generation: state.generation), directory: directory.path)
            let log = try FileIO.open(logPath, O_WRONLY | O_APPEND)
            Glibc.close(state.log)
            state.log = log
            state.logBytes = EventLog.headerSize
            state.needsSync = false
        } catch {
            throw .file(error)
        }
    }

    /// Replays one log entry on an in-memory store.
    static func apply(_ entry: LogEntry, to store: TransactionStore) throws(DurableStoreError) {
        switch entry {
        case .add(let transactions):
            do throws(BatchError) { try store.add(contentsOf: transactions.map(\.draft)) } catch { throw .invalidBatch(error) }
        case .update(let id, let transaction):
            do throws(ValidationError) { try store.update(id: id, TransactionPatch(replacingWith: transaction)) } catch { throw .invalid(error) }
        case .delete(let id):
            do throws(ValidationError) { try store.delete(id: id) } catch { throw .invalid(error) }
        }
    }

    private func startSyncTimer(every milliseconds: Int) {
        let source = DispatchSource.makeTimerSource(queue: DispatchQueue.global(qos: .utility))
        source.schedule(deadline: .now() + .milliseconds(milliseconds), repeating: .milliseconds(milliseconds))
        source.setEventHandler { [writer] in
            writer.withLock { state in
                if state.needsSync && state.log >= 0 {
                    fsync(state.log)
                    state.needsSync = false
                }
            }
        }
        source.resume()
        timer.withLock { $0 = source }
    }
}

extension TransactionPatch {
    /// A patch that makes a transaction exactly `transaction` (every field set or cleared).
    public init(replacingWith transaction: Transaction) {
        self.init()
        id = .set(transaction.id)
        date = .set(transaction.date)
        merchant = .set(transaction.merchant)
        category = transaction.category.map { .set($0) } ?? .clear
        subcategory = transaction.subcategory.map { .set($0) } ?? .clear
        card = transaction.card.map { .set($0) } ?? .clear
        account = transaction.account.map { .set($0) } ?? .clear
        amount = .set(transaction.amount.rowDecimalAmount)
        currency = .set(transaction.amount.currency.code)
        status = .set(transaction.status)
        notes = transaction.notes.map { .set($0) } ?? .clear
    }
}
