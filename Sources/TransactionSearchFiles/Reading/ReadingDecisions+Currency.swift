import TransactionSearch

extension ReadingDecisions {
    /// How a reader says where a currency came from when the file names none.
    static func noCurrency(_ context: StatementContext) -> String {
        context.defaultCurrency.map { "none in the file: \($0.code), as given" } ?? "none in the file: the store's base currency"
    }
}
