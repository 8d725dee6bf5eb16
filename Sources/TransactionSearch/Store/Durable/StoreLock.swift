#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The lock file of a store directory, held with `flock` by the one process that may write.
/// The kernel releases it when the process ends, however it ends.
struct StoreLock: Sendable {
    private(set) var descriptor: Int32

    /// Takes the lock without waiting: another writer is an error.
    /// - Throws: `StoreFileError` of kind `.locked` when another process holds it.
    init(path: String, fileSystem: FileSystem) throws(StoreFileError) {
        let descriptor = try fileSystem.open(path, O_RDWR | O_CREAT)
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            close(descriptor)
            if code == EWOULDBLOCK {
                throw StoreFileError(.locked, file: path, reason: "another process has this store open for writing")
            }
            throw FileSystem.failure(path, "flock", code)
        }
        self.descriptor = descriptor
    }

    /// Gives the lock back.
    mutating func release() {
        if descriptor >= 0 {
            close(descriptor)
            descriptor = -1
        }
    }
}
