/// Why a store refused a rule (`addRule`, `removeRule`): nothing changed.
public struct RuleError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The rule's name as given.
    public var rule: String
    /// What is wrong.
    public var reason: Reason

    /// An error about a rule.
    public init(rule: String, _ reason: Reason) {
        self.rule = rule
        self.reason = reason
    }

    /// What can be wrong with a rule.
    public enum Reason: Hashable, Sendable {
        /// The name is blank, longer than 100 characters, or holds a control character.
        case badName
        /// Another rule has this name (compared without case).
        case duplicateName
        /// No rule has this name (removing, or placing before it).
        case unknownRule(String)
        /// The search is empty: the rule would change every row.
        case emptySearch
        /// The search does not parse: where and why.
        case badSearch(SearchSyntaxError)
        /// The rule does nothing.
        case noActions
        /// An action a rule cannot do: a field no rule sets, a value the field refuses, a
        /// subcategory without a category.
        case badAction(String)
    }

    /// `rule "Groceries": the search does not parse: ...`.
    public var description: String {
        let name = "rule \"\(VisibleText.escaped(rule))\""
        switch reason {
        case .badName: return "\(name): a name is 1 to 100 characters, without control characters"
        case .duplicateName: return "\(name): a rule of that name exists (names are compared without case)"
        case .unknownRule(let other): return "no rule \"\(VisibleText.escaped(other))\""
        case .emptySearch: return "\(name): the search is empty, so the rule would change every row"
        case .badSearch(let error): return "\(name): the search does not parse: \(error)"
        case .noActions: return "\(name): the rule does nothing (give at least one action)"
        case .badAction(let why): return "\(name): \(why)"
        }
    }
}
