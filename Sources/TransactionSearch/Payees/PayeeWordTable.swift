/// Single-word facts in the tables: which lists a folded word belongs to.
struct PayeeWordFlags: OptionSet, Sendable {
    let rawValue: UInt32
    /// Some phrase (brand, processor, payment phrase...) starts with this word.
    static let phraseStart = PayeeWordFlags(rawValue: 1 << 0)
    /// A US state or Canadian province code (`CA`, `NY`, `ON`).
    static let state = PayeeWordFlags(rawValue: 1 << 1)
    /// A country code (`US`, `DEU`, `FRA`) or another region marker acquirers append.
    static let country = PayeeWordFlags(rawValue: 1 << 2)
    /// A word after which a place name belongs to the name (`CAFE DE PARIS`, `PIZZA & CO`).
    static let connector = PayeeWordFlags(rawValue: 1 << 3)
    /// Stays lower case inside a title-cased name (`of`, `and`, `de`, `von`).
    static let smallWord = PayeeWordFlags(rawValue: 1 << 4)
    /// An article, lower case after a small word (`de la`, `von der`).
    static let article = PayeeWordFlags(rawValue: 1 << 5)
    /// A word that only names a processor's own service (`SERVICES`, `STORAGE`, `BILL`).
    static let genericService = PayeeWordFlags(rawValue: 1 << 6)
    /// A currency code (`EUR`, `USD`): part of an amount tail.
    static let currency = PayeeWordFlags(rawValue: 1 << 7)
    /// Has a fixed written form when title-casing (`ATM`, `LLC`, `GmbH`).
    static let form = PayeeWordFlags(rawValue: 1 << 8)
    /// A legal form (`GMBH`, `LTD`, `INC`, `B.V.`): words after it are not the name.
    static let legalForm = PayeeWordFlags(rawValue: 1 << 9)
    /// A preposition that may follow a payment phrase (`AN`, `VON`, `DE`, `TO`, `FRAN`).
    static let preposition = PayeeWordFlags(rawValue: 1 << 10)

    /// The flag saying a phrase of `kind` starts with this word (bits 16 and up).
    static func starts(_ kind: PayeePhraseKind) -> PayeeWordFlags { PayeeWordFlags(rawValue: kind.bit << 16) }

    /// Whether a phrase of one of `kinds` starts with this word.
    @inline(__always)
    func starts(_ kinds: KindMask) -> Bool { (rawValue >> 16) & kinds != 0 }
}

/// A word's table entry and flags, as a lookup returns them.
struct PayeeWord {
    /// The entry index, or -1 for a word in no table.
    var entry: Int32
    /// The word's flags (empty for -1).
    var flags: PayeeWordFlags
}

/// One open-addressing slot: the key and what a lookup returns, in one cache line's reach.
struct PayeeSlot {
    var key: UInt64
    var entry: Int32
    var flags: PayeeWordFlags
}

/// What a word-table entry holds: its flags, the phrases starting with it, its written form.
struct PayeeWordEntry: Sendable {
    var flags: PayeeWordFlags = []
    /// Index into `PayeeWordTable.phrases` of the first phrase starting with this word.
    var phraseStart: Int32 = 0
    /// How many phrases start with this word (side by side, longest first).
    var phraseCount: Int32 = 0
    /// Index into `PayeeWordTable.names` of the written form, or -1.
    var form: Int32 = -1
}

/// What a multi-word table row does when it matches.
enum PayeePhraseKind: UInt8, Sendable {
    case payment, wallet, processor, transfer, brand, nonMerchant
    case cutReference, cutPayroll, cutStore, cutOnDate, cutMemo, city

    /// This kind as a bit of a `KindMask`.
    var bit: UInt32 { 1 << UInt32(rawValue) }
}

/// A set of phrase kinds to look for.
typealias KindMask = UInt32

/// Conditions on a phrase match.
struct PayeePhraseFlags: OptionSet, Sendable {
    let rawValue: UInt8
    /// Brand: only when what follows is not another plain word (`TARGET T-1234`, not
    /// `TARGET PRACTICE`). Processor: only when a name follows and no brand starts here.
    static let weak = PayeePhraseFlags(rawValue: 1 << 0)
    /// Only when a number (or the end) follows: `CHECK 1234`, `STORE 12`.
    static let needsNumber = PayeePhraseFlags(rawValue: 1 << 1)
    /// Only when nothing but noise follows: `DEPOSIT` alone is a deposit.
    static let exclusive = PayeePhraseFlags(rawValue: 1 << 2)
}

