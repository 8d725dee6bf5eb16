#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The log a writer appends to: its open file, the generation in its header and its length.
///
/// An append writes one whole record, fsyncs it (or leaves that to a timer), then checks that
/// the directory still names this file: a store directory removed or replaced while a process
/// writes it is a failure, never an acknowledgement. A failed append cuts the file back to its
/// last whole record; if even that fails, the appender is broken and refuses every later
/// append, since the end of the log is then unknown.
struct LogAppender {
    private(set) var descriptor: Int32
    /// The generation in the open log's header.
    private(set) var generation: UInt64
    /// Bytes of whole records (and the header) in the open log.
    private(set) var length: Int
    /// Changes written but not yet fsync'ed (relaxed durability).
    var needsSync = false
    /// A rename into the directory whose directory fsync failed: the next append retries it
    /// before it acknowledges anything.
    var directoryNeedsSync = false
    private(set) var brokenReason: String?
    private let identity: FileSystem.Identity?

    init(descriptor: Int32, generation: UInt64, length: Int, fileSystem: FileSystem) {
        self.descriptor = descriptor
        self.generation = generation
        self.length = length
        identity = fileSystem.identity(of: descriptor)
    }

    /// Appends a record durably (or, with `synchronous` false, written and left to the timer).
    mutating func append(_ record: [UInt8], synchronous: Bool, in directory: StoreDirectory) throws(StoreFileError) {
        let fileSystem = directory.fileSystem
        if let brokenReason { throw StoreFileError(.io, file: directory.logPath, reason: brokenReason) }
        if directoryNeedsSync {
            try fileSystem.syncDirectory(directory.path)
            directoryNeedsSync = false
        }
        do throws(StoreFileError) {
            try fileSystem.write(descriptor, record, path: directory.logPath)
            if synchronous { try fileSystem.sync(descriptor, path: directory.logPath) } else { needsSync = true }
            guard let identity, fileSystem.identity(ofPath: directory.logPath) == identity else {
                throw StoreFileError(.io, file: directory.logPath,
                                     reason: "the store directory was removed or its log replaced while this process was writing it")
            }
        } catch {
            cutBack(directory)
            throw error
        }
        length += record.count
    }

    /// Cuts the log back to its last whole record after a failed append.
    private mutating func cutBack(_ directory: StoreDirectory) {
        do throws(StoreFileError) {
            try directory.fileSystem.truncate(descriptor, to: length, path: directory.logPath)
        } catch {
            brokenReason = "an append failed and the log could not be cut back to its last whole record "
                + "(\(error.reason)); reopen the store"
        }
    }

    /// Drops a torn tail found when the store was opened.
    mutating func truncate(to validLength: Int, in directory: StoreDirectory) throws(StoreFileError) {
        try directory.fileSystem.truncate(descriptor, to: validLength, path: directory.logPath)
        length = validLength
    }

    /// fsyncs what the timer left unsynced.
    mutating func syncIfNeeded(in directory: StoreDirectory) {
        guard needsSync, descriptor >= 0 else { return }
        if (try? directory.fileSystem.sync(descriptor, path: directory.logPath)) != nil { needsSync = false }
    }

    /// Starts appending to another log (a compaction's new one); closes the old file.
    mutating func replace(with other: LogAppender) {
        close()
        self = other
    }

    mutating func close() {
        if descriptor >= 0 {
            closeFile(descriptor)
            descriptor = -1
        }
    }
}

private func closeFile(_ descriptor: Int32) { _ = close(descriptor) }
