/// Dictionary encoding of one text field: each distinct string gets a small integer code that
/// the rows store, with a reference count, so that a string no row uses any more is reclaimed
/// and its code reused. Code 0 is "none" and never names a string.
///
/// Strings are compared by their UTF-8 bytes: canonically equivalent spellings stay distinct,
/// so what is stored is exactly what was given. Each string is kept once, as bytes, with its
/// folded bytes (`folded`: the folded text itself is the string's UTF-8 when the two are the
/// same, so lower-case ASCII such as most notes is stored once; a string that differs from it
/// only by ASCII capitals, such as most merchants, has a `CaseMask` of them attached; any
/// other string has its UTF-8 attached); `string(_:)` makes the `String` when asked. No
/// `String` object is held per string.
struct StringPool: Sendable {
    /// Uses by code; 0 at code 0 and at free codes.
    private var references: [UInt32] = [0]
    private var freeCodes: [UInt32] = []
    private var lookup = HashSlots()
    /// Folded bytes by code, for search and for ordering titles; each code's UTF-8 is its
    /// folded bytes, its attachment, or its folded bytes with the capitals of an attached case
    /// mask (see `utf8(of:in:_:)`).
    private(set) var folded = PackedTexts()
    /// The number of distinct strings in use.
    private(set) var liveCount = 0
    /// Where a new string is folded, kept between strings (a new array each was an allocation
    /// and a free per new string).
    private var foldScratch: [UInt8] = []

    /// One past the largest code that was ever used: codes are `1..<codeLimit`.
    var codeLimit: Int { references.count }

    init() {}

    /// A pool holding a snapshot's table: string `i` of the table gets code `i + 1`, its given
    /// folded bytes (not folded again) and `references[i + 1]` uses. Nil when a string repeats
    /// or has no use, which a snapshot written by a store never has. The arenas are made their
    /// exact size from the table's two byte arrays.
    init?(restoring table: SnapshotRows.StringTable, references: [UInt32]) {
        precondition(references.count == table.count + 1)
        guard !references.dropFirst().contains(0) else { return nil }
        self.references = references
        self.references[0] = 0
        let texts = table.utf8.withUnsafeBufferPointer { utf8 in
            table.folded.withUnsafeBufferPointer { foldedBytes in
                StringPool.packed(table, utf8: utf8, folded: foldedBytes)
            }
        }
        folded = texts
        lookup = HashSlots(capacity: table.count)
        let seed = lookup.seed
        for code in 1 ..< UInt32(references.count) {
            let isNew = StringPool.utf8(of: code, in: texts) { bytes in
                let hashOf = { (other: UInt32) in StringPool.utf8(of: other, in: texts) { hashBytes(UnsafeRawBufferPointer($0), seed: seed) } }
                return lookup.insertIfAbsent(code, hash: hashBytes(UnsafeRawBufferPointer(bytes), seed: seed), hashOf: hashOf) {
                    StringPool.hasUTF8($0, bytes, in: texts)
                }
            }
            guard isNew else { return nil }
        }
        liveCount = table.count
    }

    /// A snapshot table's folded bytes, each with its string's UTF-8 or case mask attached
    /// when it differs (as `retain` keeps it), in an arena reserved at its exact size.
    private static func packed(_ table: SnapshotRows.StringTable, utf8: UnsafeBufferPointer<UInt8>,
                               folded: UnsafeBufferPointer<UInt8>) -> PackedTexts {
        func slices(_ index: Int) -> (utf8: UnsafeBufferPointer<UInt8>, folded: UnsafeBufferPointer<UInt8>) {
            let utf8Start = index == 0 ? 0 : Int(table.utf8Ends[index - 1])
            let foldedStart = index == 0 ? 0 : Int(table.foldedEnds[index - 1])
            return (UnsafeBufferPointer(rebasing: utf8[utf8Start ..< Int(table.utf8Ends[index])]),
                    UnsafeBufferPointer(rebasing: folded[foldedStart ..< Int(table.foldedEnds[index])]))
        }
        var attachmentBytes = 0
        for index in 0 ..< table.count {
            let (text, foldedText) = slices(index)
            attachmentBytes += attachmentSize(of: text, over: foldedText)
        }
        var texts = PackedTexts()
        texts.reserve(codeLimit: table.count + 1, bytes: folded.count + attachmentBytes)
        for index in 0 ..< table.count {
            let (text, foldedText) = slices(index)
            store(text, folded: foldedText, as: UInt32(index + 1), in: &texts)
        }
        return texts
    }

