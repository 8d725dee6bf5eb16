/// Maps each trigram of folded text (and each single byte and byte pair) to the codes of the
/// distinct strings containing it. A term of three or more bytes gets its candidate strings
/// by intersecting the postings of its trigrams, rarest first, stopping at zero (zoekt's plan),
/// and the caller verifies them against the folded text; a term of one or two bytes gets its
/// exact answer from one posting list, so no short term ever scans anything.
///
/// Each list is a `PostingList` over string codes: one code inline, a sorted array, or a
/// bitset over the codes once it holds more than 1/32 of them (`DensityThresholds`, with the
/// field's code limit as the capacity). The one- and two-byte keys of a large pool are that
/// dense: as bitsets they take a fraction of the memory, and removing a string clears a bit
/// instead of shifting tens of thousands of codes.
struct TrigramIndex: Equatable, Sendable {
    private var postings: [UInt32: PostingList] = [:]
    /// The bytes some text holds (those with a one-byte key): the third bytes a pair's
    /// trigrams can have, so that a pair looks up only those.
    private var presentBytes = CodeSet()

    /// The number of distinct trigrams.
    var trigramCount: Int { postings.count }

    /// Total codes over all postings.
    var postingCount: Int { postings.values.reduce(0) { $0 + $1.count } }

    /// Bytes held by the lists themselves (not the table).
    var listBytes: Int { postings.values.reduce(0) { $0 + $1.memoryUse } }

    /// Bytes held: the table's slots and every list's own storage.
    var memoryUse: Int {
        postings.capacity * (4 + MemoryLayout<PostingList>.stride + 1) + listBytes
    }

    /// Equal when the same keys post the same codes, whatever each list's representation
    /// (a list built at once and one grown code by code may differ in that).
    static func == (left: TrigramIndex, right: TrigramIndex) -> Bool {
        guard left.postings.count == right.postings.count else { return false }
        for (key, list) in left.postings {
            guard let other = right.postings[key], other.count == list.count, other.rows == list.rows else { return false }
        }
        return true
    }

    init() {}

    /// Pairs sorted at once, at most: a bulk build goes through its strings in slices of
    /// about this many (key, code) pairs (1 MiB, and as much again to sort them), so its
    /// transient buffers stay small however much text there is (on mostly distinct text, one
    /// buffer of every pair was the largest thing an import held). Merchants and notes are
    /// built side by side: 2 MiB slices held 8 MiB at once, most of what a 100,000-row
    /// long-tail import held beyond its store.
    static let pairsPerSlice = 1 << 17

    /// The index of the given codes' folded texts (codes ascending), built at once, a slice of
    /// strings at a time (`pairsPerSlice`): every (key, code) pair of the slice packed into one
    /// word and radix-sorted (`sortedPairs`); each key's run of codes then appended
    /// to its list (codes ascend from slice to slice), a code that repeats a key counted once.
    /// Lists turn into bitsets as they grow dense; the others are made exactly their size at
    /// the end. Several times cheaper than inserting string by string, which looks each key up
    /// once a string and grows its list step by step.
    init(codes: [UInt32], folded: PackedTexts) {
        let codeLimit = Int(codes.last ?? 0) + 1
        var start = 0
        while start < codes.count {
            var end = start
            var pairs = 0
            repeat {
                // A string of n bytes has at most 2n + 1 keys (bytes, trigrams, its end pair).
                pairs += folded.withBytes(codes[end]) { $0.count } * 2 + 1
                end += 1
            } while end < codes.count && pairs < TrigramIndex.pairsPerSlice
            TrigramIndex.sortedPairs(of: codes[start ..< end], folded: folded).withUnsafeBufferPointer { pairs in
                var first = 0
                while first < pairs.count {
                    let key = pairs[first] >> 32
                    var last = first + 1
                    while last < pairs.count && pairs[last] >> 32 == key { last += 1 }
                    postings[UInt32(key), default: .empty].appendAscending(pairs[first ..< last], rowCapacity: codeLimit)
                    first = last
                }
            }
            start = end
        }
        notePresentBytes()
        // Arrays made exactly their size: these lists are most of the index's memory.
        for index in postings.indices {
            switch postings.values[index] {
            case .narrow(let list) where list.capacity > list.count:
                postings.values[index] = .narrow(list.exactSizeCopy())
            case .sorted(let list) where list.capacity > list.count:
                postings.values[index] = .sorted(list.exactSizeCopy())
            default: break
            }
        }
    }

