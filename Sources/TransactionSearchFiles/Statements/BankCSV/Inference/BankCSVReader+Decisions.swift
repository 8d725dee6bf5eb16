import TransactionSearch

/// The decisions made once per file, from what every data row says (`RowEvidence`): date
/// order, each amount column's decimal separator, the sign convention, the currency, whether
/// the reference identifies transactions, and the plan the row converter follows.
extension BankCSVReader {
    /// What was decided for a file, for the row converter and the layout.
    struct Decided {
        var plan: BankCSVRowConverter.Plan
        var dateOrder: DateOrderDecision.Outcome
        var dateStyle: String
        var decimal: DecimalSeparatorDecision.Outcome
        var signReason: String
        var headerCurrency: Currency?
        /// Where `plan.fileCurrency` came from, in words (`the header "Betrag (EUR)"`).
        var fileCurrencySource: String?
        var notes: [String] = []
    }

    /// The converter's plan as far as the columns' roles say: which column holds what. The
    /// decisions (`decide`) fill in the rest.
    static func columnPlan(roles: ColumnRoles, headers: [HeaderName], export: KnownExport?) -> BankCSVRowConverter.Plan {
        var plan = BankCSVRowConverter.Plan()
        plan.date = roles.column(.date) ?? 0
        plan.time = roles.column(.time)
        plan.timeZone = roles.column(.timeZone)
        plan.amount = roles.column(.amount)
        plan.debit = roles.column(.debit)
        plan.credit = roles.column(.credit)
        plan.indicator = roles.column(.indicator)
        plan.merchants = roles.columns(.merchant)
        plan.descriptions = roles.columns(.description)
        plan.notes = roles.columns(.notes)
        plan.currency = roles.column(.currency)
        plan.status = roles.column(.status)
        plan.category = roles.column(.category)
        plan.subcategory = roles.column(.subcategory)
        plan.card = roles.column(.card)
        plan.account = roles.column(.account)
        plan.reference = roles.column(.reference)
        plan.pendingReference = roles.column(.pendingReference)
        plan.type = roles.column(.type)
        plan.secondaryDates = roles.columns(.valueDate).map { ($0, headers[ifPresent: $0]?.original.nilIfEmpty ?? "Value date") }
        if let export, let direction = export.direction {
            func columns(_ names: [String]) -> [Int] {
                names.compactMap { name in headers.firstIndex { $0.key == HeaderName(name).key } }
            }
            plan.outgoingMerchants = columns(direction.outgoing)
            plan.incomingMerchants = columns(direction.incoming)
        }
        plan.zeroAmountIsNotice = export?.zeroAmountIsNotice ?? false
        return plan
    }

    /// The columns whose values are evidence for the decimal separators: the amount, debit and
    /// credit columns, then the running balances.
    static func evidenceColumns(of plan: BankCSVRowConverter.Plan, roles: ColumnRoles) -> [Int] {
        [plan.amount, plan.debit, plan.credit].compactMap { $0 } + roles.columns(.balance)
    }

