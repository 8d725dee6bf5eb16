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

    /// The number of distinct trigrams.
    var trigramCount: Int { postings.count }

    /// Total codes over all postings.
    var postingCount: Int { postings.values.reduce(0) { $0 + $1.count } }

    /// Bytes held by the lists themselves (not the table).
    var listBytes: Int { postings.values.reduce(0) { $0 + $1.memoryUse } }

    /// Bytes held: the table's slots and every list's own storage.
    var memoryUse: Int {
        postings.capacity * (4 + MemoryLayout<PostingList>.stride + 1) + postings.values.reduce(0) { $0 + $1.memoryUse }
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

    /// The index of the given codes' folded texts (codes ascending), built at once: every
    /// (key, code) pair packed into one word, placed by its key's low bits into an array of
    /// exactly their number (a counting pass first), each bucket then sorted in place; then
    /// one posting list per key, made exactly its size (or a bitset when dense), a code that
    /// repeats a key counted once. Several times cheaper than inserting string by string,
    /// which looks each key up once a string and grows its list step by step; and no second
    /// buffer of pairs (on mostly distinct text those pairs are the largest thing a build holds).
    init(codes: [UInt32], folded: PackedTexts) {
        let codeLimit = Int(codes.last ?? 0) + 1
        // Buckets by the key's low bits (they spread one- and two-byte keys, whose tags share
        // the high bits); only equal keys need to end up together, in any key order.
        let lowBits = UInt32(Trigram.keyBits / 2)
        let lowMask32 = UInt32(1) << lowBits - 1
        var starts = [Int](repeating: 0, count: (1 << Int(lowBits)) + 1)
        for code in codes {
            folded.withBytes(code) { bytes in
                Trigram.forEachKey(of: bytes, includingShort: true) { starts[Int($0 & lowMask32) + 1] += 1 }
            }
        }
        for index in 1..<starts.count { starts[index] += starts[index - 1] }
        var next = starts
        var pairs = [UInt64](unsafeUninitializedCapacity: max(starts[starts.count - 1], 1)) { buffer, initialized in
            for code in codes {
                folded.withBytes(code) { bytes in
                    Trigram.forEachKey(of: bytes, includingShort: true) { key in
                        let bucket = Int(key & lowMask32)
                        buffer[next[bucket]] = UInt64(key) << 32 | UInt64(code)
                        next[bucket] += 1
                    }
                }
            }
            initialized = starts[starts.count - 1]
        }
        // Each bucket by the key's high bits, stable (codes stay ascending): a few words by
        // insertion, more by one counting pass through a scratch buffer.
        // (A bucket larger than the scratch, the one- and two-byte keys' on large text, is
        // sorted in place instead: a word orders by key, then code.)
        let scratchLimit = 1 << 16
        var largest = 0
        for bucket in 0 ..< starts.count - 1 { largest = max(largest, min(starts[bucket + 1] - starts[bucket], scratchLimit)) }
        var scratch = [UInt64](repeating: 0, count: largest)
        var counts = [Int](repeating: 0, count: 1 << (Trigram.keyBits - Int(lowBits)))
        let highShift = UInt64(32 + lowBits)
        pairs.withUnsafeMutableBufferPointer { pairs in
            scratch.withUnsafeMutableBufferPointer { scratch in
                counts.withUnsafeMutableBufferPointer { counts in
                    for bucket in 0 ..< starts.count - 1 {
                        let (low, high) = (starts[bucket], starts[bucket + 1])
                        if high - low <= 32 {
                            // Insertion: a word orders by key, then code.
                            for index in low ..< high {
                                let word = pairs[index]
                                var place = index
                                while place > low && pairs[place - 1] > word {
                                    pairs[place] = pairs[place - 1]
                                    place -= 1
                                }
                                pairs[place] = word
                            }
                            continue
                        }
                        if high - low > scratchLimit {
                            var words = UnsafeMutableBufferPointer(rebasing: pairs[low ..< high])
                            words.sort()
                            continue
                        }
                        for index in counts.indices { counts[index] = 0 }
                        for index in low ..< high { counts[Int(pairs[index] >> highShift)] += 1 }
                        var total = 0
                        for index in counts.indices {
                            let count = counts[index]
                            counts[index] = total
                            total += count
                        }
                        for index in low ..< high {
                            let digit = Int(pairs[index] >> highShift)
                            scratch[counts[digit]] = pairs[index]
                            counts[digit] += 1
                        }
                        for index in 0 ..< high - low { pairs[low + index] = scratch[index] }
                    }
                }
            }
        }
        pairs.withUnsafeBufferPointer { pairs in
            var start = 0
            while start < pairs.count {
                let key = pairs[start] >> 32
                var end = start + 1
                var distinct = 1
                while end < pairs.count && pairs[end] >> 32 == key {
                    if pairs[end] != pairs[end - 1] { distinct += 1 }
                    end += 1
                }
                postings[UInt32(key)] = TrigramIndex.list(pairs[start ..< end], distinct: distinct, codeLimit: codeLimit)
                start = end
            }
        }
    }

    /// One key's list from its run of sorted (key, code) words holding `distinct` codes: one
    /// code inline, an array of exactly that size, or a bitset when that is smaller.
    private static func list(_ run: Slice<UnsafeBufferPointer<UInt64>>, distinct: Int, codeLimit: Int) -> PostingList {
        if distinct == 1 { return .single(UInt32(truncatingIfNeeded: run[run.startIndex])) }
        if PostingList.isDense(count: distinct, capacity: codeLimit) {
            var words = [UInt64](repeating: 0, count: (codeLimit + 63) / 64)
            words.withUnsafeMutableBufferPointer { words in
                for pair in run {
                    let code = UInt32(truncatingIfNeeded: pair)
                    words[Int(code >> 6)] |= 1 << UInt64(code & 63)
                }
            }
            return .dense(words: words, count: distinct)
        }
        // Made exactly its size: these lists are most of the index's memory.
        return .sorted([UInt32](unsafeUninitializedCapacity: distinct) { list, initialized in
            var previous = run[run.startIndex]
            list[0] = UInt32(truncatingIfNeeded: previous)
            initialized = 1
            for pair in run.dropFirst() where pair != previous {
                list[initialized] = UInt32(truncatingIfNeeded: pair)
                initialized += 1
                previous = pair
            }
        })
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
            postings[key] = PostingList.build(sortedRows: Array(codes[start..<end]), rowCapacity: codeLimit)
            start = end
        }
    }

    /// Posts a new string's code under each of its keys; `codeLimit` is its pool's (for density).
    mutating func insert(_ code: UInt32, folded: UnsafeBufferPointer<UInt8>, codeLimit: Int) {
        for key in Trigram.distinctKeys(of: folded, includingShort: true) {
            postings[key, default: .empty].insert(code, rowCapacity: codeLimit)
        }
    }

    /// Takes a string's code out of each of its keys' lists; a key left with none is dropped.
    mutating func remove(_ code: UInt32, folded: UnsafeBufferPointer<UInt8>, codeLimit: Int) {
        for key in Trigram.distinctKeys(of: folded, includingShort: true) {
            guard let index = postings.index(forKey: key) else {
                preconditionFailure("TrigramIndex.remove: trigram missing for code \(code)")
            }
            postings.values[index].remove(code, rowCapacity: codeLimit)
            if postings.values[index].count == 0 { postings.remove(at: index) }
        }
    }

    /// Strings containing a one- or two-byte term: exact.
    func list(containingShort term: UnsafeBufferPointer<UInt8>) -> PostingList {
        postings[Trigram.shortKey(term)] ?? .empty
    }

    /// Codes of strings containing a one- or two-byte term, ascending: exact.
    func codes(containingShort term: UnsafeBufferPointer<UInt8>) -> [UInt32] {
        list(containingShort: term).rows
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
            case .single(let only): result = result.contains(only) ? [only] : []
            case .sorted(let codes): result = result.intersection(sortedWith: codes)
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

extension Array where Element == UInt32 {
    /// Inserts into an ascending array (appending when it is the largest).
    mutating func insertSorted(_ value: UInt32) {
        if let last, last >= value {
            let (found, index) = binarySearch(value)
            if !found { insert(value, at: index) }
        } else {
            append(value)
        }
    }

    /// The values in both ascending arrays; the shorter one drives, galloping through the other.
    func intersection(sortedWith other: [UInt32]) -> [UInt32] {
        let (small, large) = count <= other.count ? (self, other) : (other, self)
        var result: [UInt32] = []
        var low = 0
        for value in small {
            var high = large.count
            while low < high {
                let middle = (low + high) >> 1
                if large[middle] < value { low = middle + 1 } else { high = middle }
            }
            if low == large.count { break }
            if large[low] == value { result.append(value) }
        }
        return result
    }
}
