/// The rows that carry one value (one merchant, one category...): nothing, one row inline, a
/// sorted array of rows, or a bitset over all rows when dense (see `DensityThresholds`).
/// Iteration visits rows in ascending order.
enum PostingList: Sendable {
    case empty
    case single(UInt32)
    case sorted([UInt32])
    case dense(words: [UInt64], count: Int)

    var count: Int {
        switch self {
        case .empty: 0
        case .single: 1
        case .sorted(let rows): rows.count
        case .dense(_, let count): count
        }
    }

    var memoryUse: Int {
        switch self {
        case .empty, .single: 0
        case .sorted(let rows): rows.capacity * 4 + 32
        case .dense(let words, _): words.capacity * 8 + 32
        }
    }

    func contains(_ row: UInt32) -> Bool {
        switch self {
        case .empty: return false
        case .single(let only): return only == row
        case .sorted(let rows): return rows.binarySearch(row).found
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
            self = .sorted(only < row ? [only, row] : [row, only])
        case .sorted(var rows):
            self = .empty  // so that `rows` is uniquely referenced and grows in place
            if rows[rows.count - 1] < row {
                rows.append(row)  // the common case: a new row has the highest number
            } else {
                let (found, index) = rows.binarySearch(row)
                precondition(!found, "PostingList.insert: row \(row) is already present")
                rows.insert(row, at: index)
            }
            if PostingList.isDense(count: rows.count, capacity: rowCapacity) {
                self = PostingList.bitset(of: rows, rowCapacity: rowCapacity)
            } else {
                self = .sorted(rows)
            }
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
        var rows: [UInt32]
        switch self {
        case .dense(var bits, let count):
            self = .empty
            var added = 0
            for word in words {
                let row = UInt32(truncatingIfNeeded: word)
                let index = Int(row >> 6)
                if index >= bits.count { bits.append(contentsOf: repeatElement(0, count: index + 1 - bits.count)) }
                if bits[index] & (1 << UInt64(row & 63)) == 0 { added += 1 }
                bits[index] |= 1 << UInt64(row & 63)
            }
            self = .dense(words: bits, count: count + added)
            return
        case .empty: rows = []
        case .single(let only): rows = [only]
        case .sorted(let existing):
            rows = existing
            self = .empty  // so that `rows` is uniquely referenced and grows in place
        }
        for word in words {
            let row = UInt32(truncatingIfNeeded: word)
            if rows.last != row { rows.append(row) }
        }
        if rows.count == 1 {
            self = .single(rows[0])
        } else if PostingList.isDense(count: rows.count, capacity: rowCapacity) {
            self = PostingList.bitset(of: rows, rowCapacity: rowCapacity)
        } else {
            self = .sorted(rows)
        }
    }

    /// Removes a row that is in the set.
    mutating func remove(_ row: UInt32, rowCapacity: Int) {
        switch self {
        case .empty:
            preconditionFailure("PostingList.remove: row \(row) is not present")
        case .single(let only):
            precondition(only == row, "PostingList.remove: row \(row) is not present")
            self = .empty
        case .sorted(var rows):
            self = .empty
            let (found, index) = rows.binarySearch(row)
            precondition(found, "PostingList.remove: row \(row) is not present")
            rows.remove(at: index)
            self = rows.count == 1 ? .single(rows[0]) : .sorted(rows)
        case .dense(var words, let count):
            self = .empty
            let word = Int(row >> 6)
            precondition(word < words.count && words[word] & (1 << UInt64(row & 63)) != 0,
                         "PostingList.remove: row \(row) is not present")
            words[word] &= ~(1 << UInt64(row & 63))
            if count - 1 < rowCapacity / DensityThresholds.toSparseDivisor {
                var rows: [UInt32] = []
                rows.reserveCapacity(count - 1)
                PostingList.forEachBit(in: words) { rows.append($0) }
                self = rows.count == 1 ? .single(rows[0]) : (rows.isEmpty ? .empty : .sorted(rows))
            } else {
                self = .dense(words: words, count: count - 1)
            }
        }
    }

    /// Calls `body` with every row, ascending.
    @inline(__always)
    func forEach(_ body: (UInt32) -> Void) {
        switch self {
        case .empty: break
        case .single(let only): body(only)
        case .sorted(let rows): rows.withUnsafeBufferPointer { for row in $0 { body(row) } }
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
    static func build(sortedRows rows: [UInt32], rowCapacity: Int) -> PostingList {
        switch rows.count {
        case 0: return .empty
        case 1: return .single(rows[0])
        default:
            if isDense(count: rows.count, capacity: rowCapacity) {
                return bitset(of: rows, rowCapacity: rowCapacity)
            }
            return .sorted(rows)
        }
    }

    /// The posting list of every code `0..<codeLimit`, for rows given ascending with their
    /// codes in a column (`codes[row]`): a counting sort, two passes over the rows.
    static func buildAll(rows: [UInt32], codes: UnsafePointer<UInt32>, codeLimit: Int, rowCapacity: Int) -> [PostingList] {
        var ends = [Int](repeating: 0, count: codeLimit + 1)
        for row in rows { ends[Int(codes[Int(row)]) + 1] += 1 }
        for code in 0..<codeLimit { ends[code + 1] += ends[code] }
        var next = ends
        // At least one slot: a zero capacity would write into the shared empty-array singleton.
        let grouped = [UInt32](unsafeUninitializedCapacity: max(rows.count, 1)) { buffer, initialized in
            for row in rows {
                let code = Int(codes[Int(row)])
                buffer[next[code]] = row
                next[code] += 1
            }
            initialized = rows.count
        }
        return (0..<codeLimit).map { code in
            build(sortedRows: Array(grouped[ends[code] ..< ends[code + 1]]), rowCapacity: rowCapacity)
        }
    }

    private static func bitset(of rows: [UInt32], rowCapacity: Int) -> PostingList {
        var words = [UInt64](repeating: 0, count: (max(rowCapacity, Int(rows.last ?? 0) + 1) + 63) / 64)
        for row in rows { words[Int(row >> 6)] |= 1 << UInt64(row & 63) }
        return .dense(words: words, count: rows.count)
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

extension Array where Element == UInt32 {
    /// Whether `value` is in this ascending array, and where it is or would go.
    @inline(__always)
    func binarySearch(_ value: UInt32) -> (found: Bool, index: Int) {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) >> 1
            if self[middle] < value { low = middle + 1 } else { high = middle }
        }
        return (low < count && self[low] == value, low)
    }
}
