import TransactionSearch

/// The last pass over a QIF file: each record of a transaction section becomes a
/// `StatementEntry`, or issues naming the line, the field and the reason.
///
/// What each code becomes:
/// - `D` the date (a calendar day), `T` the amount (`U` when there is no `T`); a symbol or
///   ISO code written in the amount is the entry's currency (`QIFAmountCurrency`), two
///   different ones in one amount an error;
/// - `P` the merchant; with no `P` (or an empty one), the memo, else the category (`Transfer:
///   Checking` for a transfer), else the check number (`Check 1234`) or kind (`ATM`), else
///   `Withdrawal` or `Deposit` by the amount's sign: a record is never refused for its payee
///   (only half of a record whose `^` is missing, which is filled in with nothing);
/// - `M` the first part of the notes;
/// - `L` the category and subcategory (`QIFCategory`); a transfer `[Checking]` has no
///   category, the transaction type `TRANSFER` and `transfer: Checking` in the notes; a class
///   (`/Business`) is kept in the notes as `class: Business`;
/// - `N` a check number (digits): `check 1234` in the notes and the type `CHECK`, since check
///   numbers repeat across accounts and years and are no id; other text (`ATM`, `DEP`, `EFT`)
///   is the transaction type, or `number: ATM` in the notes of a transfer;
/// - `C` (cleared `*`/`c`, reconciled `X`/`R`, or blank) changes nothing: a QIF export lists
///   booked items, so every entry is posted;
/// - `A` (the payee's postal address, for printing checks), `F`, `%` and `X...` are ignored;
///   any other code is ignored with one warning per code.
/// - Splits (`S` category, `E` memo, `$` amount, repeated) make ONE entry with the total `T`.
///   Its category is the one of the largest split by magnitude (the first on ties; transfers
///   left out), and the notes end with every split, `splits: Food:Groceries -12.00 (weekly
///   shop); Household -8.00`. Splits that do not add up to the total give a warning. A record
///   with splits and no `T` takes their sum, with a warning.
/// - A record with the payee `Opening Balance` whose category is a transfer to its own account
///   is Quicken's starting balance, not a transaction: it is skipped.
struct QIFRecordReader {
    private struct Split {
        var category = -1
        var memo = -1
        var amount = -1
    }

    private let bytes: ByteView
    private let scan: QIFScan
    private let conventions: QIFConventions
    private var reportedCodes = [Bool](repeating: false, count: 256)
    private var splits: [Split] = []

    /// A reader of the records of `scan` over `bytes`, in the file's `conventions`.
    init(_ bytes: ByteView, scan: QIFScan, conventions: QIFConventions) {
        self.bytes = bytes
        self.scan = scan
        self.conventions = conventions
    }

    /// Reads every record of the scan into `statement`.
    mutating func read(into statement: inout ParsedStatement) {
        statement.entries.reserveCapacity(scan.records.count)
        for record in scan.records {
            read(record, into: &statement)
        }
    }

