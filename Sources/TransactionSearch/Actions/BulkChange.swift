/// What a bulk edit (`update(matching:_:)`) or a run of the rules (`applyRules()`) changed, or
/// would change (a dry run): each row before and after, in the order the rows were found.
public struct BulkChange: Hashable, Sendable {
    /// One changed row.
    public struct Row: Hashable, Sendable {
        /// The row as it was.
        public var before: Transaction
        /// The row as it is (or would be).
        public var after: Transaction
        /// The fields whose values differ (in `TransactionField` order); empty when only who
        /// set a field changed (a person's edit to the value it had).
        public var fields: [TransactionField]

        /// A row's change from its two versions.
        public init(before: Transaction, after: Transaction) {
            self.before = before
            self.after = after
            fields = TransactionField.allCases.filter { $0.text(in: before) != $0.text(in: after) }
        }
    }

    /// The rows changed, in the order they were found.
    public var rows: [Row]
    /// Rows that matched but already were as asked.
    public var unchanged: Int
    /// Rows a rule matched but could not change, with the rule and the reason (a run of the
    /// rules only; a bulk edit refuses them all instead).
    public var skipped: [Skipped]
    /// Whether nothing was changed: the rows are what a real run would do.
    public var isDryRun: Bool

    /// A row a rule left alone because its change did not validate.
    public struct Skipped: Hashable, Sendable, CustomStringConvertible {
        /// The rule's name.
        public var rule: String
        /// The row's id.
        public var id: String
        /// Why.
        public var error: ValidationError

        /// `rule "Coffee" left tx_3: subcategory: ...`.
        public var description: String { "rule \"\(VisibleText.escaped(rule))\" left \(VisibleText.escaped(id)): \(error)" }
    }

    /// A change from its parts.
    public init(rows: [Row] = [], unchanged: Int = 0, skipped: [Skipped] = [], isDryRun: Bool = false) {
        self.rows = rows
        self.unchanged = unchanged
        self.skipped = skipped
        self.isDryRun = isDryRun
    }

    /// The number of rows changed.
    public var count: Int { rows.count }
}

/// A bulk edit refused as a whole: the rows whose change does not validate (the first 100,
/// with how many in all). Nothing changed.
public struct BulkEditError: Error, Hashable, Sendable, CustomStringConvertible {
    /// One refused row: its id and why.
    public struct Failure: Hashable, Sendable, CustomStringConvertible {
        /// The row's id.
        public var id: String
        /// The field and the reason.
        public var error: ValidationError

        /// `tx_3: subcategory: ...`.
        public var description: String { "\(VisibleText.escaped(id)): \(error)" }
    }

    /// The first refused rows (at most `listLimit`).
    public var failures: [Failure]
    /// How many rows were refused in all.
    public var failureCount: Int

    /// Refused rows listed at most.
    public static let listLimit = 100

    /// The first five failures and how many more.
    public var description: String {
        "\(failureCount) of the matching rows cannot take the change: "
            + failures.prefix(5).map(\.description).joined(separator: "; ")
            + (failureCount > 5 ? "; and \(failureCount - 5) more" : "")
    }
}
