import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs an interactive search on the process's own terminal (standard input and output):
/// raw mode and the alternate screen, keys read as they come, SIGWINCH redrawing at the new
/// size, Ctrl-Z and `fg`, and the terminal put back however the program ends
/// (`TerminalRestoration`). Everything happens on the main queue: the reads of standard input
/// and of the wake pipe the signal handlers write to are dispatch sources there, so the
/// session only ever runs on the main actor.
@MainActor
package final class InteractiveTerminal: BrowseHost {
    /// How long a lone ESC waits for the rest of a sequence before it is the Escape key.
    static let escapeDelay: DispatchTimeInterval = .milliseconds(50)

    private let input = STDIN_FILENO
    private let output = STDOUT_FILENO
    private var session: BrowseSession?
    private var sources: [any DispatchSourceRead] = []
    /// Numbers the ESC timeouts: only the last one scheduled acts.
    private var escapeTimeouts = 0
    /// Called once the terminal is restored, before the process exits with its status.
    private let finish: @MainActor (BrowseExit) -> Int32
    /// The terminal running, kept for the life of the process (the sources hold it weakly).
    private static var running: InteractiveTerminal?

    private init(finish: @escaping @MainActor (BrowseExit) -> Int32) {
        self.finish = finish
    }

    /// Takes over the terminal and runs the session `makeSession` makes for its size; never
    /// returns. When the person quits, the terminal is restored, `finish` runs and the process
    /// exits with the status it returns. Both standard input and output must be a terminal
    /// (the caller checks, to say so in its own words).
    package nonisolated static func run(
        makeSession: @escaping @MainActor @Sendable (TerminalSize, any BrowseHost) -> BrowseSession,
        finish: @escaping @MainActor @Sendable (BrowseExit) -> Int32
    ) -> Never {
        Task { @MainActor in
            let terminal = InteractiveTerminal(finish: finish)
            running = terminal
            terminal.start(makeSession)
        }
        dispatchMain()
    }

    /// Raw mode, handlers, the first frame, and the sources that feed the session.
    private func start(_ makeSession: (TerminalSize, any BrowseHost) -> BrowseSession) {
        var wake: [Int32] = [-1, -1]
        guard pipe(&wake) == 0, TerminalRestoration.enterRawMode(input: input, output: output) else {
            FileHandle.standardError.write(Data("fsearch: cannot put the terminal in raw mode\n".utf8))
            exit(74)
        }
        for descriptor in wake { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(wake[1], F_SETFL, fcntl(wake[1], F_GETFL) | O_NONBLOCK)
        TerminalRestoration.installHandlers(wake: wake[1])
        write(TerminalSequence.enterFullScreen)
        let session = makeSession(currentSize(), self)
        self.session = session
        session.start()
        sources = [
            readSource(input) { [weak self] in self?.readKeys() },
            readSource(wake[0]) { [weak self] in self?.readWake(wake[0]) },
        ]
    }

    /// A read source on the main queue calling `handler`.
    private func readSource(_ descriptor: Int32, _ handler: @escaping @MainActor () -> Void) -> any DispatchSourceRead {
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: .main)
        source.setEventHandler { MainActor.assumeIsolated { handler() } }
        source.resume()
        return source
    }

    /// The terminal's size now (its own, which follows resizes, before `COLUMNS`/`LINES`).
    private func currentSize() -> TerminalSize {
        TerminalSize.current(descriptor: output, environment: ProcessInfo.processInfo.environment, preference: .terminal)
    }

    /// Reads what the terminal sent and hands it to the session; a lone ESC gets its timeout.
    private func readKeys() {
        guard let session else { return }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
        if count < 0 && (errno == EINTR || errno == EAGAIN) { return }
        guard count > 0 else {  // the terminal is gone
            end(.quit)
            return
        }
        session.receive(buffer[0 ..< count])
        if session.isWaitingForKeys {
            escapeTimeouts += 1
            let number = escapeTimeouts
            DispatchQueue.main.asyncAfter(deadline: .now() + InteractiveTerminal.escapeDelay) { [weak self] in
                MainActor.assumeIsolated {
                    guard let self, number == self.escapeTimeouts, let session = self.session, session.isWaitingForKeys else { return }
                    session.keysTimedOut()
                }
            }
        }
    }

    /// Acts on the signals the handlers noted: a new size, or a return from the background.
    private func readWake(_ descriptor: Int32) {
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0, let session else { return }
        let signals = Set(buffer[0 ..< count].map(Int32.init))
        if signals.contains(SIGCONT) {
            TerminalRestoration.applyRawMode()
            write(TerminalSequence.enterFullScreen)
        }
        if signals.contains(SIGCONT) || signals.contains(SIGWINCH) {
            session.resize(to: currentSize())
        }
    }

    /// Writes to the terminal, whole (a write cut short by a signal goes on).
    package func write(_ text: String) {
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(output, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }

    /// Restores the terminal and exits: 0 for `q` or Esc, 130 for Ctrl-C (as a shell reports
    /// a program Ctrl-C stopped), unless `finish` says otherwise.
    package func end(_ reason: BrowseExit) {
        for source in sources { source.cancel() }
        TerminalRestoration.restore()
        exit(finish(reason))
    }

    /// Ctrl-Z: stops the process as the shell's job control expects, the terminal restored
    /// first (the SIGTSTP handler); `fg` continues it, and SIGCONT brings raw mode back.
    package func suspend() {
        _ = raise(SIGTSTP)
    }
}
