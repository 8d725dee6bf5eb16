/// Keys (ids, import keys) in fewer bytes: each run of hex digits two to a byte. Ids a bank or
/// an app makes are mostly hex: a 32-digit hash (`393451b3ac64…`), a UUID
/// (`E621E1F8-C36C-495A-93FC-0C247A3E6E5F`), an import key's fingerprint (`fp2:<32 digits>#1`).
/// Kept as text they were the largest structures of a store of such rows (on the real-shaped
/// Sparkov set, 49 B/row of ids and 34 of the undo history's record of the add).
///
/// The packed form is the UTF-8 with runs replaced, marked by bytes that UTF-8 never has:
/// - `0xF8 n` then ⌈n/2⌉ bytes: a run of n (8...255) digits `0-9a-f`, high nibble first;
/// - `0xF9 n` then ⌈n/2⌉ bytes: the same of `0-9A-F`;
/// - `0xFA` then 16 bytes: a UUID (8-4-4-4-12 digits and dashes) in `0-9a-f`;
/// - `0xFB` then 16 bytes: the same in `0-9A-F`.
///
/// Packing is a function of the key (greedy, left to right: a UUID, else the longer run of
/// either case's digits, lower case when equal, packed from 8 digits and otherwise its bytes,
/// at least one, as they are), so two keys are equal exactly when their packed forms are:
/// hashes and equality work on packed bytes. Order does not survive packing; `compare`
/// unpacks. A packed key is never longer than the key.
enum KeyPacking {
    static let lowerRun: UInt8 = 0xF8
    static let upperRun: UInt8 = 0xF9
    static let lowerUUID: UInt8 = 0xFA
    static let upperUUID: UInt8 = 0xFB
    /// The shortest run packed: 8 digits take 6 bytes.
    static let shortestRun = 8
    /// The longest run one mark holds (its count is a byte); a longer one goes on in another.
    static let longestRun = 255

    /// Writes the packed form of `key` (well-formed UTF-8) to `output`, which has room for
    /// `key.count` bytes, and returns its length.
    static func pack(_ key: UnsafeBufferPointer<UInt8>, into output: UnsafeMutablePointer<UInt8>) -> Int {
        let count = key.count
        guard count >= shortestRun else {
            // Shorter than a run: nothing to pack (generated ids such as `t2bi3`).
            if let base = key.baseAddress { output.update(from: base, count: count) }
            return count
        }
        return digitTable.withUnsafeBufferPointer { table in
            var index = 0, written = 0
            while index < count {
                if let upper = uuidCase(key, at: index, table) {
                    output[written] = upper ? upperUUID : lowerUUID
                    // 8-4-4-4-12: the dashes fall between pairs of digits.
                    let uuid = key.baseAddress! + index, packed = output + written + 1
                    packDigits(uuid, count: 8, into: packed)
                    packDigits(uuid + 9, count: 4, into: packed + 4)
                    packDigits(uuid + 14, count: 4, into: packed + 6)
                    packDigits(uuid + 19, count: 4, into: packed + 8)
                    packDigits(uuid + 24, count: 12, into: packed + 10)
                    written += 17
                    index += 36
                    continue
                }
                // Each case's run from here, one after the other: in one pass, the branches on
                // where either ended were mispredicted on random hex.
                let end = min(count, index + longestRun)
                var lower = index, upper = index
                while lower < end && table[Int(key[lower])] & lowerDigit != 0 { lower += 1 }
                while upper < end && table[Int(key[upper])] & upperDigit != 0 { upper += 1 }
                (lower, upper) = (lower - index, upper - index)
                let length = max(lower, upper)
                guard length >= shortestRun else {
                    // Too short: these bytes (at least one) as they are.
                    for offset in 0..<max(length, 1) { output[written + offset] = key[index + offset] }
                    written += max(length, 1)
                    index += max(length, 1)
                    continue
                }
                output[written] = upper > lower ? upperRun : lowerRun
                output[written + 1] = UInt8(length)
                packDigits(key.baseAddress! + index, count: length, into: output + written + 2)
                written += 2 + (length + 1) / 2
                index += length
            }
            return written
        }
    }

