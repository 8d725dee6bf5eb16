/// Makes the strings of a run of rows (a result page, an export) from the pools' texts, each
/// field's last string remembered: a page is laid out group by group, so neighbouring rows
/// often share their card, category, account or merchant (and a row's group key is one of
/// its own strings), and a string repeated from the row before is then copied (a retain),
/// not made again (validated and, past 15 bytes, allocated).
struct RowStrings {
    let texts: FieldTexts
    /// Per `TextField`, the last code asked for and its string.
    private var lastCodes = [UInt32](repeating: 0, count: TextField.allCases.count)
    private var lastStrings = [String](repeating: "", count: TextField.allCases.count)

    init(_ texts: FieldTexts) {
        self.texts = texts
    }

    /// The string of `code` in `field`, nil for code 0 (none).
    @inline(__always)
    mutating func string(_ field: TextField, _ code: UInt32) -> String? {
        guard code != 0 else { return nil }
        let index = field.rawValue
        if lastCodes[index] == code { return lastStrings[index] }
        let string = texts.string(field, code) ?? ""
        lastCodes[index] = code
        lastStrings[index] = string
        return string
    }
}
