import Foundation

/// A `TransactionStore` kept in a directory: every acknowledged change is in its event log,
/// fsync'ed before the call returns, and the log is folded into a snapshot from time to time.
///
/// Files: `snapshot.bin` (`SnapshotFile`), `log.bin` (`EventLog`), `lock` (held with `flock`
/// by the one process that may write), `searches.json` (the saved searches, `SavedSearchFile`); `StoreDirectory` states how the two files stay a
/// consistent pair through crashes and failed compactions. Reads go to `store`, which is in
/// memory and safe from many threads; changes go through this type, one at a time.
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
        /// Takes the lock; fails when another process holds it, or when the log is damaged.
        case readWrite
        /// Takes no lock and changes no file: for searching a store another process writes.
        case readOnly
        /// Read-only, and a damaged log is read up to its damage instead of refused: what
        /// precedes the damage, with a warning in `openReport` saying where it stopped.
        case recovery
    }

    /// When the log is folded into a new snapshot once it passes the compaction threshold. A
    /// change is acknowledged (its call returns) before any compaction it makes due, so that a
    /// person never waits on a compaction they did not ask for.
    public enum AutomaticCompaction: Sendable, Equatable {
        /// On a queue of the store's own, after the change that made it due has returned; a
        /// change that comes while it runs waits for it.
        case background
        /// Never by itself: `isCompactionDue` says when, and the owner compacts (fsearch hands it
        /// to a process of its own once the command has answered).
        case deferred
    }

    /// What opening found, for `fsearch stats` and `check`.
    public struct OpenReport: Sendable, Equatable {
        /// Rows the snapshot held.
        public var snapshotRows: Int
        /// Log records replayed after it.
        public var logRecords: Int
        /// The log's length in whole records, in bytes.
        public var logBytes: Int
        /// A torn last record dropped, or (in recovery mode) the damage where reading stopped.
        public var warnings: [String]
        /// Time to open, in milliseconds.
        public var milliseconds: Double
    }

    /// The transactions, for searching and reading.
    public let store: TransactionStore
    /// The store directory.
    public let directory: URL
    /// What opening found.
    public let openReport: OpenReport
    let files: StoreDirectory
    let mode: Mode
    let durability: Durability
    let compactionThreshold: Int
    let automaticCompaction: AutomaticCompaction
    /// Where background compactions run, one at a time (marked, so that a close on it, from the
    /// last release of the store, does not wait for itself).
    let compactionQueue: DispatchQueue = {
        let queue = DispatchQueue(label: "TransactionSearch.DurableStore.compaction", qos: .utility)
        queue.setSpecific(key: DurableStore.compactionQueueKey, value: true)
        return queue
    }()
    static let compactionQueueKey = DispatchSpecificKey<Bool>()
    let writer: Locked<WriterState>
    private let timer: Locked<DispatchSourceTimer?>

    /// The writer's side, behind one lock: the open log and what compaction needs to know.
    struct WriterState {
        var appender: LogAppender?
        var lock: StoreLock?
        /// The generation of the newest snapshot that may be on disk.
        var snapshotGeneration: UInt64 = 0
        var isClosed = false
        /// After an automatic compaction failed: the log length at which to try again.
        var retryCompactionAt: Int?
        /// Things to tell the caller once (`takeNotices`).
        var notices: [String] = []
        /// A background compaction is queued and has not started.
        var compactionScheduled = false
    }

    /// The snapshot's file name: its presence makes a directory a store.
    public static let snapshotFileName = StoreDirectory.snapshotFileName

    /// Opens the store in `directory`.
    /// - Parameters:
    ///   - directory: the store directory (a file URL).
    ///   - configuration: the time zone and base currency for a new store; for an existing one,
    ///     nil accepts what it has, and a different value is an error naming both.
    ///   - creatingIfMissing: create the store when there is none (read-write only); when
    ///     false, a missing store is a `.missing` error and nothing is created.
    ///   - mode: read-write (takes the lock), read-only, or recovery (read-only, up to damage).
    ///   - durability: when the log reaches the disk (fsync'ed per change by default).
    ///   - compactionThreshold: log size in bytes past which the store is compacted.
    ///   - automaticCompaction: how it is compacted then (in the background by default).
    /// - Throws: `StoreFileError`: damage (with file and offset), a lock held by another
    ///   process, an unknown format version, no store, or another configuration.
    public convenience init(directory: URL, configuration: StoreConfiguration? = nil, mode: Mode = .readWrite,
                            creatingIfMissing: Bool = true, durability: Durability = .synchronous,
                            compactionThreshold: Int = 8 << 20, automaticCompaction: AutomaticCompaction = .background) throws(StoreFileError) {
        try self.init(directory: directory, configuration: configuration, mode: mode, creatingIfMissing: creatingIfMissing,
                      durability: durability, compactionThreshold: compactionThreshold, automaticCompaction: automaticCompaction,
                      fileSystem: FileSystem())
    }

    init(directory: URL, configuration: StoreConfiguration?, mode: Mode, creatingIfMissing: Bool,
         durability: Durability, compactionThreshold: Int, automaticCompaction: AutomaticCompaction = .background,
         fileSystem: FileSystem) throws(StoreFileError) {
        let started = DispatchTime.now().uptimeNanoseconds
        self.directory = directory
        files = StoreDirectory(path: directory.path, fileSystem: fileSystem)
        self.mode = mode
        self.durability = durability
        self.compactionThreshold = compactionThreshold
        self.automaticCompaction = automaticCompaction
        var state = WriterState()
        if mode == .readWrite {
            state.lock = try DurableStore.prepareForWriting(files, configuration: configuration, creating: creatingIfMissing)
        } else if !files.holdsStore {
            throw StoreFileError(.missing, file: directory.path, reason: "no store here (no \(StoreDirectory.snapshotFileName))")
        }
        let opened: (store: TransactionStore, report: OpenReport, isOldFormat: Bool)
        do throws(StoreFileError) {
            opened = try DurableStore.open(files, configuration: configuration, mode: mode, state: &state)
        } catch {
            state.lock?.release()
            throw error
        }
        store = opened.store
        writer = Locked(state)
        timer = Locked(nil)
        var report = opened.report
        report.milliseconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
        openReport = report
        if case .relaxed(let milliseconds) = durability, mode == .readWrite { startSyncTimer(every: milliseconds) }
        // A store an earlier build wrote (its snapshot or log of an earlier format) is written
        // again in today's formats before anything is appended, so a log never mixes two.
        if opened.isOldFormat && mode == .readWrite {
            let upgrade: Result<Void, StoreFileError> = writer.withLock { state in
                do throws(StoreFileError) {
                    try compact(&state)
                    return .success(())
                } catch {
                    return .failure(error)
                }
            }
            if case .failure(let error) = upgrade {
                close()
                throw StoreFileError(error.kind, file: error.file, offset: error.offset,
                                     reason: "the store was written by an earlier version and could not be brought to today's format (\(error.reason)); nothing was changed")
            }
        }
    }

    /// Takes the lock, creating the directory and an empty store when asked and needed, and
    /// clears what an interrupted compaction left.
    private static func prepareForWriting(_ files: StoreDirectory, configuration: StoreConfiguration?,
                                          creating: Bool) throws(StoreFileError) -> StoreLock {
        let fileSystem = files.fileSystem
        if !files.holdsStore && !creating {
            throw StoreFileError(.missing, file: files.path, reason: "no store here (no \(StoreDirectory.snapshotFileName))")
        }
        // Created or not, the directory and its files become private to their owner.
        try fileSystem.makePrivateDirectory(files.path)
        for file in [files.snapshotPath, files.logPath, files.lockPath] where fileSystem.fileExists(file) {
            fileSystem.makePrivate(file)
        }
        var lock = try StoreLock(path: files.lockPath, fileSystem: fileSystem)
        do throws(StoreFileError) {
            try files.removeLeftovers()
            if !files.holdsStore {
                guard creating else {
                    throw StoreFileError(.missing, file: files.path, reason: "no store here (no \(StoreDirectory.snapshotFileName))")
                }
                try files.create(configuration: configuration ?? StoreConfiguration())
            }
        } catch {
            lock.release()
            throw error
        }
        return lock
    }

    /// Loads the pair of files, replays the log, and (for a writer) opens the log to append.
    private static func open(_ files: StoreDirectory, configuration: StoreConfiguration?, mode: Mode,
                             state: inout WriterState) throws(StoreFileError) -> (TransactionStore, OpenReport, Bool) {
        let loaded = try files.load(recovering: mode == .recovery)
        let snapshot = loaded.snapshot
        guard let zone = TimeZone(identifier: snapshot.timeZoneIdentifier) else {
            throw StoreFileError(.corrupt, file: files.snapshotPath, reason: "unknown time zone '\(snapshot.timeZoneIdentifier)'")
        }
        if let configuration, configuration.timeZone.identifier != snapshot.timeZoneIdentifier
            || configuration.baseCurrency != snapshot.baseCurrency {
            throw StoreFileError(.configurationMismatch, file: files.path,
                                 reason: "the store keeps time zone \(snapshot.timeZoneIdentifier) and base currency "
                                     + "\(snapshot.baseCurrency), not \(configuration.timeZone.identifier) and \(configuration.baseCurrency)")
        }
        let store = TransactionStore(configuration: StoreConfiguration(timeZone: zone, baseCurrency: snapshot.baseCurrency))
        if let failure = store.restore(snapshot.rows) {
            throw StoreFileError(.corrupt, file: files.snapshotPath, reason: failure)
        }
        var warnings: [String] = []
        var replayed = 0
        for (offset, entry) in loaded.log.entries {
            do throws(DurableStoreError) {
                try DurableStore.apply(entry, to: store)
                replayed += 1
            } catch {
                let damage = StoreFileError(.corrupt, file: files.logPath, offset: offset, reason: "a record that cannot be replayed: \(error)")
                guard mode == .recovery else { throw damage }
                warnings.append("recovery: stopped at \(damage)")
                break
            }
        }
        try loadSavedSearches(files, into: store, mode: mode, warnings: &warnings)
        if let torn = loaded.log.tornTail { warnings.append(torn) }
        if let damage = loaded.log.damage { warnings.append("recovery: the log is damaged and was read up to it: \(damage)") }
        state.snapshotGeneration = snapshot.generation
        if mode == .readWrite {
            let descriptor = try files.fileSystem.open(files.logPath, O_WRONLY | O_APPEND)
            var appender = LogAppender(descriptor: descriptor, generation: loaded.log.generation, length: loaded.logFileLength,
                                       fileSystem: files.fileSystem)
            if loaded.logFileLength != loaded.log.validEnd {
                do throws(StoreFileError) { try appender.truncate(to: loaded.log.validEnd, in: files) } catch {
                    appender.close()
                    throw error
                }
            }
            state.appender = appender
        }
        let report = OpenReport(snapshotRows: snapshot.rows.count, logRecords: replayed, logBytes: loaded.log.validEnd,
                                warnings: warnings, milliseconds: 0)
        let isOldFormat = snapshot.rows.version < SnapshotFile.version || loaded.log.version < EventLog.version
        return (store, report, isOldFormat)
    }

    deinit {
        close()
    }

    /// Flushes and releases the files (and the lock), after a background compaction already
    /// scheduled has run. Later changes throw.
    public func close() {
        if DispatchQueue.getSpecific(key: DurableStore.compactionQueueKey) == nil { compactionQueue.sync {} }
        timer.withLock { timer in
            timer?.cancel()
            timer = nil
        }
        writer.withLock { state in
            guard !state.isClosed else { return }
            state.isClosed = true
            state.appender?.syncIfNeeded(in: files)
            state.appender?.close()
            state.lock?.release()
        }
    }

    /// Problems met along the way that did not fail a call, each said once: an automatic
    /// compaction that failed (the store stays usable; every change is in the log, and it
    /// tries again later). Returns them and forgets them.
    public func takeNotices() -> [String] {
        writer.withLock { state in
            defer { state.notices = [] }
            return state.notices
        }
    }

    private func startSyncTimer(every milliseconds: Int) {
        let source = DispatchSource.makeTimerSource(queue: DispatchQueue.global(qos: .utility))
        source.schedule(deadline: .now() + .milliseconds(milliseconds), repeating: .milliseconds(milliseconds))
        source.setEventHandler { [writer, files] in
            writer.withLock { state in state.appender?.syncIfNeeded(in: files) }
        }
        source.resume()
        timer.withLock { $0 = source }
    }
}
