/// Compaction: the whole store into a new snapshot, and a new empty log after it.
///
/// The steps, and what a failure or a crash after each leaves (every case opens with every
/// acknowledged change):
/// 1. write `snapshot.bin.tmp`, fsync — before the rename nothing changed: the old pair stands
///    and the writer keeps appending to the old log;
/// 2. write `log.bin.tmp` (a header of the new generation), fsync — the same;
/// 3. rename the snapshot into place (the commit) and fsync the directory — the new snapshot
///    names the old log and its length as folded in, so the old log stays valid beside it:
///    records appended to it later are replayed after the snapshot;
/// 4. rename the new log into place and fsync the directory — the writer now appends to the
///    new log. When this rename fails, the writer keeps the old log (still valid, by 3); when
///    only the directory fsync fails, every later append retries it before acknowledging.
extension StoreDirectory {
    /// Writes a snapshot's `bytes` (of `generation`, its folded log set by the caller) and
    /// switches `appender` to a new log of the same generation.
    /// - Returns: whether the snapshot was committed (renamed into place), even when a later
    ///   step failed.
    /// - Throws: the first failure; the store stays usable with `appender` as it is left.
    func compact(snapshotBytes bytes: [UInt8], generation: UInt64, appender: inout LogAppender,
                 committed: inout Bool) throws(StoreFileError) {
        try fileSystem.writeNewFile(snapshotTemporaryPath, bytes)
        let newLog: Int32
        do throws(StoreFileError) {
            newLog = try fileSystem.writeNewFile(logTemporaryPath, EventLog.header(generation: generation), keepOpen: true)
        } catch {
            try? fileSystem.remove(snapshotTemporaryPath)
            throw error
        }
        var next = LogAppender(descriptor: newLog, generation: generation, length: EventLog.headerSize,
                               fileSystem: fileSystem)
        func abandonNewLog() {
            next.close()
            try? fileSystem.remove(logTemporaryPath)
        }
        do throws(StoreFileError) {
            try fileSystem.rename(snapshotTemporaryPath, to: snapshotPath)
        } catch {
            try? fileSystem.remove(snapshotTemporaryPath)
            abandonNewLog()
            throw error
        }
        committed = true
        do throws(StoreFileError) {
            try fileSystem.syncDirectory(path)
            try fileSystem.rename(logTemporaryPath, to: logPath)
        } catch {
            abandonNewLog()  // the old log stays valid beside the new snapshot
            throw error
        }
        appender.replace(with: next)
        do throws(StoreFileError) {
            try fileSystem.syncDirectory(path)
        } catch {
            appender.directoryNeedsSync = true
            throw error
        }
    }
}
