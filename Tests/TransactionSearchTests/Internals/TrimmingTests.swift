import Testing
import TransactionSearchSupport
@testable import TransactionSearch

/// Trimming white space from a field, against a plain twin that trims by the standard
/// library's Unicode properties: the fixed White_Space list equals the property on every
/// scalar, and random text with white space, ASCII, accented, Cyrillic, CJK and emoji
/// characters at either end trims the same.
@Suite struct TrimmingTests {
    @Test func theWhiteSpaceListIsTheUnicodeProperty() {
        var mismatches: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if isWhiteSpace(scalar: value) != scalar.properties.isWhitespace { mismatches.append(value) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10).map { String($0, radix: 16) })")
    }

    @Test(arguments: [1, 2, 3])
    func randomTextTrimsAsThePropertiesSay(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        let spaces: [Unicode.Scalar] = [" ", "\t", "\n", "\u{85}", "\u{A0}", "\u{1680}", "\u{2003}", "\u{200A}", "\u{2028}", "\u{202F}", "\u{205F}", "\u{3000}"]
        let others: [Unicode.Scalar] = ["a", "Z", "7", "#", "\u{7F}", "\u{1F}", "é", "ß", "Ж", "я", "€", "東", "ー", "\u{200B}", "\u{FEFF}", "\u{180E}", "\u{301}", "😀", "\u{10FFFF}"]
        func reference(_ text: String) -> String {
            let scalars = Array(text.unicodeScalars)
            guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[first...last])
            return String(view)
        }
        for _ in 0..<2_000 {
            var view = String.UnicodeScalarView()
            for _ in 0..<random.int(in: 0...6) {
                view.append(random.chance(0.4) ? random.pick(spaces) : random.pick(others))
            }
            let text = String(view)
            let trimmed = text.trimmingWhitespace()
            #expect(Array(trimmed.unicodeScalars) == Array(reference(text).unicodeScalars), "\(Array(text.unicodeScalars))")
        }
    }
}
