/// A total order of rows (ties broken by id, so no two rows are equal).
protocol RowOrder {
    /// Whether row `a` sorts strictly before row `b`.
    func precedes(_ a: UInt32, _ b: UInt32) -> Bool
    /// A number that never decreases along the order (`precedes(a, b)` implies
    /// `key(a) <= key(b)`) and stays the same while a row is in a list: the instant, the
    /// magnitude. A list keeps its chunks' last keys side by side, so that finding a row's
    /// chunk compares numbers in one array and reads a row's columns only where keys tie.
    func key(_ row: UInt32) -> UInt64
}

extension RowOrder {
    /// Every row the same key: every comparison goes to `precedes` (for an order whose sort
    /// values move while rows stay, as title ranks do when they are spread).
    func key(_ row: UInt32) -> UInt64 { 0 }
}

/// Every live row kept sorted by a `RowOrder`, in chunks of at most `chunkCapacity` rows so
/// that an insert or a removal moves at most one chunk (4 KiB), not the whole list: the date
/// order and the amount order of the store.
///
/// The order compares rows through the store's columns, so a row must be removed while its
/// columns still hold the values it was inserted with.
struct OrderedRowList: Sendable {
    private(set) var chunks: [[UInt32]] = []
    /// The order's key of each chunk's last row (`RowOrder.key`): a row's chunk is found by a
    /// binary search over this array, not by reading the last row of each chunk probed (at a
    /// million rows, a chunk's storage and the row's columns were cache misses at every step,
    /// most of the cost of an add after a burst of queries).
    private(set) var lastKeys: [UInt64] = []
    private(set) var count = 0

    /// 1,024 rows a chunk: an insert moves at most 4 KiB; at 100,000 rows a search over chunks
    /// takes 7 steps and one within a chunk 10.
    static let chunkCapacity = 1024
    /// A chunk this small is merged with a neighbour when both fit in one.
    static let chunkMinimum = 256

    /// A place in the list: before `chunks[chunk][offset]`.
    struct Position: Equatable {
        var chunk: Int
        var offset: Int
    }

    var startPosition: Position { Position(chunk: 0, offset: 0) }
    var endPosition: Position { Position(chunk: chunks.count, offset: 0) }

    var memoryUse: Int { chunks.reduce(chunks.capacity * 8 + lastKeys.capacity * 8) { $0 + $1.capacity * 4 + 32 } }

    /// Replaces the contents with rows already sorted by `order`.
    mutating func build<Order: RowOrder>(sortedRows rows: [UInt32], order: Order) {
        chunks = []
        lastKeys = []
        var start = 0
        let target = OrderedRowList.chunkCapacity * 3 / 4
        while start < rows.count {
            let end = min(start + target, rows.count)
            chunks.append(Array(rows[start..<end]))
            lastKeys.append(order.key(rows[end - 1]))
            start = end
        }
        count = rows.count
    }

    mutating func insert<Order: RowOrder>(_ row: UInt32, order: Order) {
        guard !chunks.isEmpty else {
            chunks = [[row]]
            lastKeys = [order.key(row)]
            count = 1
            return
        }
        insert(row, at: place(of: row, order: order, clamped: true), order: order)
    }

    mutating func remove<Order: RowOrder>(_ row: UInt32, order: Order) {
        remove(row, at: place(of: row, order: order, clamped: false), order: order)
    }

    /// Inserts a new row into two lists (the date and the amount order), their searches
    /// stepped together: after a burst of queries at a million rows each search is a chain of
    /// cache misses, and stepping them together overlaps one's misses with the other's.
    static func insert<Order: RowOrder>(_ row: UInt32, into first: inout OrderedRowList, order firstOrder: Order,
                                        and second: inout OrderedRowList, order secondOrder: Order) {
        guard !first.chunks.isEmpty, !second.chunks.isEmpty else {
            first.insert(row, order: firstOrder)
            second.insert(row, order: secondOrder)
            return
        }
        let (inFirst, inSecond) = places(of: row, in: first, firstOrder, and: second, secondOrder, clamped: true)
        first.insert(row, at: inFirst, order: firstOrder)
        second.insert(row, at: inSecond, order: secondOrder)
    }

