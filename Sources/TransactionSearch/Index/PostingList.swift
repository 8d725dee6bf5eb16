/// The rows that carry one value (one merchant, one category...), or the string codes that
/// contain one trigram: nothing, up to three members inline, a sorted array (two bytes a
/// member while every member is below 65,536, four above), the same in blocks once it holds
/// thousands (`SortedBlocks`: an insert or removal moves one block, not half the list), or a
/// bitset over all members when dense (see `DensityThresholds`). Iteration visits members in
/// ascending order.
///
/// Two and three members inline: a long tail of merchants has thousands with two or three
/// rows, each of which took an array (32 bytes of header and its members, and malloc's own
/// 16) beside its 16-byte list.
///
/// Most lists of a long tail of distinct strings are short arrays of codes below 65,536: the
/// two-byte form halves the largest part of a trigram index. A list widens to four bytes when
/// a member at or above 65,536 arrives; 16 bytes a list whatever its form.
enum PostingList: Sendable {
    case empty
    case single(UInt32)
    /// Two members, ascending.
    case pair(UInt32, UInt32)
    /// Three members, ascending.
    case triple(UInt32, UInt32, UInt32)
    /// Ascending, every member below `narrowLimit`.
    case narrow([UInt16])
    /// Ascending, some member at or above `narrowLimit`.
    case sorted([UInt32])
    /// Ascending, more than `DensityThresholds.blocksAbove` members (fewer than
    /// `blocksBelow` turn back into an array), in blocks.
    case blocked(SortedBlocks)
    case dense(words: [UInt64], count: UInt32)

    /// Members below this fit a `narrow` list.
    static let narrowLimit: UInt32 = 1 << 16

    var count: Int {
        switch self {
        case .empty: 0
        case .single: 1
        case .pair: 2
        case .triple: 3
        case .narrow(let codes): codes.count
        case .sorted(let rows): rows.count
        case .blocked(let blocks): Int(blocks.count)
        case .dense(_, let count): Int(count)
        }
    }

    var memoryUse: Int {
        switch self {
        case .empty, .single, .pair, .triple: 0
        case .narrow(let codes): codes.capacity * 2 + 32
        case .sorted(let rows): rows.capacity * 4 + 32
        case .blocked(let blocks): blocks.memoryUse + 32
        case .dense(let words, _): words.capacity * 8 + 32
        }
    }

    func contains(_ row: UInt32) -> Bool {
        switch self {
        case .empty: return false
        case .single(let only): return only == row
        case .pair(let first, let second): return row == first || row == second
        case .triple(let first, let second, let third): return row == first || row == second || row == third
        case .narrow(let codes): return row < PostingList.narrowLimit && codes.binarySearch(UInt16(row)).found
        case .sorted(let rows): return rows.binarySearch(row).found
        case .blocked(let blocks): return blocks.contains(row)
        case .dense(let words, _):
            let word = Int(row >> 6)
            return word < words.count && words[word] & (1 << UInt64(row & 63)) != 0
        }
    }

    /// Adds a row that is not in the set; `rowCapacity` is the store's row count, for density.
    mutating func insert(_ row: UInt32, rowCapacity: Int) {
        switch self {
        case .empty:
            self = .single(row)
        case .single(let only):
            precondition(only != row, "PostingList.insert: row \(row) is already present")
            self = only < row ? .pair(only, row) : .pair(row, only)
        case .pair(let first, let second):
            precondition(first != row && second != row, "PostingList.insert: row \(row) is already present")
            self = row < first ? .triple(row, first, second) : row < second ? .triple(first, row, second) : .triple(first, second, row)
        case .triple(let first, let second, let third):
            precondition(first != row && second != row && third != row, "PostingList.insert: row \(row) is already present")
            var rows = [first, second, third]
            rows.insertNew(row)
            self = PostingList.list(ascending: rows)  // four members are never dense (`minimumDenseCount`)
        case .narrow(var codes):
            self = .empty  // so that `codes` is uniquely referenced and grows in place
            if row >= PostingList.narrowLimit {
                let rows = [UInt32](unsafeUninitializedCapacity: codes.count + 1) { buffer, initialized in
                    for index in codes.indices { buffer[index] = UInt32(codes[index]) }
                    buffer[codes.count] = row  // above every narrow member
                    initialized = codes.count + 1
                }
                self = PostingList.finished(rows, rowCapacity: rowCapacity)
            } else {
                codes.insertNew(UInt16(row))
                self = PostingList.finished(codes, rowCapacity: rowCapacity)
            }
        case .sorted(var rows):
            self = .empty
            rows.insertNew(row)
            self = PostingList.finished(rows, rowCapacity: rowCapacity)
        case .blocked(var blocks):
            self = .empty
            blocks.insert(row)
            self = PostingList.isDense(count: Int(blocks.count), capacity: rowCapacity)
                ? PostingList.bitset(of: blocks, rowCapacity: rowCapacity) : .blocked(blocks)
        case .dense(var words, let count):
            self = .empty
            let word = Int(row >> 6)
            if word >= words.count { words.append(contentsOf: repeatElement(0, count: word + 1 - words.count)) }
            precondition(words[word] & (1 << UInt64(row & 63)) == 0, "PostingList.insert: row \(row) is already present")
            words[word] |= 1 << UInt64(row & 63)
            self = .dense(words: words, count: count + 1)
        }
    }