    /// Writes `count` hex digits of either case two to a byte, high nibble first (the last
    /// low nibble 0 when the count is odd). A digit's value is its low four bits, plus 9 for
    /// a letter (`a-f` and `A-F` have bit 6 set, `0-9` do not): no table, no branch.
    @inline(__always)
    private static func packDigits(_ digits: UnsafePointer<UInt8>, count: Int, into output: UnsafeMutablePointer<UInt8>) {
        @inline(__always) func value(_ byte: UInt8) -> UInt8 { (byte & 0x0F) &+ 9 &* (byte >> 6) }
        var source = digits, target = output
        for _ in 0..<count / 2 {
            target.pointee = value(source[0]) << 4 | value(source[1])
            source += 2
            target += 1
        }
        if count & 1 == 1 { target.pointee = value(source[0]) << 4 }
    }

    /// Calls `body` with the packed form of `key` (well-formed UTF-8): packed on the stack, or
    /// the key itself when it is shorter than a run.
    static func withPacked<Result>(_ key: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        guard key.count >= shortestRun else { return body(key) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: key.count) { buffer in
            body(UnsafeBufferPointer(rebasing: buffer[..<pack(key, into: buffer.baseAddress!)]))
        }
    }

    /// Appends the packed form of `key` (well-formed UTF-8) to `bytes`.
    static func appendPacked(_ key: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        withPacked(key) { bytes.append(contentsOf: $0) }
    }

    /// The length of the key a packed form holds.
    static func unpackedCount(_ packed: UnsafeRawBufferPointer) -> Int {
        var index = 0, count = 0
        while index < packed.count {
            switch packed[index] {
            case lowerRun, upperRun:
                let length = Int(packed[index + 1])
                count += length
                index += 2 + (length + 1) / 2
            case lowerUUID, upperUUID:
                count += 36
                index += 17
            default:
                count += 1
                index += 1
            }
        }
        return count
    }

    /// Writes the key a packed form holds to `output`, which has room for
    /// `unpackedCount(packed)` bytes, and returns its length. A packed byte becomes its two
    /// digits at once (`digitPairs`): digit by digit, a 32-digit id took about 500
    /// instructions, and a rule run or a result page makes an id and an import key a row.
    @discardableResult
    static func unpack(_ packed: UnsafeRawBufferPointer, into output: UnsafeMutablePointer<UInt8>) -> Int {
        digitPairs.withUnsafeBufferPointer { pairs in
            var index = 0, written = 0
            while index < packed.count {
                let mark = packed[index]
                switch mark {
                case lowerRun, upperRun:
                    let length = Int(packed[index + 1])
                    let table = pairs.baseAddress! + (mark == upperRun ? 256 : 0)
                    let start = index + 2
                    let target = UnsafeMutableRawPointer(output + written)
                    for pair in 0 ..< length / 2 {
                        target.storeBytes(of: table[Int(packed[start + pair])], toByteOffset: pair * 2, as: UInt16.self)
                    }
                    if length & 1 == 1 {
                        // The first digit of the last byte: the pair's first byte in memory.
                        withUnsafeBytes(of: table[Int(packed[start + length / 2])]) { output[written + length - 1] = $0[0] }
                    }
                    written += length
                    index += 2 + (length + 1) / 2
                case lowerUUID, upperUUID:
                    let table = pairs.baseAddress! + (mark == upperUUID ? 256 : 0)
                    // Bytes 0-3, 4-5, 6-7, 8-9 and 10-15, a dash after each group but the last.
                    var offset = written
                    for byte in 0 ..< 16 {
                        if byte == 4 || byte == 6 || byte == 8 || byte == 10 {
                            output[offset] = UInt8(ascii: "-")
                            offset += 1
                        }
                        UnsafeMutableRawPointer(output + offset).storeBytes(of: table[Int(packed[index + 1 + byte])], as: UInt16.self)
                        offset += 2
                    }
                    written += 36
                    index += 17
                default:
                    output[written] = mark
                    written += 1
                    index += 1
                }
            }
            return written
        }
    }

