/// The distinct (merchant, category, subcategory) combinations in use, "descriptors", each
/// with the rows that carry it.
///
/// A merchant almost always comes with the same category, so there are about as many
/// descriptors as merchants. A search term resolves to a set of descriptors (those whose
/// merchant, category or subcategory contains it): testing a row is then one bit, the rows of
/// a term are the union of disjoint posting lists, and the rows a dense term does *not* match
/// are the postings of the descriptors outside its set. The rows of one merchant, category or
/// subcategory are the union of its descriptors' postings.
struct DescriptorIndex: Sendable {
    struct Key: Hashable, Sendable {
        var merchant: UInt32
        var category: UInt32
        var subcategory: UInt32
    }

    private var codeOf = HashSlots()
    /// The merchant, category and subcategory of each descriptor code (code 0 is never used),
    /// in buffers with stable addresses, which the query loops read through pointers.
    let merchantOf = ColumnBuffer<UInt32>(filler: 0)
    let categoryOf = ColumnBuffer<UInt32>(filler: 0)
    let subcategoryOf = ColumnBuffer<UInt32>(filler: 0)
    /// The rows of each descriptor (its posting list's count), contiguous: a term matching
    /// thousands of descriptors counts their rows from one array (0 for a free code).
    let rowCounts = ColumnBuffer<UInt32>(filler: 0)
    /// One past the largest code ever used.
    private(set) var codeLimit = 1
    private(set) var postings: [PostingList] = [.empty]
    private var freeCodes: [UInt32] = []
    /// Descriptor codes by merchant, category and subcategory code, in no particular order.
    private(set) var byMerchant: [[UInt32]] = [[]]
    private(set) var byCategory: [[UInt32]] = [[]]
    private(set) var bySubcategory: [[UInt32]] = [[]]
    /// Where each descriptor stands in its merchant's, category's and subcategory's list: a
    /// descriptor leaves its lists in constant time (the last one takes its place) instead of
    /// a search through a category's thousands of descriptors.
    private let placeInMerchant = ColumnBuffer<UInt32>(filler: 0)
    private let placeInCategory = ColumnBuffer<UInt32>(filler: 0)
    private let placeInSubcategory = ColumnBuffer<UInt32>(filler: 0)

    var liveCount: Int { codeOf.count }

    /// The key of a descriptor code.
    @inline(__always)
    func key(_ code: UInt32) -> Key {
        Key(merchant: merchantOf[code], category: categoryOf[code], subcategory: subcategoryOf[code])
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

    /// Rows of all the descriptors of a merchant, category or subcategory (`lists[code]`).
    func rowCount(of code: UInt32, in lists: [[UInt32]]) -> Int {
        guard Int(code) < lists.count else { return 0 }
        return lists[Int(code)].reduce(0) { $0 + rowCount($1) }
    }

    @inline(__always)
    private static func hash(_ key: Key) -> Int {
        var mixed = UInt64(key.merchant) &* 0x9E37_79B9_7F4A_7C15
        mixed = (mixed ^ UInt64(key.category)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ UInt64(key.subcategory)) &* 0x94D0_49BB_1331_11EB
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
            postings.append(.empty)
            for buffer in [merchantOf, categoryOf, subcategoryOf, rowCounts, placeInMerchant, placeInCategory, placeInSubcategory] { buffer.reserve(codeLimit) }
        }
        merchantOf[code] = key.merchant
        categoryOf[code] = key.category
        subcategoryOf[code] = key.subcategory
        let (merchants, categories, subcategories) = (merchantOf, categoryOf, subcategoryOf)
        codeOf.insert(code, hash: DescriptorIndex.hash(key)) {
            DescriptorIndex.hash(Key(merchant: merchants[$0], category: categories[$0], subcategory: subcategories[$0]))
        }
        DescriptorIndex.add(code, at: key.merchant, to: &byMerchant, places: placeInMerchant)
        DescriptorIndex.add(code, at: key.category, to: &byCategory, places: placeInCategory)
        DescriptorIndex.add(code, at: key.subcategory, to: &bySubcategory, places: placeInSubcategory)
        return code
    }