    /// Adds rows above every row in the set, given ascending in the low 32 bits of `words`
    /// (a row that repeats is added once): a bulk build's run of one key.
    mutating func appendAscending(_ words: Slice<UnsafeBufferPointer<UInt64>>, rowCapacity: Int) {
        guard let lastWord = words.last else { return }
        if case .dense(var bits, let count) = self {
            self = .empty
            var added: UInt32 = 0
            for word in words {
                let row = UInt32(truncatingIfNeeded: word)
                let index = Int(row >> 6)
                if index >= bits.count { bits.append(contentsOf: repeatElement(0, count: index + 1 - bits.count)) }
                if bits[index] & (1 << UInt64(row & 63)) == 0 { added += 1 }
                bits[index] |= 1 << UInt64(row & 63)
            }
            self = .dense(words: bits, count: count + added)
            return
        }
        if case .blocked(var blocks) = self {
            self = .empty
            blocks.append(ascending: words.lazy.map { UInt32(truncatingIfNeeded: $0) })
            self = PostingList.isDense(count: Int(blocks.count), capacity: rowCapacity)
                ? PostingList.bitset(of: blocks, rowCapacity: rowCapacity) : .blocked(blocks)
            return
        }
        // The members so far, taken out of `self` so that the array is uniquely referenced
        // and grows in place; two bytes a member while the incoming ones fit too.
        let incomingFit = UInt32(truncatingIfNeeded: lastWord) < PostingList.narrowLimit
        var codes: [UInt16] = []
        var rows: [UInt32] = []
        var isNarrow = incomingFit
        switch self {
        case .empty, .dense, .blocked: break
        case .single, .pair, .triple:
            let existing = self.rows
            if isNarrow && existing[existing.count - 1] < PostingList.narrowLimit {
                codes = existing.map { UInt16(truncatingIfNeeded: $0) }
            } else {
                isNarrow = false
                rows = existing
            }
        case .narrow(let existing):
            if isNarrow { codes = existing } else { rows = existing.map(UInt32.init) }
        case .sorted(let existing):
            isNarrow = false
            rows = existing
        }
        self = .empty
        if isNarrow {
            PostingList.append(words, to: &codes)
            self = PostingList.finished(codes, rowCapacity: rowCapacity)
        } else {
            PostingList.append(words, to: &rows)
            self = PostingList.finished(rows, rowCapacity: rowCapacity)
        }
    }

    /// Appends the low bits of ascending words, a member equal to the last one skipped.
    private static func append<Member: FixedWidthInteger & UnsignedInteger>(
        _ words: Slice<UnsafeBufferPointer<UInt64>>, to members: inout [Member]
    ) {
        for word in words {
            let member = Member(truncatingIfNeeded: word)
            if members.last != member { members.append(member) }
        }
    }

    /// A list of ascending two-byte members in the form its size and density call for.
    private static func finished(_ codes: [UInt16], rowCapacity: Int) -> PostingList {
        if codes.count <= 3 { return small(codes.map(UInt32.init)) }
        if isDense(count: codes.count, capacity: rowCapacity) { return bitset(of: codes, rowCapacity: rowCapacity) }
        return codes.count > DensityThresholds.blocksAbove ? .blocked(SortedBlocks(ascending: codes)) : .narrow(codes)
    }

    /// A list of ascending members in the form its size and density call for.
    private static func finished(_ rows: [UInt32], rowCapacity: Int) -> PostingList {
        if rows.count <= 3 { return small(rows) }
        return isDense(count: rows.count, capacity: rowCapacity) ? bitset(of: rows, rowCapacity: rowCapacity) : list(ascending: rows)
    }

