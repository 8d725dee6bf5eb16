import Dispatch
import Foundation

/// Running the two halves of a large scan or subtraction on two threads. Each half visits its
/// own range of a `RowSelection`'s words with its own `TallyWriter`, over its own tally and its
/// own stretch of the matched rows; the executor then merges the tallies (and closes the gap
/// between the stretches), so the answer is the one a single thread gives, row for row.
///
/// Worth it only for many rows: waking a second thread costs tens of microseconds, a row about
/// five nanoseconds (`StoreContents.parallelScanMinimum`, 50,000 by default).
enum ScanParallelism {
    /// The default number of rows from which a scan is split.
    static let defaultMinimum = 50_000

    /// Whether the process may run on more than one core.
    static let hasSecondCore = ProcessInfo.processInfo.activeProcessorCount > 1

    /// Runs `body` with `first` over the words `0..<middle` and with `second` over
    /// `middle..<end`, at the same time; returns when both are done.
    static func run(_ first: inout TallyWriter, _ second: inout TallyWriter, middle: Int, end: Int,
                    _ body: (inout TallyWriter, Range<Int>) -> Void) {
        withUnsafeMutablePointer(to: &first) { first in
            withUnsafeMutablePointer(to: &second) { second in
                withoutActuallyEscaping(body) { body in
                    // Each thread writes only through its own writer, into memory only it uses.
                    nonisolated(unsafe) let writers = (first, second)
                    nonisolated(unsafe) let body = body
                    DispatchQueue.concurrentPerform(iterations: 2) { part in
                        if part == 0 {
                            body(&writers.0.pointee, 0..<middle)
                        } else {
                            body(&writers.1.pointee, middle..<end)
                        }
                    }
                }
            }
        }
    }
}
