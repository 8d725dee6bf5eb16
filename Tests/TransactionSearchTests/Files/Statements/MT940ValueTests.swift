import Testing
@testable import TransactionSearch
@testable import TransactionSearchFiles

/// The MT940 value readers on their own: `:61:` lines, `:86:` details in each shape, and
/// account masking.
@Suite struct MT940ValueTests {
    private func line(_ text: String, continuation: [String] = []) throws(ImportIssue) -> MT940StatementLine {
        let joined = ([text] + continuation).joined(separator: "\n")
        let bytes = Array(joined.utf8)
        var ranges: [Range<Int>] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            ranges.append(start..<index)
            start = index + 1
        }
        ranges.append(start..<bytes.count)
        let copy = ranges
        return try bytes.withByteView { buffer throws(ImportIssue) in
            try MT940StatementLine(buffer, copy[0], continuation: copy.dropFirst(), line: 1)
        }
    }

    @Test(arguments: [
        ("260314C12,34NTRFNONREF", "2026-03-14", "12.34", "NTRF", nil, nil),
        ("2603140315D12,NMSCREF1//BANK2", "2026-03-15", "-12", "NMSC", "REF1", "BANK2"),
        ("260314RC1,5NTRF//X", "2026-03-14", "-1.5", "NTRF", nil, "X"),
        ("260314RD1,5NTRFNONREF//NONREF", "2026-03-14", "1.5", "NTRF", nil, nil),
        ("260314DR7,00S103ABC", "2026-03-14", "-7.00", "S103", "ABC", nil),
        ("2512310102C1,NMSC", "2026-01-02", "1", "NMSC", nil, nil),
        ("2601021231C1,NMSC", "2025-12-31", "1", "NMSC", nil, nil),
        ("2406280701C1,NMSC", "2024-07-01", "1", "NMSC", nil, nil),
        ("990101C0,01FCHK", "1999-01-01", "0.01", "FCHK", nil, nil),
        ("260314C5.25", "2026-03-14", "5.25", nil, nil, nil),
    ] as [(String, String, String, String?, String?, String?)])
    func statementLines(text: String, date: String, amount: String, type: String?, owner: String?, bank: String?) throws {
        let parsed = try line(text)
        #expect(parsed.date.description == date)
        #expect(parsed.amount.description == amount)
        #expect(parsed.typeCode == type)
        #expect(parsed.ownerReference == owner)
        #expect(parsed.bankReference == bank)
    }

    @Test func supplementaryDetailsAreTheNextLines() throws {
        let parsed = try line("260314C1,NMSC", continuation: ["  CARD 1234 ", "", "MORE"])
        #expect(parsed.supplementaryDetails == "CARD 1234 MORE")
    }

    private func details(_ lines: [String]) -> MT940Details {
        let bytes = Array(lines.joined(separator: "\n").utf8)
        var ranges: [Range<Int>] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            ranges.append(start..<index)
            start = index + 1
        }
        ranges.append(start..<bytes.count)
        return bytes.withByteView { MT940Details($0, lines: ranges[...]) }
    }

    @Test(arguments: [
        (["166?00GUTSCHRIFT?20Miete?32Max"], "Max", "Miete", "GUTSCHRIFT"),
        (["?00ENTGELT?20Kontof\u{FC}hrung"], nil, "Kontoführung", "ENTGELT"),
        (["835"], nil, nil, nil),
        (["105?00LASTSCHRIFT?20EREF+1?21SVWZ+Beitrag?22Januar?32Verein"], "Verein", "Beitrag Januar", "LASTSCHRIFT"),
        (["105?20Rechnung 7?21EREF+1?22SVWZ+Beitrag"], nil, "Rechnung 7 Beitrag", nil),
        (["105?20EREF+NOTPROVIDED?21MREF+X"], nil, nil, nil),
        (["166?20abcdefghijklmnopqrstuvwxyz0?21123?32ABCDEFGHIJKLMNOPQRSTUVWXYZ1?3323"], "ABCDEFGHIJKLMNOPQRSTUVWXYZ123", "abcdefghijklmnopqrstuvwxyz0123", nil),
        (["166?20Teil eins?60Teil zwei"], nil, "Teil eins Teil zwei", nil),
        (["166#20Hash separator#32Name"], "Name", "Hash separator", nil),
        (["/NAME/Shop/REMI/Thing"], "Shop", "Thing", nil),
        (["/BENM//NAME/Shop B.V./REMI/STRD/CUR/12345/"], "Shop B.V.", "12345", nil),
        (["/TRTP/iDEAL/REMI/Order 1"], nil, "Order 1", "iDEAL"),
        (["/CNTP/NL1/BIC1//NL/"], nil, nil, nil),
        (["/EREF/NAME/Shop/REMI/"], "Shop", nil, nil),
        (["Free text name", "second line", " third "], "Free text name", "second line third", nil),
        (["/not a key/ but text"], "/not a key/ but text", nil, nil),
        (["123 Main street"], "123 Main street", nil, nil),
    ] as [([String], String?, String?, String?)])
    func detailsInEachShape(lines: [String], name: String?, purpose: String?, postingText: String?) {
        let parsed = details(lines)
        #expect(parsed.name == name, "\(lines)")
        #expect(parsed.purpose == purpose, "\(lines)")
        #expect(parsed.postingText == postingText, "\(lines)")
    }

    @Test(arguments: [
        ("DE89370400440532013000", "****3000"),
        ("37040044/0532013000", "****3000"),
        ("37040044/0532013000EUR", "****3000"),
        ("COBADEFFXXX/DE89370400440532013000", "****3000"),
        ("NL91ABNA0417164300", "****4300"),
        ("1234", "1234"),
        ("  ", nil),
    ] as [(String, String?)])
    func accountsAreMasked(text: String, expected: String?) {
        #expect(MT940Parser.maskedAccount(text) == expected)
    }
}
