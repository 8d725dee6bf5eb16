/// Why a change to a durable store was refused. The store is then as it was, in memory and
/// on disk.
public enum DurableStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The change breaks a rule of docs/SPEC.md section 1 (or names an unknown id).
    case invalid(ValidationError)
    /// A batch with bad rows (all or nothing).
    case invalidBatch(BatchError)
    /// An import with bad rows or unreadable input (all or nothing).
    case invalidImport(ImportError)
    /// The store's files could not be written (nothing was applied).
    case file(StoreFileError)
    /// A bulk edit some matching rows cannot take (all or nothing).
    case bulkEdit(BulkEditError)
    /// A rule refused (a bad name, search or action), or rules that no longer check.
    case rule(RuleError)
    /// The newest step cannot be reverted.
    case undo(UndoError)
    /// The store was opened read-only.
    case readOnly

    /// The underlying error's message, or that the store is read-only.
    public var description: String {
        switch self {
        case .invalid(let error): error.description
        case .invalidBatch(let error): error.description
        case .invalidImport(let error): error.description
        case .file(let error): error.description
        case .bulkEdit(let error): error.description
        case .rule(let error): error.description
        case .undo(let error): error.description
        case .readOnly: "the store was opened read-only"
        }
    }
}
