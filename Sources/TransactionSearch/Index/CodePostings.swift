/// The rows of each code of a field (or of each descriptor), by code: a code that one row
/// uses keeps that row inline in a four-byte entry; a code with more rows keeps a
/// `PostingList` in a side array that its entry points to.
///
/// Most codes of a long tail (distinct notes, rare merchants' descriptors) have one row: 4
/// bytes each instead of a 16-byte list. Reading a code's rows costs one branch more.
struct CodePostings: Sendable {
    /// Per code: 0 for no rows; `row + 1` (top bit clear) for one row; `index | listTag` for
    /// `lists[index]`.
    private var entries: [UInt32] = [0]
    private var lists: [PostingList] = []
    private var freeLists: [UInt32] = []

    private static let listTag: UInt32 = 1 << 31

    init() {}

    /// The postings of codes `0..<lists.count`.
    init(_ postings: [PostingList]) {
        entries = [UInt32](repeating: 0, count: max(postings.count, 1))
        for (code, list) in postings.enumerated() { set(list, at: code) }
        if lists.capacity > lists.count { lists = lists.withUnsafeBufferPointer { Array($0) } }
    }

    /// One past the largest code with an entry.
    var count: Int { entries.count }

    /// The rows of `code` (empty past the last code).
    @inline(__always)
    subscript(code: Int) -> PostingList {
        guard code < entries.count else { return .empty }
        let entry = entries[code]
        if entry == 0 { return .empty }
        if entry & CodePostings.listTag == 0 { return .single(entry - 1) }
        return lists[Int(entry & ~CodePostings.listTag)]
    }

    /// Calls `row` with the row of each code of `codes` used by one row and `list` with the
    /// rows of each code used by more: a term's rows gathered without a list made per code.
    @inline(__always)
    func forEachPosting(ofCodesIn codes: CodeSet, row: (UInt32) -> Void, list: (PostingList) -> Void) {
        entries.withUnsafeBufferPointer { entries in
            codes.forEach { code in
                guard Int(code) < entries.count else { return }
                let entry = entries[Int(code)]
                if entry == 0 { return }
                if entry & CodePostings.listTag == 0 { row(entry - 1) } else { list(lists[Int(entry & ~CodePostings.listTag)]) }
            }
        }
    }

    /// Adds a row that `code` does not list yet; `rowCapacity` is the store's, for density.
    mutating func insert(_ row: UInt32, code: Int, rowCapacity: Int) {
        // Grown in one step: a code far past the last (a payee among the merchants' shared
        // codes) was tens of thousands of appends.
        if entries.count <= code { entries.append(contentsOf: repeatElement(0, count: code + 1 - entries.count)) }
        let entry = entries[code]
        if entry == 0 && row < CodePostings.listTag - 1 {
            entries[code] = row + 1
        } else if entry & CodePostings.listTag != 0 {
            lists[Int(entry & ~CodePostings.listTag)].insert(row, rowCapacity: rowCapacity)
        } else {
            var list = self[code]
            list.insert(row, rowCapacity: rowCapacity)
            set(list, at: code)
        }
    }

    /// Removes a row that `code` lists.
    mutating func remove(_ row: UInt32, code: Int, rowCapacity: Int) {
        let entry = code < entries.count ? entries[code] : 0
        precondition(entry != 0, "CodePostings.remove: code \(code) has no rows")
        if entry & CodePostings.listTag == 0 {
            precondition(entry - 1 == row, "CodePostings.remove: row \(row) is not listed under \(code)")
            entries[code] = 0
            return
        }
        let index = Int(entry & ~CodePostings.listTag)
        lists[index].remove(row, rowCapacity: rowCapacity)
        if case .single(let only) = lists[index], only < CodePostings.listTag - 1 {
            set(.single(only), at: code)
        } else if lists[index].count == 0 {
            set(.empty, at: code)
        }
    }

    /// Gives `code` these rows, inline when one row fits, else in a list of its own.
    private mutating func set(_ list: PostingList, at code: Int) {
        let entry = entries[code]
        if entry & CodePostings.listTag != 0 {
            let index = entry & ~CodePostings.listTag
            lists[Int(index)] = .empty
            freeLists.append(index)
        }
        switch list {
        case .empty: entries[code] = 0
        case .single(let row) where row < CodePostings.listTag - 1: entries[code] = row + 1
        default:
            entries[code] = lists.store(list, reusing: &freeLists) | CodePostings.listTag
        }
    }

    /// Gives back the room growth left in the entries and the side arrays (for the end of a
    /// bulk build).
    mutating func shrinkToFit() {
        if entries.capacity > entries.count { entries = entries.withUnsafeBufferPointer { Array($0) } }
        if lists.capacity > lists.count { lists = lists.withUnsafeBufferPointer { Array($0) } }
        if freeLists.capacity > freeLists.count { freeLists = freeLists.withUnsafeBufferPointer { Array($0) } }
    }

    /// Bytes held: the entries, the lists and their storage.
    var memoryUse: Int {
        var bytes = entries.capacity * 4 + lists.capacity * MemoryLayout<PostingList>.stride + freeLists.capacity * 4
        for list in lists { bytes += list.memoryUse }
        return bytes
    }
}
