/// The steps an undo can revert, newest last, bounded: at most `stepLimit` steps and, beyond
/// the newest (always kept, however large), at most `imageLimit` rows kept whole. Older steps
/// are dropped first. Deterministic, so a log replayed rebuilds the same history, and part of
/// the snapshot, so a compaction keeps it.
struct UndoHistory: Sendable, Equatable {
    static let stepLimit = 100
    static let imageLimit = 1_000_000

    private(set) var steps: [UndoStep] = []
    private var images = 0

    /// Adds a step and drops the oldest ones past the limits.
    mutating func push(_ step: UndoStep) {
        var step = step
        step.summarize()
        step.added.shrink()
        if step.changed.capacity > step.changed.count { step.changed = step.changed.withUnsafeBufferPointer { Array($0) } }
        steps.append(step)
        images += step.images
        var dropped = 0
        while steps.count - dropped > 1 && (steps.count - dropped > UndoHistory.stepLimit || images > UndoHistory.imageLimit) {
            images -= steps[dropped].images
            dropped += 1
        }
        if dropped > 0 { steps.removeFirst(dropped) }
    }

    /// Takes the newest step off; nil when there is none.
    mutating func pop() -> UndoStep? {
        guard let step = steps.popLast() else { return nil }
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
