@testable import TransactionSearch
import Testing

/// A seeded generator (SplitMix64) so a failure can be replayed from its printed seed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Never empty, never padded, never crashing, `explain` agreeing with `clean`, on any input.
@Suite struct RobustnessTests {
    let cleaner = PayeeCleaner()

    /// Scalar ranges random strings draw from: ASCII, Latin, Greek, Cyrillic, combining marks,
    /// white space of every kind, punctuation, CJK, Arabic, emoji.
    static let ranges: [ClosedRange<UInt32>] = [
        0x20...0x7E, 0x20...0x7E, 0x09...0x0D, 0xA0...0xFF, 0x100...0x17F, 0x300...0x36F, 0x370...0x3FF,
        0x400...0x4FF, 0x530...0x58F, 0x600...0x6FF, 0x1E00...0x1EFF, 0x2000...0x206F, 0x3000...0x303F,
        0x3040...0x30FF, 0x4E00...0x4FFF, 0xAC00...0xACFF, 0xFF00...0xFFEF, 0x1F300...0x1F64F,
    ]

    static func randomString(_ rng: inout SeededGenerator, length: Int, from ranges: [ClosedRange<UInt32>]) -> String {
        var scalars = String.UnicodeScalarView()
        while scalars.count < length {
            let range = ranges[Int.random(in: 0..<ranges.count, using: &rng)]
            if let scalar = Unicode.Scalar(UInt32.random(in: range, using: &rng)) { scalars.append(scalar) }
        }
        return String(scalars)
    }

    /// The properties every result must have.
    func check(_ input: String, seed: UInt64) {
        let result = cleaner.clean(input)
        let explanation = cleaner.explain(input)
        let scalars = result.payee.unicodeScalars
        #expect(!result.payee.isEmpty, "seed \(seed): empty payee for \(input.debugDescription)")
        #expect(scalars.first.map { !$0.properties.isWhitespace } ?? false,
                "seed \(seed): leading space in \(result.payee.debugDescription) for \(input.debugDescription)")
        #expect(scalars.last.map { !$0.properties.isWhitespace } ?? false,
                "seed \(seed): trailing space in \(result.payee.debugDescription) for \(input.debugDescription)")
        #expect(explanation.result == result, "seed \(seed): explain differs for \(input.debugDescription)")
        #expect(result.processor.map { !$0.isEmpty } ?? true)
        #expect(!cleaner.payeeKey(result.payee).isEmpty)
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
    func randomInputsAlwaysGiveATrimmedNonEmptyPayee(seed: UInt64) {
        var rng = SeededGenerator(state: seed)
        let punctuation = Array("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~ \t")
        for round in 0..<1_500 {
            let input: String
            switch round % 6 {
            case 0: input = Self.randomString(&rng, length: Int.random(in: 0...40, using: &rng), from: Self.ranges)
            case 1: input = String((0..<Int.random(in: 1...30, using: &rng)).map { _ in
                Character(String(Int.random(in: 0...9, using: &rng))) })
            case 2: input = String((0..<Int.random(in: 1...30, using: &rng)).map { _ in
                punctuation[Int.random(in: 0..<punctuation.count, using: &rng)] })
            case 3: input = Self.randomString(&rng, length: 1, from: Self.ranges)
            case 4: input = Self.randomString(&rng, length: 256, from: Self.ranges)
            default:
                // Pieces of real descriptors in random order, so rules meet each other oddly.
                let rows = PayeeTable.rows
                let words = (0..<Int.random(in: 1...8, using: &rng)).flatMap { _ in
                    rows[Int.random(in: 0..<rows.count, using: &rng)].descriptor.split(separator: " ").prefix(3)
                }
                input = words.shuffled(using: &rng).joined(separator: Bool.random(using: &rng) ? " " : "  ")
            }
            check(input, seed: seed)
        }
    }

    @Test func edgeInputsGiveATrimmedNonEmptyPayee() {
        let inputs = ["", " ", "   \t\n ", "\u{00A0}", "\u{3000}ACME\u{3000}", "*", "***", "#", "-", "?", "0",
                      "1234", "XXXX1234", "03/14", "POS DEBIT", "PAYPAL *", "SQ *", "ZELLE TO", "\u{301}",
                      "A \u{301}", "( )", "(ACME)", "ACME (", ") ACME", "//", "+", "&", "'", "ATM", "CHECK",
                      String(repeating: "A", count: 256), String(repeating: "9", count: 256),
                      String(repeating: "* ", count: 128), String(repeating: "SQ *", count: 64),
                      String(repeating: "VISA DDA PUR ", count: 20) + "ACME", "WWW.-.COM", "- - US BERLIN",
                      "HTTPS://", "WWW.", ".COM", "* ( ) -", "SQ * WWW.-.COM", "ZELLE TO ON 03/14",
                      "\u{2019}\u{2019}", "\u{2013}", "ACME \u{2013}", "\u{FEFF}", "\u{200B}ACME\u{200B}"]
        for input in inputs { check(input, seed: 0) }
        #expect(cleaner.clean("").payee == PayeeCleaner.unknownPayee)
        #expect(cleaner.clean("   ").payee == PayeeCleaner.unknownPayee)
        #expect(cleaner.clean("***").payee == "***")
        #expect(cleaner.clean("POS DEBIT").payee == "POS Debit")
        #expect(cleaner.clean("\u{200B}ACME\u{200B} \u{FEFF}").payee == "Acme")
    }
}
