/// Day titles as banking apps show them: `14/03/26` (day, month, two-digit year).
public enum ShortDate {
    /// `14/03/26`: day, month and two-digit year.
    public static func title(of day: CalendarDay) -> String {
        let parts = day.components
        return pad(parts.day, 2) + "/" + pad(parts.month, 2) + "/" + pad(parts.year % 100, 2)
    }
}
