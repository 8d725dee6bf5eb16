/// What an undo needs of one step: the rows it added (to remove), the rows it changed as they
/// were (to put back), and the rows it deleted (to add back), with the step as `history()`
/// shows it. An undo applies them in that order, so that an import key or id a step moved
/// is free again before it is put back.
struct UndoStep: Sendable, Equatable {
    /// The step as a person sees it.
    var info: StoreStep
    /// Rows the step added, by id.
    var added = RowIDs()
    /// Rows the step changed: each one's id now, and the row as it was before the step.
    var changed: [Change] = []
    /// Rows the step deleted, as they were.
    var deleted: [Transaction] = []

    /// A changed row: its id after the step and its version before it.
    struct Change: Sendable, Equatable {
        var id: String
        var before: Transaction
    }

    init(kind: StoreStep.Kind, sequence: UInt64) {
        info = StoreStep(kind: kind, sequence: sequence)
    }

    /// Rows kept whole or as an id outside a run: what bounds the history's memory.
    var images: Int { changed.count + deleted.count + added.otherCount + added.runs.count }

    /// Memory held, roughly, in bytes: a row kept whole counts 256.
    var memoryBytes: Int { added.memoryBytes + (changed.count + deleted.count) * 256 }

    /// Fills in the counts and sample ids of `info` from the rows.
    mutating func summarize() {
        info.added = added.count
        info.changed = changed.count
        info.deleted = deleted.count
        var samples = added.prefix(3)
        for change in changed where samples.count < 3 { samples.append(change.id) }
        for row in deleted where samples.count < 3 { samples.append(row.id) }
        info.sampleIDs = samples
    }

    func encode(into writer: inout BinaryWriter) {
        writer.string(info.kind.rawValue)
        writer.integer(info.sequence)
        added.encode(into: &writer)
        writer.integer(UInt32(changed.count))
        for change in changed {
            writer.string(change.id)
            writer.transaction(change.before)
        }
        writer.integer(UInt32(deleted.count))
        for row in deleted { writer.transaction(row) }
    }

    static func decode(_ reader: inout BinaryReader) throws(BinaryReader.Malformed) -> UndoStep {
        let kindOffset = reader.offset
        guard let kind = StoreStep.Kind(rawValue: try reader.string()) else { throw .init(offset: kindOffset, reason: "an unknown step kind") }
        var step = UndoStep(kind: kind, sequence: try reader.integer(UInt64.self))
        step.added = try RowIDs.decode(&reader)
        let changedCount = Int(try reader.integer(UInt32.self))
        guard changedCount <= reader.end - reader.offset else { throw .init(offset: reader.offset - 4, reason: "an impossible row count") }
        for _ in 0..<changedCount { step.changed.append(Change(id: try reader.string(), before: try reader.transaction())) }
        let deletedCount = Int(try reader.integer(UInt32.self))
        guard deletedCount <= reader.end - reader.offset else { throw .init(offset: reader.offset - 4, reason: "an impossible row count") }
        for _ in 0..<deletedCount { step.deleted.append(try reader.transaction()) }
        step.summarize()
        return step
    }
}
