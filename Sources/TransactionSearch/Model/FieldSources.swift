/// Who last set a field of a transaction: what lets a rule leave alone a value a person set
/// by hand, and what `fsearch explain` shows.
public enum FieldSource: Hashable, Sendable, CustomStringConvertible {
    /// The file or the call that added the transaction (also an import's correction).
    case input
    /// The payee cleaner, from the merchant (`PayeeCleaner`).
    case cleaner
    /// A person's edit (an update or a bulk edit).
    case hand
    /// A rule, by its name.
    case rule(String)

    /// A source from its description (`rule Groceries`); nil for anything else.
    public init?(description text: String) {
        switch text {
        case "input": self = .input
        case "cleaner": self = .cleaner
        case "hand": self = .hand
        default:
            guard text.hasPrefix("rule "), text.count > 5 else { return nil }
            self = .rule(String(text.dropFirst(5)))
        }
    }

    /// `input`, `cleaner`, `hand`, `rule NAME`.
    public var description: String {
        switch self {
        case .input: "input"
        case .cleaner: "cleaner"
        case .hand: "hand"
        case .rule(let name): "rule \(name)"
        }
    }
}

/// Who last set each field that a person or a rule can change (`fields`); a field never
/// changed since the transaction came in says `.input`, a payee cleaned from the merchant
/// `.cleaner`.
public struct FieldSources: Hashable, Sendable, CustomStringConvertible {
    /// The fields whose source is kept: those an edit or a rule sets.
    public static let fields: [TransactionField] = [.category, .subcategory, .payee, .notes, .account, .status, .card]

    /// One source per field of `fields`, in that order.
    private var sources: [FieldSource]

    /// Every field set by the input.
    public init() {
        sources = FieldSources.allInput
    }

    /// One array shared by every `FieldSources()`: made anew, it was an allocation for each
    /// transaction a store validated or read back.
    private static let allInput = [FieldSource](repeating: .input, count: FieldSources.fields.count)

    /// The source of a field; `.input` for a field whose source is not kept.
    public subscript(field: TransactionField) -> FieldSource {
        get { FieldSources.slot(of: field).map { sources[$0] } ?? .input }
        set {
            guard let slot = FieldSources.slot(of: field) else { return }
            sources[slot] = newValue
        }
    }

    /// Whether every field was set by the input.
    public var isAllInput: Bool { sources.allSatisfy { $0 == .input } }

    /// The fields not set by the input, by name, with their sources' descriptions: what
    /// result JSON carries (`{"payee": "cleaner", "category": "rule Groceries"}`).
    public var texts: [String: String] {
        var texts: [String: String] = [:]
        for (field, source) in zip(FieldSources.fields, sources) where source != .input { texts[field.rawValue] = source.description }
        return texts
    }

    /// Sources from `texts`' form; nil when a field or a source is not one.
    public init?(texts: [String: String]) {
        self.init()
        for (name, text) in texts {
            guard let field = TransactionField(rawValue: name), let slot = FieldSources.slot(of: field),
                  let source = FieldSource(description: text) else { return nil }
            sources[slot] = source
        }
    }

    /// `payee: cleaner, category: rule Groceries` (fields set by the input left out).
    public var description: String {
        zip(FieldSources.fields, sources).filter { $0.1 != .input }.map { "\($0.0): \($0.1)" }.joined(separator: ", ")
    }

    /// The position of a field in `fields`.
    static func slot(of field: TransactionField) -> Int? {
        switch field {
        case .category: 0
        case .subcategory: 1
        case .payee: 2
        case .notes: 3
        case .account: 4
        case .status: 5
        case .card: 6
        default: nil
        }
    }

    /// The sources in `fields` order (for storage).
    var ordered: [FieldSource] { sources }

    /// Sources in `fields` order (from storage).
    init(ordered: [FieldSource]) {
        precondition(ordered.count == FieldSources.fields.count, "FieldSources: \(ordered.count) sources")
        sources = ordered
    }
}
