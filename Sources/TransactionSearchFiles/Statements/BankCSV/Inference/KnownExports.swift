import TransactionSearch

/// The exports the reader recognises (`KnownExport`), learnt from the banks' and services' own
/// help pages and from open-source importers' descriptions of them (docs/bank-files.md lists
/// each with its source and how sure it is). Header names are written as the bank writes them.
enum KnownExports {
    static let all: [KnownExport] = unitedStates + services + netherlands + germany + elsewhere

    private static let unitedStates: [KnownExport] = [
        KnownExport(name: "Mint", required: ["Date", "Description", "Original Description", "Amount", "Transaction Type", "Account Name"],
                    dateOrder: .monthDayYear, currency: .usd, columns: [("Transaction Type", .role(.indicator))]),
        KnownExport(name: "Chase checking", required: ["Details", "Posting Date", "Description", "Amount", "Type", "Check or Slip #"],
                    dateOrder: .monthDayYear, currency: .usd,
                    columns: [("Details", .ignored("DEBIT, CREDIT or CHECK: the kind, which Type names too")), ("Type", .role(.type))]),
        KnownExport(name: "Chase credit card", required: ["Transaction Date", "Post Date", "Description", "Category", "Type", "Amount"],
                    dateOrder: .monthDayYear, currency: .usd),
        KnownExport(name: "American Express", required: ["Date", "Description", "Amount", "Extended Details", "Appears On Your Statement As"],
                    dateOrder: .monthDayYear, sign: .purchasesPositive, currency: .usd,
                    columns: [("Appears On Your Statement As", .ignored("the description again, as the statement prints it")),
                              ("Reference", .role(.reference))]),
        KnownExport(name: "American Express", required: ["Date", "Description", "Card Member", "Account #", "Amount"],
                    dateOrder: .monthDayYear, sign: .purchasesPositive, currency: .usd),
        KnownExport(name: "Capital One credit card", required: ["Transaction Date", "Posted Date", "Card No.", "Description", "Category", "Debit", "Credit"],
                    dateOrder: .monthDayYear, currency: .usd),
        KnownExport(name: "Capital One 360", required: ["Account Number", "Transaction Description", "Transaction Date", "Transaction Type", "Transaction Amount", "Balance"],
                    dateOrder: .monthDayYear, currency: .usd, columns: [("Transaction Type", .role(.indicator))]),
        KnownExport(name: "Citi credit card", required: ["Status", "Date", "Description", "Debit", "Credit"], dateOrder: .monthDayYear, currency: .usd),
        KnownExport(name: "Discover card", required: ["Trans. Date", "Post Date", "Description", "Amount", "Category"],
                    dateOrder: .monthDayYear, sign: .purchasesPositive, currency: .usd),
        KnownExport(name: "Bank of America", required: ["Date", "Description", "Amount", "Running Bal."], dateOrder: .monthDayYear, currency: .usd),
        KnownExport(name: "Bank of America credit card", required: ["Posted Date", "Reference Number", "Payee", "Address", "Amount"],
                    dateOrder: .monthDayYear, currency: .usd),
        KnownExport(name: "Wells Fargo", required: [],
                    headerless: .init(names: ["Date", "Amount", "Wells Fargo mark", "Check Number", "Description"], delimiter: UInt8(ascii: ",")) {
                        $0.count >= 5 && isDate($0[0]) && isAmount($0[1]) && $0[2] == "*"
                    },
                    dateOrder: .monthDayYear, currency: .usd, columns: [("Wells Fargo mark", .ignored("always *"))]),
        KnownExport(name: "Charles Schwab", required: ["Date", "Status", "Type", "CheckNumber", "Description", "Withdrawal", "Deposit", "RunningBalance"],
                    dateOrder: .monthDayYear, currency: .usd),
        KnownExport(name: "Charles Schwab", required: ["Date", "Type", "Check #", "Description", "Withdrawal (-)", "Deposit (+)", "RunningBalance"],
                    dateOrder: .monthDayYear, currency: .usd),
        KnownExport(name: "Charles Schwab brokerage", required: ["Date", "Action", "Symbol", "Description", "Quantity", "Price", "Fees & Comm", "Amount"],
                    dateOrder: .monthDayYear, currency: .usd),
        KnownExport(name: "Mercury", required: ["Date (UTC)", "Description", "Amount", "Status", "Source Account", "Bank Description"],
                    dateOrder: .monthDayYear, currency: .usd, columns: [("Bank Description", .role(.notes)), ("Source Account", .role(.account))]),
        KnownExport(name: "Plaid", required: ["date", "name", "amount", "pending", "merchant_name", "transaction_id", "iso_currency_code"],
                    sign: .purchasesPositive, columns: [("name", .role(.description)), ("merchant_name", .role(.merchant))]),
        KnownExport(name: "YNAB", required: ["Account", "Flag", "Date", "Payee", "Category Group/Category", "Category Group", "Category", "Memo", "Outflow", "Inflow", "Cleared"],
                    columns: [("Category Group/Category", .ignored("the category group and category again")), ("Category Group", .role(.category)),
                              ("Category", .role(.subcategory)), ("Flag", .ignored("a colour flag"))]),
        KnownExport(name: "YNAB 4", required: ["Account", "Flag", "Check Number", "Date", "Payee", "Master Category", "Sub Category", "Memo", "Outflow", "Inflow", "Cleared"],
                    columns: [("Category", .ignored("the master and sub category again")), ("Master Category", .role(.category)),
                              ("Sub Category", .role(.subcategory)), ("Flag", .ignored("a colour flag"))]),
    ]