    private mutating func read(_ record: QIFScan.Record, into statement: inout ParsedStatement) {
        var date = -1, total = -1, alternateTotal = -1, payee = -1, memo = -1, category = -1, number = -1
        splits.removeAll(keepingCapacity: true)
        for index in Int(record.firstField)..<Int(record.endField) {
            let field = scan.fields[index]
            switch field.code {
            case UInt8(ascii: "D"): if date < 0 { date = index }
            case UInt8(ascii: "T"): if total < 0 { total = index }
            case UInt8(ascii: "U"): if alternateTotal < 0 { alternateTotal = index }
            case UInt8(ascii: "P"): if payee < 0 { payee = index }
            case UInt8(ascii: "M"): if memo < 0 { memo = index }
            case UInt8(ascii: "L"): if category < 0 { category = index }
            case UInt8(ascii: "N"): if number < 0 { number = index }
            case UInt8(ascii: "S"):
                splits.append(Split(category: index))
            case UInt8(ascii: "E"):
                if let last = splits.last, last.memo < 0, last.amount < 0 {
                    splits[splits.count - 1].memo = index
                } else {
                    splits.append(Split(memo: index))
                }
            case UInt8(ascii: "$"):
                if let last = splits.last, last.amount < 0 {
                    splits[splits.count - 1].amount = index
                } else {
                    splits.append(Split(amount: index))
                }
            case UInt8(ascii: "C"), UInt8(ascii: "A"), UInt8(ascii: "F"), UInt8(ascii: "%"), UInt8(ascii: "X"):
                continue
            default:
                if !reportedCodes[Int(field.code)] {
                    reportedCodes[Int(field.code)] = true
                    let code = String(decoding: [field.code], as: UTF8.self)
                    statement.warnings.append("line \(field.line): unknown QIF code \(quoted(code)) ignored (here and on any later line)")
                }
            }
        }
        let recordLine = Int(record.line)
        let issueCount = statement.issues.count

        // Date.
        var day: CalendarDay?
        if date < 0 {
            statement.issues.append(ImportIssue(.line(recordLine), field: .date, .invalid(.missing)))
        } else {
            let field = scan.fields[date]
            day = QIFDate(bytes, field.range)?.day(conventions.dateOrder)
            if day == nil {
                statement.issues.append(ImportIssue(.line(Int(field.line)), field: .date, .invalid(.unreadableDate(bytes.text(field.range), expected: "a real day written like 03/14/26, 14/03/2026, 3/14'26 or 14.03.2026"))))
            }
        }

        // Splits, then the amount.
        var splitSum: DecimalAmount? = splits.isEmpty ? nil : 0
        var splitAmounts: [DecimalAmount?] = []
        if !splits.isEmpty {
            splitAmounts.reserveCapacity(splits.count)
            for split in splits {
                guard split.amount >= 0 else {
                    splitAmounts.append(nil)
                    splitSum = nil
                    continue
                }
                let field = scan.fields[split.amount]
                let amount = QIFAmount.parse(bytes, field.range, style: conventions.amountStyle)
                if amount == nil {
                    statement.warnings.append("line \(field.line): split amount \(quoted(bytes.text(field.range))) is not a number; the split is kept in the notes as written")
                }
                splitAmounts.append(amount)
                splitSum = amount.flatMap { splitSum?.adding($0) }
            }
        }
        var amount: DecimalAmount?
        var currency: Currency?
        let amountField = total >= 0 ? total : alternateTotal
        if amountField >= 0 {
            let field = scan.fields[amountField]
            amount = QIFAmount.parse(bytes, field.range, style: conventions.amountStyle)
            switch QIFAmountCurrency.of(bytes, field.range) {
            case .none: break
            case .named(_, let named): currency = named
            case .conflicting(let first, let second):
                statement.issues.append(ImportIssue(.line(Int(field.line)), field: .amount, .malformed(
                    "the amount \(quoted(bytes.text(field.range))) names two currencies, \(first) and \(second)")))
            }
            if amount == nil {
                statement.issues.append(ImportIssue(.line(Int(field.line)), field: .amount, .invalid(.unreadableAmount(bytes.text(field.range), expected: "a number such as -1,234.56"))))
            } else if let splitSum, let amount, !splitSum.hasSameValue(as: amount) {
                statement.warnings.append("line \(recordLine): the splits add up to \(splitSum), not the total \(amount)")
            }
        } else if let splitSum {
            amount = splitSum
            statement.warnings.append("line \(recordLine): the record has no T amount; its total is the sum of its splits, \(splitSum)")
        } else {
            statement.issues.append(ImportIssue(.line(recordLine), field: .amount, .invalid(.missing)))
        }

        // Merchant: the payee, else the memo, the category, the check number or kind (`N`), else
        // the way the money went: never a refusal.
        let memoText = memo >= 0 ? bytes.trimmedText(scan.fields[memo].range) : nil
        var merchant = payee >= 0 ? bytes.trimmedText(scan.fields[payee].range) : nil
        var notes = StatementNotes()
        if merchant == nil {
            merchant = memoText
        } else if let memoText {
            notes.append(memoText)
        }
        if merchant == nil && record.endsAtRepeat {
            // Half of a record whose `^` is missing: nothing is filled in (a record never merges two).
            statement.issues.append(ImportIssue(.line(recordLine), field: .merchant, .invalid(.missing)))
        }
        if merchant == nil, category >= 0, let label = bytes.trimmedText(scan.fields[category].range) {
            merchant = QIFCategory(bytes, scan.fields[category].range).transferAccount.map { "Transfer: " + $0 } ?? label
        }
        if merchant == nil, number >= 0, let numberText = bytes.trimmedText(scan.fields[number].range) {
            merchant = numberText.utf8.allSatisfy(ByteView.isDigit) ? "Check " + numberText : numberText
        }
        if merchant == nil, let amount { merchant = amount.significand < 0 ? "Withdrawal" : "Deposit" }
        guard statement.issues.count == issueCount, let day, let amount, let merchant else { return }

        let section = scan.sections[Int(record.section)]
        let label = category >= 0 ? QIFCategory(bytes, scan.fields[category].range) : nil
        if let label, let account = label.transferAccount, merchant.lowercased() == "opening balance",
           section.accountName.map({ $0.trimmingWhitespace() == account }) ?? true {
            statement.skipped.append(SkippedPart(.line(recordLine), "opening balance \(amount) of account \(account): Quicken's starting balance, not a transaction"))
            return
        }

        var entry = StatementEntry(location: .line(recordLine), date: .day(day), amount: amount, merchant: merchant,
                                   account: section.maskedAccount, accountIdentity: section.accountName)
        if section.type == .creditCard { entry.card = section.maskedAccount }
        entry.currency = currency

        // Category, transfer, class, check number.
        if let numberText = number >= 0 ? bytes.trimmedText(scan.fields[number].range) : nil {
            if numberText.utf8.allSatisfy(ByteView.isDigit) {
                notes.append("check \(numberText)")
                entry.transactionType = "CHECK"
            } else if label?.isTransfer == true {
                notes.append("number: \(numberText)")
            } else {
                entry.transactionType = numberText
            }
        }
        if splits.isEmpty, let label {
            entry.category = label.category
            entry.subcategory = label.subcategory
            if let account = label.transferAccount {
                notes.append("transfer: \(account)")
                entry.transactionType = "TRANSFER"
            }
            if let className = label.className { notes.append("class: \(className)") }
        } else if !splits.isEmpty {
            notes.append(splitNotes(amounts: splitAmounts, into: &entry))
        }
        entry.notes = notes.text
        statement.entries.append(entry)
    }

