/// The distinct (merchant, category, subcategory, payee) combinations in use, "descriptors",
/// each with the rows that carry it.
///
/// A merchant almost always comes with the same category and the same payee (its name
/// cleaned), so there are about as many descriptors as merchants. A search term resolves to a
/// set of descriptors (those whose merchant, category, subcategory or payee contains it):
/// testing a row is then one bit, the rows of a term are the union of disjoint posting lists,
/// and the rows a dense term does *not* match are the postings of the descriptors outside its
/// set. The rows of one merchant, category, subcategory or payee are the union of its
/// descriptors' postings.
///
/// The payee is part of the key since 0.6.9: a column of payee codes (4 bytes a row) and the
/// payees' own posting lists (8 bytes a row on the long-tail data) repeated what the
/// merchant's descriptor already says of nearly every row.
struct DescriptorIndex: Sendable {
    struct Key: Hashable, Sendable {
        var merchant: UInt32
        var category: UInt32
        var subcategory: UInt32
        var payee: UInt32
    }

    private var codeOf = HashSlots()
    /// The merchant, category, subcategory and payee of each descriptor code (code 0 is never
    /// used), in buffers with stable addresses, which the query loops read through pointers.
    let merchantOf = ColumnBuffer<UInt32>(filler: 0)
    let categoryOf = ColumnBuffer<UInt32>(filler: 0)
    let subcategoryOf = ColumnBuffer<UInt32>(filler: 0)
    let payeeOf = ColumnBuffer<UInt32>(filler: 0)
    /// The rows of each descriptor (its posting list's count), contiguous: a term matching
    /// thousands of descriptors counts their rows from one array (0 for a free code).
    let rowCounts = ColumnBuffer<UInt32>(filler: 0)
    /// The buffers indexed by descriptor code, grown, reserved and shrunk together.
    private var perCodeBuffers: [ColumnBuffer<UInt32>] { [merchantOf, categoryOf, subcategoryOf, payeeOf, rowCounts] }
    /// One past the largest code ever used.
    private(set) var codeLimit = 1
    private(set) var postings = CodePostings()
    private var freeCodes: [UInt32] = []
    /// Descriptor codes by merchant, category, subcategory and payee code, each leaving its
    /// groups in constant time (not a search through a category's thousands of descriptors).
    private(set) var byMerchant = DescriptorGroups()
    private(set) var byCategory = DescriptorGroups()
    private(set) var bySubcategory = DescriptorGroups()
    private(set) var byPayee = DescriptorGroups()

    var liveCount: Int { codeOf.count }

    /// The key of a descriptor code.
    @inline(__always)
    func key(_ code: UInt32) -> Key {
        Key(merchant: merchantOf[code], category: categoryOf[code], subcategory: subcategoryOf[code], payee: payeeOf[code])
    }

    @inline(__always)
    func rowCount(_ code: UInt32) -> Int { Int(rowCounts[code]) }

    /// Rows of all the descriptors of a set.
    func rowCount(of set: CodeSet) -> Int {
        var total = 0
        let counts = rowCounts.base
        PostingList.forEachBit(in: set.words) { total &+= Int(counts[Int($0)]) }
        return total
    }

    /// Rows of all the descriptors of a merchant, category, subcategory or payee (`code` in
    /// `groups`).
    func rowCount(of code: UInt32, in groups: DescriptorGroups) -> Int {
        var total = 0
        groups.forEach(of: code) { total += rowCount($0) }
        return total
    }

