/// Reads camt values from their raw ranges: text, amounts (magnitudes, no sign), the
/// credit/debit indicator and ISO 8601 dates.
struct CamtText {
    let bytes: UnsafeBufferPointer<UInt8>

    /// The decoded, trimmed text; nil when empty.
    func string(_ range: Range<Int>) -> String? {
        let text = MarkupText.string(bytes, range)
        return text.isEmpty ? nil : text
    }

    func string(_ field: CamtEntry.Field) -> String? { string(field.value) }

    func amount(_ field: CamtEntry.AmountField) -> DecimalAmount? {
        MarkupText.withBytes(bytes, field.value) { StatementAmount.parse($0, allowsSign: false) }
    }

    /// true for `DBIT`, false for `CRDT`, nil for anything else.
    func isDebit(_ field: CamtEntry.Field) -> Bool? {
        MarkupText.withBytes(bytes, field.value) { text -> Bool? in
            guard text.count == 4 else { return nil }
            if text.elementsEqual("DBIT".utf8) { return true }
            if text.elementsEqual("CRDT".utf8) { return false }
            return nil
        }
    }

    /// `YYYY-MM-DD` (a calendar day; read straight from the bytes), or a date-time with `Z`, an
    /// offset or neither (`ParsedDate`).
    func date(_ field: CamtEntry.Field, clock: ZoneClock) -> TransactionDate? {
        let day = MarkupText.withBytes(bytes, field.value) { text -> CalendarDay? in
            guard text.count == 10, text[4] == UInt8(ascii: "-"), text[7] == UInt8(ascii: "-") else { return nil }
            func number(_ range: Range<Int>) -> Int? {
                var value = 0
                for index in range {
                    guard text[index] >= 0x30 && text[index] <= 0x39 else { return nil }
                    value = value * 10 + Int(text[index] - 0x30)
                }
                return value
            }
            guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
            return CalendarDay(year: year, month: month, day: day)
        }
        if let day { return .day(day) }
        switch ParsedDate.parse(MarkupText.string(bytes, field.value)) {
        case .day(let day)?: return .day(day)
        case .instant(let milliseconds)?: return .instant(millisecondsSince1970: milliseconds)
        case .local(let local)?: return .instant(millisecondsSince1970: clock.instant(ofLocal: local))
        case nil: return nil
        }
    }

    /// `BkTxCd` as text: `PMNT/ICDT/ESCT` from the ISO codes, else the proprietary code.
    func bankCode(_ code: CamtEntry.BankCode) -> String? {
        let parts = [code.domain, code.family, code.subFamily].compactMap { $0.flatMap(string) }
        if !parts.isEmpty { return parts.joined(separator: "/") }
        return code.proprietary.flatMap(string)
    }
}
