/// What a batch add did: the ids of the rows added, in the order given, and the rows skipped.
public struct BatchResult: Hashable, Sendable {
    /// Ids of the added rows (generated ones included), in input order.
    public var addedIDs: [String]
    /// Rows refused, with their position in the batch; empty unless invalid rows were skipped.
    public var skipped: [BatchFailure]
}

/// A row of a batch that was refused: its position (0-based) and why.
public struct BatchFailure: Hashable, Sendable, CustomStringConvertible {
    /// The row's position in the batch, from 0.
    public var index: Int
    /// Why it was refused: the field and the reason.
    public var error: ValidationError

    /// `row 3: amount: "abc" is not a decimal number (like -12.50)`.
    public var description: String { "row \(index): \(error)" }
}

/// A batch refused as a whole: every bad row, with its position. Nothing was added.
public struct BatchError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Every refused row, in batch order.
    public var failures: [BatchFailure]

    /// The first five failures, one phrase each, and how many more.
    public var description: String {
        failures.prefix(5).map(\.description).joined(separator: "; ")
            + (failures.count > 5 ? "; and \(failures.count - 5) more" : "")
    }
}
