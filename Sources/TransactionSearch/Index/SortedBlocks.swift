/// A large ascending set of members (rows, or string codes) kept in blocks of at most
/// `blockCapacity`, so that inserting or removing a member in the middle moves at most one
/// block (4 KiB), not half the set: the form a `PostingList` takes between a plain array and a
/// bitset (`DensityThresholds.blocksAbove`).
///
/// Why: at a million rows a trigram of the notes pool lists up to 31,000 codes before it is a
/// bitset, and a merchant up to 31,000 rows. As one array, a note replaced by another moved
/// half of each of a dozen such lists (about half a megabyte, most of a notes update), and a
/// deleted row half of its merchant's and descriptor's lists.
///
/// Each block keeps its first member beside it, so that finding a member's block reads only
/// the block array (16 bytes a block), then one block.
struct SortedBlocks: Sendable {
    /// One block: its members, ascending and never empty, and the first of them.
    struct Block: Sendable {
        var first: UInt32
        var members: [UInt32]
    }

    private(set) var blocks: [Block] = []
    /// The number of members (as a `PostingList` payload beside the blocks: 12 bytes in all).
    private(set) var count: UInt32 = 0

    /// At most this many members a block: an insert moves at most 4 KiB.
    static let blockCapacity = 1024
    /// A block this small is merged with the next one when both fit in one.
    static let blockMinimum = 256
    /// Members a block gets when built at once: room for inserts before the first split.
    static let filledCount = 768

    /// The set of members given ascending, without repeats.
    init<Members: Sequence>(ascending members: Members) where Members.Element: FixedWidthInteger & UnsignedInteger {
        append(ascending: members)
    }

    /// Bytes held: the block array and each block's storage (with its header).
    var memoryUse: Int {
        blocks.reduce(blocks.capacity * MemoryLayout<Block>.stride) { $0 + 32 + $1.members.capacity * 4 }
    }

    /// The smallest member (the set is never empty when it is a list's form).
    var firstMember: UInt32? { blocks.first?.first }

    /// The largest member.
    var lastMember: UInt32? { blocks.last?.members.last }

    /// The block that holds `member` or would take it: the last whose first member is not
    /// above it (block 0 for a member below every block).
    @inline(__always)
    private func blockIndex(of member: UInt32) -> Int {
        blocks.withUnsafeBufferPointer { blocks in
            // The first block whose first member is above `member`, less one.
            var low = 1
            var high = blocks.count
            while low < high {
                let middle = (low + high) >> 1
                if blocks[middle].first <= member { low = middle + 1 } else { high = middle }
            }
            return low - 1
        }
    }

    func contains(_ member: UInt32) -> Bool {
        guard !blocks.isEmpty else { return false }
        return blocks[blockIndex(of: member)].members.binarySearch(member).found
    }

    /// Adds a member that is not in the set; a block that outgrows `blockCapacity` splits in two.
    mutating func insert(_ member: UInt32) {
        guard !blocks.isEmpty else {
            blocks = [Block(first: member, members: [member])]
            count = 1
            return
        }
        let index: Int
        if let last = blocks[blocks.count - 1].members.last, member > last {
            // Above every member (a new row's number, a new string's code): appended to the
            // last block without a search, as an array list appends.
            index = blocks.count - 1
            blocks[index].members.append(member)
        } else {
            index = blockIndex(of: member)
            let (found, offset) = blocks[index].members.binarySearch(member)
            precondition(!found, "SortedBlocks.insert: \(member) is already present")
            blocks[index].members.insert(member, at: offset)
            if offset == 0 { blocks[index].first = member }
        }
        count += 1
        let size = blocks[index].members.count
        if size > SortedBlocks.blockCapacity {
            let half = size / 2
            let upper = Array(blocks[index].members[half...])
            blocks[index].members = Array(blocks[index].members[..<half])
            blocks.insert(Block(first: upper[0], members: upper), at: index + 1)
        }
    }