/// One table row: a sequence of folded-word hashes and what it means.
struct PayeePhrase: Sendable {
    var kind: PayeePhraseKind
    var flags: PayeePhraseFlags
    /// PayeeToken count.
    var length: Int32
    /// Index of the first hash in `PayeeWordTable.hashes`.
    var hashStart: Int32
    /// Index into `PayeeWordTable.names`: brand name, label or processor; -1 for none.
    var value: Int32
}

/// Every table the cleaner uses, as one open-addressing hash table from folded-word hash to
/// entry, plus the phrases. Built once from the text tables (`PayeeTables.shared`).
///
/// Keys are 64-bit FNV-1a hashes of folded words, so a lookup hashes nothing more and compares
/// one integer; phrases compare token hashes the tokenizer already computed. The arrays live in
/// buffers allocated once per process and never freed or written after `finish`, so a
/// `PayeeWordTable` is a plain value that copies without reference counting (hence
/// `@unchecked Sendable`: the memory is immutable and immortal).
struct PayeeWordTable: @unchecked Sendable {
    private var slots = UnsafeBufferPointer<PayeeSlot>(start: nil, count: 0)
    private var mask = 0
    /// One bit per value of a hash's top 16 bits: clear means no table word has such a hash,
    /// so most words in no table are answered from 8 KB that stay in the L1 cache.
    private var filter = UnsafeBufferPointer<UInt64>(start: nil, count: 0)
    /// Entries, indexed by slot values.
    private(set) var entries = UnsafeBufferPointer<PayeeWordEntry>(start: nil, count: 0)
    /// All phrases.
    private(set) var phrases = UnsafeBufferPointer<PayeePhrase>(start: nil, count: 0)
    /// PayeePhrase hashes, `PayeePhrase.length` of them from `PayeePhrase.hashStart`.
    private(set) var hashes = UnsafeBufferPointer<UInt64>(start: nil, count: 0)
    /// Brand names, labels, processor names and written forms.
    private(set) var names = UnsafeBufferPointer<String>(start: nil, count: 0)

    /// The entry and flags for a folded-word hash (entry -1 when the word is in no table).
    @inline(__always)
    func lookup(_ hash: UInt64) -> PayeeWord {
        if mask == 0 { return PayeeWord(entry: -1, flags: []) }
        let bit = Int(truncatingIfNeeded: hash >> 48)
        if filter[bit >> 6] & (1 << UInt64(bit & 63)) == 0 { return PayeeWord(entry: -1, flags: []) }
        var index = Int(truncatingIfNeeded: hash ^ (hash >> 31)) & mask
        while true {
            let slot = slots[index]
            if slot.key == hash { return PayeeWord(entry: slot.entry, flags: slot.flags) }
            if slot.key == 0 { return PayeeWord(entry: -1, flags: []) }
            index = (index &+ 1) & mask
        }
    }

}

/// Copies an array into a buffer that is never freed (the tables live as long as the process).
private func immortal<Element>(_ array: [Element]) -> UnsafeBufferPointer<Element> {
    let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: max(array.count, 1))
    _ = buffer.initialize(from: array)
    return UnsafeBufferPointer(rebasing: buffer[0..<array.count])
}

/// Assembles a `PayeeWordTable`: words and phrases go in by folded hash, `finish` lays them out.
struct PayeeWordTableBuilder {
    private var index: [UInt64: Int32] = [:]
    private var phraseLists: [[Int32]] = []
    private var entries: [PayeeWordEntry] = []
    private var phrases: [PayeePhrase] = []
    private var hashes: [UInt64] = []
    private var names: [String] = []
    private var nameIndex: [String: Int32] = [:]

    /// The entry for a hash, made if new.
    mutating func entry(_ hash: UInt64) -> Int {
        if let e = index[hash] { return Int(e) }
        entries.append(PayeeWordEntry())
        phraseLists.append([])
        index[hash] = Int32(entries.count - 1)
        return entries.count - 1
    }