    /// Removes a row from two lists, their searches stepped together (see
    /// `insert(_:into:order:and:order:)`).
    static func remove<Order: RowOrder>(_ row: UInt32, from first: inout OrderedRowList, order firstOrder: Order,
                                        and second: inout OrderedRowList, order secondOrder: Order) {
        let (inFirst, inSecond) = places(of: row, in: first, firstOrder, and: second, secondOrder, clamped: false)
        first.remove(row, at: inFirst, order: firstOrder)
        second.remove(row, at: inSecond, order: secondOrder)
    }

    /// Puts `row` at `position`, the place its order gives it (`place(of:order:clamped:)`).
    private mutating func insert<Order: RowOrder>(_ row: UInt32, at position: Position, order: Order) {
        let chunkIndex = position.chunk, offset = position.offset
        var chunk = chunks[chunkIndex]
        chunks[chunkIndex] = []  // keep `chunk` uniquely referenced
        chunk.insert(row, at: offset)
        if chunk.count > OrderedRowList.chunkCapacity {
            let half = chunk.count / 2
            chunks[chunkIndex] = Array(chunk[..<half])
            chunks.insert(Array(chunk[half...]), at: chunkIndex + 1)
            lastKeys.insert(order.key(chunk[half - 1]), at: chunkIndex)
            lastKeys[chunkIndex + 1] = order.key(chunk[chunk.count - 1])
        } else {
            if offset == chunk.count - 1 { lastKeys[chunkIndex] = order.key(row) }
            chunks[chunkIndex] = chunk
        }
        count += 1
    }

    /// Takes out `row`, found at `position` (`place(of:order:clamped:)` with `clamped` false).
    private mutating func remove<Order: RowOrder>(_ row: UInt32, at position: Position, order: Order) {
        let chunkIndex = position.chunk, offset = position.offset
        precondition(chunkIndex < chunks.count, "OrderedRowList.remove: row \(row) is not in the list")
        var chunk = chunks[chunkIndex]
        chunks[chunkIndex] = []
        precondition(offset < chunk.count && chunk[offset] == row, "OrderedRowList.remove: row \(row) is not where its key says")
        chunk.remove(at: offset)
        count -= 1
        if chunk.isEmpty {
            chunks.remove(at: chunkIndex)
            lastKeys.remove(at: chunkIndex)
        } else if chunk.count < OrderedRowList.chunkMinimum, chunkIndex + 1 < chunks.count,
                  chunk.count + chunks[chunkIndex + 1].count <= OrderedRowList.chunkCapacity {
            chunk.append(contentsOf: chunks[chunkIndex + 1])
            chunks[chunkIndex] = chunk
            chunks.remove(at: chunkIndex + 1)
            lastKeys.remove(at: chunkIndex)  // the merged chunk ends where the next one did
        } else {
            if offset == chunk.count { lastKeys[chunkIndex] = order.key(chunk[offset - 1]) }
            chunks[chunkIndex] = chunk
        }
    }

    /// The first position whose row is not `isBefore` (the rows that are come first).
    func lowerBound(_ isBefore: (UInt32) -> Bool) -> Position {
        let chunk = QuarterSearch(count: chunks.count).finish { isBefore(chunks[$0][chunks[$0].count - 1]) }
        guard chunk < chunks.count else { return endPosition }
        let rows = chunks[chunk]
        return Position(chunk: chunk, offset: QuarterSearch(count: rows.count).finish { isBefore(rows[$0]) })
    }

    /// How many rows come before `position`.
    func rank(of position: Position) -> Int {
        var total = position.offset
        for index in 0..<min(position.chunk, chunks.count) { total += chunks[index].count }
        return total
    }

    /// Visits rows from `position` forward while `body` returns true.
    @inline(__always)
    func walk(from position: Position, _ body: (UInt32) -> Bool) {
        var offset = position.offset
        for chunkIndex in position.chunk ..< chunks.count {
            let stop = chunks[chunkIndex].withUnsafeBufferPointer { rows -> Bool in
                while offset < rows.count {
                    if !body(rows[offset]) { return true }
                    offset += 1
                }
                return false
            }
            if stop { return }
            offset = 0
        }
    }

