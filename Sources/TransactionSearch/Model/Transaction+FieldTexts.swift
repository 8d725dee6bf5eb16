extension Transaction {
    /// The transaction whose fields read `text(field)` as `TransactionField.text(in:)` writes
    /// them: the inverse of that, for reading results and rows back. Nil when a field's text is
    /// not one that field can hold.
    init?(texts text: (TransactionField) throws -> String?) rethrows {
        self.init(id: "", date: .instant(millisecondsSince1970: 0), merchant: "", amount: Money(minorUnits: 0, currency: .eur))
        var amountText: String?
        var currency: Currency?
        for field in TransactionField.allCases {
            let value = try text(field)
            switch field.kind {
            case .identifier:
                guard let value, !value.isEmpty else { return nil }
                id = value
            case .date:
                guard let value, let parsed = ParsedDate.parse(value) else { return nil }
                switch parsed {
                case .day(let day): date = .day(day)
                case .instant(let milliseconds), .local(let milliseconds): date = .instant(millisecondsSince1970: milliseconds)
                }
            case .text(_, let isRequired):
                if isRequired && value == nil { return nil }
                field.setTextValue(value, in: &self)
            case .amount:
                amountText = value
            case .currency:
                guard let value, let code = Currency(value) else { return nil }
                currency = code
            case .status:
                guard let status = TransactionStatus(parsing: value ?? "posted") else { return nil }
                self.status = status
            }
        }
        guard let amountText, let currency, let money = Money(decimalText: amountText, currency: currency) else { return nil }
        amount = money
    }
}
