/// Month titles: `March 2026`, in English whatever the machine's locale, so output is stable.
public enum MonthTitle {
    private static let names = [
        "January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December",
    ]

    /// `March 2026`.
    public static func title(of month: CalendarMonth) -> String {
        let parts = month.components
        return names[parts.month - 1] + " " + String(parts.year)
    }
}
