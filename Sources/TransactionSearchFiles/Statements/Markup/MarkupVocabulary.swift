import TransactionSearch

/// The element names a reader knows, looked up from a scanned name's bytes and hash without
/// making a String: an open-addressing table, exact (the bytes are compared after the hash
/// matches). A name's code is its tag's index in `Tag.allCases`. The vocabulary also says which
/// names are leaves (elements with a value, which SGML leaves unclosed), which are aggregates
/// (elements holding elements), and which aggregates cannot nest in themselves (a second
/// `<STMTTRN>` closes an unclosed first one). A name in neither set is told by what follows it.
struct MarkupVocabulary: Sendable {
    /// Whether names compare without regard to ASCII case.
    let foldsCase: Bool
    /// Every name's bytes, one after the other, and where each is.
    private let nameBytes: [UInt8]
    private let nameRanges: [Range<Int>]
    private let hashes: [UInt32]
    private let isLeaf: [Bool]
    private let isAggregate: [Bool]
    private let isExclusive: [Bool]
    /// Codes, -1 for an empty slot; the count is a power of two at least twice the number of
    /// names, so a probe sequence is short.
    private let slots: [Int32]

    /// The vocabulary of `Tag`'s cases, named by their raw values.
    /// - Parameters:
    ///   - leaves: the tags that always hold a value rather than other elements.
    ///   - aggregates: the tags that always hold other elements.
    ///   - exclusive: aggregates that never contain themselves.
    init<Tag: RawRepresentable & CaseIterable & Hashable>(of _: Tag.Type, foldsCase: Bool, leaves: Set<Tag>, aggregates: Set<Tag>,
                                                          exclusive: Set<Tag>) where Tag.RawValue == String {
        precondition(leaves.isDisjoint(with: aggregates), "a tag is a leaf or an aggregate, not both")
        precondition(exclusive.isSubset(of: aggregates), "only aggregates can be exclusive")
        self.foldsCase = foldsCase
        let tags = Array(Tag.allCases)
        var nameBytes: [UInt8] = []
        var nameRanges: [Range<Int>] = []
        for tag in tags {
            let start = nameBytes.count
            nameBytes += tag.rawValue.utf8
            nameRanges.append(start..<nameBytes.count)
        }
        self.nameBytes = nameBytes
        self.nameRanges = nameRanges
        hashes = tags.map { MarkupName.hash($0.rawValue.utf8) }
        isLeaf = tags.map(leaves.contains)
        isAggregate = tags.map(aggregates.contains)
        isExclusive = tags.map(exclusive.contains)
        var size = 16
        while size < tags.count * 2 { size *= 2 }
        var slots = [Int32](repeating: -1, count: size)
        for index in tags.indices {
            var slot = Int(hashes[index]) & (size - 1)
            while slots[slot] >= 0 { slot = (slot + 1) & (size - 1) }
            slots[slot] = Int32(index)
        }
        self.slots = slots
    }

    /// The code of the name at `range` with hash `hash`, or -1 when the vocabulary lacks it.
    func code(of bytes: ByteView, _ range: Range<Int>, hash: UInt32) -> Int {
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while true {
            let candidate = Int(slots[slot])
            if candidate < 0 { return -1 }
            if hashes[candidate] == hash, equals(nameRanges[candidate], bytes, range) { return candidate }
            slot = (slot + 1) & mask
        }
    }

    private func equals(_ name: Range<Int>, _ bytes: ByteView, _ range: Range<Int>) -> Bool {
        nameBytes.withByteView { MarkupName.equal($0, name, bytes, range, foldingCase: foldsCase) }
    }

    /// Whether the name always holds a value (false for an unknown name, -1).
    func isLeaf(_ code: Int) -> Bool { code >= 0 && isLeaf[code] }

    /// Whether the name always holds elements.
    func isAggregate(_ code: Int) -> Bool { code >= 0 && isAggregate[code] }

    /// Whether an aggregate of this name never holds another one.
    func isExclusive(_ code: Int) -> Bool { code >= 0 && isExclusive[code] }
}