    private static let services: [KnownExport] = [
        KnownExport(name: "PayPal", required: ["Date", "Time", "TimeZone", "Name", "Type", "Status", "Currency", "Gross", "Fee", "Net", "Transaction ID"],
                    columns: [("Type", .role(.type)), ("Balance Impact", .role(.indicator))]),
        KnownExport(name: "PayPal", required: ["Datum", "Uhrzeit", "Zeitzone", "Name", "Typ", "Status", "Währung", "Brutto", "Gebühr", "Netto", "Transaktionscode"],
                    dateOrder: .dayMonthYear,
                    columns: [("Brutto", .role(.amount)), ("Netto", .ignored("the amount after the fee")), ("Gebühr", .ignored("PayPal's fee")),
                              ("Transaktionscode", .role(.reference)), ("Auswirkung auf Guthaben", .role(.indicator)), ("Hinweis", .role(.notes)),
                              ("Guthaben", .role(.balance)), ("Zugehöriger Transaktionscode", .ignored("the transaction this one belongs to")),
                              ("Typ", .role(.type))]),
        KnownExport(name: "Venmo", required: ["ID", "Datetime", "Type", "Status", "Note", "From", "To", "Amount (total)"], currency: .usd,
                    columns: [("From", .ignored("the payer: the payee is chosen by direction")), ("To", .ignored("the payee: chosen by direction")),
                              ("Funding Source", .ignored("where the money came from")), ("Destination", .ignored("where the money went"))],
                    direction: (outgoing: ["To", "Destination"], incoming: ["From", "Funding Source"])),
        KnownExport(name: "Revolut", required: ["Type", "Product", "Started Date", "Completed Date", "Description", "Amount", "Fee", "Currency", "State"],
                    columns: [("Type", .role(.type)), ("State", .role(.status))]),
        KnownExport(name: "Revolut", required: ["Completed Date", "Reference", "Paid Out", "Paid In", "Exchange Out", "Exchange In"],
                    columns: [("Reference", .role(.description)), ("Exchange Out", .ignored("the amount in the other currency")),
                              ("Exchange In", .ignored("the amount in the other currency")), ("Exchange Rate", .ignored("an exchange rate"))]),
        KnownExport(name: "N26", required: ["Booking Date", "Value Date", "Partner Name", "Partner Iban", "Type", "Payment Reference", "Amount (EUR)"],
                    currency: .eur, columns: [("Account Name", .role(.account))]),
        KnownExport(name: "N26", required: ["Date", "Payee", "Account number", "Transaction type", "Payment reference", "Amount (EUR)"],
                    currency: .eur, columns: [("Account number", .ignored("the counterparty's account")), ("Amount (Foreign Currency)", .ignored("the amount abroad")),
                                              ("Type Foreign Currency", .ignored("the currency abroad"))]),
        KnownExport(name: "N26", required: ["Datum", "Empfänger", "Kontonummer", "Transaktionstyp", "Verwendungszweck", "Betrag (EUR)"],
                    currency: .eur, columns: [("Kontonummer", .ignored("the counterparty's account")), ("Betrag (Fremdwährung)", .ignored("the amount abroad")),
                                              ("Fremdwährung", .ignored("the currency abroad")), ("Transaktionstyp", .role(.type))]),
        KnownExport(name: "Monzo", required: ["Transaction ID", "Date", "Time", "Type", "Name", "Emoji", "Category", "Amount", "Currency"],
                    dateOrder: .dayMonthYear, currency: .gbp,
                    columns: [("Money Out", .ignored("the amount again")), ("Money In", .ignored("the amount again")), ("Type", .role(.type))]),
        KnownExport(name: "Monzo", required: ["id", "created", "amount", "currency", "local_amount", "local_currency", "category", "description"],
                    currency: .gbp, columns: [("local_amount", .ignored("the amount abroad")), ("local_currency", .ignored("the currency abroad"))]),
        KnownExport(name: "Starling", required: ["Date", "Counter Party", "Reference", "Type", "Amount (GBP)", "Balance (GBP)"],
                    dateOrder: .dayMonthYear, currency: .gbp, columns: [("Reference", .role(.notes))]),
        KnownExport(name: "Wise", required: ["TransferWise ID", "Date", "Amount", "Currency", "Description", "Payment Reference", "Running Balance"],
                    dateOrder: .dayMonthYear,
                    columns: [("Payer Name", .ignored("the payer: the payee is chosen by direction")), ("Payee Name", .ignored("the payee: chosen by direction")),
                              ("Merchant", .ignored("the card merchant: chosen by direction")), ("Payment Reference", .role(.notes)),
                              ("TransferWise ID", .role(.reference))],
                    direction: (outgoing: ["Merchant", "Payee Name"], incoming: ["Merchant", "Payer Name"])),
        KnownExport(name: "bunq", required: ["Date", "Amount", "Account", "Counterparty", "Name", "Description"], dateOrder: .yearMonthDay, currency: .eur,
                    columns: [("Counterparty", .ignored("the counterparty's IBAN")), ("Name", .role(.merchant)), ("Account", .role(.account))]),
        KnownExport(name: "bunq", required: ["Datum", "Bedrag", "Rekening", "Tegenrekening", "Naam", "Omschrijving"], currency: .eur),
    ]

