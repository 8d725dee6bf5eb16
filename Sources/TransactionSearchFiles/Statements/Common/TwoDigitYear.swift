import TransactionSearch

/// The century of a two-digit year in a bank file (QIF `MM/DD/YY`, SWIFT `YYMMDD`): 00-69 are
/// 2000-2069 and 70-99 are 1970-1999. A fixed pivot, not one sliding with today's date, so
/// the same file always reads the same; bank files with dates before 1970 or after 2069 write
/// four-digit years (QIF) or do not exist (SWIFT MT940 dates from 1990 on).
enum TwoDigitYear {
    /// The first two-digit year read as 19xx.
    static let pivot = 70

    /// The four-digit year of `year` (0-99).
    static func expand(_ year: Int) -> Int {
        year < pivot ? 2000 + year : 1900 + year
    }
}
