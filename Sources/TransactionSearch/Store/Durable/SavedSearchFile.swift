import Foundation

/// The saved searches of a store directory, in `searches.json` beside the snapshot and the log:
/// `{"version": 1, "searches": [{"name", "search", "options"}]}`, sorted by name.
///
/// Crash-safe as the other files are: the whole list is written to `searches.json.tmp`,
/// fsync'ed, renamed over `searches.json`, and the directory fsync'ed, so after a crash the
/// file is the old list or the new one, whole (a leftover temporary file is never read). The
/// file is private (0600) like the rest of the store. A store without the file has none.
struct SavedSearchFile {
    let files: StoreDirectory

    static let fileName = "searches.json"
    static let version = 1

    var path: String { files.path + "/" + SavedSearchFile.fileName }
    var temporaryPath: String { path + StoreDirectory.temporarySuffix }

    private struct Contents: Codable {
        var version: Int
        var searches: [SavedSearch]
    }

    /// The saved searches on disk (none when there is no file).
    /// - Throws: `StoreFileError`: a file that cannot be read, of an unknown version, or damaged.
    func read() throws(StoreFileError) -> [SavedSearch] {
        guard let bytes = try files.fileSystem.readAll(path) else { return [] }
        struct Version: Decodable { var version: Int }
        let decoder = JSONDecoder()
        guard let version = try? decoder.decode(Version.self, from: Data(bytes)) else {
            throw StoreFileError(.corrupt, file: path, reason: "not a list of saved searches (JSON with a version)")
        }
        guard version.version == SavedSearchFile.version else {
            throw StoreFileError(.unknownVersion, file: path, reason: "saved searches of version \(version.version), not \(SavedSearchFile.version)")
        }
        do {
            return try decoder.decode(Contents.self, from: Data(bytes)).searches
        } catch {
            throw StoreFileError(.corrupt, file: path, reason: "a saved search that cannot be read: \(error)")
        }
    }

    /// Replaces the file with `searches`: temporary file, fsync, rename, directory fsync.
    /// On a failure before the rename the file is as it was.
    func write(_ searches: [SavedSearch]) throws(StoreFileError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        let contents = Contents(version: SavedSearchFile.version, searches: searches.sorted { $0.name < $1.name })
        let bytes: [UInt8]
        do { bytes = Array(try encoder.encode(contents)) + [0x0A] } catch {
            throw StoreFileError(.io, file: path, reason: "saved searches could not be encoded: \(error)")
        }
        let fileSystem = files.fileSystem
        try fileSystem.writeNewFile(temporaryPath, bytes)
        do throws(StoreFileError) {
            try fileSystem.rename(temporaryPath, to: path)
        } catch {
            try? fileSystem.remove(temporaryPath)
            throw error
        }
        try fileSystem.syncDirectory(files.path)
    }
}
