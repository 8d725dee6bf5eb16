/// The steps an undo can revert, newest last, bounded: at most `stepLimit` steps and, beyond
/// the newest (always kept, however large), at most `imageLimit` rows kept whole. Older steps
/// are dropped first. Deterministic, so a log replayed rebuilds the same history, and part of
/// the snapshot, so a compaction keeps it.
struct UndoHistory: Sendable, Equatable {
    static let stepLimit = 100
    static let imageLimit = 1_000_000

    /// The steps kept, oldest first: `storage` from `start` on. Dropping the oldest step moves
    /// `start` on, and the dropped steps are cleared from `storage` in one go once there are
    /// `stepLimit` of them: removing the first of a full history's 100 steps on every change
    /// moved the other 99 (callgrind: about 11,000 instructions, a fifth of an add).
    private var storage: [UndoStep] = []
    private var start = 0
    private var images = 0

    /// The steps an undo can revert, oldest first.
    var steps: ArraySlice<UndoStep> { storage[start...] }

    /// Equal when they keep the same steps.
    static func == (left: UndoHistory, right: UndoHistory) -> Bool { left.steps.elementsEqual(right.steps) }

    /// Adds a step and drops the oldest ones past the limits.
    mutating func push(_ step: UndoStep) {
        var step = step
        step.summarize()
        step.added.shrink()
        if step.changed.capacity > step.changed.count + 4 { step.changed = step.changed.withUnsafeBufferPointer { Array($0) } }
        storage.append(step)
        images += step.images
        while storage.count - start > 1 && (storage.count - start > UndoHistory.stepLimit || images > UndoHistory.imageLimit) {
            images -= storage[start].images
            storage[start] = UndoStep(kind: storage[start].info.kind, sequence: storage[start].info.sequence)  // its rows freed now
            start += 1
        }
        if start >= UndoHistory.stepLimit {
            storage.removeFirst(start)
            start = 0
        }
    }

    /// Takes the newest step off; nil when there is none.
    mutating func pop() -> UndoStep? {
        guard storage.count > start, let step = storage.popLast() else { return nil }
        images -= step.images
        return step
    }

    /// Memory held, roughly, in bytes.
    var memoryBytes: Int { steps.reduce(0) { $0 + $1.memoryBytes } }

    func encode(into writer: inout BinaryWriter) {
        writer.integer(UInt32(steps.count))
        for step in steps { step.encode(into: &writer) }
    }

    static func decode(_ reader: inout BinaryReader) throws(BinaryReader.Malformed) -> UndoHistory {
        var history = UndoHistory()
        let count = Int(try reader.integer(UInt32.self))
        guard count <= UndoHistory.stepLimit else { throw .init(offset: reader.offset - 4, reason: "more undo steps than are kept") }
        for _ in 0..<count { history.push(try UndoStep.decode(&reader)) }
        return history
    }
}