    /// Visits rows before `position` backward while `body` returns true.
    @inline(__always)
    func walkBackward(before position: Position, _ body: (UInt32) -> Bool) {
        var cursor = position
        while let previous = self.position(before: cursor) {
            if !body(chunks[previous.chunk][previous.offset]) { return }
            cursor = previous
        }
    }

    /// Visits the rows before `position` from the last backward, one run of rows with the same
    /// key at a time, each run forward: the descending order with ties kept ascending.
    ///
    /// Each chunk is read through one buffer pointer, its runs found by index; only a run that
    /// continues into the previous chunk (equal keys across a chunk boundary, rare) is walked
    /// position by position. Chunks are never empty (`checkInvariants`).
    func walkDescendingByRuns(before position: Position, sameKey: (UInt32, UInt32) -> Bool, _ body: (UInt32) -> Bool) {
        var chunkIndex = min(position.chunk, chunks.count)
        var end = chunkIndex < chunks.count ? position.offset : 0
        while true {
            if end == 0 {
                chunkIndex -= 1
                guard chunkIndex >= 0 else { return }
                end = chunks[chunkIndex].count
            }
            let previousLast = chunkIndex > 0 ? chunks[chunkIndex - 1][chunks[chunkIndex - 1].count - 1] : nil
            // 0: the chunk is done; 1: the first run continues into the previous chunk; 2: stop.
            let outcome = chunks[chunkIndex].withUnsafeBufferPointer { rows -> Int in
                while end > 0 {
                    let last = rows[end - 1]
                    var start = end - 1
                    while start > 0 && sameKey(rows[start - 1], last) { start -= 1 }
                    if start == 0, let previousLast, sameKey(previousLast, last) { return 1 }
                    for index in start..<end {
                        if !body(rows[index]) { return 2 }
                    }
                    end = start
                }
                return 0
            }
            if outcome == 2 { return }
            if outcome == 1 {
                let last = Position(chunk: chunkIndex, offset: end - 1)
                let lastRow = chunks[chunkIndex][end - 1]
                var start = Position(chunk: chunkIndex, offset: 0)
                while let previous = self.position(before: start), sameKey(chunks[previous.chunk][previous.offset], lastRow) {
                    start = previous
                }
                var cursor = start
                while true {
                    if !body(chunks[cursor.chunk][cursor.offset]) { return }
                    if cursor == last { break }
                    cursor = self.position(after: cursor)
                }
                chunkIndex = start.chunk
                end = start.offset
            }
        }
    }

    /// The position of the row before `position`, or nil at the start.
    @inline(__always)
    func position(before position: Position) -> Position? {
        if position.offset > 0 { return Position(chunk: position.chunk, offset: position.offset - 1) }
        var chunk = min(position.chunk, chunks.count) - 1
        while chunk >= 0 {
            if !chunks[chunk].isEmpty { return Position(chunk: chunk, offset: chunks[chunk].count - 1) }
            chunk -= 1
        }
        return nil
    }

    /// The position after a row's position.
    @inline(__always)
    func position(after position: Position) -> Position {
        position.offset + 1 < chunks[position.chunk].count
            ? Position(chunk: position.chunk, offset: position.offset + 1)
            : Position(chunk: position.chunk + 1, offset: 0)
    }

    /// All rows in order.
    var rows: [UInt32] {
        var all: [UInt32] = []
        all.reserveCapacity(count)
        for chunk in chunks { all.append(contentsOf: chunk) }
        return all
    }

    /// Traps unless the rows are strictly ascending by `order`, the chunks well formed and
    /// their last keys the order's keys of their last rows.
    func checkInvariants<Order: RowOrder>(order: Order) {
        var total = 0
        var previous: UInt32?
        invariant(lastKeys.count == chunks.count, "\(lastKeys.count) last keys for \(chunks.count) chunks")
        for (index, chunk) in chunks.enumerated() {
            invariant(!chunk.isEmpty && chunk.count <= OrderedRowList.chunkCapacity, "bad chunk size \(chunk.count)")
            invariant(lastKeys[index] == order.key(chunk[chunk.count - 1]), "chunk \(index): a stale last key")
            for row in chunk {
                if let previous { invariant(order.precedes(previous, row), "rows \(previous), \(row) out of order") }
                previous = row
            }
            total += chunk.count
        }
        invariant(total == count, "ordered list count \(count) != \(total)")
    }

