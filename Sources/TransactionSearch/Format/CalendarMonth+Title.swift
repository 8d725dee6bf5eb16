extension CalendarMonth {
    private static let names = [
        "January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December",
    ]

    /// The month for people: `March 2026`, in English whatever the machine's locale, so output
    /// is stable. What a month group's title reads.
    public var title: String {
        let parts = components
        return Self.names[parts.month - 1] + " " + String(parts.year)
    }
}
