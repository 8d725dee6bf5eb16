/// A set of rows for one query, as a bitset over the store's row numbers: the candidates a
/// scan visits, or the rows a subtraction takes out.
///
/// Why a bitset: the candidates of a term come from many posting lists (one per matching
/// descriptor, note, card...), each ascending but together in no order. Visiting them in that
/// order reads every column at random, a cache miss per column per row once the columns
/// outgrow the cache (a million rows). Setting bits first (in 1/64 of the rows' bytes, which
/// stay in cache) and then visiting the set bits in ascending order reads the columns front to
/// back, which the processor prefetches; duplicates disappear on the way, and status and kind
/// filters narrow the set a word at a time (`RowClasses`).
final class RowSelection {
    let words: UnsafeMutablePointer<UInt64>
    let wordCount: Int

    /// An empty selection able to hold rows `0..<rowLimit`.
    init(rowLimit: Int) {
        wordCount = max((rowLimit + 63) / 64, 1)
        words = .allocate(capacity: wordCount)
        words.initialize(repeating: 0, count: wordCount)
    }

    deinit {
        words.deallocate()
    }

    @inline(__always)
    func insert(_ row: UInt32) {
        words[Int(row >> 6)] |= 1 << UInt64(row & 63)
    }

    @inline(__always)
    func contains(_ row: UInt32) -> Bool {
        words[Int(row >> 6)] & (1 << UInt64(row & 63)) != 0
    }

    /// Adds every row of a posting list (a dense list word by word).
    func insert(_ list: PostingList) {
        switch list {
        case .empty: break
        case .single, .pair, .triple: list.forEach { insert($0) }
        case .narrow(let rows):
            rows.withUnsafeBufferPointer { rows in
                for row in rows { words[Int(row >> 6)] |= 1 << UInt64(row & 63) }
            }
        case .sorted(let rows):
            rows.withUnsafeBufferPointer { rows in
                for row in rows { words[Int(row >> 6)] |= 1 << UInt64(row & 63) }
            }
        case .blocked(let blocks):
            blocks.forEachBlock { rows in
                for row in rows { words[Int(row >> 6)] |= 1 << UInt64(row & 63) }
            }
        case .dense(let source, _):
            source.withUnsafeBufferPointer { source in
                for index in 0..<min(source.count, wordCount) { words[index] |= source[index] }
            }
        }
    }

    /// Adds the rows of every code of `codes` in `postings` (a code's single row straight from
    /// its entry).
    func insert(codes: CodeSet, of postings: CodePostings) {
        postings.forEachPosting(ofCodesIn: codes, row: { insert($0) }, list: { insert($0) })
    }

    /// Adds the rows of a bitset over the same row numbers (a `RowClasses` class).
    func formUnion(_ other: UnsafePointer<UInt64>) {
        for index in 0..<wordCount { words[index] |= other[index] }
    }

    /// Adds the rows of `base` that are not in `excluded` (posted rows: live and not pending).
    func formUnion(_ base: UnsafePointer<UInt64>, excluding excluded: UnsafePointer<UInt64>) {
        for index in 0..<wordCount { words[index] |= base[index] & ~excluded[index] }
    }

    /// Keeps only the rows that are also in `other`.
    func formIntersection(_ other: UnsafePointer<UInt64>) {
        for index in 0..<wordCount { words[index] &= other[index] }
    }

    /// Takes out the rows that are in `other`.
    func subtract(_ other: UnsafePointer<UInt64>) {
        for index in 0..<wordCount { words[index] &= ~other[index] }
    }

    /// How many rows the words `range` hold.
    func count(inWords range: Range<Int>) -> Int {
        var total = 0
        for index in range { total &+= words[index].nonzeroBitCount }
        return total
    }

    /// Its words as an array (for a caller that keeps them past the selection's life).
    var bitset: [UInt64] { Array(UnsafeBufferPointer(start: words, count: wordCount)) }

    /// How many rows it holds.
    var count: Int { count(inWords: 0..<wordCount) }

    /// The word at which the rows split into two halves of about equal count (for two threads).
    func middleWord(of total: Int) -> Int {
        var seen = 0
        for index in 0..<wordCount {
            seen &+= words[index].nonzeroBitCount
            if seen * 2 >= total { return index + 1 }
        }
        return wordCount
    }

    /// Calls `body` with each row of the words `range`, ascending.
    @inline(__always)
    func forEach(inWords range: Range<Int>, _ body: (UInt32) -> Void) {
        for index in range {
            var word = words[index]
            while word != 0 {
                body(UInt32(truncatingIfNeeded: index << 6 | word.trailingZeroBitCount))
                word &= word &- 1
            }
        }
    }
}
