#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal's settings saved before raw mode, and putting them back however the program
/// ends: on a normal exit, on a termination signal (SIGTERM, SIGHUP, SIGINT, SIGQUIT), on a
/// crash that raises a signal (a Swift trap is SIGILL or SIGTRAP; SIGSEGV, SIGBUS, SIGFPE,
/// SIGABRT), and around a stop (SIGTSTP: restored before stopping, raw again on SIGCONT).
///
/// A signal handler may only make async-signal-safe calls, so `restore()` writes prepared
/// bytes and calls `tcsetattr`, reading state kept in memory allocated once and never freed.
/// After restoring, a handler puts back the action that was there before (the default, or
/// Swift's backtracer) and raises the signal again, so the process still ends as that signal
/// ends it, with its backtrace.
package enum TerminalRestoration {
    /// What a handler reads.
    struct State {
        /// The terminal's input, whose settings are changed.
        var input: Int32 = -1
        /// The terminal's output, where the leave sequence is written.
        var output: Int32 = -1
        /// The settings before raw mode.
        var settings = termios()
        /// Whether raw mode is on (restoring twice writes nothing the second time).
        var isRaw = false
        /// Where a handler wakes the main loop (SIGWINCH, SIGCONT); -1 for none.
        var wake: Int32 = -1
    }

    /// The state, at a fixed address.
    nonisolated(unsafe) static let state: UnsafeMutablePointer<State> = {
        let pointer = UnsafeMutablePointer<State>.allocate(capacity: 1)
        pointer.initialize(to: State())
        return pointer
    }()
    /// `TerminalSequence.leaveFullScreen` as bytes.
    nonisolated(unsafe) static let leaveBytes: UnsafeMutableBufferPointer<UInt8> = {
        let bytes = Array(TerminalSequence.leaveFullScreen.utf8)
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = buffer.initialize(from: bytes)
        return buffer
    }()
    /// The action each signal had before ours, by signal number.
    nonisolated(unsafe) static let previousActions: UnsafeMutablePointer<sigaction> = {
        let pointer = UnsafeMutablePointer<sigaction>.allocate(capacity: signalSlots)
        pointer.initialize(repeating: sigaction(), count: signalSlots)
        return pointer
    }()
    /// Signal numbers kept (every signal handled here is below it).
    static let signalSlots = 65

    /// The signals that end the process: the terminal is restored, then they end it.
    static let terminating: [Int32] = [SIGTERM, SIGHUP, SIGINT, SIGQUIT]
    /// The signals of a crash (a Swift trap raises SIGILL on x86 and SIGTRAP on ARM).
    static let crashing: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT]

    /// Saves the settings of the terminal on `input` and switches it to raw mode (no echo, no
    /// line editing, no signals from keys: Ctrl-C arrives as a byte); `output` is where the
    /// leave sequence goes. False when `input` is not a terminal.
    package static func enterRawMode(input: Int32, output: Int32) -> Bool {
        var settings = termios()
        guard tcgetattr(input, &settings) == 0 else { return false }
        _ = leaveBytes  // made now, never in a handler
        state.pointee.input = input
        state.pointee.output = output
        state.pointee.settings = settings
        return applyRawMode()
    }

    /// Raw mode again from the saved settings (after the program was in the background).
    @discardableResult
    package static func applyRawMode() -> Bool {
        var raw = state.pointee.settings
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { characters in
            characters[Int(VMIN)] = 1
            characters[Int(VTIME)] = 0
        }
        guard tcsetattr(state.pointee.input, TCSANOW, &raw) == 0 else { return false }
        state.pointee.isRaw = true
        return true
    }

    /// Puts the terminal back as it was: the leave sequence (styles, wrapping, the cursor, the
    /// screen as before) and the saved settings. Does nothing when raw mode is off. Safe in a
    /// signal handler.
    package static func restore() {
        let current = state
        guard current.pointee.isRaw else { return }
        current.pointee.isRaw = false
        let savedError = errno
        var offset = 0
        while offset < leaveBytes.count {
            let written = write(current.pointee.output, leaveBytes.baseAddress! + offset, leaveBytes.count - offset)
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { break }
            offset += written
        }
        _ = tcsetattr(current.pointee.input, TCSANOW, &current.pointee.settings)
        errno = savedError
    }

    /// Installs the handlers: the terminating and crashing signals restore and re-raise (a
    /// terminating signal that was ignored stays ignored), SIGTSTP restores and stops, and
    /// SIGWINCH and SIGCONT write their number to `wake` for the main loop. Also restores at
    /// `exit`.
    package static func installHandlers(wake: Int32) {
        state.pointee.wake = wake
        _ = previousActions
        atexit { TerminalRestoration.restore() }
        for signal in terminating + crashing {
            install(restoreAndRaise, for: signal, keepingIgnored: terminating.contains(signal))
        }
        install(restoreAndStop, for: SIGTSTP, keepingIgnored: true)
        install(wakeMainLoop, for: SIGWINCH, keepingIgnored: false, restart: true)
        install(wakeMainLoop, for: SIGCONT, keepingIgnored: false, restart: true)
    }

    /// Sets `handler` for `signal`, keeping the previous action in `previousActions`; with
    /// `keepingIgnored`, a signal the process ignores (`nohup`) stays ignored.
    static func install(_ handler: @convention(c) (Int32) -> Void, for signal: Int32, keepingIgnored: Bool, restart: Bool = false) {
        var action = sigaction()
        setHandler(handler, of: &action)
        sigemptyset(&action.sa_mask)
        action.sa_flags = restart ? Int32(SA_RESTART) : 0
        let previous = previousActions + Int(signal)
        guard sigaction(signal, &action, previous) == 0 else { return }
        if keepingIgnored && isIgnored(previous.pointee) { _ = sigaction(signal, previous, nil) }
    }

    /// Puts `handler` (nil: the default action) into `action`.
    static func setHandler(_ handler: (@convention(c) (Int32) -> Void)?, of action: inout sigaction) {
        #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = handler
        #else
        action.__sigaction_handler.sa_handler = handler
        #endif
    }

    /// Whether `action` ignores its signal (`SIG_IGN`, the handler value 1).
    static func isIgnored(_ action: sigaction) -> Bool {
        #if canImport(Darwin)
        let handler = action.__sigaction_u.__sa_handler
        #else
        let handler = action.__sigaction_handler.sa_handler
        #endif
        return unsafeBitCast(handler, to: Int.self) == 1
    }
}

