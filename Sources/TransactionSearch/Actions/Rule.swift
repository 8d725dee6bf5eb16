/// A rule: "rows this search finds get these values", with a name a person can refer to.
/// Rules run in order on every add and import, before the rows are stored, and on demand over
/// the stored rows (`TransactionStore.applyRules()`). A rule never overwrites a field a person
/// set by hand (`FieldSource.hand`); each field it sets names it as its source.
///
/// ```swift
/// let rule = Rule(name: "Groceries", search: "merchant:lidl OR merchant:aldi",
///                 actions: [.set(.category, "Groceries")])
/// try store.addRule(rule)
/// ```
public struct Rule: Hashable, Sendable, CustomStringConvertible {
    /// Unique in a store (compared without case); how `fsearch rules` names it.
    public var name: String
    /// The search, in the search box syntax (docs/SPEC.md section 3b). A rule matches exactly:
    /// no word of it is widened to the spellings it almost matches, as a search does.
    public var search: String
    /// What the rule does to each row it matches, in order.
    public var actions: [RuleAction]

    /// A rule from its parts (checked when a store takes it: `TransactionStore.addRule`).
    public init(name: String, search: String, actions: [RuleAction]) {
        self.name = name
        self.search = search
        self.actions = actions
    }

    /// `Groceries: merchant:lidl → category=Groceries, tag #food`.
    public var description: String {
        "\(name): \(search) → " + actions.map(\.description).joined(separator: ", ")
    }

    /// The query the search asks for: every row it matches (no page).
    /// - Throws: `SearchSyntaxError` naming the position of what does not parse.
    public func query() throws(SearchSyntaxError) -> Query {
        try Query(parsing: search, limit: Int.max)
    }
}

/// One thing a rule does to a row it matches.
public enum RuleAction: Hashable, Sendable, CustomStringConvertible {
    /// Sets a field (one of `RuleAction.fields`) to a value; for `status`, `pending` or `posted`.
    case set(TransactionField, String)
    /// Clears a field (a cleared payee is cleaned from the merchant again, a cleared status is
    /// `posted`).
    case clear(TransactionField)
    /// Appends a tag (`#name`) to the notes, unless they hold it already.
    case addTag(String)

    /// The fields a rule (and a bulk edit) may set: what a person files rows by.
    public static let fields: [TransactionField] = [.category, .subcategory, .payee, .notes, .account, .status, .card]

    /// `category=Groceries`, `notes=` (cleared), `tag=#food`.
    public var description: String {
        switch self {
        case .set(let field, let value): "\(field.rawValue)=\(value)"
        case .clear(let field): "\(field.rawValue)="
        case .addTag(let tag): "tag=\(RuleAction.tagText(tag))"
        }
    }

    /// An action from its text form (`description`): `FIELD=VALUE`, `FIELD=` to clear, or
    /// `tag=NAME`; nil when the text names no field a rule sets.
    public init?(text: String) {
        guard let equals = text.firstIndex(of: "=") else { return nil }
        let name = text[..<equals].trimmingWhitespace().lowercased()
        let value = String(text[text.index(after: equals)...])
        if name == "tag" {
            self = .addTag(value)
            return
        }
        guard let field = TransactionField(rawValue: name), RuleAction.fields.contains(field) else { return nil }
        self = value.trimmingWhitespace().isEmpty ? .clear(field) : .set(field, value)
    }

    /// The tag as it is written in the notes: `#` and the name (a leading `#` given is kept once).
    static func tagText(_ tag: String) -> String {
        let name = tag.trimmingWhitespace()
        return name.hasPrefix("#") ? name : "#" + name
    }
}
