/// The keys of a result's groups under a text grouping (card, category, merchant, account, payee), kept as
/// their strings' UTF-8 bytes one after another and made into `GroupKey`s when read. A result
/// grouped by merchant can have tens of thousands of groups, and the store keeps its strings
/// as bytes, not `String`s: making a string for every group cost more than answering the
/// query (22,502 merchant groups on the bench's long-tail data: 1.0 ms before, 4.7 ms with a
/// string each); an app reads the groups it shows.
struct TextGroupKeys: Sendable, Equatable {
    /// `.card`, `.category`, `.merchant`, `.account` or `.payee`.
    let grouping: Grouping
    private var bytes: [UInt8] = []
    /// Where each key's bytes end in `bytes`, with `noneBit` set for the key of the rows with
    /// no value (no card, uncategorized, no account).
    private var ends: [UInt32] = []
    private static let noneBit: UInt32 = 1 << 31

    /// The keys of `codes`, in order (code 0: the key of the rows with no value; a merchant
    /// always has one, so its key is ""), each code's UTF-8 handed over by `withUTF8`, copied
    /// once into bytes of their exact size (`byteCount` in all).
    init(grouping: Grouping, codes: [UInt32], byteCount: Int,
         withUTF8: (UInt32, (UnsafeBufferPointer<UInt8>) -> Void) -> Void) {
        precondition([.card, .category, .merchant, .account, .payee].contains(grouping), "TextGroupKeys for \(grouping)")
        precondition(byteCount < Int(TextGroupKeys.noneBit), "TextGroupKeys past 2 GiB")
        self.grouping = grouping
        var ends: [UInt32] = []
        ends.reserveCapacity(codes.count)
        let noneBit = grouping == .merchant ? 0 : TextGroupKeys.noneBit
        bytes = [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, initialized in
            var offset = 0
            for code in codes {
                guard code != 0 else {
                    ends.append(UInt32(offset) | noneBit)
                    continue
                }
                withUTF8(code) { utf8 in
                    precondition(offset + utf8.count <= byteCount, "TextGroupKeys: more than \(byteCount) bytes")
                    if let source = utf8.baseAddress, let target = buffer.baseAddress, utf8.count > 0 {
                        (target + offset).initialize(from: source, count: utf8.count)
                    }
                    offset += utf8.count
                }
                ends.append(UInt32(offset))
            }
            initialized = offset
        }
        self.ends = ends
    }

    var count: Int { ends.count }

    /// The key at a position, its string made now.
    func key(at index: Int) -> GroupKey {
        let end = Int(ends[index] & ~TextGroupKeys.noneBit)
        let start = index == 0 ? 0 : Int(ends[index - 1] & ~TextGroupKeys.noneBit)
        let text = ends[index] & TextGroupKeys.noneBit != 0 ? nil : String(decoding: bytes[start ..< end], as: UTF8.self)
        switch grouping {
        case .card: return .card(text)
        case .category: return .category(text)
        case .account: return .account(text)
        case .payee: return .payee(text)
        default: return .merchant(text ?? "")
        }
    }
}