    /// Removes a row that is in the set.
    mutating func remove(_ row: UInt32, rowCapacity: Int) {
        switch self {
        case .empty:
            preconditionFailure("PostingList.remove: row \(row) is not present")
        case .single(let only):
            precondition(only == row, "PostingList.remove: row \(row) is not present")
            self = .empty
        case .pair(let first, let second):
            precondition(row == first || row == second, "PostingList.remove: row \(row) is not present")
            self = .single(row == first ? second : first)
        case .triple(let first, let second, let third):
            precondition(row == first || row == second || row == third, "PostingList.remove: row \(row) is not present")
            self = row == first ? .pair(second, third) : row == second ? .pair(first, third) : .pair(first, second)
        case .narrow(var codes):
            self = .empty
            precondition(row < PostingList.narrowLimit, "PostingList.remove: row \(row) is not present")
            codes.removeExisting(UInt16(row))
            self = codes.count <= 3 ? PostingList.small(codes.map(UInt32.init)) : .narrow(codes)
        case .sorted(var rows):
            self = .empty
            rows.removeExisting(row)
            self = rows.count <= 3 ? PostingList.small(rows) : .sorted(rows)
        case .blocked(var blocks):
            self = .empty
            blocks.remove(row)
            self = Int(blocks.count) < DensityThresholds.blocksBelow ? PostingList.list(ascending: blocks.members) : .blocked(blocks)
        case .dense(var words, let count):
            self = .empty
            let word = Int(row >> 6)
            precondition(word < words.count && words[word] & (1 << UInt64(row & 63)) != 0,
                         "PostingList.remove: row \(row) is not present")
            words[word] &= ~(1 << UInt64(row & 63))
            if Int(count) - 1 < rowCapacity / DensityThresholds.toSparseDivisor {
                var rows: [UInt32] = []
                rows.reserveCapacity(Int(count) - 1)
                PostingList.forEachBit(in: words) { rows.append($0) }
                self = rows.isEmpty ? .empty : PostingList.list(ascending: rows)
            } else {
                self = .dense(words: words, count: count - 1)
            }
        }
    }

    /// The smallest member, or nil when empty.
    var first: UInt32? {
        switch self {
        case .empty: return nil
        case .single(let only): return only
        case .pair(let first, _), .triple(let first, _, _): return first
        case .narrow(let codes): return codes.first.map(UInt32.init)
        case .sorted(let rows): return rows.first
        case .blocked(let blocks): return blocks.firstMember
        case .dense(let words, _):
            guard let index = words.firstIndex(where: { $0 != 0 }) else { return nil }
            return UInt32(index << 6 | words[index].trailingZeroBitCount)
        }
    }

    /// Calls `body` with every row, ascending.
    @inline(__always)
    func forEach(_ body: (UInt32) -> Void) {
        switch self {
        case .empty: break
        case .single(let only): body(only)
        case .pair(let first, let second):
            body(first)
            body(second)
        case .triple(let first, let second, let third):
            body(first)
            body(second)
            body(third)
        case .narrow(let codes): codes.withUnsafeBufferPointer { for code in $0 { body(UInt32(code)) } }
        case .sorted(let rows): rows.withUnsafeBufferPointer { for row in $0 { body(row) } }
        case .blocked(let blocks): blocks.forEach(body)
        case .dense(let words, _): PostingList.forEachBit(in: words, body)
        }
    }

    /// The rows as a sorted array.
    var rows: [UInt32] {
        var rows: [UInt32] = []
        rows.reserveCapacity(count)
        forEach { rows.append($0) }
        return rows
    }

    /// Whether a set of `count` members out of `capacity` is kept as a bitset (see
    /// `DensityThresholds`).
    @inline(__always)
    static func isDense(count: Int, capacity: Int) -> Bool {
        count >= DensityThresholds.minimumDenseCount && count > capacity / DensityThresholds.toDenseDivisor
    }

    /// Builds the set from ascending rows, choosing the representation by density.
    static func build<Rows: RandomAccessCollection>(sortedRows rows: Rows, rowCapacity: Int) -> PostingList where Rows.Element == UInt32 {
        guard let last = rows.last else { return .empty }
        if rows.count <= 3 { return small(Array(rows)) }
        if isDense(count: rows.count, capacity: rowCapacity) { return bitset(of: rows, rowCapacity: rowCapacity) }
        if rows.count > DensityThresholds.blocksAbove { return .blocked(SortedBlocks(ascending: rows)) }
        return last < narrowLimit ? .narrow(rows.map { UInt16(truncatingIfNeeded: $0) }) : .sorted(Array(rows))
    }

