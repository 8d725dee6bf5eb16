/// The version of this library: the tag of its release (semantic versioning), as an app's
/// `Package.swift` names it in `.package(url:from:)`. `CHANGELOG.md` lists what each version
/// changed.
public enum TransactionSearchVersion {
    /// `0.2.0`.
    public static let current = "0.2.0"
}