    /// The code of `text`, or nil when no row uses it.
    func code(of text: String) -> UInt32? {
        var text = text
        return text.withUTF8 { bytes in
            lookup.find(hash: hashBytes(UnsafeRawBufferPointer(bytes), seed: lookup.seed)) { code in
                StringPool.hasUTF8(code, bytes, in: folded)
            }
        }
    }

    /// The string of `code` ("" for code 0 or a free code), made from its stored UTF-8 bytes:
    /// byte for byte what was retained. Builds a `String` (one allocation past 15 bytes): a
    /// loop that only compares or scans should use `withUTF8` instead.
    @inline(__always)
    func string(_ code: UInt32) -> String {
        StringPool.string(code, in: folded)
    }

    /// The string of `code` in a pool's texts (its `folded`), for a loop that takes the texts
    /// of several pools once rather than reaching each pool through its field index (which
    /// copies the pool's arrays, a retain each, every time).
    @inline(__always)
    static func string(_ code: UInt32, in texts: PackedTexts) -> String {
        texts.withBytesAndAttachment(code) { foldedBytes, attachment, form in
            // The bytes are valid UTF-8 (`retain` took them from a String, a snapshot's were
            // checked): copied (or a case mask decoded) straight into the new string, which for
            // up to 15 ASCII bytes skips validation (cheaper than `String(decoding:as:)`, which
            // validates first).
            let bytes = attachment.isEmpty ? foldedBytes : attachment
            let count = form == .caseMask ? foldedBytes.count : bytes.count
            return String(unsafeUninitializedCapacity: count) { buffer in
                guard count > 0, let target = buffer.baseAddress else { return 0 }
                if form == .caseMask {
                    CaseMask.decode(foldedBytes, mask: attachment, into: target)
                } else if let source = bytes.baseAddress {
                    target.initialize(from: source, count: count)
                }
                return count
            }
        }
    }

    /// Calls `body` with the UTF-8 bytes of `code` (empty for code 0 or a free code).
    @inline(__always)
    func withUTF8<Result>(_ code: UInt32, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        StringPool.utf8(of: code, in: folded, body)
    }

    /// The ASCII digits of the UTF-8 of `code`, the last four one byte each (the last lowest),
    /// and how many there are in all: what a card's title (`****4242`) keeps. A case mask
    /// changes only letters, so its folded bytes hold the same digits (nothing decoded).
    func asciiDigits(of code: UInt32) -> (lastFour: UInt32, count: Int) {
        folded.withBytesAndAttachment(code) { foldedBytes, attachment, form in
            Transaction.cardDigits(in: form == .caseMask || attachment.isEmpty ? foldedBytes : attachment)
        }
    }

    /// Calls `body` with the UTF-8 of `code` in a pool's texts (its `folded`): the attachment,
    /// the folded bytes when they are the same (a string is attached only when it differs, so
    /// never empty when attached), or the folded bytes with a case mask's capitals, decoded
    /// into temporary memory (on the stack for a short string).
    @inline(__always)
    static func utf8<Result>(of code: UInt32, in texts: PackedTexts,
                             _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        texts.withBytesAndAttachment(code) { foldedBytes, attachment, form in
            switch form {
            case .plain: return body(attachment.isEmpty ? foldedBytes : attachment)
            case .caseMask: return CaseMask.withDecoded(foldedBytes, mask: attachment, body)
            }
        }
    }

    /// Whether the UTF-8 of `code` in a pool's texts is `bytes`: a case mask is compared in
    /// place, not decoded first.
    @inline(__always)
    private static func hasUTF8(_ code: UInt32, _ bytes: UnsafeBufferPointer<UInt8>, in texts: PackedTexts) -> Bool {
        texts.withBytesAndAttachment(code) { foldedBytes, attachment, form in
            switch form {
            case .plain: return bytesEqual(attachment.isEmpty ? foldedBytes : attachment, bytes)
            case .caseMask: return CaseMask.decodes(foldedBytes, mask: attachment, to: bytes)
            }
        }
    }