    /// Fills this empty index with a snapshot's descriptors: key `i` (three numbers a key,
    /// merchant, category, subcategory) gets code `i + 1`. False when a key repeats. Posting
    /// lists come after, from `setPostings`.
    mutating func restore(keys: [UInt32]) -> Bool {
        precondition(codeLimit == 1 && keys.count % 3 == 0, "DescriptorIndex.restore on an index in use")
        let count = keys.count / 3
        codeOf = HashSlots(capacity: count)
        codeLimit = count + 1
        for buffer in [merchantOf, categoryOf, subcategoryOf, rowCounts, placeInMerchant, placeInCategory, placeInSubcategory] { buffer.reserve(codeLimit) }
        postings = [PostingList](repeating: .empty, count: codeLimit)
        let (merchants, categories, subcategories) = (merchantOf, categoryOf, subcategoryOf)
        for index in 0..<count {
            let code = UInt32(index + 1)
            let key = Key(merchant: keys[index * 3], category: keys[index * 3 + 1], subcategory: keys[index * 3 + 2])
            let isNew = codeOf.insertIfAbsent(code, hash: DescriptorIndex.hash(key)) {
                Key(merchant: merchants[$0], category: categories[$0], subcategory: subcategories[$0]) == key
            }
            guard isNew else { return false }
            merchantOf[code] = key.merchant
            categoryOf[code] = key.category
            subcategoryOf[code] = key.subcategory
            DescriptorIndex.add(code, at: key.merchant, to: &byMerchant, places: placeInMerchant)
            DescriptorIndex.add(code, at: key.category, to: &byCategory, places: placeInCategory)
            DescriptorIndex.add(code, at: key.subcategory, to: &bySubcategory, places: placeInSubcategory)
        }
        return true
    }

    /// Sets every posting list at once (indexed by code), for rows added in bulk.
    mutating func setPostings(_ lists: [PostingList]) {
        precondition(lists.count >= codeLimit, "DescriptorIndex.setPostings: \(lists.count) lists for \(codeLimit) codes")
        postings = lists
        for code in 0..<codeLimit { rowCounts[UInt32(code)] = UInt32(lists[code].count) }
    }

    mutating func addRow(_ row: UInt32, code: UInt32, rowCapacity: Int) {
        postings[Int(code)].insert(row, rowCapacity: rowCapacity)
        rowCounts[code] += 1
    }

    /// Removes a row; a descriptor left with no rows is forgotten and its code freed.
    mutating func removeRow(_ row: UInt32, code: UInt32, rowCapacity: Int) {
        postings[Int(code)].remove(row, rowCapacity: rowCapacity)
        rowCounts[code] -= 1
        guard rowCounts[code] == 0 else { return }
        let key = self.key(code)
        let (merchants, categories, subcategories) = (merchantOf, categoryOf, subcategoryOf)
        codeOf.remove(code, hash: DescriptorIndex.hash(key)) {
            DescriptorIndex.hash(Key(merchant: merchants[$0], category: categories[$0], subcategory: subcategories[$0]))
        }
        DescriptorIndex.remove(code, at: key.merchant, from: &byMerchant, places: placeInMerchant)
        DescriptorIndex.remove(code, at: key.category, from: &byCategory, places: placeInCategory)
        DescriptorIndex.remove(code, at: key.subcategory, from: &bySubcategory, places: placeInSubcategory)
        freeCodes.append(code)
    }

