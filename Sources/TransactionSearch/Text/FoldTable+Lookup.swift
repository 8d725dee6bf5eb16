/// The generated fold table, decoded once into a two-stage lookup: the high bits of a scalar pick
/// a block of 128 entries, the low bits an entry; an entry points at the folded UTF-8 bytes.
/// 182 blocks hold every scalar that folds to something else; all others share block 0.
struct FoldTable: Sendable {
    /// Per 128-scalar block of the code space, the block of `entries` that describes it.
    private let blocks: [UInt16]
    /// 128 entries a block: 0 when the scalar folds to itself, else 1 + its mapping number.
    private let entries: [UInt16]
    /// Mapping `m` is `bytes[starts[m] ..< starts[m + 1]]` (empty for a dropped mark).
    private let starts: [UInt32]
    private let bytes: [UInt8]

    static let shared = FoldTable(encoded: foldTableEntries)

    private static let blockShift: UInt32 = 7
    private static let blockSize = 1 << 7

    init(encoded: StaticString) {
        var scalars: [UInt32] = []
        var starts: [UInt32] = [0]
        var bytes: [UInt8] = []
        encoded.withUTF8Buffer { text in
            var index = 0
            func hexValue(_ byte: UInt8) -> UInt32 {
                switch byte {
                case 0x30...0x39: UInt32(byte - 0x30)
                case 0x41...0x46: UInt32(byte - 0x41 + 10)
                default: preconditionFailure("fold table: bad hex digit \(byte)")
                }
            }
            while index < text.count {
                if text[index] == 0x0A { index += 1; continue }
                var scalar: UInt32 = 0
                while text[index] != 0x3A {  // ':'
                    scalar = scalar << 4 | hexValue(text[index])
                    index += 1
                }
                index += 1
                while text[index] != 0x3B {  // ';'
                    bytes.append(UInt8(hexValue(text[index]) << 4 | hexValue(text[index + 1])))
                    index += 2
                }
                index += 1
                scalars.append(scalar)
                starts.append(UInt32(bytes.count))
            }
        }
        let blockCount = Int(0x110000 >> FoldTable.blockShift)
        var blocks = [UInt16](repeating: 0, count: blockCount)
        var entries = [UInt16](repeating: 0, count: FoldTable.blockSize)  // block 0: identity
        for (mapping, scalar) in scalars.enumerated() {
            let high = Int(scalar >> FoldTable.blockShift)
            if blocks[high] == 0 {
                blocks[high] = UInt16(entries.count / FoldTable.blockSize)
                entries.append(contentsOf: repeatElement(0, count: FoldTable.blockSize))
            }
            let slot = Int(blocks[high]) * FoldTable.blockSize + Int(scalar & 0x7F)
            entries[slot] = UInt16(mapping + 1)
        }
        self.blocks = blocks
        self.entries = entries
        self.starts = starts
        self.bytes = bytes
    }

    /// The number of scalars whose fold differs from themselves (Hangul syllables aside).
    var mappingCount: Int { starts.count - 1 }

    @inline(__always)
    func appendFold<Sink: FoldSink>(of scalar: UInt32, origin: Int32, to sink: inout Sink) {
        if scalar &- Hangul.syllableBase < Hangul.syllableCount {
            Hangul.appendDecomposition(of: scalar, origin: origin, to: &sink)
            return
        }
        let block = Int(blocks[Int(scalar >> FoldTable.blockShift)])
        let entry = Int(entries[block &* FoldTable.blockSize | Int(scalar & 0x7F)])
        if entry == 0 {
            appendUTF8(scalar, origin: origin, to: &sink)
        } else {
            for index in Int(starts[entry - 1]) ..< Int(starts[entry]) {
                sink.append(bytes[index], origin: origin)
            }
        }
    }
}

/// Hangul syllables decompose by formula (Unicode standard, section 3.12), not by table.
enum Hangul {
    static let syllableBase: UInt32 = 0xAC00
    static let syllableCount: UInt32 = 11_172
    private static let leadBase: UInt32 = 0x1100
    private static let vowelBase: UInt32 = 0x1161
    private static let trailBase: UInt32 = 0x11A7
    private static let trailCount: UInt32 = 28
    private static let vowelTrailCount: UInt32 = 21 * 28

    @inline(__always)
    static func appendDecomposition<Sink: FoldSink>(of scalar: UInt32, origin: Int32, to sink: inout Sink) {
        let index = scalar - syllableBase
        appendUTF8(leadBase + index / vowelTrailCount, origin: origin, to: &sink)
        appendUTF8(vowelBase + (index % vowelTrailCount) / trailCount, origin: origin, to: &sink)
        let trail = index % trailCount
        if trail != 0 {
            appendUTF8(trailBase + trail, origin: origin, to: &sink)
        }
    }
}

@inline(__always)
func appendUTF8<Sink: FoldSink>(_ scalar: UInt32, origin: Int32, to sink: inout Sink) {
    switch scalar {
    case ..<0x80:
        sink.append(UInt8(scalar), origin: origin)
    case ..<0x800:
        sink.append(UInt8(0xC0 | scalar >> 6), origin: origin)
        sink.append(UInt8(0x80 | scalar & 0x3F), origin: origin)
    case ..<0x10000:
        sink.append(UInt8(0xE0 | scalar >> 12), origin: origin)
        sink.append(UInt8(0x80 | scalar >> 6 & 0x3F), origin: origin)
        sink.append(UInt8(0x80 | scalar & 0x3F), origin: origin)
    default:
        sink.append(UInt8(0xF0 | scalar >> 18), origin: origin)
        sink.append(UInt8(0x80 | scalar >> 12 & 0x3F), origin: origin)
        sink.append(UInt8(0x80 | scalar >> 6 & 0x3F), origin: origin)
        sink.append(UInt8(0x80 | scalar & 0x3F), origin: origin)
    }
}
