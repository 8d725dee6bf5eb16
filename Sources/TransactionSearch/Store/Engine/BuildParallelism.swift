import Dispatch

/// Running the independent parts of a bulk build at the same time, on the cores there are:
/// each field's text index; the posting lists, the buckets and the two row orders. Each part
/// writes only structures no other part touches and reads only columns no part writes, so the
/// store built is the one a single thread builds, structure for structure.
///
/// Below `minimumRows` rows, or on one core, the parts run in turn: waking a thread costs tens
/// of microseconds, more than it saves on a small batch.
enum BuildParallelism {
    /// Rows from which a build runs its parts side by side.
    static let minimumRows = 20_000

    /// Runs every part and returns when all are done.
    static func run(rows: Int, _ parts: [() -> Void]) {
        guard rows >= minimumRows && parts.count > 1 && ScanParallelism.hasSecondCore else {
            for part in parts { part() }
            return
        }
        // Each part writes only its own structures (see above).
        nonisolated(unsafe) let parts = parts
        DispatchQueue.concurrentPerform(iterations: parts.count) { parts[$0]() }
    }
}