    private static let netherlands: [KnownExport] = [
        KnownExport(name: "ING (Netherlands)", required: ["Datum", "Naam / Omschrijving", "Rekening", "Tegenrekening", "Code", "Af Bij", "Bedrag (EUR)", "Mutatiesoort"],
                    currency: .eur),
        KnownExport(name: "ING (Netherlands)", required: ["Date", "Name / Description", "Account", "Counterparty", "Code", "Debit/credit", "Amount (EUR)", "Transaction type"],
                    currency: .eur, columns: [("Counterparty", .ignored("the counterparty's account")), ("Notifications", .role(.notes))]),
        KnownExport(name: "Rabobank", required: ["IBAN/BBAN", "Munt", "Volgnr", "Datum", "Rentedatum", "Bedrag", "Saldo na trn", "Naam tegenpartij"],
                    columns: [("IBAN/BBAN", .role(.account)), ("Volgnr", .ignored("the booking's number in the account")),
                              ("Naam uiteindelijke partij", .ignored("the ultimate party")), ("Naam initiërende partij", .ignored("the initiating party")),
                              ("Batch ID", .ignored("a batch")), ("Machtigingskenmerk", .ignored("a mandate")), ("Incassant ID", .ignored("a creditor id")),
                              ("Reden retour", .ignored("a return reason")), ("Oorspr bedrag", .ignored("the original amount")),
                              ("Oorspr munt", .ignored("the original currency")), ("Koers", .ignored("an exchange rate")), ("Code", .role(.type)),
                              ("Omschrijving-1", .role(.notes)), ("Omschrijving-2", .role(.notes)), ("Omschrijving-3", .role(.notes))]),
        KnownExport(name: "ABN AMRO", required: [],
                    headerless: .init(names: ["Rekeningnummer", "Muntsoort", "Transactiedatum", "Beginsaldo", "Eindsaldo", "Rentedatum", "Transactiebedrag", "Omschrijving"],
                                      delimiter: 0x09) {
                        $0.count == 8 && $0[1].count == 3 && $0[2].count == 8 && isDate($0[2]) && isAmount($0[6])
                    },
                    columns: [("Beginsaldo", .role(.balance)), ("Eindsaldo", .role(.balance))]),
        KnownExport(name: "Knab", required: ["Rekeningnummer", "Transactiedatum", "Valutacode", "CreditDebet", "Bedrag", "Tegenrekeninghouder"],
                    dateOrder: .dayMonthYear, currency: .eur,
                    columns: [("CreditDebet", .role(.indicator)), ("Tegenrekeninghouder", .role(.merchant)), ("Tegenrekeningnummer", .ignored("the counterparty's account")),
                              ("Valutacode", .role(.currency)), ("Betaalwijze", .role(.type)), ("Type betaling", .ignored("a payment kind code")),
                              ("Machtigingsnummer", .ignored("a mandate")), ("Incassant ID", .ignored("a creditor id")), ("Adres", .ignored("an address")),
                              ("Boekdatum", .role(.valueDate)), ("Referentie", .role(.reference))]),
        KnownExport(name: "ASN Bank", required: [],
                    headerless: .init(names: ["Boekingsdatum", "Opdrachtgeversrekening", "Tegenrekeningnummer", "Naam tegenrekening", "Adres", "Postcode",
                                              "Plaats", "Valutasoort rekening", "Saldo rekening voor mutatie", "Valutasoort mutatie", "Transactiebedrag",
                                              "Journaaldatum", "Valutadatum", "Interne transactiecode", "Globale transactiecode", "Volgnummer transactie",
                                              "Betalingskenmerk", "Omschrijving", "Afschriftnummer"], delimiter: UInt8(ascii: ",")) {
                        $0.count == 19 && isDate($0[0]) && $0[7].count == 3 && isAmount($0[10])
                    },
                    dateOrder: .dayMonthYear,
                    columns: [("Opdrachtgeversrekening", .role(.account)), ("Naam tegenrekening", .role(.merchant)), ("Adres", .ignored("an address")),
                              ("Postcode", .ignored("a postcode")), ("Plaats", .ignored("a town")), ("Valutasoort rekening", .ignored("the account's currency")),
                              ("Saldo rekening voor mutatie", .role(.balance)), ("Valutasoort mutatie", .role(.currency)), ("Transactiebedrag", .role(.amount)),
                              ("Journaaldatum", .ignored("the booking journal's date")), ("Valutadatum", .role(.valueDate)),
                              ("Interne transactiecode", .ignored("a code")), ("Globale transactiecode", .role(.type)),
                              ("Volgnummer transactie", .ignored("a sequence number")), ("Betalingskenmerk", .role(.notes)),
                              ("Omschrijving", .role(.description)), ("Afschriftnummer", .ignored("the statement's number"))]),
        KnownExport(name: "KBC", required: ["Rekeningnummer", "Rubrieknaam", "Naam", "Munt", "Afschriftnummer", "Datum", "Omschrijving", "Valuta", "Bedrag", "Saldo"],
                    dateOrder: .dayMonthYear,
                    columns: [("Naam", .ignored("the account holder's own name")), ("Rubrieknaam", .ignored("the account's name")),
                              ("Afschriftnummer", .ignored("the statement's number")), ("Valuta", .role(.valueDate)),
                              ("rekeningnummer tegenpartij", .ignored("the counterparty's account")), ("Adres tegenpartij", .ignored("an address")),
                              ("gestructureerde mededeling", .role(.notes)), ("Vrije mededeling", .role(.notes)), ("Rekeningnummer", .role(.account))]),
        KnownExport(name: "KBC credit card", required: ["kredietkaart", "kaarthouder", "uitgavenstaat", "datum verrichting", "datum verrekening", "bedrag"],
                    dateOrder: .dayMonthYear,
                    columns: [("kredietkaart", .role(.card)), ("kaarthouder", .ignored("the card holder")), ("uitgavenstaat", .ignored("the statement")),
                              ("datum verrichting", .role(.date)), ("datum verrekening", .role(.valueDate)), ("Handelaar", .role(.merchant)),
                              ("toelichting", .role(.notes)), ("locatie", .ignored("a place")), ("land", .ignored("a country")),
                              ("bedrag in EUR", .ignored("the amount in euros")), ("Kosten op verrichting", .ignored("a fee"))]),
    ]