    /// The (key, code) pairs of some codes' folded texts in one word each (key high), sorted
    /// by key, codes ascending within a key (repeats of a code kept): a radix sort of two
    /// stable counting passes, by the key's low 13 bits then its high 13, both counted in one
    /// first pass over the texts. The pairs are made in code order, so stability keeps the
    /// codes ascending.
    private static func sortedPairs(of codes: ArraySlice<UInt32>, folded: PackedTexts) -> [UInt64] {
        let digitBits = Trigram.keyBits / 2
        let digitMask = UInt32(1) << UInt32(digitBits) - 1
        let digits = 1 << (Trigram.keyBits - digitBits)
        var lowStarts = [Int](repeating: 0, count: digits + 1)
        var highStarts = [Int](repeating: 0, count: digits + 1)
        lowStarts.withUnsafeMutableBufferPointer { low in
            highStarts.withUnsafeMutableBufferPointer { high in
                for code in codes {
                    folded.withBytes(code) { bytes in
                        Trigram.forEachKey(of: bytes, includingShort: true) { key in
                            low[Int(key & digitMask) + 1] += 1
                            high[Int(key >> UInt32(digitBits)) + 1] += 1
                        }
                    }
                }
                for index in 1 ... digits {
                    low[index] += low[index - 1]
                    high[index] += high[index - 1]
                }
            }
        }
        let count = lowStarts[digits]
        // By the low digit, straight from the texts.
        let byLow = [UInt64](unsafeUninitializedCapacity: max(count, 1)) { buffer, initialized in
            lowStarts.withUnsafeMutableBufferPointer { next in
                for code in codes {
                    folded.withBytes(code) { bytes in
                        Trigram.forEachKey(of: bytes, includingShort: true) { key in
                            let digit = Int(key & digitMask)
                            buffer[next[digit]] = UInt64(key) << 32 | UInt64(code)
                            next[digit] += 1
                        }
                    }
                }
            }
            initialized = count
        }
        // Then by the high digit, keeping the order of the first pass within each.
        return [UInt64](unsafeUninitializedCapacity: max(count, 1)) { buffer, initialized in
            highStarts.withUnsafeMutableBufferPointer { next in
                byLow.withUnsafeBufferPointer { byLow in
                    for word in byLow {
                        let digit = Int(word >> UInt64(32 + digitBits))
                        buffer[next[digit]] = word
                        next[digit] += 1
                    }
                }
            }
            initialized = count
        }
    }

    /// The index as columns, keys ascending: list `i` (key `keys[i]`) is
    /// `codes[ends[i - 1] ..< ends[i]]`. What a snapshot stores.
    var columns: (keys: [UInt32], ends: [UInt32], codes: [UInt32]) {
        var keys = Array(postings.keys)
        keys.sort()
        var ends: [UInt32] = []
        var codes: [UInt32] = []
        ends.reserveCapacity(keys.count)
        for key in keys {
            postings[key]!.forEach { codes.append($0) }
            ends.append(UInt32(codes.count))
        }
        return (keys, ends, codes)
    }

    /// The index from its columns (see `columns`), which the caller has checked.
    init(keys: [UInt32], ends: [UInt32], codes: [UInt32]) {
        let codeLimit = Int(codes.max() ?? 0) + 1
        postings.reserveCapacity(keys.count)
        var start = 0
        for (index, key) in keys.enumerated() {
            let end = Int(ends[index])
            postings[key] = PostingList.build(sortedRows: codes[start..<end], rowCapacity: codeLimit)
            start = end
        }
        notePresentBytes()
    }

