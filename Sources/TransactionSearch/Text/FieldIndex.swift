/// Everything the store keeps for one dictionary-encoded text field (merchant, category,
/// subcategory, card, account, notes, payee): its strings with their trigram index
/// (`FieldStrings`, shared by merchants and payees), the rows of each string, and the order of
/// the strings' titles when the field is a grouping.
///
/// A field whose strings are shared counts its own uses of each code (`useCount`): the pool
/// counts both fields', and a code live in the pool may have no use in this field. Every
/// question about this field's strings (live, how many, which rows) is asked here, not of
/// the pool.
///
/// A class, so that the store's `TextFields` hands out the index itself, never a copy of its
/// dozen arrays; touched only under the store's lock, so its properties skip the dynamic
/// exclusivity check (see `StoreContents`).
final class FieldIndex: @unchecked Sendable {
    /// How a field's group titles are made from its strings.
    enum Titles: Sendable {
        /// Not a grouping: no title order kept.
        case none
        /// The title is the string.
        case plain
        /// The title is the masked card (`****4242`).
        case card
    }

    /// The strings and their trigram index; another field's too when `sharesStrings`.
    let strings: FieldStrings
    /// Whether another field shares `strings`; this field's uses are then kept in `uses`.
    let sharesStrings: Bool
    /// Whether this field answers for `strings` (their memory, their checks): the field that
    /// made them.
    let ownsStrings: Bool
    /// This field's uses by code when `sharesStrings` (empty otherwise: the pool's counts are
    /// this field's).
    @exclusivity(unchecked) private var uses: [UInt32] = []
    /// Codes with uses in this field when `sharesStrings`.
    @exclusivity(unchecked) private var sharedLiveCount = 0
    /// Rows by code; code 0 holds the rows with no value.
    @exclusivity(unchecked) private(set) var postings = CodePostings()
    var isSearchable: Bool { strings.isSearchable }
    /// Whether rows are kept per string here; merchant, category, subcategory and payee rows
    /// are kept per descriptor instead (see `DescriptorIndex`), and their row count is the use
    /// count.
    let keepsPostings: Bool
    let titles: Titles
    /// Live codes by (folded title, title, string) ascending: the order of groups, in chunks
    /// (`OrderedRowList`, ordered by the labels below), so that a title arriving or leaving
    /// moves one chunk, not the whole list of tens of thousands of merchants.
    @exclusivity(unchecked) private var titleList = OrderedRowList()
    /// A label of each live code that ascends along the title order, with gaps between labels
    /// (`rankSpacing`): a string that arrives takes a label between its neighbours' and one
    /// that leaves takes its own away, so neither relabels the others (renumbering every
    /// title after the place was most of a mutation's cost with tens of thousands of
    /// merchants). Only an arrival where no gap is left spreads all labels out again.
    /// Compare labels; they are not positions.
    @exclusivity(unchecked) private(set) var titleRank: [UInt32] = [0]
    /// The gap left between labels when they are spread out.
    static let rankSpacing: UInt32 = 1 << 12

    /// Live codes in title order (an array made for the caller).
    var titleOrder: [UInt32] { titleList.rows }

    /// The number of live codes in the title order.
    var titleCount: Int { titleList.count }

    /// Calls `body` with every live code in title order.
    @inline(__always)
    func forEachTitle(_ body: (UInt32) -> Void) {
        titleList.walk(from: titleList.startPosition) { code in
            body(code)
            return true
        }
    }

    /// The title order as an order of codes: by their labels. No keys (`RowOrder.key`): ranks
    /// are spread again as titles arrive, while the codes stay in the list.
    private struct LabelOrder: RowOrder {
        let ranks: [UInt32]
        func precedes(_ a: UInt32, _ b: UInt32) -> Bool { ranks[Int(a)] < ranks[Int(b)] }
    }
    /// While an empty field is filled in bulk, new titles are ordered at the end, all at once.
    @exclusivity(unchecked) private var defersIndexing = false