    private static let germany: [KnownExport] = [
        KnownExport(name: "ING (Germany)", required: ["Buchung", "Auftraggeber/Empfänger", "Buchungstext", "Verwendungszweck", "Betrag", "Währung"],
                    dateOrder: .dayMonthYear, currency: .eur),
        KnownExport(name: "Sparkasse (CSV-CAMT)", required: ["Auftragskonto", "Buchungstag", "Valutadatum", "Buchungstext", "Verwendungszweck",
                                                              "Beguenstigter/Zahlungspflichtiger", "Kontonummer/IBAN", "Betrag", "Waehrung", "Info"],
                    dateOrder: .dayMonthYear, columns: [("Info", .role(.status))]),
        KnownExport(name: "Sparkasse (CSV-MT940)", required: ["Auftragskonto", "Buchungstag", "Valutadatum", "Buchungstext", "Verwendungszweck",
                                                               "Beguenstigter/Zahlungspflichtiger", "Kontonummer", "BLZ", "Betrag", "Waehrung", "Info"],
                    dateOrder: .dayMonthYear, columns: [("Kontonummer", .ignored("the counterparty's account")), ("Info", .role(.status))]),
        KnownExport(name: "DKB", required: ["Buchungsdatum", "Wertstellung", "Status", "Zahlungspflichtige*r", "Zahlungsempfänger*in", "Verwendungszweck", "Umsatztyp"],
                    dateOrder: .dayMonthYear, currency: .eur,
                    columns: [("Zahlungspflichtige*r", .ignored("the payer: the payee is chosen by direction")),
                              ("Zahlungsempfänger*in", .ignored("the payee: chosen by direction")), ("Umsatztyp", .role(.type)),
                              ("IBAN", .ignored("the counterparty's IBAN"))],
                    direction: (outgoing: ["Zahlungsempfänger*in"], incoming: ["Zahlungspflichtige*r"])),
        KnownExport(name: "DKB", required: ["Buchungstag", "Wertstellung", "Buchungstext", "Auftraggeber / Begünstigter", "Verwendungszweck", "Kontonummer", "BLZ", "Betrag (EUR)"],
                    dateOrder: .dayMonthYear, currency: .eur, columns: [("Kontonummer", .ignored("the counterparty's account"))]),
        KnownExport(name: "DKB credit card", required: ["Belegdatum", "Wertstellung", "Status", "Beschreibung", "Umsatztyp", "Betrag (€)"],
                    dateOrder: .dayMonthYear, currency: .eur, columns: [("Umsatztyp", .role(.type)), ("Fremdwährungsbetrag", .ignored("the amount abroad"))]),
        KnownExport(name: "DKB credit card", required: ["Umsatz abgerechnet und nicht im Saldo enthalten", "Wertstellung", "Belegdatum", "Beschreibung", "Betrag (EUR)"],
                    dateOrder: .dayMonthYear, currency: .eur,
                    columns: [("Umsatz abgerechnet und nicht im Saldo enthalten", .role(.status)), ("Belegdatum", .role(.date)),
                              ("Wertstellung", .role(.valueDate)), ("Ursprünglicher Betrag", .ignored("the amount abroad"))]),
        KnownExport(name: "Commerzbank", required: ["Buchungstag", "Wertstellung", "Umsatzart", "Buchungstext", "Betrag", "Währung"],
                    dateOrder: .dayMonthYear,
                    columns: [("IBAN Kontoinhaber", .role(.account)), ("IBAN Auftraggeberkonto", .role(.account)),
                              ("Auftraggeberkonto", .ignored("the account number again")), ("Bankleitzahl Auftraggeberkonto", .ignored("a bank code"))],
                    zeroAmountIsNotice: true),
        KnownExport(name: "comdirect", required: ["Buchungstag", "Wertstellung (Valuta)", "Vorgang", "Buchungstext", "Umsatz in EUR"],
                    dateOrder: .dayMonthYear, currency: .eur),
        KnownExport(name: "Deutsche Bank", required: ["Buchungstag", "Wert", "Umsatzart", "Begünstigter / Auftraggeber", "Verwendungszweck", "Soll", "Haben", "Währung"],
                    dateOrder: .dayMonthYear,
                    columns: [("IBAN / Kontonummer", .ignored("the counterparty's account")), ("Fremde Gebühren", .ignored("a fee charged by another bank")),
                              ("Abweichender Empfänger", .ignored("another payee")), ("Anzahl der Aufträge", .ignored("a count")),
                              ("Anzahl der Schecks", .ignored("a count")), ("Kundenreferenz", .role(.reference))]),
    ]

