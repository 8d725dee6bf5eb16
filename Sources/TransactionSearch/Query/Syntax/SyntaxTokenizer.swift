/// One term of a search box string, as typed: split on white space outside quotes.
struct SyntaxToken: Equatable {
    /// A run of the term's text, quoted or not, with escapes resolved.
    struct Piece: Equatable {
        var text: String
        var isQuoted: Bool
        /// Position of the piece's first character (from 1); for a quoted piece, its quote.
        var position: Int
    }

    var pieces: [Piece]
    /// The term exactly as typed.
    var raw: String
    var position: Int

    /// The unquoted text with the quotes removed.
    var text: String { pieces.map(\.text).joined() }
    var hasQuotes: Bool { pieces.contains { $0.isQuoted } }
}

/// Splits a search box string into terms. A `"` opens a quoted run that ends at the next `"`
/// or at the end of the text (an unclosed quote runs to the end); inside it white space is
/// kept and `\"` and `\\` stand for `"` and `\`. Outside quotes a backslash is plain text.
enum SyntaxTokenizer {
    /// Works on Unicode scalars, not characters: a quote followed by a combining mark is one
    /// character but still a quote. Positions are reported in characters.
    static func tokens(of input: String) -> [SyntaxToken] {
        let scalars = Array(input.unicodeScalars)
        var characterPositions: [Int] = []  // per scalar: its character's position, from 1
        characterPositions.reserveCapacity(scalars.count + 1)
        for (index, character) in input.enumerated() {
            for _ in character.unicodeScalars { characterPositions.append(index + 1) }
        }
        characterPositions.append(input.count + 1)
        let quote: Unicode.Scalar = "\"", backslash: Unicode.Scalar = "\\"
        var tokens: [SyntaxToken] = []
        var index = 0
        while index < scalars.count {
            if scalars[index].properties.isWhitespace {
                index += 1
                continue
            }
            let start = index
            var pieces: [SyntaxToken.Piece] = []
            var plain = String.UnicodeScalarView()
            var plainStart = index
            func closePlain() {
                if !plain.isEmpty {
                    pieces.append(.init(text: String(plain), isQuoted: false, position: characterPositions[plainStart]))
                }
                plain = String.UnicodeScalarView()
            }
            while index < scalars.count && !scalars[index].properties.isWhitespace {
                if scalars[index] == quote {
                    closePlain()
                    let quoteStart = index
                    index += 1
                    var quoted = String.UnicodeScalarView()
                    while index < scalars.count && scalars[index] != quote {
                        if scalars[index] == backslash, index + 1 < scalars.count,
                           scalars[index + 1] == quote || scalars[index + 1] == backslash {
                            index += 1
                        }
                        quoted.append(scalars[index])
                        index += 1
                    }
                    index += 1  // the closing quote, or past the end
                    pieces.append(.init(text: String(quoted), isQuoted: true, position: characterPositions[quoteStart]))
                    plainStart = min(index, scalars.count)
                } else {
                    plain.append(scalars[index])
                    index += 1
                }
            }
            closePlain()
            let end = min(index, scalars.count)
            tokens.append(SyntaxToken(
                pieces: pieces, raw: String(String.UnicodeScalarView(scalars[start..<end])), position: characterPositions[start]))
        }
        return tokens
    }

    /// `text` quoted so that the tokenizer reads it back as one quoted piece.
    static func quoted(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        result.append("\"")
        for scalar in text.unicodeScalars {
            if scalar == "\"" || scalar == "\\" { result.append("\\") }
            result.append(scalar)
        }
        result.append("\"")
        return String(result)
    }
}
