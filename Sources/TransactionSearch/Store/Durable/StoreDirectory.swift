#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The files of a store directory and the rules that keep them a consistent pair:
///
/// - `snapshot.bin` (`SnapshotFile`) has a generation and names the log it folded in (its
///   generation and length); `log.bin` (`EventLog`) names the generation it belongs to.
/// - A log of the snapshot's own generation follows it: every record is replayed. A log of
///   the generation the snapshot folded is the one a compaction could not replace: the
///   records past the folded length are replayed. Any other pair is damage.
/// - A store exists once `snapshot.bin` does. It is created log first, snapshot second, each
///   written under a temporary name, fsync'ed, renamed into place, and the directory
///   fsync'ed; a crash before the snapshot's rename leaves no store, and no change was ever
///   acknowledged in one.
/// - Readers open both files and then check that the snapshot they opened is still the one
///   the directory names; a compaction between the two opens makes them try again, so a
///   reader never pairs a new log with an old snapshot.
struct StoreDirectory: Sendable {
    let path: String
    let fileSystem: FileSystem

    static let snapshotFileName = "snapshot.bin"
    static let logFileName = "log.bin"
    static let lockFileName = "lock"
    static let temporarySuffix = ".tmp"

    var snapshotPath: String { path + "/" + StoreDirectory.snapshotFileName }
    var logPath: String { path + "/" + StoreDirectory.logFileName }
    var lockPath: String { path + "/" + StoreDirectory.lockFileName }
    var snapshotTemporaryPath: String { snapshotPath + StoreDirectory.temporarySuffix }
    var logTemporaryPath: String { logPath + StoreDirectory.temporarySuffix }

    /// Whether a store exists here.
    var holdsStore: Bool { fileSystem.fileExists(snapshotPath) }

    /// What a consistent read of the two files gives.
    struct Loaded {
        var snapshot: SnapshotFile
        /// The log's records to replay on the snapshot, with where they end.
        var log: EventLog.Contents
        /// The log file's length on disk (a torn tail included).
        var logFileLength: Int
    }

    /// Writes the files of a new, empty store (the caller holds the lock).
    func create(configuration: StoreConfiguration) throws(StoreFileError) {
        try fileSystem.writeNewFile(logTemporaryPath, EventLog.header(generation: 1))
        let snapshot = SnapshotFile(generation: 1, timeZoneIdentifier: configuration.timeZone.identifier,
                                    baseCurrency: configuration.baseCurrency, transactions: [])
        do throws(StoreFileError) {
            try fileSystem.writeNewFile(snapshotTemporaryPath, snapshot.encoded())
            try fileSystem.rename(logTemporaryPath, to: logPath)
            try fileSystem.rename(snapshotTemporaryPath, to: snapshotPath)
            try fileSystem.syncDirectory(path)
        } catch {
            try? fileSystem.remove(logTemporaryPath)
            try? fileSystem.remove(snapshotTemporaryPath)
            throw error
        }
    }

    /// Removes what an interrupted creation or compaction left under temporary names (a
    /// writer's job, under the lock). A log without a snapshot is an unfinished creation when
    /// it holds no record; with records it is damage.
    func removeLeftovers() throws(StoreFileError) {
        try fileSystem.remove(snapshotTemporaryPath)
        try fileSystem.remove(logTemporaryPath)
        if !holdsStore, let bytes = try fileSystem.readAll(logPath) {
            if bytes.count > EventLog.headerSize {
                throw StoreFileError(.corrupt, file: snapshotPath, reason: "snapshot.bin is missing, but log.bin holds changes")
            }
            try fileSystem.remove(logPath)
        }
    }

    /// Reads the snapshot and the log as one consistent pair (see the type's rules).
    /// - Parameter recovering: read the log up to damage instead of refusing it.
    func load(recovering: Bool) throws(StoreFileError) -> Loaded {
        var attempt = 0
        while true {
            attempt += 1
            guard let snapshotDescriptor = try fileSystem.openIfPresent(snapshotPath) else {
                throw StoreFileError(.missing, file: path, reason: "no store here (no \(StoreDirectory.snapshotFileName))")
            }
            defer { close(snapshotDescriptor) }
            let logDescriptor = try fileSystem.openIfPresent(logPath)
            defer { if let logDescriptor { close(logDescriptor) } }
            // A compaction may have replaced the snapshot between the two opens: then the log
            // opened may be newer than the snapshot; read both again.
            guard fileSystem.identity(ofPath: snapshotPath) == fileSystem.identity(of: snapshotDescriptor) else {
                if attempt >= 200 {
                    throw StoreFileError(.io, file: path, reason: "the store kept being compacted while it was being opened")
                }
                usleep(1000)
                continue
            }
            let snapshot = try SnapshotFile.decode(try fileSystem.readAll(snapshotDescriptor, path: snapshotPath), path: snapshotPath)
            do throws(StoreFileError) {
                guard let logDescriptor else {
                    throw StoreFileError(.corrupt, file: logPath, reason: "log.bin is missing beside a snapshot of generation \(snapshot.generation)")
                }
                let bytes = try fileSystem.readAll(logDescriptor, path: logPath)
                let log = try StoreDirectory.replayable(log: bytes, path: logPath, after: snapshot, recovering: recovering)
                return Loaded(snapshot: snapshot, log: log, logFileLength: bytes.count)
            } catch {
                // Recovering from a log whose header (or pairing) is damaged: the snapshot alone.
                guard recovering, error.kind == .corrupt else { throw error }
                let nothing = EventLog.Contents(generation: 0, entries: [], validEnd: 0, damage: error)
                return Loaded(snapshot: snapshot, log: nothing, logFileLength: 0)
            }
        }
    }

    /// The records of `bytes` that `snapshot` does not hold.
    static func replayable(log bytes: [UInt8], path: String, after snapshot: SnapshotFile,
                           recovering: Bool) throws(StoreFileError) -> EventLog.Contents {
        let generation = try EventLog.generation(of: bytes, path: path)
        if generation == snapshot.generation {
            return try EventLog.read(bytes, path: path, recovering: recovering)
        }
        guard let folded = snapshot.foldedLog, folded.generation == generation else {
            let foldedText = snapshot.foldedLog.map { " (it folded in log generation \($0.generation))" } ?? ""
            throw StoreFileError(.corrupt, file: path, offset: 12,
                                 reason: "the log belongs to generation \(generation), but the snapshot is generation "
                                     + "\(snapshot.generation)\(foldedText): the pair does not match")
        }
        let contents = try EventLog.read(bytes, path: path, keepingFrom: Int(clamping: folded.length), recovering: recovering)
        guard contents.keptFromRecordBoundary || contents.damage != nil else {
            throw StoreFileError(.corrupt, file: path, offset: Int(clamping: folded.length),
                                 reason: "the snapshot folded in \(folded.length) bytes of this log, which is not where a record ends")
        }
        return contents
    }
}