    /// Decides date order, decimal separators, sign, currency, status kind, reference use and
    /// account from what every data row says (`evidence`, gathered for `columnPlan`'s
    /// columns), and completes the row converter's plan.
    static func decide(plan columns: BankCSVRowConverter.Plan, evidence: RowEvidence, headers: [HeaderName], roles: ColumnRoles,
                       options: BankCSVOptions, export: KnownExport?, preamble: PreambleFacts) -> Decided {
        func label(_ index: Int) -> String {
            index < headers.count && !headers[index].original.isEmpty ? quoted(headers[index].original) : "column \(index + 1)"
        }
        let language = headerLanguage(headers, roles: roles)
        var plan = columns
        var notes: [String] = []

        // The currency the file names for all its rows: a header (`Amount (EUR)`, `Amount ($)`),
        // the lines before the header, the known export's.
        let evidenceColumns = evidenceColumns(of: plan, roles: roles)
        let named = evidenceColumns.lazy.compactMap { index -> (Currency, String)? in
            guard let name = headers[ifPresent: index], let currency = name.currency ?? (name.hasDollarSign ? .usd : nil) else { return nil }
            return (currency, name.original)
        }.first
        let headerCurrency = named?.0
        plan.fileCurrency = headerCurrency ?? preamble.currency ?? export?.currency
        let fileCurrencySource = named.map { "the header \(quoted($0.1))" }
            ?? (preamble.currency != nil ? "the lines before the header" : export.map { "the currency of \($0.name)'s export" })
        plan.defaultCurrency = options.defaultCurrency

        // Date order.
        let fileOrColumn = plan.fileCurrency ?? evidence.otherCurrency
        let context = DateOrderDecision.Context(
            export: export, language: language,
            usEvidence: usEvidence(headers: headers, evidence: evidence, fileCurrency: plan.fileCurrency),
            otherCurrency: fileOrColumn == .usd ? nil : fileOrColumn)
        let dateOrder = DateOrderDecision.decide(evidence.date, option: options.dateOrder, context: context)
        plan.dateOrder = dateOrder.order
        let dateStyle = DateOrderDecision.style(of: evidence.date.first, order: dateOrder.order)
        plan.dateStyle = dateStyle
        plan.lastDay = DateOrderDecision.lastDay(evidence.date, order: dateOrder.order)
        notes += dateOrder.notes

        // Decimal separators, per column.
        let minorDigits = plan.fileCurrency?.minorDigits ?? 2
        let decimal = DecimalSeparatorDecision.decide(zip(evidenceColumns, evidence.amounts).map { (label($0), $1) },
                                                      option: options.decimalSeparator, language: language, minorDigits: minorDigits)
        for (column, separator) in zip(evidenceColumns, decimal.separators) {
            if column == plan.amount { plan.amountDecimal = separator.byte }
            if column == plan.debit { plan.debitDecimal = separator.byte }
            if column == plan.credit { plan.creditDecimal = separator.byte }
        }
        notes += decimal.notes

        let signReason = decideSign(&plan, evidence: evidence, options: options, export: export, label: label, notes: &notes)

        // Status, reference, account.
        if let status = plan.status {
            let key = headers[ifPresent: status]?.key ?? ""
            if ["pending", "vorgemerkt", "en attente", "pendiente", "in sospeso", "in behandeling", "pendente"].contains(key) {
                plan.statusKind = .pendingFlag
            } else if ["posted", "booked", "completed", "gebucht", "cleared", "umsatz abgerechnet und nicht im saldo enthalten"].contains(key) {
                plan.statusKind = .postedFlag
            }
        }
        if let reference = plan.reference {
            plan.referenceLabel = headers[ifPresent: reference]?.original.nilIfEmpty ?? "Reference"
            if let repeated = evidence.repeatedReference {
                plan.referenceIsID = false
                notes.append("\(label(reference)) repeats values (\(quoted(repeated))): kept in the notes, not used as the bank's id")
            }
        }
        if let account = options.account {
            plan.fixedAccount = maskedIfNumber(account)
            plan.fixedAccountIdentity = account
            if let column = plan.account { notes.append("the given account replaces \(label(column))") }
        } else if plan.account == nil, let account = preamble.account {
            plan.fixedAccount = account
            plan.fixedAccountIdentity = preamble.accountIdentity
            notes.append("the account \(account) is the one named on line \(preamble.accountLine ?? 0)")
        }
        for balance in roles.columns(.balance) { notes.append("\(label(balance)) is a running balance: read, not imported") }
        if preamble.currency != nil && headerCurrency == nil, let currency = preamble.currency {
            notes.append("amounts are in \(currency.code), as the lines before the header say")
        }
        return Decided(plan: plan, dateOrder: dateOrder, dateStyle: dateStyle, decimal: decimal, signReason: signReason,
                       headerCurrency: headerCurrency ?? preamble.currency, fileCurrencySource: fileCurrencySource, notes: notes)
    }