    /// Sets `presentBytes` from the one-byte keys.
    private mutating func notePresentBytes() {
        presentBytes = CodeSet()
        for key in postings.keys {
            if let byte = Trigram.byte(ofUnigramKey: key) { presentBytes.insert(UInt32(byte)) }
        }
    }

    /// Posts a new string's code under each of its keys; `codeLimit` is its pool's (for density).
    mutating func insert(_ code: UInt32, folded: UnsafeBufferPointer<UInt8>, codeLimit: Int) {
        for key in Trigram.distinctKeys(of: folded, includingShort: true) { insert(code, key: key, codeLimit: codeLimit) }
    }

    /// Takes a string's code out of each of its keys' lists; a key left with none is dropped.
    mutating func remove(_ code: UInt32, folded: UnsafeBufferPointer<UInt8>, codeLimit: Int) {
        for key in Trigram.distinctKeys(of: folded, includingShort: true) { remove(code, key: key, codeLimit: codeLimit) }
    }

    /// Moves a code from the keys of its string's old folded text to those of its new one
    /// (a string replaced under its code: `FieldIndex.replaceLastUse`), touching only the
    /// keys the two texts do not share: a tag added to a note changes a few of its dozens.
    mutating func replace(_ code: UInt32, folded old: UnsafeBufferPointer<UInt8>, with new: UnsafeBufferPointer<UInt8>, codeLimit: Int) {
        let before = Trigram.distinctKeys(of: old, includingShort: true)
        let after = Trigram.distinctKeys(of: new, includingShort: true)
        var (index, other) = (0, 0)
        while index < before.count || other < after.count {
            if other == after.count || (index < before.count && before[index] < after[other]) {
                remove(code, key: before[index], codeLimit: codeLimit)
                index += 1
            } else if index == before.count || after[other] < before[index] {
                insert(code, key: after[other], codeLimit: codeLimit)
                other += 1
            } else {
                index += 1
                other += 1
            }
        }
    }

    private mutating func insert(_ code: UInt32, key: UInt32, codeLimit: Int) {
        postings[key, default: .empty].insert(code, rowCapacity: codeLimit)
        if let byte = Trigram.byte(ofUnigramKey: key) { presentBytes.insert(UInt32(byte)) }
    }

    private mutating func remove(_ code: UInt32, key: UInt32, codeLimit: Int) {
        guard let index = postings.index(forKey: key) else {
            preconditionFailure("TrigramIndex.remove: trigram missing for code \(code)")
        }
        postings.values[index].remove(code, rowCapacity: codeLimit)
        if postings.values[index].count == 0 {
            postings.remove(at: index)
            if let byte = Trigram.byte(ofUnigramKey: key) { presentBytes.remove(UInt32(byte)) }
        }
    }

    /// Strings containing a one- or two-byte term, exactly, as a set of codes below
    /// `codeLimit` (the pool's). A byte's list is kept as it is (a dense one's bitset shared);
    /// a pair `ab` is the union of the lists of every trigram `ab?` and of the strings ending
    /// with `ab` (`Trigram`): a lookup per byte some text holds, one pass over the lists' members.
    func codeSet(containingShort term: UnsafeBufferPointer<UInt8>, codeLimit: Int) -> CodeSet {
        switch term.count {
        case 1: return CodeSet(postings[Trigram.unigramKey(term[0])] ?? .empty)
        case 2:
            var lists: [PostingList] = []
            forEachList(ofPair: term[0], term[1]) { lists.append($0) }
            if lists.count == 1, case .dense = lists[0] { return CodeSet(lists[0]) }
            return CodeSet(unionOf: lists, limit: codeLimit)
        default: preconditionFailure("TrigramIndex.codeSet(containingShort:) takes one or two bytes, not \(term.count)")
        }
    }

