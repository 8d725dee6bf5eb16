/// A part of a file that was read but holds no transaction to import, with why it was left
/// out: a QIF category list, an OFX investment position, a bank CSV's footer line.
public struct SkippedPart: Hashable, Sendable, CustomStringConvertible {
    /// Where in the file.
    public var location: ImportIssue.Location
    /// What it is and why it holds nothing to import.
    public var reason: String

    /// A skipped part from its place and reason.
    public init(_ location: ImportIssue.Location, _ reason: String) {
        self.location = location
        self.reason = reason
    }

    /// `line 3: QIF category list`.
    public var description: String { "\(location): \(reason)" }
}
