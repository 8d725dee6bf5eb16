import Foundation
import TransactionSearch

/// A store's automatic compaction, handed to a process of its own once a command has
/// answered: the person gets their prompt back at once, and the compaction (seconds for a large
/// store) runs detached, `fsearch compact --store DIR --if-due`, which waits for the lock the
/// command held and compacts only if it is still due. A writer that comes meanwhile waits for
/// it (the lock file says `compacting`); readers never wait.
enum BackgroundCompaction {
    /// Closes `durable` (printing what it has to say) and, when its log has passed the
    /// threshold, starts the compaction in the background.
    static func close(_ durable: DurableStore, path: String) {
        DataSource.printNotices(of: durable)
        let isDue = durable.isCompactionDue
        durable.close()
        guard isDue else { return }
        if start(path) {
            Console.error("fsearch: note: the store's log is large; compacting it in the background (every change is saved)")
        }
    }

    /// Starts `fsearch compact --store PATH --if-due` detached (a process group of its own,
    /// standard streams to /dev/null); whether it started.
    @discardableResult
    static func start(_ path: String) -> Bool {
        let executable = executablePath()
        let arguments = [executable, "compact", "--store", path, "--if-due"]
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A process group of its own: Ctrl-C at the terminal does not reach it (it ignores
        // hang-ups itself, `CompactCommand`).
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        var pid: pid_t = 0
        let cArguments = arguments.map { strdup($0) } + [nil]
        defer { for argument in cArguments { free(argument) } }
        let status = posix_spawn(&pid, executable, &actions, &attributes, cArguments, environ)
        return status == 0
    }

    /// This binary's path (`/proc/self/exe` on Linux, else how it was started).
    private static func executablePath() -> String {
        #if os(Linux)
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if count > 0 { return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        #endif
        return Bundle.main.executablePath ?? CommandLine.arguments[0]
    }
}
