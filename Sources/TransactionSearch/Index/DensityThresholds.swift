/// Where a row set changes representation, kept in one place (as CRoaring keeps its
/// `perfparameters.h`). A sorted UInt32 array costs 4 bytes a row; a bitset costs one bit per
/// row of the store, so it is smaller once a set holds more than 1/32 of the rows.
enum DensityThresholds {
    /// A sorted list becomes a bitset when it holds more than `rowCapacity / 32` rows and at
    /// least this many (tiny stores keep lists).
    static let minimumDenseCount = 1024
    /// Divisor of the row capacity above which a list becomes a bitset.
    static let toDenseDivisor = 32
    /// Divisor below which a bitset turns back into a list (half the way up: no flapping).
    static let toSparseDivisor = 64
    /// A list with more members than this (and not dense) is kept in blocks (`SortedBlocks`):
    /// 8 KiB of four-byte members, the most an insert or removal moves in one array.
    static let blocksAbove = 2048
    /// Blocks with fewer members than this turn back into one array (half the way up).
    static let blocksBelow = 1024
}