    /// Keeps `utf8` as the string of `code` in `texts`: its folded bytes, with nothing attached
    /// when they are the same, a case mask when they differ only by ASCII capitals, else the
    /// UTF-8 itself.
    private static func store(_ utf8: UnsafeBufferPointer<UInt8>, folded foldedText: UnsafeBufferPointer<UInt8>,
                              as code: UInt32, in texts: inout PackedTexts) {
        if bytesEqual(utf8, foldedText) {
            texts.set(code, to: foldedText, attaching: UnsafeBufferPointer(start: nil, count: 0))
        } else if CaseMask.canEncode(utf8, over: foldedText) {
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: CaseMask.byteCount(forTextOf: utf8.count)) { mask in
                CaseMask.encode(utf8, into: mask)
                texts.set(code, to: foldedText, attaching: UnsafeBufferPointer(mask), as: .caseMask)
            }
        } else {
            texts.set(code, to: foldedText, attaching: utf8)
        }
    }

    /// The bytes `store` attaches for `utf8` over its folded bytes.
    private static func attachmentSize(of utf8: UnsafeBufferPointer<UInt8>, over foldedText: UnsafeBufferPointer<UInt8>) -> Int {
        if bytesEqual(utf8, foldedText) { return 0 }
        return CaseMask.canEncode(utf8, over: foldedText) ? CaseMask.byteCount(forTextOf: utf8.count) : utf8.count
    }

    /// Whether a string's UTF-8 bytes are `bytes` (length first, then one memcmp).
    @inline(__always)
    static func equals(_ string: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard string.utf8.count == bytes.count else { return false }
        var string = string
        return string.withUTF8 { own in bytesEqual(own, bytes) }
    }

    /// Whether `code` names a string in use.
    func isLive(_ code: UInt32) -> Bool { Int(code) < references.count && references[Int(code)] > 0 }

    /// How many rows use `code`.
    func referenceCount(_ code: UInt32) -> Int { Int(references[Int(code)]) }

    /// How many rows use any of `codes` (each counted once per code): the rows a term's
    /// strings reach, summed from one contiguous array.
    func referenceCount(of codes: CodeSet) -> Int {
        references.withUnsafeBufferPointer { references in
            var total = 0
            codes.forEach { code in
                if Int(code) < references.count { total &+= Int(references[Int(code)]) }
            }
            return total
        }
    }

    /// Counts one more use of `text` and returns its code; `isNew` when it was not in use.
    mutating func retain(_ text: String) -> (code: UInt32, isNew: Bool) {
        if let existing = code(of: text) {
            references[Int(existing)] += 1
            return (existing, false)
        }
        let code: UInt32
        if let reused = freeCodes.popLast() {
            code = reused
            references[Int(code)] = 1
        } else {
            code = UInt32(references.count)
            references.append(1)
        }
        foldScratch.removeAll(keepingCapacity: true)
        Folding.appendFolded(text, to: &foldScratch)
        var text = text
        let hash = text.withUTF8 { utf8 in
            foldScratch.withUnsafeBufferPointer { StringPool.store(utf8, folded: $0, as: code, in: &folded) }
            return hashBytes(UnsafeRawBufferPointer(utf8), seed: lookup.seed)
        }
        withLookup { table, texts in table.insert(code, hash: hash, hashOf: texts) }
        liveCount += 1
        return (code, true)
    }

    /// Runs `body` with the lookup table moved out of the pool, and the hash of a code's UTF-8
    /// for the table's moves. (The texts were copied for the hash closure at every new string,
    /// `let texts = folded`: four retains and releases of array headers that a bulk fill has
    /// left cold. The closure now copies them only when it is called, which a growing table
    /// does for each code it moves.)
    private mutating func withLookup(_ body: (inout HashSlots, (UInt32) -> Int) -> Void) {
        var table = HashSlots.unallocated
        swap(&table, &lookup)
        let seed = table.seed
        body(&table) { code in StringPool.utf8(of: code, in: self.folded) { hashBytes(UnsafeRawBufferPointer($0), seed: seed) } }
        swap(&table, &lookup)
    }

    /// Counts one more use of a code in use.
    mutating func retain(code: UInt32) {
        precondition(isLive(code), "StringPool.retain(code:) on unused code \(code)")
        references[Int(code)] += 1
    }

    /// Counts `times` more uses of a code in use (a restored table's uses of a shared string).
    mutating func retain(code: UInt32, times: UInt32) {
        precondition(isLive(code), "StringPool.retain(code:times:) on unused code \(code)")
        references[Int(code)] += times
    }

    /// The uses of every code, by code (0 at code 0 and at free codes).
    var referenceCounts: [UInt32] { references }

    /// Counts one use less; returns true when that was the last use and the string is reclaimed.
    @discardableResult
    mutating func release(_ code: UInt32) -> Bool {
        precondition(isLive(code), "StringPool.release on unused code \(code)")
        references[Int(code)] -= 1
        guard references[Int(code)] == 0 else { return false }
        withLookup { table, hashOf in table.remove(code, hash: hashOf(code), hashOf: hashOf) }
        folded.remove(code)
        freeCodes.append(code)
        liveCount -= 1
        return true
    }

    /// Gives back the spare room that growing left in the per-code arrays and the arena (one
    /// copy of each): for the end of a bulk fill, after which the pool is held at its size.
    mutating func shrinkToFit() {
        folded.shrinkToFit()
        if references.capacity > references.count { references = references.withUnsafeBufferPointer { Array($0) } }
        if freeCodes.capacity > freeCodes.count { freeCodes = freeCodes.withUnsafeBufferPointer { Array($0) } }
    }

    /// The codes in use, ascending.
    var liveCodes: [UInt32] {
        (1..<UInt32(references.count)).filter { references[Int($0)] > 0 }
    }

    /// Bytes held, at the arrays' capacities: references, free codes, the hash table and the
    /// arena with its per-code arrays. Nothing else is held per string.
    var memoryUse: Int {
        references.capacity * 4 + freeCodes.capacity * 4 + lookup.memoryUse + folded.memoryUse
    }

    /// Traps when the pool's own bookkeeping disagrees with itself: every live string found by
    /// its bytes, its folded bytes this build's folding of it, valid UTF-8 (so `string(_:)`
    /// gives back these bytes), and kept as `store` keeps it: nothing attached when it equals
    /// its folded bytes, a canonical case mask that encodes it back when it differs only by
    /// ASCII capitals, else its UTF-8.
    func checkInvariants() {
        var live = 0
        for code in 1..<UInt32(references.count) where references[Int(code)] > 0 {
            live += 1
            let string = self.string(code)
            invariant(self.code(of: string) == code, "pool lookup lost \(string)")
            invariant(withUTF8(code) { Array($0) } == Array(string.utf8), "pool bytes of code \(code) are not UTF-8")
            let expected = Array(Folding.fold(string).utf8)
            invariant(folded.bytes(code) == expected, "pool fold is stale")
            folded.withBytesAndAttachment(code) { foldedBytes, attachment, form in
                switch form {
                case .plain:
                    invariant(attachment.isEmpty || !bytesEqual(attachment, foldedBytes), "pool keeps \(string) twice")
                    invariant(attachment.isEmpty || !CaseMask.canEncode(attachment, over: foldedBytes),
                                 "pool keeps \(string) whole, not as a case mask")
                case .caseMask:
                    invariant(CaseMask.isCanonical(attachment, over: foldedBytes), "pool's case mask of code \(code) is malformed")
                    let reencoded = withUTF8(code) { utf8 in
                        CaseMask.canEncode(utf8, over: foldedBytes) && Array(unsafeUninitializedCapacity: attachment.count) { mask, count in
                            CaseMask.encode(utf8, into: mask)
                            count = mask.count
                        } == Array(attachment)
                    }
                    invariant(reencoded, "pool's case mask of code \(code) does not encode \(string) back")
                }
            }
        }
        invariant(live == liveCount && lookup.count == liveCount, "pool live count \(liveCount) != \(live)")
        invariant(Set(freeCodes).count == freeCodes.count, "pool free list has duplicates")
        for code in freeCodes { invariant(references[Int(code)] == 0, "pool frees a code in use") }
    }
}
