/// Maps each trigram of folded text (and each single byte and byte pair) to the sorted codes of
/// the distinct strings containing it. A term of three or more bytes gets its candidate strings
/// by intersecting the postings of its trigrams, rarest first, stopping at zero (zoekt's plan),
/// and the caller verifies them against the folded text; a term of one or two bytes gets its
/// exact answer from one posting list, so no short term ever scans anything.
struct TrigramIndex: Equatable, Sendable {
    private var postings: [UInt32: [UInt32]] = [:]

    /// The number of distinct trigrams.
    var trigramCount: Int { postings.count }

    /// Total codes over all postings.
    var postingCount: Int { postings.values.reduce(0) { $0 + $1.count } }

    /// Room for codes over all postings (at least `postingCount`).
    var postingCapacity: Int { postings.values.reduce(0) { $0 + $1.capacity } }

    var memoryUse: Int {
        postings.capacity * 48 + postings.values.reduce(0) { $0 + $1.capacity * 4 + 32 }
    }

    init() {}

    /// The index of the given codes' folded texts (codes ascending), built at once: every
    /// (key, code) pair packed into one word, placed by its key's high bits into an array of
    /// exactly their number (a counting pass first), each bucket then sorted in place; then
    /// one posting list per key, made exactly its size, a code that repeats a key counted
    /// once. Several times cheaper than inserting string by string, which looks each key up
    /// once a string and grows its list step by step; and no second buffer of pairs (on
    /// mostly distinct text those pairs are the largest thing a build holds).
    init(codes: [UInt32], folded: PackedTexts) {
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
                // Made exactly its size: these lists are most of the index's memory.
                postings[UInt32(key)] = [UInt32](unsafeUninitializedCapacity: distinct) { list, initialized in
                    list[0] = UInt32(truncatingIfNeeded: pairs[start])
                    initialized = 1
                    for index in start + 1 ..< end where pairs[index] != pairs[index - 1] {
                        list[initialized] = UInt32(truncatingIfNeeded: pairs[index])
                        initialized += 1
                    }
                }
                start = end
            }
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
            codes.append(contentsOf: postings[key]!)
            ends.append(UInt32(codes.count))
        }
        return (keys, ends, codes)
    }

    /// The index from its columns (see `columns`), which the caller has checked.
    init(keys: [UInt32], ends: [UInt32], codes: [UInt32]) {
        postings.reserveCapacity(keys.count)
        var start = 0
        for (index, key) in keys.enumerated() {
            let end = Int(ends[index])
            postings[key] = Array(codes[start..<end])
            start = end
        }
    }

    mutating func insert(_ code: UInt32, folded: UnsafeBufferPointer<UInt8>) {
        for key in Trigram.distinctKeys(of: folded, includingShort: true) {
            postings[key, default: []].insertSorted(code)
        }
    }

    mutating func remove(_ code: UInt32, folded: UnsafeBufferPointer<UInt8>) {
        for key in Trigram.distinctKeys(of: folded, includingShort: true) {
            guard var codes = postings.removeValue(forKey: key) else {
                preconditionFailure("TrigramIndex.remove: trigram missing for code \(code)")
            }
            let (found, index) = codes.binarySearch(code)
            precondition(found, "TrigramIndex.remove: code \(code) missing")
            codes.remove(at: index)
            if !codes.isEmpty { postings[key] = codes }
        }
    }

    /// Codes of strings containing a one- or two-byte term, ascending: exact.
    func codes(containingShort term: UnsafeBufferPointer<UInt8>) -> [UInt32] {
        postings[Trigram.shortKey(term)] ?? []
    }

    /// Codes of strings containing every trigram of `term` (3 bytes or more), ascending.
    func candidates(for term: UnsafeBufferPointer<UInt8>) -> [UInt32] {
        let keys = Trigram.distinctKeys(of: term)
        var lists: [[UInt32]] = []
        lists.reserveCapacity(keys.count)
        for key in keys {
            guard let codes = postings[key] else { return [] }
            lists.append(codes)
        }
        lists.sort { $0.count < $1.count }
        var result = lists[0]
        for list in lists.dropFirst() {
            result = result.intersection(sortedWith: list)
            if result.isEmpty { break }
        }
        return result
    }

    /// The codes posted under one trigram (for tests and invariants).
    func codes(forKey key: UInt32) -> [UInt32] { postings[key] ?? [] }
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
