/// The distinct strings of one text field, or of two that share them, and the trigram index
/// over their folded text: what `FieldIndex` searches and titles by. The pool counts every
/// use by every field that shares it; each field counts its own uses (`FieldIndex`).
///
/// Merchants and payees share theirs: a payee is its merchant's name cleaned, most often the
/// same text, and on a long tail of 22,500 merchants the payees' own pool and trigram index
/// were 20.6 bytes a row of the same strings again (`bench --profile build`).
///
/// A class, so that the fields sharing it hold the one object; touched only under the store's
/// lock, so its properties skip the dynamic exclusivity check (see `StoreContents`).
final class FieldStrings: @unchecked Sendable {
    @exclusivity(unchecked) var pool = StringPool()
    /// Over the live strings' folded text; empty when the fields are not searched by word.
    @exclusivity(unchecked) var trigrams = TrigramIndex()
    let isSearchable: Bool
    /// While empty fields are filled in bulk, new strings are indexed at the end, all at once.
    @exclusivity(unchecked) private(set) var defersIndexing = false

    init(isSearchable: Bool) {
        self.isSearchable = isSearchable
    }

    /// Counts a use of `text` and returns its code; a new string is indexed (unless deferred).
    @inline(__always)
    func retain(_ text: String) -> (code: UInt32, isNew: Bool) {
        let (code, isNew) = pool.retain(text)
        if isNew && isSearchable && !defersIndexing {
            let folded = pool.folded.bytes(code)
            folded.withUnsafeBufferPointer { trigrams.insert(code, folded: $0, codeLimit: pool.codeLimit) }
        }
        return (code, isNew)
    }

    /// Counts a use less of a code in use; its last use removes the string from the index.
    func release(_ code: UInt32) {
        if pool.referenceCount(code) == 1 && isSearchable {
            precondition(!defersIndexing, "FieldStrings: a string removed during a bulk fill")
            let folded = pool.folded.bytes(code)
            folded.withUnsafeBufferPointer { trigrams.remove(code, folded: $0, codeLimit: pool.codeLimit) }
        }
        pool.release(code)
    }

    /// Replaces the string of a code's last use by `text`, a string in no use, keeping the
    /// code: the pool's entry is given back and made again (its free list hands the code
    /// straight back), and the trigram index moves the code only between the keys the two
    /// folded texts do not share.
    func replaceLastUse(_ code: UInt32, with text: String) {
        precondition(pool.referenceCount(code) == 1 && !defersIndexing, "FieldStrings.replaceLastUse of a code in other use")
        let old = isSearchable ? pool.folded.bytes(code) : []
        pool.release(code)
        let (new, isNew) = pool.retain(text)
        precondition(new == code && isNew, "FieldStrings.replaceLastUse: the pool did not give the code back")
        guard isSearchable else { return }
        let folded = pool.folded.bytes(code)
        old.withUnsafeBufferPointer { old in
            folded.withUnsafeBufferPointer { trigrams.replace(code, folded: old, with: $0, codeLimit: pool.codeLimit) }
        }
    }

    /// Starts a bulk fill of the empty pool (each field sharing it may call this).
    func beginBulkFill() {
        precondition(pool.liveCount == 0 || defersIndexing, "FieldStrings.beginBulkFill on strings in use")
        defersIndexing = true
    }

    /// Gives the pool back the spare room its growth left (one copy; it is held at its size
    /// after a bulk fill) and indexes every string retained since `beginBulkFill` at once (a
    /// radix-sorted build): before the fields order their titles from the pool's bytes.
    func endBulkFill() {
        precondition(defersIndexing, "FieldStrings.endBulkFill without beginBulkFill")
        defersIndexing = false
        pool.shrinkToFit()
        if isSearchable { trigrams = TrigramIndex(codes: pool.liveCodes, folded: pool.folded) }
    }

    /// Takes a pool restored from a snapshot, and its trigram index when the snapshot had one
    /// (built here when not); strings retained into the pool later are indexed one by one.
    func restore(_ restored: StringPool, trigrams restoredTrigrams: TrigramIndex?) {
        precondition(pool.liveCount == 0 && !defersIndexing, "FieldStrings.restore on strings in use")
        pool = restored
        if isSearchable { trigrams = restoredTrigrams ?? TrigramIndex(codes: pool.liveCodes, folded: pool.folded) }
    }

    /// Bytes held by the pool and the trigram index.
    var memoryUse: Int { pool.memoryUse + trigrams.memoryUse }

    /// The first string whose folded text, or the trigram index, differs from what this build
    /// computes from the strings (a snapshot brings both from disk), or nil.
    func textIndexProblem() -> String? {
        for code in pool.liveCodes where pool.folded.bytes(code) != Array(Folding.fold(pool.string(code)).utf8) {
            return "the folded text of \"\(pool.string(code))\" differs from this build's folding"
        }
        guard isSearchable, trigrams != TrigramIndex(codes: pool.liveCodes, folded: pool.folded) else { return nil }
        return "the trigram index differs from its strings"
    }

    func checkInvariants() {
        pool.checkInvariants()
        if let problem = textIndexProblem() { invariantFailure("field strings: \(problem)") }
    }
}