    /// A field with strings of its own.
    init(isSearchable: Bool, keepsPostings: Bool, titles: Titles) {
        strings = FieldStrings(isSearchable: isSearchable)
        ownsStrings = true
        self.keepsPostings = keepsPostings
        self.titles = titles
        sharesStrings = false
    }

    /// A field sharing strings with another: `owner` made them (and counts their memory).
    init(keepsPostings: Bool, titles: Titles, sharing shared: FieldStrings, owner: Bool) {
        strings = shared
        ownsStrings = owner
        sharesStrings = true
        self.keepsPostings = keepsPostings
        self.titles = titles
    }

    /// The pool of the strings (read in place, not copied).
    var pool: StringPool {
        _read { yield strings.pool }
    }

    /// The trigram index of the strings (read in place, not copied).
    var trigrams: TrigramIndex {
        _read { yield strings.trigrams }
    }

    var codeLimit: Int { pool.codeLimit }

    /// Whether some row uses `code` in this field.
    @inline(__always)
    func isLive(_ code: UInt32) -> Bool {
        guard sharesStrings else { return pool.isLive(code) }
        return Int(code) < uses.count && uses[Int(code)] > 0
    }

    /// How many rows use `code` in this field (0 for a code not in use).
    @inline(__always)
    func useCount(_ code: UInt32) -> Int {
        guard sharesStrings else { return pool.isLive(code) ? pool.referenceCount(code) : 0 }
        return Int(code) < uses.count ? Int(uses[Int(code)]) : 0
    }

    /// How many rows use any of `codes` in this field (each counted once per code).
    func useCount(of codes: CodeSet) -> Int {
        guard sharesStrings else { return pool.referenceCount(of: codes) }
        return uses.withUnsafeBufferPointer { uses in
            var total = 0
            codes.forEach { code in
                if Int(code) < uses.count { total &+= Int(uses[Int(code)]) }
            }
            return total
        }
    }

    /// The number of distinct strings in use in this field.
    var liveCount: Int { sharesStrings ? sharedLiveCount : pool.liveCount }

    /// The codes in use in this field, ascending.
    var liveCodes: [UInt32] {
        guard sharesStrings else { return pool.liveCodes }
        return (1..<UInt32(max(uses.count, 1))).filter { uses[Int($0)] > 0 }
    }

    /// `codes` less those with no use in this field (a shared pool's codes of the other field).
    func liveOnly(_ codes: CodeSet) -> CodeSet {
        guard sharesStrings else { return codes }
        return CodeSet(codes.codes.filter { isLive($0) })
    }

    /// The string of `code`. (Reached through this index, not `pool`: `text[field].pool` from
    /// another type copied the pool, a retain and release of each of its arrays, which at a
    /// million rows were cache misses of every change; and not inlined, since inlined into a
    /// transaction's reading it copied the pool again, twelve times an update or delete.)
    @inline(never)
    func string(_ code: UInt32) -> String { pool.string(code) }

    /// Appends the folded bytes of `code` to `buffer`: what the facts of a changed row
    /// (`RowFacts`) take of each field. (No closure handed to the pool from outside:
    /// `text[field].pool.folded.withBytes { }` made the compiler copy the pool first, a retain
    /// and release of each of its arrays, since the closure might change the index.)
    func appendFolded(_ code: UInt32, to buffer: inout [UInt8]) {
        pool.folded.appendBytes(code, to: &buffer)
    }

    /// Whether the folded text of `code` equals that of `otherCode` in `other`.
    func hasFoldedText(of code: UInt32, equalTo otherCode: UInt32, in other: FieldIndex) -> Bool {
        pool.folded.withBytes(code) { mine in
            other.pool.folded.withBytes(otherCode) { theirs in bytesEqual(mine, theirs) }
        }
    }

    /// The ASCII digits of the UTF-8 of `code`: see `StringPool.asciiDigits(of:)`.
    func asciiDigits(of code: UInt32) -> (lastFour: UInt32, count: Int) {
        pool.asciiDigits(of: code)
    }

