/// Amounts for people: `-12.50 EUR`, with the currency's minor digits and its code.
public enum AmountText {
    /// `-12.50 EUR`.
    public static func text(of money: Money) -> String {
        money.decimalText + " " + money.currency.code
    }

    /// Several currencies on one line: `-12.50 EUR, 3.00 USD` (`0.00` when there are none).
    public static func text(of sums: [Money]) -> String {
        sums.isEmpty ? "0.00" : sums.map(text(of:)).joined(separator: ", ")
    }
}
