/// The unique keys of a row: its id (required) and its import key (optional), each kept in a
/// `KeyIndex` of `RowTable` (the row of a key, the key of a row). Everything a change does to
/// them is here, so that adding, replacing and removing rows, reading a transaction back,
/// restoring a snapshot, the memory figures and the invariant checks name no key: a new
/// unique key is its `KeyIndex` and its lines in these functions (and its snapshot column).
extension RowTable {
    /// The keys a batch has used so far (`duplicateKey(ofID:importKey:storeHasRows:batch:)`).
    struct BatchKeys {
        var ids: StringSet
        var importKeys = StringSet()

        /// Room for `count` ids.
        init(capacity count: Int) {
            ids = StringSet(capacity: count)
        }
    }

    /// Why `transaction` cannot be stored: a key another row holds (the id first; `row` is the
    /// transaction's own row when it replaces one, an empty id is one still to be generated);
    /// nil when its keys are free. `previous`, the row's version now, skips looking up a key
    /// that stays the same (the row holds it).
    func duplicateKey(of transaction: Transaction, replacing row: UInt32? = nil, was previous: Transaction? = nil) -> ValidationError? {
        let sameID = previous.map { RecordChanges.sameBytes($0.id, transaction.id) } ?? false
        if !sameID, !transaction.id.isEmpty, let holder = ids.row(of: transaction.id), holder != row {
            return ValidationError(.id, .duplicateID(transaction.id))
        }
        let sameImportKey = previous.map { RecordChanges.sameBytes($0.importKey, transaction.importKey) } ?? false
        if !sameImportKey, let key = transaction.importKey, let holder = importKeys.row(of: key), holder != row {
            return ValidationError(.importKey, .duplicateImportKey(key))
        }
        return nil
    }

    /// Why a transaction of a batch cannot be stored (given by its keys: copying a transaction
    /// retains all its strings): a key the store holds (looked up only when `storeHasRows`) or
    /// one an earlier transaction of the batch took. Its keys go into `batch`.
    @inline(__always)
    func duplicateKey(ofID id: String, importKey: String?, storeHasRows: Bool, batch: inout BatchKeys) -> ValidationError? {
        if !id.isEmpty && ((storeHasRows && ids.row(of: id) != nil) || !batch.ids.insert(id)) {
            return ValidationError(.id, .duplicateID(id))
        }
        if let key = importKey, (storeHasRows && importKeys.row(of: key) != nil) || !batch.importKeys.insert(key) {
            return ValidationError(.importKey, .duplicateImportKey(key))
        }
        return nil
    }

    /// Enters a new row's keys (its id set and free, its import key if any).
    func registerKeys(of transaction: Transaction, at row: UInt32) {
        ids.insert(transaction.id, row: row)
        if let key = transaction.importKey { insertImportKey(key, row: row) }
    }

    /// Enters a new row's keys, the transaction read where it lies (a bulk build's).
    func registerKeys(of transaction: UnsafePointer<Transaction>, at row: UInt32) {
        ids.insert(transaction.pointee.id, row: row)
        if let key = transaction.pointee.importKey { insertImportKey(key, row: row) }
    }

    /// Takes a removed row's keys out.
    func removeKeys(of row: UInt32) {
        ids.remove(row: row)
        removeImportKey(of: row)
    }

    /// Enters an import key, counting it when it is of the scheme of earlier versions.
    @inline(__always)
    private func insertImportKey(_ key: String, row: UInt32) {
        importKeys.insert(key, row: row)
        if ImportKeys.isLegacy(key) { legacyImportKeyCount += 1 }
    }

    /// Takes a row's import key out (if it has one), uncounting it when it is of an earlier
    /// scheme (the key is read only while the store holds such keys).
    @inline(__always)
    private func removeImportKey(of row: UInt32) {
        if legacyImportKeyCount > 0, importKeys.hasKey(row), ImportKeys.isLegacy(importKeys.key(of: row)) {
            legacyImportKeyCount -= 1
        }
        importKeys.remove(row: row)
    }

    /// Gives a row the keys of `transaction` (free or already the row's).
    func replaceKeys(of row: UInt32, with transaction: Transaction) {
        if ids.key(of: row) != transaction.id {
            ids.remove(row: row)
            ids.insert(transaction.id, row: row)
        }
        if importKeys.hasKey(row) ? importKeys.key(of: row) != transaction.importKey : transaction.importKey != nil {
            removeImportKey(of: row)
            if let key = transaction.importKey { insertImportKey(key, row: row) }
        }
    }

    /// Sets a transaction's keys to those of a live row.
    @inline(__always)
    func setKeys(of row: UInt32, in transaction: inout Transaction) {
        transaction.id = ids.key(of: row)
        transaction.importKey = importKeys.hasKey(row) ? importKeys.key(of: row) : nil
    }

    /// Fills the keys of rows `0..<snapshot.count` from a snapshot's key columns; why not when
    /// a key appears twice.
    func restoreKeys(from snapshot: SnapshotRows) -> String? {
        snapshot.idBytes.withUnsafeBytes { file -> String? in
            guard ids.restore(packed: UnsafeRawBufferPointer(rebasing: file[snapshot.idRange]), lengths: snapshot.idLengths) else {
                return "an id appears twice"
            }
            guard importKeys.restore(packed: UnsafeRawBufferPointer(rebasing: file[snapshot.importKeyRange]),
                                     lengths: snapshot.importKeyLengths) else {
                return "an import key appears twice"
            }
            legacyImportKeyCount = 0
            for row in 0..<UInt32(snapshot.count) where importKeys.hasKey(row) && ImportKeys.isLegacy(importKeys.key(of: row)) {
                legacyImportKeyCount += 1
            }
            return nil
        }
    }

    /// Bytes held by the key indexes.
    var keysMemoryUse: Int { ids.memoryUse + importKeys.memoryUse }

    /// Traps unless every live row's keys lead back to it and the indexes hold no key of a row
    /// that is gone.
    func checkKeys() {
        var importKeyCount = 0, legacyCount = 0
        for row in 0..<UInt32(rowLimit) where isLive(row) {
            invariant(ids.row(of: ids.key(of: row)) == row, "id map lost row \(row)")
            if importKeys.hasKey(row) {
                invariant(importKeys.row(of: importKeys.key(of: row)) == row, "import key map lost row \(row)")
                importKeyCount += 1
                if ImportKeys.isLegacy(importKeys.key(of: row)) { legacyCount += 1 }
            }
        }
        invariant(legacyCount == legacyImportKeyCount, "\(legacyImportKeyCount) import keys counted of an earlier scheme, \(legacyCount) held")
        invariant(ids.count == liveCount, "the id map has \(ids.count) ids for \(liveCount) rows")
        invariant(importKeyCount == importKeys.count, "the import key map has keys of rows that are gone")
    }
}
