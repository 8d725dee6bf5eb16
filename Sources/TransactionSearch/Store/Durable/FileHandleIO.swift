import Foundation

/// Thin POSIX file operations that report `StoreFileError` with the path and `errno`.
enum FileIO {
    static func failure(_ path: String, _ action: String) -> StoreFileError {
        StoreFileError(.io, file: path, reason: "\(action) failed: \(String(cString: strerror(errno)))")
    }

    static func open(_ path: String, _ flags: Int32) throws(StoreFileError) -> Int32 {
        let descriptor = Glibc.open(path, flags | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure(path, "open") }
        return descriptor
    }

    static func writeAll(_ descriptor: Int32, _ bytes: [UInt8], path: String) throws(StoreFileError) {
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + written, bytes.count - written) }
            if result < 0 {
                if errno == EINTR { continue }
                throw failure(path, "write")
            }
            written += result
        }
    }

    static func sync(_ descriptor: Int32, path: String) throws(StoreFileError) {
        guard fsync(descriptor) == 0 else { throw failure(path, "fsync") }
    }

    /// The whole file, or nil when it does not exist.
    static func readAll(_ path: String) throws(StoreFileError) -> [UInt8]? {
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 {
            if errno == ENOENT { return nil }
            throw failure(path, "open")
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(path, "read")
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    /// Writes a file atomically: a temporary file, fsync, rename over the old one, fsync of
    /// the directory. A crash leaves the old file or the new one, never a mix.
    static func replaceAtomically(_ path: String, with bytes: [UInt8], directory: String) throws(StoreFileError) {
        let temporary = path + ".tmp"
        let descriptor = try open(temporary, O_WRONLY | O_CREAT | O_TRUNC)
        do throws(StoreFileError) {
            try writeAll(descriptor, bytes, path: temporary)
            try sync(descriptor, path: temporary)
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else { throw failure(path, "rename") }
        try syncDirectory(directory)
    }

    static func syncDirectory(_ directory: String) throws(StoreFileError) {
        let descriptor = try open(directory, O_RDONLY | O_DIRECTORY)
        defer { close(descriptor) }
        try sync(descriptor, path: directory)
    }
}
