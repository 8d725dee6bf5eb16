#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The lock file of a store directory, held with `flock` by the one process that may write.
/// The kernel releases it when the process ends, however it ends.
struct StoreLock: Sendable {
    private(set) var descriptor: Int32

    /// How long a writer waits for the lock before it reports another writer. A lock is also
    /// held for an instant by any child process forked (by this process or another) while the
    /// lock file was open: the child shares the open file until its `exec` closes it. Measured
    /// here: a few milliseconds under load; 2 s is far beyond that and short for a person.
    static let patience: Duration = .seconds(2)
    /// How long a writer waits for a holder that is compacting the store (the lock file says
    /// `compacting`): a compaction ends by itself, and a large store's takes seconds.
    static let compactionPatience: Duration = .seconds(600)
    /// What the lock file holds while its holder compacts.
    static let compactingNote = "compacting\n"

    /// Takes the lock, waiting up to `patience` for a holder to let go (`compactionPatience`
    /// for one that is compacting): another writer is an error.
    /// - Throws: `StoreFileError` of kind `.locked` when another process holds it.
    init(path: String, fileSystem: FileSystem) throws(StoreFileError) {
        let descriptor = try fileSystem.open(path, O_RDWR | O_CREAT)
        let started = ContinuousClock.now
        var deadline = started + StoreLock.patience
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            if code == EWOULDBLOCK && ContinuousClock.now >= deadline && StoreLock.holderIsCompacting(descriptor) {
                deadline = max(deadline, started + StoreLock.compactionPatience)
            }
            if code == EWOULDBLOCK && ContinuousClock.now < deadline {
                usleep(5_000)
                continue
            }
            close(descriptor)
            if code == EWOULDBLOCK {
                throw StoreFileError(.locked, file: path, reason: "another process has this store open for writing")
            }
            throw FileSystem.failure(path, "flock", code)
        }
        self.descriptor = descriptor
    }

    /// Says (in the lock file) what the holder is doing: `compactingNote` while it compacts,
    /// empty otherwise. Best effort: a failure only makes another writer wait less.
    func note(_ text: String) {
        guard descriptor >= 0 else { return }
        _ = ftruncate(descriptor, 0)
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    }

    /// Whether the lock file says its holder is compacting.
    private static func holderIsCompacting(_ descriptor: Int32) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 16)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        return count > 0 && buffer[0..<count].starts(with: Array(compactingNote.utf8))
    }

    /// Gives the lock back.
    mutating func release() {
        if descriptor >= 0 {
            close(descriptor)
            descriptor = -1
        }
    }
}