/// A terminating or crashing signal: the terminal restored, the previous action put back and
/// the signal raised again (delivered when this handler returns).
private func restoreAndRaise(_ signal: Int32) {
    TerminalRestoration.restore()
    _ = sigaction(signal, TerminalRestoration.previousActions + Int(signal), nil)
    _ = raise(signal)
}

/// SIGTSTP (Ctrl-Z, or `kill -TSTP`): the terminal restored, then the process stops as it
/// would have; on SIGCONT it goes on here, the handler is set again, and the SIGCONT handler
/// has woken the main loop to enter raw mode and redraw.
private func restoreAndStop(_ signal: Int32) {
    let savedError = errno
    TerminalRestoration.restore()
    var defaultAction = sigaction()
    TerminalRestoration.setHandler(nil, of: &defaultAction)
    sigemptyset(&defaultAction.sa_mask)
    _ = sigaction(SIGTSTP, &defaultAction, nil)
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    sigaddset(&unblocked, SIGTSTP)
    _ = pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
    _ = raise(SIGTSTP)
    // Continued.
    TerminalRestoration.install(restoreAndStop, for: SIGTSTP, keepingIgnored: false)
    errno = savedError
}

/// SIGWINCH or SIGCONT: the signal's number written to the wake pipe; the main loop acts.
private func wakeMainLoop(_ signal: Int32) {
    let savedError = errno
    var byte = UInt8(truncatingIfNeeded: signal)
    _ = write(TerminalRestoration.state.pointee.wake, &byte, 1)
    errno = savedError
}