    /// Decides how amounts are signed (`plan.sign`), and says why. A type column decides a
    /// sign only where the amounts carry none: PayPal's `Gross` is signed, and its types are
    /// never a reason to flip it (docs/SPEC.md section 9).
    private static func decideSign(_ plan: inout BankCSVRowConverter.Plan, evidence: RowEvidence, options: BankCSVOptions,
                                   export: KnownExport?, label: (Int) -> String, notes: inout [String]) -> String {
        if let sign = options.sign {
            plan.sign = sign == .flipped ? .flipped : .asWritten
            return "given"
        }
        guard let amount = plan.amount else {
            let indicator = plan.indicator.map { ", read as the transaction type beside \(label($0))" } ?? ""
            return "debit and credit columns: a debit is money out, a credit money in, whatever sign is written in them\(indicator)"
        }
        if export?.sign == .purchasesPositive, let export {
            plan.sign = .flipped
            return "flipped: \(export.name) writes card purchases as positive amounts and payments as negative"
        }
        if let indicator = plan.indicator {
            return "\(label(indicator)) marks each amount of \(label(amount)) as a debit (money out) or a credit"
        }
        let unsigned = evidence.negativeAmounts == 0 && evidence.debitMarks == 0
        if unsigned && evidence.creditMarks > 0, let example = evidence.firstCreditMark {
            plan.sign = .unmarkedAreDebits
            return "no amount carries a sign but credits are marked CR (\(example.text), line \(example.line)): every unmarked amount is money out"
        }
        if let type = plan.type, unsigned, evidence.amountRows > 0, evidence.typedRows == evidence.amountRows {
            plan.sign = .byType
            return "no amount in \(label(amount)) carries a sign: \(label(type)) says each row's way (a purchase is money out, a payment or refund money in)"
        }
        var reason = "as written: the amounts in \(label(amount)) carry their own sign, negative is money out"
        if let type = plan.type, evidence.purchasesPositive > evidence.purchasesNegative, let example = evidence.firstPositivePurchase {
            let note = "purchases in \(label(type)) are positive (\(example.text), line \(example.line)); if this card statement lists purchases as positive, give --sign flipped"
            notes.append(note)
            reason += "; " + note
        }
        return reason
    }

    /// Why the file looks American (for month-first dates), or nil.
    private static func usEvidence(headers: [HeaderName], evidence: RowEvidence, fileCurrency: Currency?) -> String? {
        if let word = headers.first(where: { HeaderVocabulary.meaning(of: $0)?.isUSOnly == true }) {
            return "US header \(quoted(word.original))"
        }
        if fileCurrency == .usd { return "amounts in USD" }
        if fileCurrency == nil && evidence.amounts.contains(where: { $0.dollarSigns > 0 }) { return "$ amounts" }
        if fileCurrency == nil && evidence.currencyValues > 0 && evidence.usdValues * 2 > evidence.currencyValues {
            return "USD in the currency column"
        }
        return nil
    }

    /// The language most header names are in (names several languages share count for each a
    /// share), or nil when no name is known.
    static func headerLanguage(_ headers: [HeaderName], roles: ColumnRoles) -> HeaderLanguage? {
        var scores = Array(repeating: 0.0, count: HeaderLanguage.allCases.count)
        for name in headers {
            guard let meaning = HeaderVocabulary.meaning(of: name), meaning.languages != 0,
                  meaning.languages != HeaderLanguage.everyLanguage else { continue }
            let count = Double(meaning.languages.nonzeroBitCount)
            for (index, language) in HeaderLanguage.allCases.enumerated() where meaning.languages & language.bit != 0 {
                scores[index] += 1 / count
            }
        }
        guard let best = scores.indices.max(by: { scores[$0] < scores[$1] }), scores[best] > 0 else { return nil }
        return HeaderLanguage.allCases[best]
    }
}
