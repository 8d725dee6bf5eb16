import Foundation
import Synchronization

/// Where a command's result goes: standard output, or a file named by `--output`, which is
/// written to a temporary file beside it, synced and renamed into place only once complete,
/// so that a failed export never leaves a cut file that looks whole (docs/SPEC.md section 9).
///
/// Every write goes through `write(_:)`, which resumes short writes and remembers the first
/// failure; `finish()` turns it into an error (exit 74), so a full disk or `/dev/full` is never
/// an exit 0 with a cut result, and never a trace. A closed pipe (`| head`) ends the process
/// quietly: the reader has what it wanted.
final class OutputDestination: Sendable {
    private struct State {
        var descriptor: Int32 = STDOUT_FILENO
        /// With `--output`: the temporary file and the file it becomes.
        var temporaryPath: String?
        var finalPath: String?
        /// The first failed write's `errno`.
        var failure: Int32?
    }

    private let state = Mutex(State())

    /// What `Console` writes to.
    static let current = OutputDestination()

    /// Sends what follows to `path`, through a temporary file beside it.
    /// - Throws: `FSearchError.io` when the temporary file cannot be made.
    func redirect(to path: String) throws(FSearchError) {
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp").path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            throw FSearchError.io("\(path): cannot be written (\(String(cString: strerror(errno))))")
        }
        state.withLock { state in
            state.descriptor = descriptor
            state.temporaryPath = temporary
            state.finalPath = path
        }
    }

    /// Writes all of `bytes`, resuming short writes; after a failure, writes nothing more.
    func write(_ bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty else { return }
        state.withLock { state in
            guard state.failure == nil else { return }
            var offset = 0
            while offset < bytes.count {
                let written = Foundation.write(state.descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 && errno == EINTR { continue }
                if written < 0 && errno == EPIPE && state.finalPath == nil { exit(0) }
                guard written > 0 else {
                    state.failure = written < 0 ? errno : ENOSPC
                    return
                }
                offset += written
            }
        }
    }

    /// Writes a string's UTF-8.
    func write(_ text: String) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    /// Gives up the output after an error: a temporary file is removed, the named file left as
    /// it was.
    func abandon() {
        state.withLock { state in
            if let temporary = state.temporaryPath {
                close(state.descriptor)
                unlink(temporary)
            }
            state.temporaryPath = nil
            state.finalPath = nil
            state.descriptor = STDOUT_FILENO
        }
    }

    /// Ends the output: with `--output`, syncs the file and renames it into place; throws when a
    /// write failed (the temporary file is removed, the named file left as it was).
    /// - Throws: `FSearchError.io`.
    func finish() throws(FSearchError) {
        let (failure, temporary, final, descriptor) = state.withLock { state in
            defer {
                state.temporaryPath = nil
                state.finalPath = nil
                state.descriptor = STDOUT_FILENO
            }
            return (state.failure, state.temporaryPath, state.finalPath, state.descriptor)
        }
        let name = final ?? "standard output"
        guard let temporary, let final else {
            if let failure { throw FSearchError.io("\(name): cannot be written (\(String(cString: strerror(failure))))") }
            return
        }
        var problem = failure
        if problem == nil && fsync(descriptor) != 0 { problem = errno }
        if close(descriptor) != 0 && problem == nil { problem = errno }
        if problem == nil && rename(temporary, final) != 0 { problem = errno }
        if let problem {
            unlink(temporary)
            throw FSearchError.io("\(name): cannot be written (\(String(cString: strerror(problem)))); it is left as it was")
        }
        // The rename itself is made durable by syncing the directory.
        let directory = open(URL(fileURLWithPath: final).deletingLastPathComponent().path, O_RDONLY | O_CLOEXEC)
        if directory >= 0 {
            fsync(directory)
            close(directory)
        }
    }
}
