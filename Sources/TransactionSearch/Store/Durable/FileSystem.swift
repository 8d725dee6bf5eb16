#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The POSIX file operations of a store directory, each reporting a `StoreFileError` with the
/// path and `errno`. Every operation first asks `faults` (tests only) whether it should fail,
/// so that a test can fail or "crash" each step of a compaction or an append in turn.
///
/// A store's files are private: created 0600 (and set so whatever the umask), the directory
/// 0700. A store file that is not a regular file (a FIFO, a device) is an error at once: files
/// are opened without blocking and checked before anything is read or written.
struct FileSystem: Sendable {
    /// The kinds of operation, as fault injection counts them.
    enum Operation: String, Sendable, CaseIterable {
        case open, read, write, sync, rename, syncDirectory, truncate, remove
    }

    /// Where a file lives on its device: two names with the same identity are the same file.
    struct Identity: Equatable {
        var device: UInt64
        var inode: UInt64

        /// The device and inode of a `stat` result (`dev_t` is signed on Apple platforms, so
        /// its bits are kept rather than converted).
        init(_ info: stat) {
            device = UInt64(truncatingIfNeeded: info.st_dev)
            inode = UInt64(truncatingIfNeeded: info.st_ino)
        }
    }

    /// Injected failures; nil outside tests.
    var faults: FileFaults?

    init(faults: FileFaults? = nil) {
        self.faults = faults
    }

    static func failure(_ path: String, _ action: String, _ code: Int32 = errno) -> StoreFileError {
        StoreFileError(.io, file: path, reason: "\(action) failed: \(String(cString: strerror(code)))")
    }

    private func check(_ operation: Operation, _ path: String) throws(StoreFileError) {
        if let error = faults?.failure(of: operation, path: path) { throw error }
    }

    /// The mode of every file a store creates: its owner's alone.
    static let fileMode: mode_t = 0o600
    /// The mode of a store directory.
    static let directoryMode: mode_t = 0o700

    func open(_ path: String, _ flags: Int32) throws(StoreFileError) -> Int32 {
        try check(.open, path)
        while true {
            let descriptor = systemOpen(path, flags | O_CLOEXEC | O_NONBLOCK, FileSystem.fileMode)
            if descriptor >= 0 {
                try FileSystem.requireRegularFile(descriptor, path: path)
                if flags & O_CREAT != 0 { fchmod(descriptor, FileSystem.fileMode) }
                return descriptor
            }
            if errno != EINTR { throw FileSystem.failure(path, "open") }
        }
    }

    /// Opens an existing file to read; nil when it does not exist.
    func openIfPresent(_ path: String) throws(StoreFileError) -> Int32? {
        try check(.open, path)
        while true {
            let descriptor = systemOpen(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK, 0)
            if descriptor >= 0 {
                try FileSystem.requireRegularFile(descriptor, path: path)
                return descriptor
            }
            if errno == ENOENT { return nil }
            if errno != EINTR { throw FileSystem.failure(path, "open") }
        }
    }

