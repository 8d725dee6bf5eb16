/// A store directory that cannot be opened, read or written: which file, where in it, and why.
public struct StoreFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem: an app reacts to `locked` and `missing` differently from damage.
    public enum Kind: Hashable, Sendable {
        /// Checksums, lengths or values that do not add up: the file is damaged.
        case corrupt
        /// Written by a newer or unknown format version.
        case unknownVersion
        /// Another process holds the store's lock.
        case locked
        /// The system refused a read, write, fsync or rename.
        case io
        /// There is no store where one was asked for.
        case missing
        /// The store exists with another time zone or base currency than the one asked for.
        case configurationMismatch
    }

    /// What kind of problem.
    public var kind: Kind
    /// The file's path.
    public var file: String
    /// The byte offset in the file where the problem was found, when it is about content.
    public var offset: Int?
    /// What is wrong, as a phrase (`checksum mismatch`).
    public var reason: String

    /// An error from its parts; see the properties.
    public init(_ kind: Kind, file: String, offset: Int? = nil, reason: String) {
        self.kind = kind
        self.file = file
        self.offset = offset
        self.reason = reason
    }

    /// `snapshot.bin at byte 1032: checksum mismatch`.
    public var description: String {
        file + (offset.map { " at byte \($0)" } ?? "") + ": " + reason
    }
}