    /// The descriptors whose merchant, category or subcategory is in the sets.
    func descriptors(merchants: CodeSet, categories: CodeSet, subcategories: CodeSet) -> CodeSet {
        if (merchants.count + categories.count + subcategories.count) * 8 > codeLimit {
            // Many strings matched (a short term): one pass over the descriptors' own columns
            // reads three contiguous arrays instead of a list per string.
            let (merchantOf, categoryOf, subcategoryOf) = (merchantOf.base, categoryOf.base, subcategoryOf.base)
            let counts = rowCounts.base
            return CodeSet(limit: codeLimit) { code in
                let index = Int(code)
                return counts[index] > 0 && (merchants.contains(merchantOf[index]) || categories.contains(categoryOf[index])
                    || subcategories.contains(subcategoryOf[index]))
            }
        }
        var result = CodeSet()
        func collect(_ codes: CodeSet, _ lists: [[UInt32]]) {
            for code in codes.codes where Int(code) < lists.count {
                for descriptor in lists[Int(code)] { result.insert(descriptor) }
            }
        }
        collect(merchants, byMerchant)
        collect(categories, byCategory)
        collect(subcategories, bySubcategory)
        return result
    }

    /// Calls `body` with the rows of every descriptor in `lists[code]` (the rows of one
    /// merchant, category or subcategory).
    func forEachRow(of code: UInt32, in lists: [[UInt32]], _ body: (UInt32) -> Void) {
        guard Int(code) < lists.count else { return }
        for descriptor in lists[Int(code)] { postings[Int(descriptor)].forEach(body) }
    }

    var memoryUse: Int {
        var bytes = codeOf.memoryUse + rowCounts.memoryUse + merchantOf.memoryUse + categoryOf.memoryUse + subcategoryOf.memoryUse
        bytes += placeInMerchant.memoryUse + placeInCategory.memoryUse + placeInSubcategory.memoryUse + postings.capacity * MemoryLayout<PostingList>.stride
        for list in postings { bytes += list.memoryUse }
        for lists in [byMerchant, byCategory, bySubcategory] {
            bytes += lists.capacity * 8
            for list in lists { bytes += list.capacity * 4 }
        }
        return bytes + freeCodes.capacity * 4
    }

    func checkInvariants() {
        var live = 0
        for code in 0..<UInt32(codeLimit) {
            precondition(rowCounts[code] == postings[Int(code)].count, "descriptor \(code) counts \(rowCounts[code]) rows, holds \(postings[Int(code)].count)")
        }
        for code in 1..<UInt32(codeLimit) where postings[Int(code)].count > 0 {
            live += 1
            let key = self.key(code)
            precondition(self.code(of: key) == code, "descriptor \(code) is stale")
            precondition(byMerchant[Int(key.merchant)][Int(placeInMerchant[code])] == code
                         && byCategory[Int(key.category)][Int(placeInCategory[code])] == code
                         && bySubcategory[Int(key.subcategory)][Int(placeInSubcategory[code])] == code, "descriptor \(code) is not listed")
        }
        for code in freeCodes { precondition(postings[Int(code)].count == 0, "a free descriptor has rows") }
        precondition(live == codeOf.count, "descriptor map holds \(codeOf.count) of \(live)")
        let listed = byMerchant.reduce(0) { $0 + $1.count }
        precondition(listed == codeOf.count, "merchant lists hold \(listed) of \(codeOf.count) descriptors")
    }

    private static func add(_ descriptor: UInt32, at code: UInt32, to lists: inout [[UInt32]], places: ColumnBuffer<UInt32>) {
        while lists.count <= Int(code) { lists.append([]) }
        places[descriptor] = UInt32(lists[Int(code)].count)
        lists[Int(code)].append(descriptor)
    }

    /// Takes a descriptor out of its list: the list's last descriptor moves into its place.
    private static func remove(_ descriptor: UInt32, at code: UInt32, from lists: inout [[UInt32]], places: ColumnBuffer<UInt32>) {
        let place = Int(places[descriptor])
        precondition(place < lists[Int(code)].count && lists[Int(code)][place] == descriptor, "descriptor \(descriptor) is not in its list")
        let last = lists[Int(code)].removeLast()
        if last != descriptor {
            lists[Int(code)][place] = last
            places[last] = UInt32(place)
        }
    }
}