    /// `splits: Food:Groceries -12.00 (weekly shop); Household -8.00`, and the category of the
    /// largest split (transfers left out) set on `entry`.
    private func splitNotes(amounts: [DecimalAmount?], into entry: inout StatementEntry) -> String {
        var parts: [String] = []
        var largest: (magnitude: DecimalAmount, label: QIFCategory)?
        var allTransfers = true
        for (split, amount) in zip(splits, amounts) {
            let categoryText = split.category >= 0 ? bytes.trimmedText(scan.fields[split.category].range) : nil
            var part = categoryText ?? "no category"
            if let amount {
                part += " \(amount)"
            } else if split.amount >= 0 {
                part += " " + bytes.text(scan.fields[split.amount].range)
            }
            if split.memo >= 0, let memoText = bytes.trimmedText(scan.fields[split.memo].range) {
                part += " (\(memoText))"
            }
            parts.append(part)
            let label = split.category >= 0 ? QIFCategory(bytes, scan.fields[split.category].range) : nil
            if label?.isTransfer != true { allTransfers = false }
            guard let label, label.category != nil, let amount else { continue }
            let magnitude = amount.significand < 0 ? amount.negated : amount
            if largest.map({ isGreater(magnitude, than: $0.magnitude) }) ?? true {
                largest = (magnitude, label)
            }
        }
        entry.category = largest?.label.category
        entry.subcategory = largest?.label.subcategory
        if allTransfers { entry.transactionType = "TRANSFER" }
        return "splits: " + parts.joined(separator: "; ")
    }

    private func isGreater(_ left: DecimalAmount, than right: DecimalAmount) -> Bool {
        let digits = max(left.fractionDigits, right.fractionDigits)
        guard let left = left.padded(toFractionDigits: digits), let right = right.padded(toFractionDigits: digits) else { return false }
        return left.significand > right.significand
    }
}