    /// Adds flags to the word(s) of `text` (each token of it).
    mutating func addWord(_ text: String, _ flags: PayeeWordFlags, form: String? = nil) {
        for hash in PayeePhraseText.hashes(text) {
            let e = entry(hash)
            entries[e].flags.formUnion(flags)
            if let form { entries[e].flags.insert(.form); entries[e].form = name(form) }
        }
    }

    /// The index of a name in the string table.
    mutating func name(_ text: String) -> Int32 {
        if let i = nameIndex[text] { return i }
        names.append(text)
        nameIndex[text] = Int32(names.count - 1)
        return Int32(names.count - 1)
    }

    /// Adds a phrase; `value` is a name (brand, label, processor) or nil.
    mutating func addPhrase(_ text: String, _ kind: PayeePhraseKind, _ flags: PayeePhraseFlags = [], value: String?) {
        let words = PayeePhraseText.hashes(text)
        guard let firstHash = words.first else { return }
        let phrase = PayeePhrase(
            kind: kind, flags: flags, length: Int32(words.count), hashStart: Int32(hashes.count),
            value: value.map { name($0) } ?? -1)
        hashes.append(contentsOf: words)
        phrases.append(phrase)
        let e = entry(firstHash)
        entries[e].flags.formUnion([.phraseStart, PayeeWordFlags.starts(kind)])
        phraseLists[e].append(Int32(phrases.count - 1))
    }

    /// Lays the table out: each word's phrases side by side, longest first (so a match reads
    /// one run of memory), and the keys in a power-of-two open-addressing array.
    mutating func finish() -> PayeeWordTable {
        var ordered: [PayeePhrase] = []
        var orderedHashes: [UInt64] = []
        for e in entries.indices {
            let list = phraseLists[e].sorted { a, b in
                let la = phrases[Int(a)].length, lb = phrases[Int(b)].length
                return la != lb ? la > lb : a < b
            }
            entries[e].phraseStart = Int32(ordered.count)
            entries[e].phraseCount = Int32(list.count)
            for index in list {
                var phrase = phrases[Int(index)]
                let from = Int(phrase.hashStart)
                phrase.hashStart = Int32(orderedHashes.count)
                orderedHashes.append(contentsOf: hashes[from..<(from + Int(phrase.length))])
                ordered.append(phrase)
            }
        }
        var size = 16
        while size < index.count * 3 { size <<= 1 }
        var slots = [PayeeSlot](repeating: PayeeSlot(key: 0, entry: -1, flags: []), count: size)
        for (hash, e) in index where hash != 0 {
            var slot = Int(truncatingIfNeeded: hash ^ (hash >> 31)) & (size - 1)
            while slots[slot].key != 0 { slot = (slot + 1) & (size - 1) }
            slots[slot] = PayeeSlot(key: hash, entry: e, flags: entries[Int(e)].flags)
        }
        var table = PayeeWordTable()
        table.install(slots: slots, entries: entries, phrases: ordered, hashes: orderedHashes, names: names)
        return table
    }
}

extension PayeeWordTable {
    /// Sets every array at once (used by the builder only).
    fileprivate mutating func install(
        slots: [PayeeSlot], entries: [PayeeWordEntry], phrases: [PayeePhrase], hashes: [UInt64], names: [String]
    ) {
        self.slots = immortal(slots)
        self.mask = slots.count - 1
        var bits = [UInt64](repeating: 0, count: 1024)
        for slot in slots where slot.key != 0 {
            let bit = Int(truncatingIfNeeded: slot.key >> 48)
            bits[bit >> 6] |= 1 << UInt64(bit & 63)
        }
        self.filter = immortal(bits)
        self.entries = immortal(entries)
        self.phrases = immortal(phrases)
        self.hashes = immortal(hashes)
        self.names = immortal(names)
    }
}

/// Tokenising table text the same way descriptors are tokenised, so keys agree.
enum PayeePhraseText {
    /// The token hashes of `text`.
    static func hashes(_ text: String) -> [UInt64] {
        var copy = text
        return copy.withUTF8 { bytes in
            withUnsafeTemporaryAllocation(of: PayeeToken.self, capacity: bytes.count + 1) { tokens in
                let n = PayeeTokenizer.tokenize(bytes, into: tokens, table: PayeeWordTable())
                return (0..<n).map { PayeeTokenizer.finish(bytes, tokens[$0], PayeeWordTable()).hash }
            }
        }
    }
}
