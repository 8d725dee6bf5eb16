/// A saved search that cannot be made: which name, and why.
public struct SavedSearchError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Why.
    public enum Reason: Hashable, Sendable {
        /// The name cannot be typed after `@` (what is wrong with it).
        case badName(String)
        /// The search box text has a problem (its position and what was expected).
        case badSearch(SearchSyntaxError)
    }

    /// The name asked for, as given.
    public var name: String
    /// Why it cannot be saved.
    public var reason: Reason

    /// An error from its parts.
    public init(name: String, reason: Reason) {
        self.name = name
        self.reason = reason
    }

    /// `saved search 'my coffee': the name has only letters, ...`; control characters escaped.
    public var description: String {
        switch reason {
        case .badName(let problem): "saved search name '\(VisibleText.escaped(name))': \(problem)"
        case .badSearch(let problem): "saved search '\(VisibleText.escaped(name))': query \(problem)"
        }
    }
}
