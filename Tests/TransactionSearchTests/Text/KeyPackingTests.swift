import Testing
import TransactionSearchSupport
@testable import TransactionSearch

/// Keys packed with their hex digits two to a byte (`KeyPacking`) against the keys themselves:
/// packing gives every key back, never grows it, is equal exactly when the keys are, and
/// `compare` orders as the keys' bytes do; the key index over packed keys answers as a
/// dictionary of the keys does.
@Suite struct KeyPackingTests {
    @Test func knownShapesTakeTheirSizes() {
        let cases: [(key: String, packed: Int)] = [
            ("393451b3ac6405818caaf7d036feec63", 18),
            ("E621E1F8-C36C-495A-93FC-0C247A3E6E5F", 17),
            ("e621e1f8-c36c-495a-93fc-0c247a3e6e5f", 17),
            ("20250312-0001234", 14), // 8 digits packed (6), the dash, 7 digits as they are
            ("fp2:0123456789abcdef0123456789abcdef#12", 4 + 18 + 3),
            ("tx_123", 6),
            ("abcdef0", 7),
            ("ABCDEF0123", 7),
            ("E621e1F8-C36C-495A-93FC-0C247A3E6E5F", 24 + 8), // mixed case: no UUID; the last 12 digits a run
            ("", 0),
        ]
        for (key, expected) in cases {
            #expect(KeyPackingTests.packed(key).count == expected, "\(key)")
            #expect(KeyPackingTests.unpacked(KeyPackingTests.packed(key)) == key)
        }
    }

