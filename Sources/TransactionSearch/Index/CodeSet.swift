/// A set of pool codes (or day codes) as a bitset: the strings a query term matches, the cards a
/// filter allows. Testing a row costs one load and a shift.
struct CodeSet: Sendable, Equatable {
    private(set) var words: [UInt64] = []
    private(set) var count = 0

    init() {}

    init<S: Sequence>(_ codes: S) where S.Element == UInt32 {
        for code in codes { insert(code) }
    }

    /// The set of distinct codes given in any order, its words allocated once (a term can
    /// match hundreds of thousands of notes).
    init(_ codes: [UInt32]) {
        self.init(distinct: codes)
    }

    /// The set of distinct two-byte codes given in any order (a narrow posting list).
    init(_ codes: [UInt16]) {
        self.init(distinct: codes)
    }

    private init<Code: FixedWidthInteger & UnsignedInteger>(distinct codes: [Code]) {
        guard let largest = codes.max() else { return }
        var words = [UInt64](repeating: 0, count: Int(largest >> 6) + 1)
        var count = 0
        words.withUnsafeMutableBufferPointer { words in
            for code in codes {
                let word = Int(code >> 6), bit: UInt64 = 1 << UInt64(code & 63)
                if words[word] & bit == 0 { count += 1 }
                words[word] |= bit
            }
        }
        self.words = words
        self.count = count
    }

    /// The codes of a posting list; a bitset's words are shared, not copied.
    init(_ list: PostingList) {
        switch list {
        case .empty: self.init()
        case .single, .pair, .triple: self.init(list.rows)
        case .narrow(let codes): self.init(codes)
        case .sorted(let codes): self.init(codes)
        case .blocked(let blocks): self.init(blocks)
        case .dense(let words, let count): self.init(words: words, count: Int(count))
        }
    }

    /// The members of a blocked list, set straight from its blocks.
    private init(_ blocks: SortedBlocks) {
        guard let largest = blocks.lastMember else { return }
        var words = [UInt64](repeating: 0, count: Int(largest >> 6) + 1)
        words.withUnsafeMutableBufferPointer { words in
            blocks.forEach { code in words[Int(code >> 6)] |= 1 << UInt64(code & 63) }
        }
        self.words = words
        count = Int(blocks.count)
    }

    private init(words: [UInt64], count: Int) {
        self.words = words
        self.count = count
    }

    /// A set of the codes below `limit` for which `member` holds, built in one pass.
    init(limit: Int, where member: (UInt32) -> Bool) {
        var words = [UInt64](repeating: 0, count: max((limit + 63) / 64, 0))
        var count = 0
        words.withUnsafeMutableBufferPointer { words in
            for code in 0..<UInt32(max(limit, 0)) where member(code) {
                words[Int(code >> 6)] |= 1 << UInt64(code & 63)
                count += 1
            }
        }
        self.words = words
        self.count = count
    }

    /// A set of the codes below `limit` whose `bit` is 1 (each 0 or 1), built in one pass
    /// with no branch on membership: a word is filled from 64 bits, then stored. (Choosing
    /// by a membership that follows no pattern mispredicted about every other code.)
    init(limit: Int, bits bit: (UInt32) -> UInt64) {
        let limit = max(limit, 0)
        var words = [UInt64](repeating: 0, count: (limit + 63) / 64)
        var count = 0
        words.withUnsafeMutableBufferPointer { words in
            for word in 0 ..< words.count {
                let first = UInt32(word * 64)
                let end = UInt32(min(limit, word * 64 + 64))
                var bits: UInt64 = 0
                for code in first ..< end { bits |= bit(code) << UInt64(code & 63) }
                words[word] = bits
                count += bits.nonzeroBitCount
            }
        }
        self.words = words
        self.count = count
    }

    /// The union of posting lists of codes below `limit` (a two-byte term's trigram lists and
    /// end-pair list, `TrigramIndex.codeSet(containingShort:)`): one bitset, each list OR-ed
    /// in (a bitset word by word), counted once at the end.
    init(unionOf lists: [PostingList], limit: Int) {
        var words = [UInt64](repeating: 0, count: max((limit + 63) / 64, 0))
        words.withUnsafeMutableBufferPointer { words in
            func set<Code: FixedWidthInteger>(_ code: Code) {
                let word = Int(code >> 6)
                if word < words.count { words[word] |= 1 << UInt64(code & 63) }
            }
            for list in lists {
                switch list {
                case .empty: break
                case .single, .pair, .triple: list.forEach(set)
                case .narrow(let codes): for code in codes { set(code) }
                case .sorted(let codes): for code in codes { set(code) }
                case .blocked(let blocks): blocks.forEach(set)
                case .dense(let listWords, _):
                    for index in 0..<min(listWords.count, words.count) { words[index] |= listWords[index] }
                }
            }
        }
        self.words = words
        count = words.reduce(0) { $0 + $1.nonzeroBitCount }
    }

    var isEmpty: Bool { count == 0 }

    /// Equal when they hold the same codes, however many trailing empty words each has.
    static func == (left: CodeSet, right: CodeSet) -> Bool {
        guard left.count == right.count else { return false }
        let shared = min(left.words.count, right.words.count)
        return left.words[..<shared] == right.words[..<shared]
            && left.words[shared...].allSatisfy { $0 == 0 } && right.words[shared...].allSatisfy { $0 == 0 }
    }

    mutating func insert(_ code: UInt32) {
        let word = Int(code >> 6)
        if word >= words.count { words.append(contentsOf: repeatElement(0, count: word + 1 - words.count)) }
        let bit: UInt64 = 1 << UInt64(code & 63)
        if words[word] & bit == 0 {
            words[word] |= bit
            count += 1
        }
    }

    /// Adds every code of `other`.
    mutating func formUnion(_ other: CodeSet) {
        guard !other.isEmpty else { return }
        if words.count < other.words.count { words.append(contentsOf: repeatElement(0, count: other.words.count - words.count)) }
        var count = 0
        for index in words.indices {
            if index < other.words.count { words[index] |= other.words[index] }
            count += words[index].nonzeroBitCount
        }
        self.count = count
    }

    mutating func remove(_ code: UInt32) {
        let word = Int(code >> 6)
        let bit: UInt64 = 1 << UInt64(code & 63)
        if word < words.count && words[word] & bit != 0 {
            words[word] &= ~bit
            count -= 1
        }
    }

    @inline(__always)
    func contains(_ code: UInt32) -> Bool {
        let word = Int(code >> 6)
        return word < words.count && words[word] & (1 << UInt64(code & 63)) != 0
    }

    /// 1 when the set holds `code`, else 0 (branch-free but for the bounds, which hold for
    /// nearly every code asked about).
    @inline(__always)
    func bit(_ code: UInt32) -> UInt64 {
        let word = Int(code >> 6)
        return word < words.count ? words[word] >> UInt64(code & 63) & 1 : 0
    }

    /// Calls `body` with every code, ascending.
    @inline(__always)
    func forEach(_ body: (UInt32) -> Void) {
        PostingList.forEachBit(in: words, body)
    }

    /// The codes, ascending.
    var codes: [UInt32] {
        var result: [UInt32] = []
        result.reserveCapacity(count)
        PostingList.forEachBit(in: words) { result.append($0) }
        return result
    }
}
