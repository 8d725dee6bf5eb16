import Synchronization

/// Failures a test injects into a store directory's file operations: the operation numbered
/// `index` (counting from 0, among the kinds in `operations`) fails with an I/O error. With
/// `crashes`, every operation after it fails too, as if the process had stopped there: what
/// reached the disk before is all a reopened store finds.
final class FileFaults: Sendable {
    let index: Int
    let operations: Set<FileSystem.Operation>
    let crashes: Bool
    /// A failing write writes half its bytes first (a write cut short by a crash).
    let writesHalfBeforeFailing: Bool
    private let seen = Mutex<(armed: Bool, count: Int, failed: Bool, log: [String])>((false, 0, false, []))

    /// A plan that counts nothing until `arm()`, so that a test can set a store up first.
    init(failing index: Int, of operations: Set<FileSystem.Operation> = Set(FileSystem.Operation.allCases),
         crashes: Bool = false, writesHalfBeforeFailing: Bool = false) {
        self.index = index
        self.operations = operations
        self.crashes = crashes
        self.writesHalfBeforeFailing = writesHalfBeforeFailing
    }

    /// A plan that fails nothing and only counts: run once to learn how many operations a
    /// step makes.
    static func counting() -> FileFaults { FileFaults(failing: .max) }

    /// Starts counting (and failing) from the next operation.
    func arm() {
        seen.withLock { $0.armed = true }
    }

    /// How many operations of the counted kinds have run.
    var count: Int { seen.withLock { $0.count } }
    /// The operations seen, as `kind path`, in order.
    var history: [String] { seen.withLock { $0.log } }
    /// Whether the injected failure has happened.
    var hasFailed: Bool { seen.withLock { $0.failed } }

    func failure(of operation: FileSystem.Operation, path: String) -> StoreFileError? {
        seen.withLock { state -> StoreFileError? in
            if state.failed && crashes { return StoreFileError(.io, file: path, reason: "injected: the process has stopped") }
            guard state.armed, operations.contains(operation) else { return nil }
            state.count += 1
            state.log.append("\(operation.rawValue) \(path)")
            guard state.count - 1 == index else { return nil }
            state.failed = true
            return StoreFileError(.io, file: path, reason: "injected failure of \(operation.rawValue)")
        }
    }
}
