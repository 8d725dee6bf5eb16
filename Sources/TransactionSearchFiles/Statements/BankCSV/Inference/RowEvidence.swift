import TransactionSearch

/// What the data rows of a bank CSV file say, gathered a row at a time over every row: their
/// dates (day-first or month-first), each amount column's separators, currencies, the signs of
/// purchases and payments, and whether the reference repeats. `BankCSVReader.decide` makes the
/// file's decisions from it; nothing here keeps a row.
struct RowEvidence {
    var date = DateEvidence()
    /// Per evidence column (amount, debit, credit, then balance columns), in that order.
    var amounts: [DecimalEvidence] = []
    var currencyValues = 0, usdValues = 0
    /// The first currency other than USD the currency column names.
    var otherCurrency: Currency?
    var purchasesPositive = 0, purchasesNegative = 0, paymentsPositive = 0, paymentsNegative = 0
    var firstPositivePurchase: BankCSVLayout.Line?
    /// The signed amount column's values: how many are negative, and how many carry a `CR` or
    /// a `DR` mark; how many of its rows have a type with a way (purchase or payment), of how many.
    var negativeAmounts = 0, creditMarks = 0, debitMarks = 0, typedRows = 0, amountRows = 0
    var firstCreditMark: BankCSVLayout.Line?
    var repeatedReference: String?

    /// The columns read (from the plan's columns).
    private let plan: BankCSVRowConverter.Plan
    private let evidenceColumns: [Int]
    private var flows = ValueCache<ValueWords.Flow?>(capacity: 64)
    /// A hash per reference seen, until one repeats.
    private var references = Set<Int>()

    /// Evidence for a plan's columns; `evidenceColumns` are the amount columns and the balance
    /// columns (`BankCSVReader.evidenceColumns`).
    init(plan: BankCSVRowConverter.Plan, evidenceColumns: [Int]) {
        self.plan = plan
        self.evidenceColumns = evidenceColumns
        amounts = Array(repeating: DecimalEvidence(), count: evidenceColumns.count)
    }

    /// Adds one data row.
    mutating func add(_ view: DelimitedTable.View, _ record: Int, line: Int) {
        let dateBytes = ByteText.trimmed(view.field(record, plan.date))
        if let scan = DateScanner.scan(dateBytes) { date.add(scan, dateBytes, line: line) }
        for (column, _) in plan.secondaryDates {
            let bytes = ByteText.trimmed(view.field(record, column))
            if !bytes.isEmpty, let scan = DateScanner.scan(bytes) { date.add(scan, bytes, line: line, isMainColumn: false) }
        }
        for (position, column) in evidenceColumns.enumerated() {
            let bytes = ByteText.trimmed(view.field(record, column))
            if !bytes.isEmpty, let scan = AmountScanner.scan(bytes) {
                amounts[position].add(scan, bytes, line: line)
                if column == plan.amount {
                    amountRows += 1
                    if scan.creditDebitMark == UInt8(ascii: "C") {
                        creditMarks += 1
                        if firstCreditMark == nil { firstCreditMark = BankCSVLayout.Line(line: line, text: String(decoding: bytes, as: UTF8.self)) }
                    } else if scan.creditDebitMark == UInt8(ascii: "D") {
                        debitMarks += 1
                    } else if scan.isNegative {
                        negativeAmounts += 1
                    }
                }
            }
        }
        if let column = plan.currency {
            let bytes = ByteText.trimmed(view.field(record, column))
            if !bytes.isEmpty {
                currencyValues += 1
                if ByteText.equalsIgnoringCase(bytes, "USD") {
                    usdValues += 1
                } else if otherCurrency == nil {
                    otherCurrency = BankCSVRowConverter.currencyCode(bytes)
                }
            }
        }
        if let type = plan.type, let amount = plan.amount {
            let bytes = ByteText.trimmed(view.field(record, type))
            let amountBytes = ByteText.trimmed(view.field(record, amount))
            if !bytes.isEmpty, let flow = flows.value(bytes, { ValueWords.flow(key: ByteText.key($0)) }),
               let scan = AmountScanner.scan(amountBytes) {
                typedRows += 1
                switch (flow, scan.isNegative) {
                case (.purchase, false):
                    purchasesPositive += 1
                    if firstPositivePurchase == nil {
                        firstPositivePurchase = BankCSVLayout.Line(
                            line: line, text: String(decoding: bytes, as: UTF8.self) + " " + String(decoding: amountBytes, as: UTF8.self))
                    }
                case (.purchase, true): purchasesNegative += 1
                case (.payment, false): paymentsPositive += 1
                case (.payment, true): paymentsNegative += 1
                }
            }
        }
        if let column = plan.reference, repeatedReference == nil {
            let bytes = ByteText.trimmed(view.field(record, column))
            if !bytes.isEmpty && !BankCSVRowConverter.isPlaceholder(bytes) {
                var hasher = Hasher()
                bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
                if !references.insert(hasher.finalize()).inserted {
                    repeatedReference = String(decoding: bytes, as: UTF8.self)
                    references = []  // decided: no more hashes are needed
                }
            }
        }
    }
}