    @inline(__always)
    private static func hash(_ key: Key) -> Int {
        var mixed = UInt64(key.merchant) &* 0x9E37_79B9_7F4A_7C15
        mixed = (mixed ^ UInt64(key.category)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ UInt64(key.subcategory)) &* 0x94D0_49BB_1331_11EB
        mixed = (mixed ^ UInt64(key.payee)) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed ^ (mixed >> 31))
    }

    /// The code of a key in use, or nil.
    func code(of key: Key) -> UInt32? {
        codeOf.find(hash: DescriptorIndex.hash(key)) { self.key($0) == key }
    }

    /// The descriptor of a key, created when new.
    mutating func code(for key: Key) -> UInt32 {
        if let code = code(of: key) { return code }
        let code: UInt32
        if let reused = freeCodes.popLast() {
            code = reused
        } else {
            code = UInt32(codeLimit)
            codeLimit += 1
            for buffer in perCodeBuffers { buffer.reserve(codeLimit) }
        }
        merchantOf[code] = key.merchant
        categoryOf[code] = key.category
        subcategoryOf[code] = key.subcategory
        payeeOf[code] = key.payee
        let (merchants, categories, subcategories, payees) = (merchantOf, categoryOf, subcategoryOf, payeeOf)
        codeOf.insert(code, hash: DescriptorIndex.hash(key)) {
            DescriptorIndex.hash(Key(merchant: merchants[$0], category: categories[$0], subcategory: subcategories[$0], payee: payees[$0]))
        }
        byMerchant.add(code, under: key.merchant)
        byCategory.add(code, under: key.category)
        bySubcategory.add(code, under: key.subcategory)
        byPayee.add(code, under: key.payee)
        return code
    }

    /// Sets every posting list at once (indexed by code), for rows added in bulk.
    mutating func setPostings(_ lists: [PostingList]) {
        precondition(lists.count >= codeLimit, "DescriptorIndex.setPostings: \(lists.count) lists for \(codeLimit) codes")
        postings = CodePostings(lists)
        for code in 0..<codeLimit { rowCounts[UInt32(code)] = UInt32(lists[code].count) }
    }

    /// Makes room for `count` descriptors in this empty index, so that making them (a
    /// snapshot's, on open) never grows its table or buffers on the way.
    mutating func reserve(_ count: Int) {
        precondition(codeLimit == 1, "DescriptorIndex.reserve on an index in use")
        codeOf = HashSlots(capacity: count)
        for buffer in perCodeBuffers { buffer.reserve(count + 1) }
    }

    /// Gives back the room the growth of a bulk build left in the per-code buffers and the
    /// groups (a third of them at worst, about 1.5 bytes a row on the long-tail data). Moves
    /// the buffers: take no pointer to them across it.
    mutating func shrinkToFit() {
        for buffer in perCodeBuffers { buffer.shrink(to: codeLimit) }
        byMerchant.shrinkToFit()
        byCategory.shrinkToFit()
        bySubcategory.shrinkToFit()
        byPayee.shrinkToFit()
        if freeCodes.capacity > freeCodes.count { freeCodes = freeCodes.withUnsafeBufferPointer { Array($0) } }
    }

    mutating func addRow(_ row: UInt32, code: UInt32, rowCapacity: Int) {
        postings.insert(row, code: Int(code), rowCapacity: rowCapacity)
        rowCounts[code] += 1
    }

    /// Removes a row; a descriptor left with no rows is forgotten and its code freed.
    mutating func removeRow(_ row: UInt32, code: UInt32, rowCapacity: Int) {
        postings.remove(row, code: Int(code), rowCapacity: rowCapacity)
        rowCounts[code] -= 1
        guard rowCounts[code] == 0 else { return }
        let key = self.key(code)
        let (merchants, categories, subcategories, payees) = (merchantOf, categoryOf, subcategoryOf, payeeOf)
        codeOf.remove(code, hash: DescriptorIndex.hash(key)) {
            DescriptorIndex.hash(Key(merchant: merchants[$0], category: categories[$0], subcategory: subcategories[$0], payee: payees[$0]))
        }
        byMerchant.remove(code, from: key.merchant)
        byCategory.remove(code, from: key.category)
        bySubcategory.remove(code, from: key.subcategory)
        byPayee.remove(code, from: key.payee)
        freeCodes.append(code)
    }

    /// The descriptors whose merchant, category, subcategory or payee is in the sets.
    func descriptors(merchants: CodeSet, categories: CodeSet, subcategories: CodeSet, payees: CodeSet) -> CodeSet {
        if (merchants.count + categories.count + subcategories.count + payees.count) * 8 > codeLimit {
            // Many strings matched (a short term): one pass over the descriptors' own columns
            // reads four contiguous arrays instead of a list per string.
            let (merchantOf, categoryOf, subcategoryOf, payeeOf) = (merchantOf.base, categoryOf.base, subcategoryOf.base, payeeOf.base)
            let counts = rowCounts.base
            if payees.isEmpty {
                return CodeSet(limit: codeLimit) { (code: UInt32) -> UInt64 in
                    let index = Int(code)
                    let matched = merchants.bit(merchantOf[index]) | categories.bit(categoryOf[index]) | subcategories.bit(subcategoryOf[index])
                    return counts[index] > 0 ? matched : 0
                }
            }
            return CodeSet(limit: codeLimit) { (code: UInt32) -> UInt64 in
                let index = Int(code)
                let matched = merchants.bit(merchantOf[index]) | categories.bit(categoryOf[index])
                    | subcategories.bit(subcategoryOf[index]) | payees.bit(payeeOf[index])
                return counts[index] > 0 ? matched : 0
            }
        }
        var result = CodeSet()
        func collect(_ codes: CodeSet, _ groups: DescriptorGroups) {
            codes.forEach { code in groups.forEach(of: code) { result.insert($0) } }
        }
        collect(merchants, byMerchant)
        collect(categories, byCategory)
        collect(subcategories, bySubcategory)
        collect(payees, byPayee)
        return result
    }

    /// Calls `body` with the rows of every descriptor of `code` in `groups` (the rows of one
    /// merchant, category, subcategory or payee).
    func forEachRow(of code: UInt32, in groups: DescriptorGroups, _ body: (UInt32) -> Void) {
        groups.forEach(of: code) { postings[Int($0)].forEach(body) }
    }

    var memoryUse: Int {
        var bytes = codeOf.memoryUse + rowCounts.memoryUse + merchantOf.memoryUse + categoryOf.memoryUse + subcategoryOf.memoryUse
        bytes += payeeOf.memoryUse + byMerchant.memoryUse + byCategory.memoryUse + bySubcategory.memoryUse + byPayee.memoryUse
        bytes += postings.memoryUse
        return bytes + freeCodes.capacity * 4
    }

    func checkInvariants() {
        var live = 0
        for code in 0..<UInt32(codeLimit) {
            invariant(rowCounts[code] == postings[Int(code)].count, "descriptor \(code) counts \(rowCounts[code]) rows, holds \(postings[Int(code)].count)")
        }
        for code in 1..<UInt32(codeLimit) where postings[Int(code)].count > 0 {
            live += 1
            let key = self.key(code)
            invariant(self.code(of: key) == code, "descriptor \(code) is stale")
            invariant(byMerchant.lists(code, under: key.merchant) && byCategory.lists(code, under: key.category)
                         && bySubcategory.lists(code, under: key.subcategory) && byPayee.lists(code, under: key.payee),
                      "descriptor \(code) is not listed")
        }
        for code in freeCodes { invariant(postings[Int(code)].count == 0, "a free descriptor has rows") }
        invariant(live == codeOf.count, "descriptor map holds \(codeOf.count) of \(live)")
        for groups in [byMerchant, byCategory, bySubcategory, byPayee] {
            invariant(groups.count == codeOf.count, "groups hold \(groups.count) of \(codeOf.count) descriptors")
        }
    }
}
