/// A set of pool codes (or day codes) as a bitset: the strings a query term matches, the cards a
/// filter allows. Testing a row costs one load and a shift.
struct CodeSet: Sendable, Equatable {
    private(set) var words: [UInt64] = []
    private(set) var count = 0

    init() {}

    init<S: Sequence>(_ codes: S) where S.Element == UInt32 {
        for code in codes { insert(code) }
    }

    var isEmpty: Bool { count == 0 }

    mutating func insert(_ code: UInt32) {
        let word = Int(code >> 6)
        if word >= words.count { words.append(contentsOf: repeatElement(0, count: word + 1 - words.count)) }
        let bit: UInt64 = 1 << UInt64(code & 63)
        if words[word] & bit == 0 {
            words[word] |= bit
            count += 1
        }
    }

    @inline(__always)
    func contains(_ code: UInt32) -> Bool {
        let word = Int(code >> 6)
        return word < words.count && words[word] & (1 << UInt64(code & 63)) != 0
    }

    /// The codes, ascending.
    var codes: [UInt32] {
        var result: [UInt32] = []
        result.reserveCapacity(count)
        PostingList.forEachBit(in: words) { result.append($0) }
        return result
    }
}
