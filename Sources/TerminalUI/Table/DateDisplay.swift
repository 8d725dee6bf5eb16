import TransactionSearch

/// How the table writes a day: `iso` 2026-03-14, `dmy` 14/03/26, `mdy` 03/14/26. `--date-format`
/// chooses; by default the locale does (`LC_ALL`, else `LC_TIME`, else `LANG`, as POSIX reads
/// them): month first in the United States and the few places that write dates that way, day
/// first in most others, ISO where years come first (China, Japan, Korea, Hungary, Lithuania,
/// Sweden...) and for the C or POSIX locale, an unset one or one that cannot be read. JSON and
/// CSV always write ISO 8601.
package enum DateDisplay: String, CaseIterable, Sendable {
    case iso, dmy, mdy

    /// Territories that write the month first (ISO 3166 codes): the United States and its
    /// territories, the Philippines, Micronesia, the Marshall Islands, Palau, Belize.
    package static let monthFirstTerritories: Set<String> = ["US", "AS", "GU", "MP", "PR", "UM", "VI", "PH", "FM", "MH", "PW", "BZ"]
    /// Languages and territories that write the year first.
    package static let yearFirstLanguages: Set<String> = ["zh", "ja", "ko", "hu", "lt", "mn"]
    package static let yearFirstTerritories: Set<String> = ["CN", "TW", "JP", "KR", "KP", "HU", "LT", "MN", "SE", "IR"]

    /// The form of the locale that decides how times are written: the first of `LC_ALL`,
    /// `LC_TIME` and `LANG` that is set and not empty.
    package static func fromLocale(_ environment: [String: String]) -> DateDisplay {
        let name = ["LC_ALL", "LC_TIME", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        // language[_TERRITORY][.codeset][@modifier]
        let base = name.split(separator: ".", maxSplits: 1).first.map(String.init) ?? ""
        let parts = (base.split(separator: "@").first ?? "").split(separator: "_")
        guard let language = parts.first.map({ $0.lowercased() }), language.count >= 2, language.count <= 3,
              language.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return .iso }  // C, POSIX, unset, or unreadable
        let territory = parts.count > 1 ? parts[1].uppercased() : ""
        if monthFirstTerritories.contains(territory) { return .mdy }
        if yearFirstTerritories.contains(territory) || (territory.isEmpty && yearFirstLanguages.contains(language)) { return .iso }
        return .dmy
    }

    /// The day as this form writes it.
    package func text(of day: CalendarDay) -> String {
        switch self {
        case .iso: return day.description
        case .dmy: return day.shortTitle
        case .mdy:
            let parts = day.components
            return DateDisplay.twoDigits(parts.month) + "/" + DateDisplay.twoDigits(parts.day) + "/" + DateDisplay.twoDigits(parts.year % 100)
        }
    }

    /// `7` as `07`.
    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