    /// Closes `descriptor` and throws unless it is a regular file; otherwise makes its reads
    /// and writes blocking again (a regular file never waits, but the flag is cleared anyway).
    private static func requireRegularFile(_ descriptor: Int32, path: String) throws(StoreFileError) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let code = errno
            close(descriptor)
            throw failure(path, "stat", code)
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            throw StoreFileError(.io, file: path, reason: "is \(kind(of: info.st_mode)), not a regular file: a store's files are plain files")
        }
        let flags = fcntl(descriptor, F_GETFL)
        if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
    }

    /// What a file that is not a regular one is, in words.
    static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFDIR: "a directory"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        default: "not a regular file"
        }
    }

    /// Creates a store directory private to its owner (its missing parents as any directory
    /// is made), or makes an existing one so (a store written before 0.4 was 0755).
    func makePrivateDirectory(_ path: String) throws(StoreFileError) {
        func make(_ directory: String, mode: mode_t) throws(StoreFileError) {
            guard !isDirectory(directory) else { return }
            var trimmed = directory
            while trimmed.hasSuffix("/") && trimmed.count > 1 { trimmed.removeLast() }
            if let slash = trimmed.lastIndex(of: "/"), slash != trimmed.startIndex {
                try make(String(trimmed[..<slash]), mode: 0o777)
            }
            guard mkdir(directory, mode) == 0 || errno == EEXIST else {
                throw StoreFileError(.io, file: directory, reason: "cannot create the store directory: \(String(cString: strerror(errno)))")
            }
        }
        try make(path, mode: FileSystem.directoryMode)
        _ = chmod(path, FileSystem.directoryMode)
    }

    /// Makes an existing store file private to its owner (a store written before 0.4 was 0644);
    /// a file someone else owns is left as it is.
    func makePrivate(_ path: String) {
        _ = chmod(path, FileSystem.fileMode)
    }

    /// Writes all of `bytes`. A fault may write the first half before failing, as a crash in
    /// the middle of a write would.
    func write(_ descriptor: Int32, _ bytes: [UInt8], path: String) throws(StoreFileError) {
        var limit = bytes.count
        var failure: StoreFileError?
        if let error = faults?.failure(of: .write, path: path) {
            failure = error
            limit = faults?.writesHalfBeforeFailing == true ? bytes.count / 2 : 0
        }
        var written = 0
        while written < limit {
            let result = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress! + written, limit - written) }
            if result < 0 {
                if errno == EINTR { continue }
                throw FileSystem.failure(path, "write")
            }
            written += result
        }
        if let failure { throw failure }
    }

    func sync(_ descriptor: Int32, path: String) throws(StoreFileError) {
        try check(.sync, path)
        guard systemSync(descriptor) == 0 else { throw FileSystem.failure(path, "fsync") }
    }

    func truncate(_ descriptor: Int32, to length: Int, path: String) throws(StoreFileError) {
        try check(.truncate, path)
        guard ftruncate(descriptor, off_t(length)) == 0 else { throw FileSystem.failure(path, "truncate") }
    }

    func rename(_ source: String, to target: String) throws(StoreFileError) {
        try check(.rename, target)
        guard systemRename(source, target) == 0 else { throw FileSystem.failure(target, "rename") }
    }

    /// Removes a file; a file already gone is not an error.
    func remove(_ path: String) throws(StoreFileError) {
        try check(.remove, path)
        guard unlink(path) == 0 || errno == ENOENT else { throw FileSystem.failure(path, "unlink") }
    }

    /// Makes the directory's entries (a rename, a new file) durable.
    func syncDirectory(_ directory: String) throws(StoreFileError) {
        try check(.syncDirectory, directory)
        let descriptor = systemOpen(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0)
        guard descriptor >= 0 else { throw FileSystem.failure(directory, "open") }
        defer { close(descriptor) }
        guard systemSync(descriptor) == 0 else { throw FileSystem.failure(directory, "fsync") }
    }

    /// Everything from the start of an open file to its end.
    func readAll(_ descriptor: Int32, path: String) throws(StoreFileError) -> [UInt8] {
        try check(.read, path)
        var bytes: [UInt8] = []
        var info = stat()
        if fstat(descriptor, &info) == 0 { bytes.reserveCapacity(Int(info.st_size)) }
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        var offset: off_t = 0
        while true {
            let count = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress!, $0.count, offset) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileSystem.failure(path, "read")
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
            offset += off_t(count)
        }
    }

    /// The whole file, or nil when it does not exist.
    func readAll(_ path: String) throws(StoreFileError) -> [UInt8]? {
        guard let descriptor = try openIfPresent(path) else { return nil }
        defer { close(descriptor) }
        return try readAll(descriptor, path: path)
    }

    /// Creates (or empties) a file, writes `bytes` and makes them durable; the descriptor is
    /// returned open for appending when `keepOpen`, else closed (and -1 returned). On failure
    /// the file is removed.
    @discardableResult
    func writeNewFile(_ path: String, _ bytes: [UInt8], keepOpen: Bool = false) throws(StoreFileError) -> Int32 {
        let descriptor = try open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND)
        do throws(StoreFileError) {
            try write(descriptor, bytes, path: path)
            try sync(descriptor, path: path)
        } catch {
            close(descriptor)
            try? remove(path)
            throw error
        }
        if keepOpen { return descriptor }
        close(descriptor)
        return -1
    }

    /// The identity of an open file.
    func identity(of descriptor: Int32) -> Identity? {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        return Identity(info)
    }

    /// The identity of the file a path names now; nil when there is none.
    func identity(ofPath path: String) -> Identity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Identity(info)
    }

    func fileExists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}

/// Makes a file's written bytes durable. On Apple platforms `fsync` leaves them in the drive's
/// cache (see fsync(2) there); `F_FULLFSYNC` flushes that cache too, as SQLite does. Where a
/// file system does not support it, `fsync` is what there is.
private func systemSync(_ descriptor: Int32) -> Int32 {
    #if canImport(Darwin)
    if fcntl(descriptor, F_FULLFSYNC) == 0 { return 0 }
    #endif
    return fsync(descriptor)
}

// The C functions under names of their own, so that the methods above can share their names.
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { write(descriptor, buffer, count) }
private func systemRename(_ source: String, _ target: String) -> Int32 { rename(source, target) }
