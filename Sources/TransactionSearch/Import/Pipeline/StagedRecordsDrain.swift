/// An import's staged records as the store's build takes them, in order and once: each chunk
/// is freed as soon as the build has passed its last record, so that the staging shrinks
/// while the store grows, and none of it is held while the indexes are built (the bulk
/// build's peak). The drain is the records' only holder (the import hands them over), so that
/// freeing a chunk gives its memory back.
///
/// One import drives it from one thread, under the store's write lock.
final class StagedRecordsDrain {
    @exclusivity(unchecked) private(set) var records: StagedRecords
    /// Whether chunks may be freed: not when a record must still be read back after the build
    /// has passed it (a generated id checked against the ids the file gives).
    let releasesChunks: Bool

    /// Takes over `records`; `releasesChunks` says whether passed chunks may be freed.
    init(_ records: StagedRecords, releasesChunks: Bool) {
        self.records = records
        self.releasesChunks = releasesChunks
    }

    /// Says that no record before `index` will be read again.
    func pass(to index: Int) {
        guard releasesChunks, index < records.count else { return }
        records.releaseChunks(before: records.chunk(of: index))
    }

    /// Says that no record will be read again: frees them all.
    func finish() {
        guard releasesChunks else { return }
        records = StagedRecords()
    }
}
