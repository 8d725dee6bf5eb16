import Foundation

/// What a store is created with and keeps: its time zone (which decides the day and month of
/// an instant) and its base currency (for rows with no currency, and for converted totals).
public struct StoreConfiguration: Sendable, Hashable {
    /// The zone that decides the local day and month of an instant.
    public var timeZone: TimeZone
    /// The currency of rows given none, and of converted totals.
    public var baseCurrency: Currency

    /// UTC and EUR unless told otherwise.
    public init(timeZone: TimeZone = .utc, baseCurrency: Currency = .eur) {
        self.timeZone = timeZone
        self.baseCurrency = baseCurrency
    }
}

extension TimeZone {
    /// Coordinated Universal Time.
    public static let utc = TimeZone(secondsFromGMT: 0)!
}
