/// One step of a store's history, as `history()` lists it and `undo()` reverts it: an add, an
/// update, a delete, an import, a bulk edit or a run of the rules (an undo is not listed: it
/// removes the step it reverts).
public struct StoreStep: Hashable, Sendable, CustomStringConvertible {
    /// What kind of step.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// Rows added by `add` or `add(contentsOf:)`.
        case add
        /// One row changed by `update(id:_:)`.
        case update
        /// One row deleted.
        case delete
        /// A file imported.
        case `import`
        /// Rows changed by `update(matching:_:)`.
        case bulkEdit = "bulk-edit"
        /// Rows changed by `applyRules()`.
        case rulesApply = "rules-apply"
        /// Payees cleaned again by `repairPayees()`.
        case repairPayees = "repair-payees"
    }

    /// The kind.
    public var kind: Kind
    /// The store's sequence number after the step (`TransactionStore.sequence`).
    public var sequence: UInt64
    /// Rows added.
    public var added: Int
    /// Rows changed.
    public var changed: Int
    /// Rows deleted.
    public var deleted: Int
    /// Up to three of the ids it touched, for a person to recognise it.
    public var sampleIDs: [String]

    /// A step from its parts.
    public init(kind: Kind, sequence: UInt64, added: Int = 0, changed: Int = 0, deleted: Int = 0, sampleIDs: [String] = []) {
        self.kind = kind
        self.sequence = sequence
        self.added = added
        self.changed = changed
        self.deleted = deleted
        self.sampleIDs = sampleIDs
    }

    /// `import: 120 added, 2 changed (tx_1, tx_2, tx_3 ...)`.
    public var description: String {
        var parts: [String] = []
        if added > 0 { parts.append("\(added) added") }
        if changed > 0 { parts.append("\(changed) changed") }
        if deleted > 0 { parts.append("\(deleted) deleted") }
        if parts.isEmpty { parts.append("nothing changed") }
        let rows = added + changed + deleted
        let ids = sampleIDs.isEmpty ? "" : " (" + sampleIDs.map(VisibleText.escaped).joined(separator: ", ") + (rows > sampleIDs.count ? " ..." : "") + ")"
        return "\(kind.rawValue): " + parts.joined(separator: ", ") + ids
    }
}