    /// Calls `body` with each list whose union is the strings containing the pair `first`,
    /// `second`: the end pair's, then each trigram `first second ?`'s (third bytes some text
    /// holds only).
    private func forEachList(ofPair first: UInt8, _ second: UInt8, _ body: (PostingList) -> Void) {
        if let ending = postings[Trigram.endPairKey(first, second)] { body(ending) }
        presentBytes.forEach { third in
            if let list = postings[Trigram.key(first, second, UInt8(third))] { body(list) }
        }
    }

    /// At least the number of strings containing a one- or two-byte term, and at most the sum
    /// of its lists' counts (a string with the pair twice counts once a list): what a planner
    /// needs to compare costs, without making the union.
    func estimatedCount(containingShort term: UnsafeBufferPointer<UInt8>) -> Int {
        switch term.count {
        case 1: return postings[Trigram.unigramKey(term[0])]?.count ?? 0
        case 2:
            var total = 0
            forEachList(ofPair: term[0], term[1]) { total += $0.count }
            return total
        default: preconditionFailure("TrigramIndex.estimatedCount(containingShort:) takes one or two bytes, not \(term.count)")
        }
    }

    /// Codes of strings containing a one- or two-byte term, ascending: exact.
    func codes(containingShort term: UnsafeBufferPointer<UInt8>, codeLimit: Int) -> [UInt32] {
        codeSet(containingShort: term, codeLimit: codeLimit).codes
    }

    /// Codes of strings containing every trigram of `term` (3 bytes or more), ascending: the
    /// rarest list's codes, kept where every other list has them (a bit test for a bitset,
    /// a galloping search through an array).
    func candidates(for term: UnsafeBufferPointer<UInt8>) -> [UInt32] {
        let keys = Trigram.distinctKeys(of: term)
        var lists: [PostingList] = []
        lists.reserveCapacity(keys.count)
        for key in keys {
            guard let list = postings[key] else { return [] }
            lists.append(list)
        }
        lists.sort { $0.count < $1.count }
        var result = lists[0].rows
        for list in lists.dropFirst() {
            switch list {
            case .empty: return []
            case .single, .pair, .triple: result = result.filter { list.contains($0) }
            case .narrow(let codes): result = result.intersection(sortedWith: codes)
            case .sorted(let codes): result = result.intersection(sortedWith: codes)
            case .blocked(let blocks): result = blocks.keeping(result)
            case .dense(let words, _):
                words.withUnsafeBufferPointer { words in
                    result.removeAll { code in
                        let word = Int(code >> 6)
                        return word >= words.count || words[word] & (1 << UInt64(code & 63)) == 0
                    }
                }
            }
            if result.isEmpty { break }
        }
        return result
    }

    /// The codes posted under one trigram.
    func list(forKey key: UInt32) -> PostingList { postings[key] ?? .empty }

    /// The codes posted under one trigram, ascending (for tests and invariants).
    func codes(forKey key: UInt32) -> [UInt32] { list(forKey: key).rows }
}

extension Array where Element: FixedWidthInteger & UnsignedInteger {
    /// A copy whose capacity is its count.
    func exactSizeCopy() -> [Element] {
        [Element](unsafeUninitializedCapacity: count) { copy, initialized in
            for position in indices { copy[position] = self[position] }
            initialized = count
        }
    }
}

extension Array where Element == UInt32 {
    /// The values in both ascending arrays; the shorter one drives, galloping through the other.
    func intersection<Other: FixedWidthInteger & UnsignedInteger>(sortedWith other: [Other]) -> [UInt32] {
        var result: [UInt32] = []
        var low = 0
        if count <= other.count {
            for value in self {
                var high = other.count
                while low < high {
                    let middle = (low + high) >> 1
                    if UInt32(other[middle]) < value { low = middle + 1 } else { high = middle }
                }
                if low == other.count { break }
                if UInt32(other[low]) == value { result.append(value) }
            }
        } else {
            for value in other {
                let value = UInt32(value)
                var high = count
                while low < high {
                    let middle = (low + high) >> 1
                    if self[middle] < value { low = middle + 1 } else { high = middle }
                }
                if low == count { break }
                if self[low] == value { result.append(value) }
            }
        }
        return result
    }
}
