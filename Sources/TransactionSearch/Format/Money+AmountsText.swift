extension Array where Element == Money {
    /// Several currencies' amounts on one line for people: `-12.50 EUR, 3.00 USD`, each as
    /// `Money.description`; `0.00` when there are none. What a group's or a total's `sums` read as.
    public var amountsText: String {
        isEmpty ? "0.00" : map(\.description).joined(separator: ", ")
    }
}
