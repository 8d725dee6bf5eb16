/// Writes the ASCII of a date or time into a string's own buffer, left to right: what
/// `CalendarDay.description` and `TransactionDate.description` write for years 0 to 9999
/// (imports fingerprint every row with that text; three padded strings joined with `+` cost
/// about 2,600 instructions a date).
struct DateTextWriter {
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    /// How many bytes are written.
    private(set) var end = 0

    init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    /// `value` in `width` decimal digits, zero-padded.
    /// - Precondition: `value` is in `0 ..< 10^width`.
    mutating func put(_ value: Int, _ width: Int) {
        var rest = value
        for index in (end ..< end + width).reversed() {
            buffer[index] = UInt8(truncatingIfNeeded: 0x30 + rest % 10)
            rest /= 10
        }
        end += width
    }

    /// One ASCII byte.
    mutating func put(byte: UInt8) {
        buffer[end] = byte
        end += 1
    }

    /// `YYYY-MM-DD`.
    /// - Precondition: `year` is in `0...9999`.
    mutating func putDay(year: Int, month: Int, day: Int) {
        put(year, 4); put(byte: 0x2D); put(month, 2); put(byte: 0x2D); put(day, 2)
    }
}
