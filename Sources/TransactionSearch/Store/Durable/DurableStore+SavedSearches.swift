/// Saved searches kept in the store directory (`SavedSearchFile`), and in `store` for
/// searching: written to disk first, then kept in memory, so the store never holds a saved
/// search its directory does not.
extension DurableStore {
    /// Saves a search in the directory, replacing one of the same name, and keeps it in
    /// `store`; returns the one it replaced.
    /// - Throws: `DurableStoreError.readOnly`, or `.file` when the file cannot be written
    ///   (the saved searches are then as they were).
    @discardableResult
    public func save(_ search: SavedSearch) throws(DurableStoreError) -> SavedSearch? {
        try serialized { _ throws(DurableStoreError) in
            var searches = store.savedSearches.filter { $0.name != search.name }
            searches.append(search)
            try writeSavedSearches(searches)
            return store.save(search)
        }
    }

    /// Removes a saved search from the directory and from `store`; returns it, or nil (and
    /// writes nothing) when there is none of that name.
    /// - Throws: as `save(_:)`.
    @discardableResult
    public func removeSavedSearch(named name: String) throws(DurableStoreError) -> SavedSearch? {
        try serialized { _ throws(DurableStoreError) in
            guard store.savedSearch(named: name) != nil else { return nil }
            try writeSavedSearches(store.savedSearches.filter { $0.name != name })
            return store.removeSavedSearch(named: name)
        }
    }

    private func writeSavedSearches(_ searches: [SavedSearch]) throws(DurableStoreError) {
        do throws(StoreFileError) { try SavedSearchFile(files: files).write(searches) } catch { throw .file(error) }
    }

    /// Reads the directory's saved searches into a store being opened; in recovery a damaged
    /// file is a warning (the store opens without them), otherwise an error.
    static func loadSavedSearches(_ files: StoreDirectory, into store: TransactionStore, mode: Mode,
                                  warnings: inout [String]) throws(StoreFileError) {
        let file = SavedSearchFile(files: files)
        if mode == .readWrite && files.fileSystem.fileExists(file.path) { files.fileSystem.makePrivate(file.path) }
        do throws(StoreFileError) {
            store.savedSearchBook.replaceAll(with: try file.read())
        } catch {
            guard mode == .recovery else { throw error }
            warnings.append("recovery: the saved searches were left out: \(error)")
        }
    }
}
