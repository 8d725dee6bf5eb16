import TransactionSearch

/// Month names and abbreviations in English, German, French, Spanish, Italian, Dutch and
/// Portuguese (`Jan`, `Januar`, `janvier`, `enero`, `gennaio`, `januari`, `janeiro`, `Mär`,
/// `Mrz`, `mrt`, `juil.`, `déc`, ...), case and accents ignored.
///
/// A word is a month when it is a prefix of at least three letters of month names that all
/// name the same month (`jui` is refused: juin or juillet), or one of the few abbreviations
/// that are not prefixes (`mrz`, `mrt`).
enum MonthNames {
    /// Full names, folded to ASCII, by month.
    static let names: [[String]] = [
        ["january", "januar", "janvier", "enero", "gennaio", "januari", "janeiro"],
        ["february", "februar", "fevrier", "febrero", "febbraio", "februari", "fevereiro"],
        ["march", "marz", "maerz", "mars", "marzo", "maart", "marco"],
        ["april", "avril", "abril", "aprile"],
        ["may", "mai", "mayo", "maggio", "mei", "maio"],
        ["june", "juni", "juin", "junio", "giugno", "junho"],
        ["july", "juli", "juillet", "julio", "luglio", "julho"],
        ["august", "aout", "agosto", "augustus"],
        ["september", "septembre", "septiembre", "setiembre", "settembre", "setembro"],
        ["october", "oktober", "octobre", "octubre", "ottobre", "outubro"],
        ["november", "novembre", "noviembre", "novembro"],
        ["december", "dezember", "decembre", "diciembre", "dicembre", "dezembro"],
    ]

    /// Abbreviations that are not prefixes of a name.
    private static let abbreviations: [(String, Int)] = [("mrz", 3), ("mrt", 3), ("mae", 3)]

    /// Every unambiguous prefix of 3 to 8 letters, packed (`ByteText.packedWord`), with its
    /// month; sorted for a binary search.
    private static let prefixes: [(key: UInt64, month: Int8)] = {
        var months: [UInt64: Int8] = [:]
        for (index, list) in names.enumerated() {
            for name in list {
                let letters = Array(name.utf8)
                for length in 3...min(8, letters.count) {
                    let key = letters[..<length].withByteView { ByteText.packedWord($0) } ?? 0
                    if let existing = months[key], existing != Int8(index + 1) { months[key] = 0 } else { months[key] = Int8(index + 1) }
                }
            }
        }
        for (word, month) in abbreviations { months[ByteText.packedWord(word)] = Int8(month) }
        return months.filter { $0.value != 0 }.map { (key: $0.key, month: $0.value) }.sorted { $0.key < $1.key }
    }()

    /// The month (1-12) a word names, or nil. The word is letters only (a trailing dot removed
    /// by the caller); accented Latin letters count as their base letter.
    static func month(_ word: ByteView) -> Int? {
        var letters: [UInt8] = []
        var index = 0
        while index < word.count {
            let byte = word[index]
            if byte < 0x80 {
                letters.append(byte | 0x20)
                index += 1
            } else if let base = latinBaseLetter(word, at: index) {
                letters.append(base)
                index += 2
            } else {
                return nil
            }
            if letters.count > 12 { return nil }
        }
        guard letters.count >= 3 else { return nil }
        if letters.count > 8 {
            let text = String(decoding: letters, as: UTF8.self)
            for (month, list) in names.enumerated() where list.contains(where: { $0.hasPrefix(text) }) { return month + 1 }
            return nil
        }
        guard let key = letters.withByteView({ ByteText.packedWord($0) }) else { return nil }
        let table = prefixes
        var low = 0, high = table.count
        while low < high {
            let middle = (low + high) / 2
            if table[middle].key < key { low = middle + 1 } else { high = middle }
        }
        return low < table.count && table[low].key == key ? Int(table[low].month) : nil
    }

    /// The ASCII letter an accented Latin letter (UTF-8 `C3`-`C5 xx`) is based on: `ä` → `a`,
    /// `ç` → `c`, `É` → `e`, `ł` → `l`; nil for other characters (`LatinLetters`).
    static func latinBaseLetter(_ bytes: ByteView, at index: Int) -> UInt8? {
        LatinLetters.base(bytes, at: index)
    }
}
