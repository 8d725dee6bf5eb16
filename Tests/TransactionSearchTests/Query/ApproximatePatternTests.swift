import Testing
import TransactionSearchSupport
@testable import TransactionSearch

/// The bit-parallel matcher and the candidate filters against the textbook definition.
@Suite struct ApproximatePatternTests {
    /// Small alphabets make near misses, repeats and swaps common; Cyrillic and a four-byte
    /// scalar exercise the multi-byte paths.
    static let alphabets: [[Character]] = [
        Array("abc"), Array("abcdefg"), Array("ab cd"), Array("пятрочка"), Array("aé😀b"), Array("stabrucks "),
    ]

    static func text(_ random: inout SeededRandom, _ alphabet: [Character], length: ClosedRange<Int>) -> String {
        String((0..<random.int(in: length)).map { _ in random.pick(alphabet) })
    }

    @Test(arguments: 0..<6)
    func theBitParallelDistanceEqualsEverySubstringsDistance(seedIndex: Int) {
        var random = SeededRandom(seed: UInt64(18_000 + seedIndex))
        let alphabet = ApproximatePatternTests.alphabets[seedIndex]
        var compared = 0
        while compared < 150 * RandomScale.factor {
            let word = ApproximatePatternTests.text(&random, alphabet, length: 5...14)
            guard let pattern = ApproximatePattern(word: Array(word.utf8)) else { continue }
            let text = ApproximatePatternTests.text(&random, alphabet, length: 0...18)
            let expected = ApproximateReference.closestDistance(word, in: text)
            let actual = Array(text.utf8).withUnsafeBufferPointer { pattern.distance(in: $0) }
            #expect(actual == expected, "seed \(18_000 + seedIndex): '\(word)' in '\(text)'")
            if actual != expected { return }
            compared += 1
        }
    }

    @Test func wordsQualifyFromFiveLettersAndTwoEditsFromNine() {
        #expect(ApproximatePattern(word: Array("amzn".utf8)) == nil)
        #expect(ApproximatePattern(word: Array("12345".utf8)) == nil)
        #expect(ApproximatePattern(word: Array("a1b2c3d".utf8)) == nil)  // four letters
        #expect(ApproximatePattern(word: Array("amazn".utf8))?.maxDistance == 1)
        #expect(ApproximatePattern(word: Array("starbuck".utf8))?.maxDistance == 1)
        #expect(ApproximatePattern(word: Array("starbucks".utf8))?.maxDistance == 2)
        #expect(ApproximatePattern(word: Array("пятрочка".utf8))?.maxDistance == 1)  // eight letters
        #expect(ApproximatePattern(word: Array(String(repeating: "a", count: 65).utf8)) == nil)
    }

    @Test func aSpellingIsTheWholeWordAroundTheClosestSubstring() {
        func spelling(_ word: String, _ text: String) -> String? {
            let pattern = ApproximatePattern(word: Array(word.utf8))!
            return Array(text.utf8).withUnsafeBufferPointer { pattern.spelling(in: $0) }
        }
        #expect(spelling("starbuks", "starbucks reserve") == "starbucks")
        #expect(spelling("donals", "mcdonalds downtown") == "mcdonalds")
        #expect(spelling("reserev", "starbucks reserve") == "reserve")
        #expect(spelling("пятрочка", "пятерочка express") == "пятерочка")
        #expect(spelling("zzzzz", "starbucks") == nil)
    }

    /// Strings of a field that hold a word approximately are always among its candidates,
    /// whichever filter the word's length chooses (trigram count or pieces).
    @Test(arguments: 0..<4)
    func theCandidateFiltersNeverDropAMatch(seedIndex: Int) {
        var random = SeededRandom(seed: UInt64(18_100 + seedIndex))
        let alphabet = ApproximatePatternTests.alphabets[[1, 3, 4, 5][seedIndex]]
        let index = FieldIndex(isSearchable: true, keepsPostings: false, titles: .none)
        var strings: [String] = []
        for _ in 0..<40 {
            let string = ApproximatePatternTests.text(&random, alphabet, length: 1...16)
            if !strings.contains(string) { strings.append(string) }
            _ = index.retain(string)
        }
        var checked = 0
        for _ in 0..<(20 * RandomScale.factor) {
            // A piece of a stored string with a few edits, or a random word.
            var word = Array(random.pick(strings).unicodeScalars)
            if word.count > 12 { word = Array(word[0..<12]) }
            while word.count < 5 { word.append(random.pick(alphabet).unicodeScalars.first!) }
            for _ in 0..<random.int(in: 0...3) {
                let position = random.int(in: 0...(word.count - 1))
                switch random.int(in: 0...3) {
                case 0: word[position] = random.pick(alphabet).unicodeScalars.first!
                case 1: word.insert(random.pick(alphabet).unicodeScalars.first!, at: position)
                case 2: if word.count > 5 { word.remove(at: position) }
                default: if position + 1 < word.count { word.swapAt(position, position + 1) }
                }
            }
            let text = String(String.UnicodeScalarView(word))
            guard let pattern = ApproximatePattern(word: Array(Folding.fold(text).utf8)) else { continue }
            let candidates = Set(pattern.candidates(in: index))
            for string in strings {
                let code = index.code(of: string)!
                let folded = Folding.fold(string)
                if ApproximateReference.closestDistance(Folding.fold(text), in: folded, upTo: pattern.maxDistance) <= pattern.maxDistance {
                    #expect(candidates.contains(code), "seed \(18_100 + seedIndex): '\(text)' in '\(string)' was not a candidate")
                }
            }
            checked += 1
        }
        #expect(checked > 0)
    }
}