    /// Where `row` goes, or is: the first position whose row is not before it. `clamped` (an
    /// insert into a list with rows) keeps it in the last chunk when it comes after every row;
    /// otherwise its chunk is `chunks.count` there.
    private func place<Order: RowOrder>(of row: UInt32, order: Order, clamped: Bool) -> Position {
        let key = order.key(row)
        var chunk = lastKeys.withUnsafeBufferPointer { lastKeys in
            var search = QuarterSearch(count: lastKeys.count)
            while search.isWide {
                let probes = search.probes
                let keys = (lastKeys[probes.0], lastKeys[probes.1], lastKeys[probes.2])
                if !search.narrow(byKeys: keys, key) { break }
            }
            return finishChunkSearch(search, row: row, key: key, lastKeys: lastKeys, order: order)
        }
        if clamped && chunk == chunks.count { chunk -= 1 }
        guard chunk < chunks.count else { return Position(chunk: chunk, offset: 0) }
        let offset = chunks[chunk].withUnsafeBufferPointer { rows in
            var search = QuarterSearch(count: rows.count)
            while search.isWide {
                let probes = search.probes
                search.narrow(before: (OrderedRowList.isBefore(rows[probes.0], row, key, order), OrderedRowList.isBefore(rows[probes.1], row, key, order),
                                       OrderedRowList.isBefore(rows[probes.2], row, key, order)))
            }
            return search.finish { OrderedRowList.isBefore(rows[$0], row, key, order) }
        }
        return Position(chunk: chunk, offset: offset)
    }

