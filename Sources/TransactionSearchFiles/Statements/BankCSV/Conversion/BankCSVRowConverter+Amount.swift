import TransactionSearch

/// A row's signed amount: one signed column, or debit and credit columns, with an indicator
/// and the file's sign rule applied.
///
/// - A debit column is money out and a credit column money in, whatever sign is written in
///   them (a card export that writes its credits as `-300.00` in `Credit` means money in).
/// - An indicator (`D`/`C`, `DR`/`CR`, `Af`/`Bij`, `S`/`H`, `K`) makes a debit negative; PayPal's
///   `Memo` (an authorization that moved no money) makes the row no transaction.
/// - The file's `SignRule` last: flipped for a card export that writes purchases as positive;
///   unmarked amounts are debits where credits alone carry a `CR` mark; a type column signs
///   amounts that carry no sign of their own.
extension BankCSVRowConverter {
    /// A row's amount, or why the row is no transaction.
    enum AmountResult {
        case amount(DecimalAmount)
        case notATransaction(String)
    }

    /// The signed amount; `currency` gets a currency the amount's text names (`12,34 EUR`,
    /// `€`, `£`), `symbol` the one a `$` (USD) or `¥` (JPY) stands for.
    mutating func amountValue(_ view: DelimitedTable.View, _ record: Int, _ location: ImportIssue.Location,
                              _ currency: inout Currency?, _ symbol: inout Currency?) throws(ImportIssue) -> AmountResult {
        var value: DecimalAmount
        var marked = false
        if let column = plan.amount {
            let bytes = ByteText.trimmed(view.field(record, column))
            guard !bytes.isEmpty else { throw ImportIssue(location, field: .amount, .invalid(.missing)) }
            let parsed = try BankCSVRowConverter.parse(bytes, decimal: plan.amountDecimal, location, &currency, &symbol)
            value = parsed.amount
            marked = parsed.isMarked
        } else {
            var debit: DecimalAmount?, credit: DecimalAmount?
            if let column = plan.debit {
                let bytes = ByteText.trimmed(view.field(record, column))
                if !bytes.isEmpty { debit = try BankCSVRowConverter.parse(bytes, decimal: plan.debitDecimal, location, &currency, &symbol).amount }
            }
            if let column = plan.credit {
                let bytes = ByteText.trimmed(view.field(record, column))
                if !bytes.isEmpty { credit = try BankCSVRowConverter.parse(bytes, decimal: plan.creditDecimal, location, &currency, &symbol).amount }
            }
            switch (debit, credit) {
            case (nil, nil):
                throw ImportIssue(location, field: .amount, .invalid(.missing))
            case (let debit?, let credit?) where debit.significand != 0 && credit.significand != 0:
                throw ImportIssue(location, field: .amount, .malformed("both the debit (\(debit)) and the credit (\(credit)) have an amount"))
            case (let debit?, let credit?):
                value = debit.significand != 0 ? BankCSVRowConverter.outgoing(debit) : BankCSVRowConverter.incoming(credit)
            case (let debit?, nil):
                value = BankCSVRowConverter.outgoing(debit)
            case (nil, let credit?):
                value = BankCSVRowConverter.incoming(credit)
            }
        }
        if let column = plan.indicator {
            let bytes = ByteText.trimmed(view.field(record, column))
            if !bytes.isEmpty {
                switch ValueWords.indicator(bytes) {
                case .debit?: value = BankCSVRowConverter.outgoing(value)
                case .credit?: break
                case .noEffect?:
                    return .notATransaction("\(quoted(ByteText.string(bytes) ?? "")): no effect on the balance (an authorization), not a transaction")
                case nil:
                    throw ImportIssue(location, field: .amount, .malformed("\(quoted(ByteText.string(bytes) ?? "")) says neither debit nor credit"))
                }
            }
        }
        switch plan.sign {
        case .asWritten:
            break
        case .flipped:
            value = DecimalAmount(significand: -value.significand, fractionDigits: value.fractionDigits)
        case .unmarkedAreDebits:
            if !marked { value = BankCSVRowConverter.outgoing(value) }
        case .byType:
            if let column = plan.type {
                let bytes = ByteText.trimmed(view.field(record, column))
                switch flows.value(bytes, { ValueWords.flow(key: ByteText.key($0)) }) {
                case .purchase?: value = BankCSVRowConverter.outgoing(value)
                case .payment?: value = BankCSVRowConverter.incoming(value)
                case nil: break
                }
            }
        }
        return .amount(value)
    }

    /// Money out: negative, whether written unsigned or already negative (never flipped twice).
    static func outgoing(_ amount: DecimalAmount) -> DecimalAmount {
        amount.significand > 0 ? DecimalAmount(significand: -amount.significand, fractionDigits: amount.fractionDigits) : amount
    }

    /// Money in: positive, whatever sign was written.
    static func incoming(_ amount: DecimalAmount) -> DecimalAmount {
        amount.significand < 0 ? DecimalAmount(significand: -amount.significand, fractionDigits: amount.fractionDigits) : amount
    }

    /// An amount cell's value, and whether it carried a `CR` or `DR` mark.
    static func parse(_ bytes: ByteView, decimal: UInt8, _ location: ImportIssue.Location,
                      _ currency: inout Currency?, _ symbol: inout Currency?) throws(ImportIssue) -> (amount: DecimalAmount, isMarked: Bool) {
        if let scan = AmountScanner.scan(bytes), scan.digits > DecimalAmount.maximumDigits {
            throw ImportIssue(location, field: .amount, .invalid(.tooManyDigits(ByteText.string(bytes) ?? "")))
        }
        guard let scan = AmountScanner.scan(bytes), let amount = AmountScanner.parse(bytes, scan, decimal: decimal) else {
            let style = decimal == UInt8(ascii: ",") ? "a decimal comma (like -1.234,56)" : "a decimal point (like -1,234.56)"
            throw ImportIssue(location, field: .amount, .malformed("\(quoted(ByteText.string(bytes) ?? "")) is not an amount with \(style)"))
        }
        if let named = scan.currency { currency = named }
        if scan.hasDollarSign { symbol = .usd } else if scan.hasYenSign { symbol = .jpy }
        return (amount, scan.creditDebitMark != 0)
    }
}
