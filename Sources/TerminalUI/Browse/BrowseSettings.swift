/// How the interactive search writes what it shows: styles (none with `NO_COLOR`), the form of
/// days, whether rows show their ids and accounts, and whether rows can be edited.
package struct BrowseSettings: Sendable {
    /// Bold titles, matched words, red amounts, the selected row reversed; or nothing.
    package var styler: Styler
    /// `14/03/26`, `03/14/26` or `2026-03-14`.
    package var dates: DateDisplay
    /// Whether rows start with their id (what `fsearch update` takes).
    package var showsIDs: Bool
    /// Whether the store holds more than one account (rows then show theirs).
    package var spansAccounts: Bool
    /// Why `e` cannot edit (a file searched once, a store another process writes); nil when
    /// it can.
    package var readOnlyReason: String?

    /// Settings from their parts.
    package init(styler: Styler, dates: DateDisplay, showsIDs: Bool = true, spansAccounts: Bool = false, readOnlyReason: String? = nil) {
        self.styler = styler
        self.dates = dates
        self.showsIDs = showsIDs
        self.spansAccounts = spansAccounts
        self.readOnlyReason = readOnlyReason
    }

    /// The table settings for rows `width` cells wide.
    func table(width: Int) -> TableSettings {
        TableSettings(width: width, styler: styler, dates: dates, showsIDs: showsIDs)
    }
}
