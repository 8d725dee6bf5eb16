/// The set of byte classes a folded text holds, in 128 bits: each printable ASCII byte
/// (0x20...0x7F) has a bit of its own, the control bytes share one, and the bytes of
/// multi-byte scalars (0x80...0xFF) share 31 bits by their low five bits.
///
/// A necessary condition for text tests, cheap enough to run before them: a text can contain
/// a needle only if the needle's signature is a subset of the text's. The cache screen
/// (`PredicateScreen`) uses it to skip most substring and approximate searches of a mutation.
struct ByteSignature: Hashable, Sendable {
    var low: UInt64 = 0
    var high: UInt64 = 0

    /// The empty set.
    init() {}

    /// The signature of every byte of `bytes`.
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        for byte in bytes { insert(byte) }
    }

    /// The signature of every byte of `bytes`.
    init(_ bytes: [UInt8]) {
        self = bytes.withUnsafeBufferPointer { ByteSignature($0) }
    }

    /// The signature of the ASCII bytes of `bytes` only (each one a whole scalar), skipping
    /// the bytes of multi-byte scalars.
    init(asciiOf bytes: [UInt8]) {
        for byte in bytes where byte < 0x80 { insert(byte) }
    }

    /// The bit of a byte: printable ASCII one to one (0...95), control bytes 96, the rest
    /// 97...127. Distinct printable ASCII bytes never share a bit, and never share one with
    /// a byte of a multi-byte scalar.
    @inline(__always)
    static func bit(of byte: UInt8) -> Int {
        if byte >= 0x80 { return 97 + Int(byte & 31) }
        return byte >= 0x20 ? Int(byte) - 0x20 : 96
    }

    @inline(__always)
    mutating func insert(_ byte: UInt8) {
        let bit = ByteSignature.bit(of: byte)
        if bit < 64 { low |= 1 << UInt64(bit) } else { high |= 1 << UInt64(bit - 64) }
    }

    /// Whether every byte class of `self` occurs in `text` (`missing(from:)` is 0, without
    /// counting bits).
    @inline(__always)
    func isSubset(of text: ByteSignature) -> Bool {
        (low & ~text.low) | (high & ~text.high) == 0
    }

    /// How many bits of `self` the `text` signature lacks: 0 when every byte class of `self`
    /// occurs in the text.
    @inline(__always)
    func missing(from text: ByteSignature) -> Int {
        (low & ~text.low).nonzeroBitCount + (high & ~text.high).nonzeroBitCount
    }
}