    /// The two hex digits of each byte value, high nibble first in memory: lower-case
    /// letters at `byte`, upper-case at `256 + byte`.
    private static let digitPairs: [UInt16] = (0 ..< 512).map { index in
        let byte = UInt8(truncatingIfNeeded: index), upper = index >= 256
        let first = UInt16(hexDigit(byte >> 4, upper: upper)), second = UInt16(hexDigit(byte & 0x0F, upper: upper))
        return UInt16(littleEndian: first | second << 8)
    }

    /// Calls `body` with the key a packed form holds (unpacked on the stack when it has marks).
    static func withUnpacked<Result>(_ packed: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        guard hasMarks(packed) else { return body(packed) }
        let count = unpackedCount(packed)
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { buffer in
            unpack(packed, into: buffer.baseAddress!)
            return body(UnsafeRawBufferPointer(buffer))
        }
    }

    /// The key a packed form holds, as a string.
    static func string(_ packed: UnsafeRawBufferPointer) -> String {
        guard hasMarks(packed) else { return String(decoding: packed, as: UTF8.self) }
        return String(unsafeUninitializedCapacity: unpackedCount(packed)) { buffer in
            unpack(packed, into: buffer.baseAddress!)
        }
    }

    /// Byte order of the keys two packed forms hold: negative, zero or positive.
    static func compare(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int {
        // Up to the first difference, with no mark before it and none there, the bytes are
        // the keys' own.
        let shared = min(a.count, b.count)
        var index = 0
        while index < shared && a[index] == b[index] && a[index] < lowerRun { index += 1 }
        if index == shared { return a.count - b.count }
        if a[index] < lowerRun && b[index] < lowerRun { return Int(a[index]) - Int(b[index]) }
        return withUnpacked(a) { left in
            withUnpacked(b) { right in
                let shared = min(left.count, right.count)
                for index in 0..<shared where left[index] != right[index] { return Int(left[index]) - Int(right[index]) }
                return left.count - right.count
            }
        }
    }

    /// Whether a packed form holds a packed run (else it is the key's UTF-8 as it is).
    @inline(__always)
    static func hasMarks(_ packed: UnsafeRawBufferPointer) -> Bool {
        packed.contains { $0 >= lowerRun }
    }

    /// Whether a UUID starts at `index`, and if so whether its letters are upper case (a UUID
    /// of digits only counts as lower case); nil when there is none or its letters mix cases.
    @inline(__always)
    private static func uuidCase(_ key: UnsafeBufferPointer<UInt8>, at index: Int, _ table: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard index + 36 <= key.count, key[index + 8] == UInt8(ascii: "-"), key[index + 13] == UInt8(ascii: "-"),
              key[index + 18] == UInt8(ascii: "-"), key[index + 23] == UInt8(ascii: "-") else { return nil }
        var cases = lowerDigit | upperDigit
        for offset in 0..<36 where offset != 8 && offset != 13 && offset != 18 && offset != 23 {
            cases &= table[Int(key[index + offset])]
        }
        return cases & lowerDigit != 0 ? false : (cases & upperDigit != 0 ? true : nil)
    }

    /// `digitTable`'s marks: a digit of `0-9a-f`, of `0-9A-F`.
    private static let lowerDigit: UInt8 = 0x10, upperDigit: UInt8 = 0x20

    /// Per byte: which cases' digits it is one of (`lowerDigit`, `upperDigit`; both for
    /// `0-9`, none for a byte that is no digit).
    private static let digitTable: [UInt8] = (0..<256).map { byte in
        switch UInt8(byte) {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): lowerDigit | upperDigit
        case UInt8(ascii: "a")...UInt8(ascii: "f"): lowerDigit
        case UInt8(ascii: "A")...UInt8(ascii: "F"): upperDigit
        default: 0
        }
    }

    @inline(__always)
    private static func hexDigit(_ value: UInt8, upper: Bool) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : (upper ? UInt8(ascii: "A") : UInt8(ascii: "a")) + value - 10
    }
}