    /// One or more ascending members: up to three inline, more as an array list, two bytes a
    /// member when they fit, in blocks past `DensityThresholds.blocksAbove`.
    private static func list(ascending rows: [UInt32]) -> PostingList {
        if rows.count <= 3 { return small(rows) }
        if rows.count > DensityThresholds.blocksAbove { return .blocked(SortedBlocks(ascending: rows)) }
        return rows[rows.count - 1] < narrowLimit ? .narrow(rows.map { UInt16(truncatingIfNeeded: $0) }) : .sorted(rows)
    }

    /// Up to three ascending members, inline.
    private static func small(_ rows: [UInt32]) -> PostingList {
        switch rows.count {
        case 0: .empty
        case 1: .single(rows[0])
        case 2: .pair(rows[0], rows[1])
        case 3: .triple(rows[0], rows[1], rows[2])
        default: preconditionFailure("PostingList.small takes at most three members, not \(rows.count)")
        }
    }

    /// The posting list of every code `0..<codeLimit`, for rows given ascending with their
    /// codes in a column (`codes[row]`, or `translation[codes[row]]`: a card read through its
    /// row's pair): a counting sort, two passes over the rows.
    static func buildAll(rows: [UInt32], codes: UnsafePointer<UInt32>, through translation: UnsafePointer<UInt32>? = nil,
                         codeLimit: Int, rowCapacity: Int) -> [PostingList] {
        @inline(__always) func code(of row: UInt32) -> Int {
            let code = codes[Int(row)]
            return Int(translation.map { $0[Int(code)] } ?? code)
        }
        var ends = [Int](repeating: 0, count: codeLimit + 1)
        for row in rows { ends[code(of: row) + 1] += 1 }
        for code in 0..<codeLimit { ends[code + 1] += ends[code] }
        var next = ends
        // At least one slot: a zero capacity would write into the shared empty-array singleton.
        let grouped = [UInt32](unsafeUninitializedCapacity: max(rows.count, 1)) { buffer, initialized in
            for row in rows {
                let code = code(of: row)
                buffer[next[code]] = row
                next[code] += 1
            }
            initialized = rows.count
        }
        return (0..<codeLimit).map { code in
            build(sortedRows: grouped[ends[code] ..< ends[code + 1]], rowCapacity: rowCapacity)
        }
    }

    private static func bitset(of blocks: SortedBlocks, rowCapacity: Int) -> PostingList {
        let highest = Int(blocks.lastMember ?? 0)
        var words = [UInt64](repeating: 0, count: (max(rowCapacity, highest + 1) + 63) / 64)
        blocks.forEach { row in words[Int(row >> 6)] |= 1 << UInt64(row & 63) }
        return .dense(words: words, count: blocks.count)
    }

    private static func bitset<Rows: Collection>(of rows: Rows, rowCapacity: Int) -> PostingList
    where Rows.Element: FixedWidthInteger & UnsignedInteger {
        let highest = rows.max().map { Int($0) } ?? 0
        var words = [UInt64](repeating: 0, count: (max(rowCapacity, highest + 1) + 63) / 64)
        for row in rows { words[Int(row >> 6)] |= 1 << UInt64(row & 63) }
        return .dense(words: words, count: UInt32(rows.count))
    }

    @inline(__always)
    static func forEachBit(in words: [UInt64], _ body: (UInt32) -> Void) {
        words.withUnsafeBufferPointer { words in
            for index in words.indices {
                var word = words[index]
                while word != 0 {
                    body(UInt32(index << 6 | word.trailingZeroBitCount))
                    word &= word - 1
                }
            }
        }
    }
}

extension Array where Element: FixedWidthInteger & UnsignedInteger {
    /// Whether `value` is in this ascending array, and where it is or would go.
    @inline(__always)
    func binarySearch(_ value: Element) -> (found: Bool, index: Int) {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) >> 1
            if self[middle] < value { low = middle + 1 } else { high = middle }
        }
        return (low < count && self[low] == value, low)
    }

    /// Inserts a value that is not in this ascending array (appending when it is the largest).
    @inline(__always)
    mutating func insertNew(_ value: Element) {
        if let last, last >= value {
            let (found, index) = binarySearch(value)
            precondition(!found, "PostingList.insert: \(value) is already present")
            insert(value, at: index)
        } else {
            append(value)
        }
    }

    /// Removes a value that is in this ascending array.
    @inline(__always)
    mutating func removeExisting(_ value: Element) {
        let (found, index) = binarySearch(value)
        precondition(found, "PostingList.remove: \(value) is not present")
        remove(at: index)
    }
}