    /// The code of a text, or nil when no row has it in this field.
    func code(of text: String) -> UInt32? { pool.code(of: text).flatMap { isLive($0) ? $0 : nil } }

    /// Counts a use of `text` (nil: code 0) and returns its code; a string new to the field
    /// is indexed.
    func retain(_ text: String?) -> UInt32 {
        guard let text else { return 0 }
        let (code, isNew) = strings.retain(text)
        if sharesStrings {
            if addUse(code) { didAdd(code) }
        } else if isNew {
            didAdd(code)
        }
        return code
    }

    /// Counts one more use of a code in use in the pool (0 is always in use): this field's
    /// string, or the other field's when the strings are shared.
    func retain(code: UInt32) {
        guard code != 0 else { return }
        strings.pool.retain(code: code)
        if sharesStrings && addUse(code) { didAdd(code) }
    }

    /// Counts a use of `code` in `uses`; true when it is the field's first.
    @inline(__always)
    private func addUse(_ code: UInt32) -> Bool {
        let index = Int(code)
        if index >= uses.count { uses.append(contentsOf: repeatElement(0, count: pool.codeLimit - uses.count)) }
        uses[index] += 1
        guard uses[index] == 1 else { return false }
        sharedLiveCount += 1
        return true
    }

    /// Counts a use less; the last use of a string removes it from every structure.
    func release(_ code: UInt32) {
        guard code != 0 else { return }
        if sharesStrings {
            precondition(isLive(code), "FieldIndex.release of code \(code) not in use here")
            uses[Int(code)] -= 1
            if uses[Int(code)] == 0 {
                sharedLiveCount -= 1
                willRemove(code)
            }
        } else if pool.referenceCount(code) == 1 {
            willRemove(code)
        }
        strings.release(code)
    }

    /// Gives `code`, used by one row only, the string `text` in its place, when `text` is in
    /// no use; true when done (the row keeps its code, so its postings stay where they are).
    /// Only for a field with its own strings, its own postings and no title order (the
    /// notes): no other structure then knows a code by its string. A note edited, or a rule's
    /// tag added to it, changed two posting lists and every trigram of two strings; now it
    /// changes the trigrams that differ.
    func replaceLastUse(_ code: UInt32, with text: String) -> Bool {
        guard keepsPostings && titles == .none && !sharesStrings && code != 0 && pool.referenceCount(code) == 1,
              strings.pool.code(of: text) == nil else { return false }
        strings.replaceLastUse(code, with: text)
        return true
    }

    func addRow(_ row: UInt32, code: UInt32, rowCapacity: Int) {
        precondition(keepsPostings, "FieldIndex.addRow on a field without postings")
        postings.insert(row, code: Int(code), rowCapacity: rowCapacity)
    }

    func removeRow(_ row: UInt32, code: UInt32, rowCapacity: Int) {
        postings.remove(row, code: Int(code), rowCapacity: rowCapacity)
    }

    /// Sets every posting list at once (indexed by code), for a field filled in bulk.
    func setPostings(_ lists: [PostingList]) {
        precondition(keepsPostings && lists.count >= pool.codeLimit, "FieldIndex.setPostings: \(lists.count) lists")
        postings = CodePostings(lists)
    }

    /// Takes a pool and trigram index restored from a snapshot into this empty field that
    /// owns its strings (the index built here when not given) and orders the titles. Posting
    /// lists come after, from `setPostings`.
    func restore(_ restored: StringPool, trigrams restoredTrigrams: TrigramIndex?) {
        precondition(ownsStrings && liveCount == 0 && titleList.count == 0, "FieldIndex.restore on a field in use")
        strings.restore(restored, trigrams: restoredTrigrams)
        if sharesStrings {
            uses = restored.referenceCounts
            sharedLiveCount = restored.liveCount
        }
        orderAllTitles()
    }

