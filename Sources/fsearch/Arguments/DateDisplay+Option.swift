import TerminalUI

extension DateDisplay {
    /// The form `--date-format` names, else the locale's.
    static func chosen(_ option: String?, environment: [String: String]) throws(FSearchError) -> DateDisplay {
        if let option { return try Choice.parse(option, option: "date-format", among: DateDisplay.allCases) }
        return fromLocale(environment)
    }
}