    /// `place(of:order:clamped:)` in two lists at once: each step tests both lists' probes
    /// before either decides, so that the cache misses of the two searches overlap.
    private static func places<Order: RowOrder>(of row: UInt32, in first: OrderedRowList, _ firstOrder: Order,
                                                and second: OrderedRowList, _ secondOrder: Order,
                                                clamped: Bool) -> (Position, Position) {
        let firstKey = firstOrder.key(row), secondKey = secondOrder.key(row)
        var (firstChunk, secondChunk) = first.lastKeys.withUnsafeBufferPointer { firstKeys in
            second.lastKeys.withUnsafeBufferPointer { secondKeys in
                var one = QuarterSearch(count: firstKeys.count), other = QuarterSearch(count: secondKeys.count)
                var oneOpen = true, otherOpen = true  // by quarters while keys alone decide
                while true {
                    oneOpen = oneOpen && one.isWide
                    otherOpen = otherOpen && other.isWide
                    guard oneOpen || otherOpen else { break }
                    let (oneProbes, otherProbes) = (one.probes, other.probes)
                    let oneKeys = oneOpen ? (firstKeys[oneProbes.0], firstKeys[oneProbes.1], firstKeys[oneProbes.2]) : (0, 0, 0)
                    let otherKeys = otherOpen
                        ? (secondKeys[otherProbes.0], secondKeys[otherProbes.1], secondKeys[otherProbes.2]) : (0, 0, 0)
                    if oneOpen { oneOpen = one.narrow(byKeys: oneKeys, firstKey) }
                    if otherOpen { otherOpen = other.narrow(byKeys: otherKeys, secondKey) }
                }
                return (first.finishChunkSearch(one, row: row, key: firstKey, lastKeys: firstKeys, order: firstOrder),
                        second.finishChunkSearch(other, row: row, key: secondKey, lastKeys: secondKeys, order: secondOrder))
            }
        }
        if clamped && firstChunk == first.chunks.count { firstChunk -= 1 }
        if clamped && secondChunk == second.chunks.count { secondChunk -= 1 }
        guard firstChunk < first.chunks.count, secondChunk < second.chunks.count else {
            return (first.place(of: row, order: firstOrder, clamped: clamped), second.place(of: row, order: secondOrder, clamped: clamped))
        }
        let (firstOffset, secondOffset) = first.chunks[firstChunk].withUnsafeBufferPointer { firstRows in
            second.chunks[secondChunk].withUnsafeBufferPointer { secondRows in
                var one = QuarterSearch(count: firstRows.count), other = QuarterSearch(count: secondRows.count)
                while one.isWide || other.isWide {
                    let (oneProbes, otherProbes) = (one.probes, other.probes)
                    let oneWide = one.isWide, otherWide = other.isWide
                    // Every probe's key read before any is compared: six loads in flight.
                    let oneKeys = oneWide ? (firstOrder.key(firstRows[oneProbes.0]), firstOrder.key(firstRows[oneProbes.1]),
                                             firstOrder.key(firstRows[oneProbes.2])) : (0, 0, 0)
                    let otherKeys = otherWide ? (secondOrder.key(secondRows[otherProbes.0]), secondOrder.key(secondRows[otherProbes.1]),
                                                 secondOrder.key(secondRows[otherProbes.2])) : (0, 0, 0)
                    if oneWide {
                        one.narrow(before: (isBefore(oneKeys.0, firstRows[oneProbes.0], row, firstKey, firstOrder),
                                            isBefore(oneKeys.1, firstRows[oneProbes.1], row, firstKey, firstOrder),
                                            isBefore(oneKeys.2, firstRows[oneProbes.2], row, firstKey, firstOrder)))
                    }
                    if otherWide {
                        other.narrow(before: (isBefore(otherKeys.0, secondRows[otherProbes.0], row, secondKey, secondOrder),
                                              isBefore(otherKeys.1, secondRows[otherProbes.1], row, secondKey, secondOrder),
                                              isBefore(otherKeys.2, secondRows[otherProbes.2], row, secondKey, secondOrder)))
                    }
                }
                return (one.finish { OrderedRowList.isBefore(firstRows[$0], row, firstKey, firstOrder) },
                        other.finish { OrderedRowList.isBefore(secondRows[$0], row, secondKey, secondOrder) })
            }
        }
        return (Position(chunk: firstChunk, offset: firstOffset), Position(chunk: secondChunk, offset: secondOffset))
    }

    /// Whether `probe` comes before `row`, whose key is `key`: by their keys, and where those
    /// are equal by the order itself, out of line (so that a change's code stays small; for
    /// the date and amount orders a tie is an equal instant or magnitude, while an order
    /// without keys, a field's title ranks, compares every row there).
    @inline(__always)
    private static func isBefore<Order: RowOrder>(_ probe: UInt32, _ row: UInt32, _ key: UInt64, _ order: Order) -> Bool {
        isBefore(order.key(probe), probe, row, key, order)
    }

    /// `isBefore` with the probe's key read already (a chunk's last key, or one read ahead).
    @inline(__always)
    private static func isBefore<Order: RowOrder>(_ probeKey: UInt64, _ probe: UInt32, _ row: UInt32, _ key: UInt64,
                                                  _ order: Order) -> Bool {
        probeKey != key ? probeKey < key : precedesOutOfLine(probe, row, order)
    }

    /// `order.precedes`, not inlined (see `isBefore`).
    @inline(never)
    private static func precedesOutOfLine<Order: RowOrder>(_ first: UInt32, _ second: UInt32, _ order: Order) -> Bool {
        order.precedes(first, second)
    }

    /// The chunk search's last steps, by halves, reading rows where a chunk's last key equals
    /// the row's: the first chunk whose last row is not before `row` (`chunks.count` when none is).
    @inline(__always)
    private func finishChunkSearch<Order: RowOrder>(_ search: QuarterSearch, row: UInt32, key: UInt64,
                                                    lastKeys: UnsafeBufferPointer<UInt64>, order: Order) -> Int {
        search.finish { middle in
            OrderedRowList.isBefore(lastKeys[middle], chunks[middle][chunks[middle].count - 1], row, key, order)
        }
    }
}
