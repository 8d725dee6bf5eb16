#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Opens `path` with `flags` (the C `open`, out of reach of `PseudoTerminal.open`'s name).
private func openFile(_ path: String, _ flags: Int32) -> Int32 {
    open(path, flags)
}

/// posix_openpt, grantpt, unlockpt and ptsname, looked up at run time: Swift's Glibc module
/// leaves them out (they are X/Open extensions its headers are not compiled for).
struct PseudoTerminalCalls {
    let openMaster: @convention(c) (Int32) -> Int32
    let grant: @convention(c) (Int32) -> Int32
    let unlock: @convention(c) (Int32) -> Int32
    let name: @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?

    /// The four functions from the C library, nil if any is missing.
    static func load() -> PseudoTerminalCalls? {
        guard let library = dlopen(nil, RTLD_NOW),
            let openMaster = dlsym(library, "posix_openpt"), let grant = dlsym(library, "grantpt"),
            let unlock = dlsym(library, "unlockpt"), let name = dlsym(library, "ptsname")
        else { return nil }
        typealias Call = @convention(c) (Int32) -> Int32
        return PseudoTerminalCalls(
            openMaster: unsafeBitCast(openMaster, to: Call.self), grant: unsafeBitCast(grant, to: Call.self),
            unlock: unsafeBitCast(unlock, to: Call.self),
            name: unsafeBitCast(name, to: (@convention(c) (Int32) -> UnsafeMutablePointer<CChar>?).self))
    }
}

/// A pseudo-terminal pair for the tests: the master side plays the user's terminal emulator
/// (it reads the screen bytes), the slave side is the terminal a program (fsearch) writes to.
struct PseudoTerminal {
    /// The emulator's side.
    let master: Int32
    /// The program's side (kept open by the test, for tcgetattr and the size).
    let slave: Int32
    /// The slave's device path, opened afresh by a spawned child.
    let slavePath: String

    /// A new pair of `columns` x `rows`, nil when the system has no pseudo-terminals to give.
    static func open(columns: Int, rows: Int) -> PseudoTerminal? {
        guard let calls = PseudoTerminalCalls.load() else { return nil }
        let master = calls.openMaster(O_RDWR | O_NOCTTY)
        guard master >= 0 else { return nil }
        guard calls.grant(master) == 0, calls.unlock(master) == 0, let name = calls.name(master) else {
            closeDescriptor(master)
            return nil
        }
        let path = String(cString: name)
        let slave = openFile(path, O_RDWR | O_NOCTTY)
        guard slave >= 0 else {
            closeDescriptor(master)
            return nil
        }
        _ = fcntl(master, F_SETFD, FD_CLOEXEC)
        _ = fcntl(slave, F_SETFD, FD_CLOEXEC)
        let terminal = PseudoTerminal(master: master, slave: slave, slavePath: path)
        terminal.setSize(columns: columns, rows: rows)
        return terminal
    }

    /// Whether a pseudo-terminal can be opened here (the end-to-end tests need one).
    static let isAvailable: Bool = {
        guard let terminal = open(columns: 80, rows: 24) else { return false }
        terminal.close()
        return true
    }()

    /// Sets the window size, as an emulator does when its window is resized (the kernel then
    /// sends SIGWINCH to the terminal's foreground process group).
    func setSize(columns: Int, rows: Int) {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = withUnsafeMutablePointer(to: &size) { ioctl(master, UInt(TIOCSWINSZ), $0) }
    }

    /// Closes both sides.
    func close() {
        closeDescriptor(slave)
        closeDescriptor(master)
    }
}

/// Closes a descriptor (the C `close`, out of reach of `PseudoTerminal.close`'s name).
func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}

/// The screen bytes a program wrote, read from the master side, every wait bounded.
final class TerminalOutput {
    private let master: Int32
    /// Everything read so far.
    private(set) var bytes: [UInt8] = []

    /// Output of the terminal whose master is `master`.
    init(master: Int32) {
        self.master = master
    }

    /// Everything read so far as text.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Reads whatever arrives within `milliseconds`.
    func read(forMilliseconds milliseconds: Int) {
        let deadline = Clock.now + milliseconds
        while true {
            let left = deadline - Clock.now
            if left <= 0 { return }
            guard readOnce(timeoutMilliseconds: left) else { return }
        }
    }

    /// Reads until the text contains `needle` or `milliseconds` pass; returns whether it does.
    @discardableResult
    func wait(for needle: String, milliseconds: Int = 5000) -> Bool {
        let deadline = Clock.now + milliseconds
        while !text.contains(needle) {
            let left = deadline - Clock.now
            if left <= 0 { return false }
            if !readOnce(timeoutMilliseconds: left) { return text.contains(needle) }
        }
        return true
    }

    /// One poll and read; false when the other side is gone for good.
    private func readOnce(timeoutMilliseconds: Int) -> Bool {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, Int32(clamping: timeoutMilliseconds))
        if ready < 0 { return errno == EINTR }
        if ready == 0 { return true }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = readDescriptor(master, &buffer, buffer.count)
        if count > 0 {
            bytes += buffer[0..<count]
            return true
        }
        if count < 0 && errno == EINTR { return true }
        // EIO: no process has the slave open any more (Linux); keep the caller's deadline.
        usleep(10_000)
        return descriptor.revents & Int16(POLLHUP) == 0
    }
}

/// Reads from a descriptor (the C `read`, out of reach of `TerminalOutput.read`'s name).
func readDescriptor(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

/// Milliseconds of a monotonic clock.
enum Clock {
    /// Now, in milliseconds since some fixed point.
    static var now: Int {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int(time.tv_sec) * 1000 + Int(time.tv_nsec) / 1_000_000
    }
}