    /// Retains a snapshot's strings of this empty field into the strings it shares with
    /// another field, restored first, each with its number of uses (`uses[i + 1]` for string
    /// `i`), and orders the titles. Returns the code of each table number (0 for 0), or nil
    /// when a string repeats or has no use.
    func restoreSharing(_ table: SnapshotRows.StringTable, uses tableUses: [UInt32]) -> [UInt32]? {
        precondition(sharesStrings && !ownsStrings && liveCount == 0, "FieldIndex.restoreSharing on a field in use")
        var codes = [UInt32](repeating: 0, count: table.count + 1)
        for number in 1 ..< table.count + 1 {
            let count = tableUses[number]
            guard count > 0 else { return nil }
            let code = strings.retain(table.string(at: number - 1)).code
            guard !isLive(code) else { return nil }
            _ = addUse(code)
            if count > 1 {
                strings.pool.retain(code: code, times: count - 1)
                uses[Int(code)] += count - 1
            }
            codes[number] = code
        }
        orderAllTitles()
        return codes
    }

    /// Starts filling this empty field in bulk: strings retained until `endBulkFill` are
    /// indexed then, all at once, not one by one (several times cheaper for a large import).
    func beginBulkFill() {
        precondition(liveCount == 0 && titleList.count == 0, "FieldIndex.beginBulkFill on a field in use")
        defersIndexing = true
        strings.beginBulkFill()
    }

    /// Indexes every string retained since `beginBulkFill`, the pool first given back the
    /// spare room its growth left (one copy; it is held at its size after a bulk fill). For
    /// strings of its own; the fields sharing strings end theirs through `TextFields`.
    func endBulkFill() {
        precondition(!sharesStrings, "FieldIndex.endBulkFill on shared strings")
        strings.endBulkFill()
        endTitlesBulkFill()
    }

    /// Orders every title retained since `beginBulkFill` at once: the field's part of ending
    /// a bulk fill, its strings' pool already shrunk.
    func endTitlesBulkFill() {
        precondition(defersIndexing, "FieldIndex.endBulkFill without beginBulkFill")
        defersIndexing = false
        if uses.capacity > uses.count { uses = uses.withUnsafeBufferPointer { Array($0) } }
        orderAllTitles()
    }

    /// Builds the title order of every live string at once: a radix-sorted build and one
    /// sort, instead of an insert per string.
    private func orderAllTitles() {
        guard titles != .none else { return }
        let codes = liveCodes
        titleRank = [UInt32](repeating: 0, count: pool.codeLimit)
        titleList.build(sortedRows: titles == .plain ? plainTitleOrder(codes) : codes.map { (code: $0, key: titleKey($0)) }
            .sorted { $0.key < $1.key }.map(\.code), order: LabelOrder(ranks: titleRank))
        spreadRanks()
    }

    /// Rows carrying `code` (not counted for code 0 of a field without postings: the rows with
    /// no payee, say, are `DescriptorIndex.rowCount(of: 0, in: byPayee)`).
    @inline(__always)
    func rowCount(_ code: UInt32) -> Int {
        guard keepsPostings else { return code == 0 ? 0 : useCount(code) }
        return Int(code) < postings.count ? postings[Int(code)].count : 0
    }

    /// The display title of a code's group.
    func title(_ code: UInt32) -> String {
        let text = pool.string(code)
        return titles == .card ? Transaction.cardTitle(of: text) : text
    }

    /// Bytes held by this field: its strings' when it owns them, its own uses, postings and
    /// title order.
    var memoryUse: Int {
        var bytes = (ownsStrings ? strings.memoryUse : 0) + titleList.memoryUse + titleRank.capacity * 4
        bytes += postings.memoryUse + uses.capacity * 4
        return bytes
    }