    /// Removes a member that is in the set; an emptied block goes, a small one joins the next.
    mutating func remove(_ member: UInt32) {
        precondition(!blocks.isEmpty, "SortedBlocks.remove: \(member) is not present")
        let index = blockIndex(of: member)
        let (found, offset) = blocks[index].members.binarySearch(member)
        precondition(found, "SortedBlocks.remove: \(member) is not present")
        blocks[index].members.remove(at: offset)
        count -= 1
        let size = blocks[index].members.count
        if size == 0 {
            blocks.remove(at: index)
            return
        }
        if offset == 0 { blocks[index].first = blocks[index].members[0] }
        if size < SortedBlocks.blockMinimum, index + 1 < blocks.count,
           size + blocks[index + 1].members.count <= SortedBlocks.blockCapacity {
            let next = blocks.remove(at: index + 1)
            blocks[index].members.append(contentsOf: next.members)
        }
    }

    /// Adds members given ascending, each above every member (a repeat of the last is skipped):
    /// the last block filled to `filledCount`, then new blocks of that many.
    mutating func append<Members: Sequence>(ascending members: Members) where Members.Element: FixedWidthInteger & UnsignedInteger {
        var pending: [UInt32] = []
        var last = lastMember
        func flush() {
            guard !pending.isEmpty else { return }
            blocks.append(Block(first: pending[0], members: pending))
            pending = []
        }
        for value in members {
            let member = UInt32(value)
            if let last { precondition(member >= last, "SortedBlocks.append: \(member) after \(last)") }
            if last == member { continue }
            last = member
            count += 1
            if pending.isEmpty, let end = blocks.indices.last, blocks[end].members.count < SortedBlocks.filledCount {
                blocks[end].members.append(member)
                continue
            }
            if pending.isEmpty { pending.reserveCapacity(SortedBlocks.filledCount) }
            pending.append(member)
            if pending.count == SortedBlocks.filledCount { flush() }
        }
        flush()
    }

    /// Calls `body` with every member, ascending.
    @inline(__always)
    func forEach(_ body: (UInt32) -> Void) {
        for block in blocks {
            block.members.withUnsafeBufferPointer { for member in $0 { body(member) } }
        }
    }

    /// Calls `body` with each block's members, ascending (a loop over a buffer per block).
    @inline(__always)
    func forEachBlock(_ body: (UnsafeBufferPointer<UInt32>) -> Void) {
        for block in blocks { block.members.withUnsafeBufferPointer(body) }
    }

    /// The members as one ascending array.
    var members: [UInt32] {
        var all: [UInt32] = []
        all.reserveCapacity(Int(count))
        for block in blocks { all.append(contentsOf: block.members) }
        return all
    }

    /// The values of `sorted` (ascending) that are members: one pass, the blocks visited in
    /// order and each value searched for in its block.
    func keeping(_ sorted: [UInt32]) -> [UInt32] {
        var result: [UInt32] = []
        var index = 0
        for value in sorted {
            while index + 1 < blocks.count && blocks[index + 1].first <= value { index += 1 }
            if blocks[index].members.binarySearch(value).found { result.append(value) }
        }
        return result
    }

    /// Traps unless the blocks are non-empty, within capacity, ascending across blocks, their
    /// firsts right and the count their total.
    func checkInvariants() {
        var total = 0
        var previous: UInt32?
        for block in blocks {
            invariant(!block.members.isEmpty && block.members.count <= SortedBlocks.blockCapacity,
                         "SortedBlocks: a block of \(block.members.count)")
            invariant(block.first == block.members[0], "SortedBlocks: a stale first member")
            for member in block.members {
                if let previous { invariant(previous < member, "SortedBlocks: \(previous) before \(member)") }
                previous = member
            }
            total += block.members.count
        }
        invariant(total == Int(count), "SortedBlocks: count \(count), members \(total)")
    }
}
