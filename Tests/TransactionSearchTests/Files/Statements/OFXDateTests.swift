import Testing
@testable import TransactionSearch
@testable import TransactionSearchFiles

/// OFX date values, one named case each: what they become (`day`, `instant` in UTC, `local`
/// wall-clock time as if in UTC) or nil.
@Suite struct OFXDateTests {
    static let cases: [(text: String, expected: String?)] = [
        ("20260314", "day 2026-03-14"),
        ("20260314[-5:EST]", "day 2026-03-14"),
        ("20260314000000", "day 2026-03-14"),
        ("20260314120000", "day 2026-03-14"),
        ("202603141200", "day 2026-03-14"),
        ("20260314000000.000", "day 2026-03-14"),
        ("20260314120000.001", "local 2026-03-14T12:00:00.001Z"),
        ("20260314093000", "local 2026-03-14T09:30:00Z"),
        ("202603140930", "local 2026-03-14T09:30:00Z"),
        ("20260314093000.123456", "local 2026-03-14T09:30:00.123Z"),
        ("20260314093000[-5:EST]", "instant 2026-03-14T14:30:00Z"),
        ("20260314093000 [-5:EST]", "instant 2026-03-14T14:30:00Z"),
        ("20260314093000[+0:UTC]", "instant 2026-03-14T09:30:00Z"),
        ("20260314000000[0:GMT]", "instant 2026-03-14T00:00:00Z"),
        ("20260314093000[5.5:IST]", "instant 2026-03-14T04:00:00Z"),
        ("20260314093000[-3.5]", "instant 2026-03-14T13:00:00Z"),
        ("20260314093000[-3:30]", "instant 2026-03-14T13:00:00Z"),
        ("20260314093000[+14]", "instant 2026-03-13T19:30:00Z"),
        ("20260230", nil),
        ("20261301", nil),
        ("20260314250000", nil),
        ("20260314096000", nil),
        ("2026031409", nil),
        ("2026-03-14", nil),
        ("20260314093000.", nil),
        ("202603140930.5", nil),
        ("20260314093000[-5:EST", nil),
        ("20260314093000[]", nil),
        ("20260314093000[+15]", nil),
        ("20260314093000 x", nil),
        ("", nil),
    ]

    private func parse(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        let parsed = bytes.withByteView(OFXDate.parse)
        switch parsed {
        case .day(let day)?: return "day \(day)"
        case .instant(let milliseconds)?: return "instant \(TransactionDate.instant(millisecondsSince1970: milliseconds))"
        case .local(let milliseconds)?: return "local \(TransactionDate.instant(millisecondsSince1970: milliseconds))"
        case nil: return nil
        }
    }

    @Test(arguments: cases.map(\.text))
    func value(_ text: String) throws {
        let expected = try #require(Self.cases.first { $0.text == text }).expected
        #expect(parse(text) == expected, "\(text)")
    }
}