    private static let elsewhere: [KnownExport] = [
        KnownExport(name: "Barclays", required: ["Number", "Date", "Account", "Amount", "Subcategory", "Memo"], dateOrder: .dayMonthYear, currency: .gbp,
                    columns: [("Subcategory", .role(.type)), ("Memo", .role(.description)), ("Number", .ignored("a cheque number"))]),
        KnownExport(name: "Barclaycard", required: [],
                    headerless: .init(names: ["Transaction Date", "Description", "Card Scheme", "Cardholder", "Category", "Credit", "Debit"],
                                      delimiter: UInt8(ascii: ",")) {
                        $0.count == 7 && isDate($0[0]) && !isAmount($0[1]) && (isAmount($0[5]) || isAmount($0[6]))
                    },
                    dateOrder: .dayMonthYear, currency: .gbp,
                    columns: [("Card Scheme", .ignored("the card scheme")), ("Cardholder", .ignored("the card holder"))]),
        KnownExport(name: "Lloyds", required: ["Transaction Date", "Transaction Type", "Sort Code", "Account Number", "Transaction Description", "Debit Amount", "Credit Amount"],
                    dateOrder: .dayMonthYear, currency: .gbp, columns: [("Account Number", .role(.account))]),
        KnownExport(name: "Nationwide", required: ["Date", "Transaction type", "Description", "Paid out", "Paid in", "Balance"], dateOrder: .dayMonthYear, currency: .gbp),
        KnownExport(name: "Nationwide", required: ["Date", "Type", "Merchant/Description", "Debit/Credit", "Balance"], dateOrder: .dayMonthYear, currency: .gbp,
                    columns: [("Debit/Credit", .role(.amount)), ("Merchant/Description", .role(.merchant))]),
        KnownExport(name: "mBank", required: ["#Data operacji", "#Data księgowania", "#Opis operacji", "#Tytuł", "#Nadawca/Odbiorca", "#Numer konta", "#Kwota"],
                    currency: .pln, columns: [("#Numer konta", .ignored("the counterparty's account")), ("#Opis operacji", .role(.type))]),
        KnownExport(name: "mBank", required: ["#Data operacji", "#Opis operacji", "#Rachunek", "#Kategoria", "#Kwota"], currency: .pln,
                    columns: [("#Opis operacji", .role(.description))]),
        KnownExport(name: "PKO BP", required: ["Data operacji", "Data waluty", "Typ transakcji", "Kwota", "Waluta", "Opis transakcji"],
                    columns: [("Typ transakcji", .role(.type)), ("", .role(.notes))]),
        KnownExport(name: "ING Bank Śląski", required: ["Data transakcji", "Data księgowania", "Dane kontrahenta", "Tytuł", "Nr rachunku", "Kwota transakcji", "Waluta"],
                    columns: [("Nr rachunku", .ignored("the counterparty's account"))]),
        KnownExport(name: "Fio banka", required: ["Datum", "Objem", "Měna", "Protiúčet", "Kód banky", "Zpráva pro příjemce", "Typ"], dateOrder: .dayMonthYear,
                    columns: [("ID operace", .role(.reference)), ("Typ", .role(.type))]),
        KnownExport(name: "OCBC", required: ["Transaction date", "Value date", "Description", "Withdrawals (SGD)", "Deposits (SGD)"],
                    dateOrder: .dayMonthYear, currency: .sgd),
        KnownExport(name: "OCBC credit card", required: ["Transaction date", "Description", "Withdrawals (SGD)", "Deposits (SGD)"],
                    dateOrder: .dayMonthYear, currency: .sgd),
        KnownExport(name: "DBS", required: ["Transaction Date", "Reference", "Debit Amount", "Credit Amount", "Transaction Ref1", "Transaction Ref2"],
                    dateOrder: .dayMonthYear, currency: .sgd, columns: dbsColumns),
        KnownExport(name: "POSB", required: [],
                    headerless: .init(names: ["Transaction Date", "Reference", "Debit Amount", "Credit Amount", "Transaction Ref1", "Transaction Ref2",
                                              "Transaction Ref3"], delimiter: UInt8(ascii: ",")) {
                        $0.count >= 7 && isDate($0[0]) && !$0[1].isEmpty && $0[1].count <= 6 && (isAmount($0[2]) || isAmount($0[3]))
                    },
                    dateOrder: .dayMonthYear, currency: .sgd, columns: dbsColumns),
    ]

    private static let dbsColumns: [(String, KnownExport.Column)] = [
        ("Reference", .role(.type)), ("Transaction Ref1", .role(.description)), ("Transaction Ref2", .role(.notes)), ("Transaction Ref3", .role(.notes)),
    ]

    /// Whether a trimmed cell is a date the reader knows.
    static func isDate(_ text: String) -> Bool {
        var text = text
        return text.withByteView { DateScanner.scan($0) != nil }
    }

    /// Whether a trimmed cell is an amount (not a date).
    static func isAmount(_ text: String) -> Bool {
        var text = text
        return text.withByteView { !$0.isEmpty && AmountScanner.scan($0) != nil && DateScanner.scan($0) == nil }
    }
}
