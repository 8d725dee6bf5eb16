/// The decisions made once per file, from what every data row says (`RowEvidence`): date
/// order, each amount column's decimal separator, the sign convention, whether the reference
/// identifies transactions, and the plan the row converter follows.
extension BankCSVReader {
    /// What was decided for a file, for the row converter and the layout.
    struct Decided {
        var plan: BankCSVRowConverter.Plan
        var dateOrder: DateOrderDecision.Outcome
        var dateStyle: String
        var decimal: DecimalSeparatorDecision.Outcome
        var signReason: String
        var headerCurrency: Currency?
        var notes: [String] = []
    }

    /// The converter's plan as far as the columns' roles say: which column holds what. The
    /// decisions (`decide`) fill in the rest.
    static func columnPlan(roles: ColumnRoles, headers: [HeaderName]) -> BankCSVRowConverter.Plan {
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
        return plan
    }

    /// The columns whose values are evidence for the decimal separators: the amount, debit and
    /// credit columns, then the running balances.
    static func evidenceColumns(of plan: BankCSVRowConverter.Plan, roles: ColumnRoles) -> [Int] {
        [plan.amount, plan.debit, plan.credit].compactMap { $0 } + roles.columns(.balance)
    }

    /// Decides date order, decimal separators, sign, status kind, reference use and account
    /// from what every data row says (`evidence`, gathered for `columnPlan`'s columns), and
    /// completes the row converter's plan.
    static func decide(plan columns: BankCSVRowConverter.Plan, evidence: RowEvidence, headers: [HeaderName], roles: ColumnRoles,
                       options: BankCSVOptions, context: StatementContext,
                       preamble: PreambleFacts) -> Decided {
        func label(_ index: Int) -> String {
            index < headers.count && !headers[index].original.isEmpty ? quoted(headers[index].original) : "column \(index + 1)"
        }
        let language = headerLanguage(headers, roles: roles)
        var plan = columns
        var notes: [String] = []

        let evidenceColumns = evidenceColumns(of: plan, roles: roles)
        let headerCurrency = evidenceColumns.lazy.compactMap { headers[ifPresent: $0]?.currency }.first
        plan.fileCurrency = headerCurrency ?? preamble.currency ?? options.defaultCurrency

        // Date order.
        let usEvidence = usEvidence(headers: headers, evidence: evidence, headerCurrency: headerCurrency ?? preamble.currency,
                                    defaultCurrency: options.defaultCurrency ?? context.defaultCurrency)
        let dateOrder = DateOrderDecision.decide(evidence.date, option: options.dateOrder, usEvidence: usEvidence, language: language)
        plan.dateOrder = dateOrder.order
        let dateStyle = DateOrderDecision.style(of: evidence.date.first, order: dateOrder.order)
        plan.dateStyle = dateStyle
        notes += dateOrder.notes

        // Decimal separators, per column.
        let minorDigits = (plan.fileCurrency ?? context.defaultCurrency)?.minorDigits ?? 2
        let decimal = DecimalSeparatorDecision.decide(zip(evidenceColumns, evidence.amounts).map { (label($0), $1) },
                                                      option: options.decimalSeparator, language: language, minorDigits: minorDigits)
        for (column, separator) in zip(evidenceColumns, decimal.separators) {
            if column == plan.amount { plan.amountDecimal = separator.byte }
            if column == plan.debit { plan.debitDecimal = separator.byte }
            if column == plan.credit { plan.creditDecimal = separator.byte }
        }
        notes += decimal.notes

        // Sign convention.
        var signReason: String
        if let sign = options.sign {
            plan.flip = sign == .flipped
            signReason = "given"
        } else if let type = plan.type, plan.amount != nil, evidence.purchasesPositive + evidence.purchasesNegative > 0 {
            if evidence.purchasesPositive > evidence.purchasesNegative && evidence.paymentsNegative >= evidence.paymentsPositive,
               let example = evidence.firstPositivePurchase {
                plan.flip = true
                signReason = "purchases are written as positive amounts in \(label(type)) (\(example.text), line \(example.line)): every amount's sign is flipped, so that purchases are negative"
                notes.append(signReason)
            } else if evidence.purchasesPositive > 0 {
                signReason = "as written: purchases in \(label(type)) have both signs (\(evidence.purchasesNegative) negative, \(evidence.purchasesPositive) positive)"
                notes.append(signReason)
            } else {
                signReason = "as written: purchases in \(label(type)) are negative"
            }
        } else if plan.amount == nil {
            signReason = "as written: debit is money out, credit money in"
        } else if let indicator = plan.indicator {
            signReason = "as written, debits made negative by \(label(indicator))"
        } else {
            signReason = "as written: negative is money out (give --sign flipped for a card export that writes purchases as positive)"
        }

        // Status, reference, account.
        if let status = plan.status {
            let key = headers[ifPresent: status]?.key ?? ""
            if ["pending", "vorgemerkt", "en attente", "pendiente", "in sospeso", "in behandeling", "pendente"].contains(key) {
                plan.statusKind = .pendingFlag
            } else if ["posted", "booked", "completed", "gebucht", "cleared"].contains(key) {
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
                       headerCurrency: headerCurrency ?? preamble.currency, notes: notes)
    }

    /// Why the file looks American (for month-first dates), or nil.
    private static func usEvidence(headers: [HeaderName], evidence: RowEvidence, headerCurrency: Currency?,
                                   defaultCurrency: Currency?) -> String? {
        if let word = headers.first(where: { HeaderVocabulary.meaning(of: $0)?.isUSOnly == true }) {
            return "US header \(quoted(word.original))"
        }
        if evidence.amounts.contains(where: { $0.dollarSigns > 0 }) { return "$ amounts" }
        if headerCurrency == .usd { return "amounts in USD" }
        if headerCurrency == nil && evidence.currencyValues > 0 && evidence.usdValues * 2 > evidence.currencyValues {
            return "USD in the currency column"
        }
        if headerCurrency == nil && evidence.currencyValues == 0 && defaultCurrency == .usd { return "the default currency is USD" }
        return nil
    }

    /// The language most header names are in (names several languages share count for each a
    /// share), or nil when no name is known.
    static func headerLanguage(_ headers: [HeaderName], roles: ColumnRoles) -> HeaderLanguage? {
        var scores = Array(repeating: 0.0, count: HeaderLanguage.allCases.count)
        for name in headers {
            guard let meaning = HeaderVocabulary.meaning(of: name), meaning.languages != 0, meaning.languages != 0x7F else { continue }
            let count = Double(meaning.languages.nonzeroBitCount)
            for (index, language) in HeaderLanguage.allCases.enumerated() where meaning.languages & language.bit != 0 {
                scores[index] += 1 / count
            }
        }
        guard let best = scores.indices.max(by: { scores[$0] < scores[$1] }), scores[best] > 0 else { return nil }
        return HeaderLanguage.allCases[best]
    }
}