    @Test func randomKeysComeBackWholeAndKeepEqualityAndOrder() {
        var random = SeededRandom(seed: 0x9AC4)
        var keys: [String] = []
        for _ in 0..<3_000 {
            let key: String
            if !keys.isEmpty && random.chance(0.2) {
                // A near twin: one character changed, or the case of one letter.
                var characters = Array(random.pick(keys))
                if !characters.isEmpty {
                    let index = random.int(in: 0...characters.count - 1)
                    characters[index] = random.chance(0.5) ? KeyPackingTests.character(&random)
                        : Character(characters[index].isUppercase ? characters[index].lowercased() : characters[index].uppercased())
                }
                key = String(characters)
            } else {
                key = KeyPackingTests.key(&random)
            }
            keys.append(key)
            let packed = KeyPackingTests.packed(key)
            #expect(packed.count <= key.utf8.count, "\(key)")
            #expect(KeyPackingTests.unpacked(packed) == key, "\(key)")
        }
        for _ in 0..<20_000 {
            let a = random.pick(keys), b = random.chance(0.1) ? a : random.pick(keys)
            let (packedA, packedB) = (KeyPackingTests.packed(a), KeyPackingTests.packed(b))
            #expect((packedA == packedB) == (a == b), "\(a) \(b)")
            let plain = Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8)) ? -1 : (a.utf8.elementsEqual(b.utf8) ? 0 : 1)
            let packedOrder = packedA.withUnsafeBytes { left in packedB.withUnsafeBytes { right in KeyPacking.compare(left, right) } }
            #expect(packedOrder.signum() == plain, "\(a) \(b)")
        }
    }

    /// The index finds every key, gives it back, orders two rows as their keys and, restored
    /// from a snapshot's bytes, repairs bytes that are not UTF-8 as a `String` would.
    @Test func theKeyIndexAnswersAsADictionaryOfItsKeys() {
        var random = SeededRandom(seed: 0x51D)
        let index = KeyIndex<UInt8>()
        var model: [String: UInt32] = [:]
        var rows: [UInt32: String] = [:]
        var live: [UInt32] = []
        for row in UInt32(0)..<2_000 {
            let key = String(KeyPackingTests.key(&random).prefix(60))
            guard !key.isEmpty, model[key] == nil else { continue }
            index.insert(key, row: row)
            (model[key], rows[row]) = (row, key)
            live.append(row)
            if random.chance(0.3) {
                let victim = live.remove(at: random.int(in: 0...live.count - 1))
                index.remove(row: victim)
                (model[rows[victim]!], rows[victim]) = (nil, nil)
            }
        }
        #expect(index.count == model.count)
        for (key, row) in model {
            #expect(index.row(of: key) == row && index.key(of: row) == key, "\(key)")
            #expect(index.row(of: key + "0") == model[key + "0"])
        }
        for _ in 0..<3_000 {
            let (a, b) = (random.pick(live), random.pick(live))
            let plain = Array(rows[a]!.utf8).lexicographicallyPrecedes(Array(rows[b]!.utf8)) ? -1 : (a == b ? 0 : 1)
            #expect(index.compare(a, b).signum() == plain)
        }

        let stored: [[UInt8]] = [Array("393451b3ac6405818caaf7d036feec63".utf8), [0x61, 0xFF, 0x62], [], Array("tx_9".utf8)]
        let restored = KeyIndex<UInt8>()
        #expect(stored.flatMap { $0 }.withUnsafeBytes { restored.restore(packed: $0, lengths: stored.map { UInt8($0.count) }) })
        #expect(restored.key(of: 0) == "393451b3ac6405818caaf7d036feec63" && restored.row(of: "393451b3ac6405818caaf7d036feec63") == 0)
        #expect(restored.key(of: 1) == "a\u{FFFD}b" && restored.row(of: "a\u{FFFD}b") == 1)
        #expect(!restored.hasKey(2) && restored.row(of: "tx_9") == 3 && restored.count == 3)

        // Keys that are all UTF-8 are packed straight into the arena: the same answers.
        let keys = Array(model.keys)
        let whole = KeyIndex<UInt8>()
        #expect(keys.flatMap { Array($0.utf8) }.withUnsafeBytes { whole.restore(packed: $0, lengths: keys.map { UInt8($0.utf8.count) }) })
        for (row, key) in keys.enumerated() {
            #expect(whole.row(of: key) == UInt32(row) && whole.key(of: UInt32(row)) == key, "\(key)")
            #expect(whole.withPackedKey(UInt32(row)) { Array($0) } == KeyPackingTests.packed(key), "\(key)")
        }
    }

    static func packed(_ key: String) -> [UInt8] {
        var key = key, bytes: [UInt8] = []
        key.withUTF8 { KeyPacking.appendPacked($0, to: &bytes) }
        return bytes
    }

    static func unpacked(_ packed: [UInt8]) -> String {
        packed.withUnsafeBytes { KeyPacking.string($0) }
    }

    /// A key of hex runs of either case (some past the 255 digits one mark holds), UUIDs,
    /// dashes, other letters and non-ASCII text.
    static func key(_ random: inout SeededRandom) -> String {
        var key = ""
        for _ in 0..<random.int(in: 0...4) {
            switch random.int(in: 0...5) {
            case 0:
                let upper = random.chance(0.5)
                let digits = Array(upper ? "0123456789ABCDEF" : "0123456789abcdef")
                let uuid = String((0..<32).map { _ in random.pick(digits) })
                for (offset, digit) in uuid.enumerated() {
                    if [8, 12, 16, 20].contains(offset) { key += "-" }
                    key.append(digit)
                }
            case 1:
                let length = random.chance(0.05) ? random.int(in: 250...520) : random.int(in: 1...40)
                let digits = Array(random.pick(["0123456789abcdef", "0123456789ABCDEF", "0123456789", "0123456789abcdefABCDEF"]))
                key += String((0..<length).map { _ in random.pick(digits) })
            default:
                key += String((0..<random.int(in: 1...6)).map { _ in character(&random) })
            }
        }
        return key
    }

    static func character(_ random: inout SeededRandom) -> Character {
        random.pick(["-", "_", "#", ":", "x", "g", "G", "Z", "a", "F", "0", "9", "é", "漢", "🙂", " "] as [Character])
    }
}
