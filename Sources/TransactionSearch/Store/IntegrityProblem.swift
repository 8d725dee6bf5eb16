/// Something a store's check found wrong with its structures in memory: an index, an order, a
/// bucket or a pool that disagrees with the rows (`diagnostics.verify()`). Never expected:
/// each is a bug (or damaged memory), reported so that a checker can say so instead of crashing.
public struct IntegrityProblem: Hashable, Sendable, CustomStringConvertible {
    /// What disagrees, in words (`merchant posting lost row 12`).
    public var description: String
}

/// Collects the problems of one check while it runs (`diagnostics.verify()`); when no
/// check collects, a broken invariant traps (`checkInvariants()`, tests and debug checks).
final class IntegrityCollector: @unchecked Sendable {
    /// The collector of the check running on this task or thread, if any.
    @TaskLocal static var current: IntegrityCollector?

    /// At most this many problems are kept (one broken structure can break thousands of rows).
    static let limit = 100

    private(set) var problems: [IntegrityProblem] = []
    /// Problems beyond `limit`, counted only.
    private(set) var unlisted = 0

    func record(_ message: String) {
        if problems.count < IntegrityCollector.limit { problems.append(IntegrityProblem(description: message)) } else { unlisted += 1 }
    }
}

/// An invariant of a store's structures: recorded when a check collects (`verify()`), a trap
/// otherwise (`checkInvariants()`). Used only by the structures' check functions.
@inline(__always)
func invariant(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
               file: StaticString = #fileID, line: UInt = #line) {
    guard !condition() else { return }
    if let collector = IntegrityCollector.current {
        collector.record(message())
    } else {
        preconditionFailure(message(), file: file, line: line)
    }
}

/// A broken invariant with no condition to test (see `invariant`).
func invariantFailure(_ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line) {
    invariant(false, message(), file: file, line: line)
}
