extension CalendarDay {
    /// The day as banking apps show it: `14/03/26` (day, month, two-digit year). What a day
    /// group's title reads.
    public var shortTitle: String {
        let parts = components
        return pad(parts.day, 2) + "/" + pad(parts.month, 2) + "/" + pad(parts.year % 100, 2)
    }
}