    /// Orders the title of a code new to the field (the strings index a new string).
    private func didAdd(_ code: UInt32) {
        guard !defersIndexing, titles != .none else { return }
        // Sort keys are made when a string arrives (rare) rather than kept for every string.
        let key = titleKey(code)
        while titleRank.count <= Int(code) { titleRank.append(0) }
        let position = titleList.lowerBound { titlePrecedes($0, key) }
        let previous = titleList.position(before: position).map { titleRank[Int(titleList.chunks[$0.chunk][$0.offset])] } ?? 0
        let next = position.chunk < titleList.chunks.count ? titleRank[Int(titleList.chunks[position.chunk][position.offset])] : UInt32.max
        let gap = next - previous
        if gap >= 2 {
            titleRank[Int(code)] = previous + min(gap / 2, FieldIndex.rankSpacing)
            titleList.insert(code, order: LabelOrder(ranks: titleRank))
        } else {
            var order = titleList.rows
            order.insert(code, at: titleList.rank(of: position))
            titleList.build(sortedRows: order, order: LabelOrder(ranks: titleRank))
            spreadRanks()
        }
    }

    /// Takes the title of a code the field no longer uses out of the order.
    private func willRemove(_ code: UInt32) {
        precondition(!defersIndexing, "FieldIndex: a string removed during a bulk fill")
        guard titles != .none else { return }
        titleList.remove(code, order: LabelOrder(ranks: titleRank))
    }

    /// Whether a live code's title sorts before `key`, comparing the pool's bytes in place
    /// (no arrays made) for plain titles.
    private func titlePrecedes(_ code: UInt32, _ key: TitleKey) -> Bool {
        guard titles == .plain else { return titleKey(code) < key }
        let byFolded = pool.folded.withBytes(code) { folded in
            key.folded.withUnsafeBufferPointer { TitleKey.compare(folded, $0) }
        }
        if byFolded != 0 { return byFolded < 0 }
        return pool.withUTF8(code) { bytes in key.title.withUnsafeBufferPointer { TitleKey.compare(bytes, $0) } } < 0
    }

    /// Codes ordered by a plain title (folded bytes, then UTF-8: `TitleKey`'s order when the
    /// title is the string): radix sorts on eight folded bytes at a time, a run that shares
    /// them sorted again on the next eight, and only strings whose folded bytes all agree
    /// compared whole. (A `TitleKey` per code, three arrays each, then a comparison sort took
    /// 78 M instructions for 22,500 long-tail merchants, many sharing their first words.)
    private func plainTitleOrder(_ codes: [UInt32]) -> [UInt32] {
        let texts = pool.folded
        var order = codes
        var pending = [(range: 0 ..< order.count, offset: 0)]
        while let (range, offset) = pending.popLast() {
            var pairs = order[range].map { code in
                (key: texts.withBytes(code) { FieldIndex.eightBytes(of: $0, from: offset) }, row: code)
            }
            // A radix sort's passes cost 256 counters each: short runs are compared instead.
            if pairs.count < 64 { pairs.sort { $0.key < $1.key } } else { RadixSort.sort(&pairs) }
            var start = 0
            while start < pairs.count {
                var end = start + 1
                while end < pairs.count && pairs[end].key == pairs[start].key { end += 1 }
                for index in start ..< end { order[range.lowerBound + index] = pairs[index].row }
                if end - start > 1 {
                    let run = range.lowerBound + start ..< range.lowerBound + end
                    let longest = order[run].map { code in texts.withBytes(code) { $0.count } }.max() ?? 0
                    if longest > offset + 8 {
                        pending.append((run, offset + 8))
                    } else {
                        // Every folded text of the run ended in these bytes: whole comparison.
                        order[run].sort { a, b in
                            let byFolded = texts.withBytes(a) { left in texts.withBytes(b) { right in TitleKey.compare(left, right) } }
                            if byFolded != 0 { return byFolded < 0 }
                            return StringPool.utf8(of: a, in: texts) { left in
                                StringPool.utf8(of: b, in: texts) { right in TitleKey.compare(left, right) }
                            } < 0
                        }
                    }
                }
                start = end
            }
        }
        return order
    }

