/// This release of the library. (Not `TransactionSearchVersion`: the compiler's symbol graph,
/// which DocC reads, leaves out names of the form `<module>Version…`.)
public enum TransactionSearchRelease {
    /// The version: the tag of this release (semantic versioning), as an app's `Package.swift`
    /// names it in `.package(url:from:)`. `CHANGELOG.md` lists what each version changed.
    public static let version = "0.6.12"
}
