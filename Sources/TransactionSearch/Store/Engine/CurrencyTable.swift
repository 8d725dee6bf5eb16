/// The currencies a store has seen, numbered in order of first use (at most 17,576 three-letter
/// codes exist, so a UInt16 holds them; the column keeps a byte a row, `CurrencyColumn`). Numbers are never reused: a currency no row
/// uses any more simply has no rows in any bucket.
struct CurrencyTable: Sendable {
    private(set) var currencies: [Currency] = []
    private var numbers = IntMap()
    /// Per currency, what turns minor units into units of 10^-4 (the most minor digits any
    /// currency has), so amounts in different currencies compare as plain numbers: 12.00 EUR
    /// (1200) and 12 JPY (12) both become 120,000. In a buffer with a stable address, which
    /// `RowView` reads.
    let scaleBuffer = ColumnBuffer<UInt64>(filler: 0, capacity: 8)

    /// The scales as an array.
    var scales: [UInt64] { (0..<currencies.count).map { scaleBuffer[UInt32($0)] } }

    /// Fraction digits of a scaled magnitude.
    static let commonFractionDigits = 4

    var count: Int { currencies.count }

    func number(of currency: Currency) -> UInt16? { numbers[UInt64(currency.packed)].map { UInt16($0) } }

    mutating func intern(_ currency: Currency) -> UInt16 {
        if let number = numbers[UInt64(currency.packed)] { return UInt16(number) }
        let number = UInt16(currencies.count)
        currencies.append(currency)
        numbers.set(UInt64(currency.packed), UInt32(number))
        scaleBuffer.reserve(Int(number) + 1)
        scaleBuffer[UInt32(number)] = UInt64(Int64.powerOfTen(CurrencyTable.commonFractionDigits - currency.minorDigits))
        return number
    }

    @inline(__always)
    subscript(number: UInt16) -> Currency { currencies[Int(number)] }
}