    /// Bytes `offset ..< offset + 8` of `bytes` as a big-endian number, zeros past the end: the
    /// numbers' order is the bytes' order.
    @inline(__always)
    private static func eightBytes(of bytes: UnsafeBufferPointer<UInt8>, from offset: Int) -> UInt64 {
        var key: UInt64 = 0
        for index in offset ..< offset + 8 { key = key << 8 | UInt64(index < bytes.count ? bytes[index] : 0) }
        return key
    }

    /// The sort key of a live code's title.
    private func titleKey(_ code: UInt32) -> TitleKey {
        guard titles == .card else {
            let bytes = pool.withUTF8(code) { Array($0) }
            return TitleKey(folded: pool.folded.bytes(code), title: bytes, key: bytes)
        }
        return TitleKey(string: pool.string(code), title: title(code))
    }

    /// Labels every title again, `rankSpacing` apart (closer when there are too many titles
    /// for that in 32 bits).
    private func spreadRanks() {
        let spacing = max(1, min(FieldIndex.rankSpacing, UInt32(clamping: Int(UInt32.max) / (titleList.count + 1))))
        var label: UInt32 = 0
        forEachTitle { code in
            label &+= spacing
            titleRank[Int(code)] = label
        }
    }

    /// The first string whose folded text, or the trigram index, differs from what this build
    /// computes from the strings (a snapshot brings both from disk), or nil; nil for strings
    /// another field owns (that field answers).
    func textIndexProblem() -> String? {
        ownsStrings ? strings.textIndexProblem() : nil
    }

    func checkInvariants() {
        if ownsStrings { strings.checkInvariants() }
        if sharesStrings {
            // The uses of both fields against the pool's counts: `TextFields.checkInvariants`.
            invariant(liveCodes.count == sharedLiveCount, "\(sharedLiveCount) codes counted live, \(liveCodes.count) used")
        }
        if titles != .none {
            titleList.checkInvariants(order: LabelOrder(ranks: titleRank))
            let titleOrder = self.titleOrder
            invariant(titleOrder.count == liveCount, "title order has \(titleOrder.count) of \(liveCount)")
            for (index, code) in titleOrder.enumerated() {
                invariant(index == 0 || titleRank[Int(titleOrder[index - 1])] < titleRank[Int(code)], "title rank of \(code) is out of order")
                if index > 0 { invariant(titleKey(titleOrder[index - 1]) < titleKey(code), "titles out of order") }
            }
        }
        for code in 1..<UInt32(pool.codeLimit) where keepsPostings {
            invariant(rowCount(code) == useCount(code),
                         "postings of \(code) disagree with its references")
        }
    }
}

/// The sort key of a group title: folded title, then title, then the string itself, each by
/// UTF-8 bytes.
struct TitleKey: Comparable, Sendable {
    var folded: [UInt8] = []
    var title: [UInt8] = []
    var key: [UInt8] = []

    init(folded: [UInt8], title: [UInt8], key: [UInt8]) {
        self.folded = folded
        self.title = title
        self.key = key
    }

    init(string: String, title: String) {
        var foldedBytes: [UInt8] = []
        Folding.appendFolded(title, to: &foldedBytes)
        folded = foldedBytes
        self.title = Array(title.utf8)
        key = Array(string.utf8)
    }

    /// Byte order of two byte strings: negative, zero or positive.
    static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        let shared = Swift.min(a.count, b.count)
        for index in 0..<shared where a[index] != b[index] {
            return Int(a[index]) - Int(b[index])
        }
        return a.count - b.count
    }

    static func < (lhs: TitleKey, rhs: TitleKey) -> Bool {
        if lhs.folded != rhs.folded { return lhs.folded.lexicographicallyPrecedes(rhs.folded) }
        if lhs.title != rhs.title { return lhs.title.lexicographicallyPrecedes(rhs.title) }
        return lhs.key.lexicographicallyPrecedes(rhs.key)
    }
}
