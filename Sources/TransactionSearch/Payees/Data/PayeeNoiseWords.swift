/// Words that end the name part of a descriptor, and small word lists the noise rules use.
///
/// A cut word after the name removes itself and everything after it: reference fields
/// (`REF`, `EREF:`, `DES:`, `ID:`), payroll wording (`PAYROLL`, `DIR DEP`), store and terminal
/// labels before a number (`STORE 1234`), `ON` before a date, and in transfers the memo
/// (`FOR rent`). Shapes such as numbers, dates and card masks are recognised by `PayeeNoise`, not
/// listed here.
enum PayeeNoiseWords {
    /// `kind = WORD | ...`; `^` needs a number after the word.
    static let cuts = """
    reference = REF | REF: | REF# | REF NO | REF NR | REFERENCE | REFERENZ | REFERENCIA | RIF | RIF: | KREF: | KREF
    reference = EREF: | EREF | EREF+ | MREF: | MREF | MREF+ | CRED: | CRED | CRED+ | SVWZ+ | ABWA+ | ABWE+ | KREF+
    reference = IBAN: | IBAN | BIC: | BIC | MANDAT | MANDAT: | MANDATSREF | MANDATSREFERENZ | MANDATE | MANDATE REF
    reference = MANDATE ID | CREDITOR ID | GLAUBIGER-ID | GLAEUBIGER-ID | GL.-ID | END-TO-END-REF | END-TO-END
    reference = CONF# | CONF | CONF: | CONFIRMATION | CONFIRMATION# | CONFIRMATION NUMBER | TRACE | TRACE# | TRACE#:
    reference = TRACE NUMBER | TRN | TRN: | TXN | TXN: | TRANS ID | TRANSACTION ID | SEQ | SEQ# | AUTH | AUTH# | AUTH:
    reference = AUTH CODE | APPROVAL CODE | INV# | INVOICE | ORDER# | ORDER ID | ORDER NUMBER
    reference = DES: | ID: | INDN: | CO ID: | CO ID | ORIG ID: | ORIG ID | WEB ID: | WEB ID | TEL ID: | TEL ID | PPD ID:
    reference = PPD | CCD | CTX | IAT | SEC: | CO ENTRY DESCR: | DESC DATE: | IND NAME: | IND ID:
    reference = EIN: | PMT ID | PAYMENT ID | MOTIF | MOTIF: | / MOTIF | / REF | / ID | / FRAIS | / DATE
    reference = LIBELLE: | NR: | NO: | CON LA TARJETA | CON TARJETA | TARJETA: | TARJ: | TARJETA | CARTE N
    reference = KARTE NR | KARTENNR | FOLGENR | VERFALLD | TAN: | ABSCHLUSS | ENTGELT | BEZUG | DATUM | UHRZEIT
    reference = CARD NO | CARD NUMBER | CARD ENDING IN | CARD ENDING | ENDING IN | ACCT ENDING | ACCOUNT ENDING
    reference = TERMINAL ID | TERMINAL: | TID: | TID | MID: | MERCHANT ID | ORIG CO NAME | NOTPROVIDED
    reference = WWW | HTTP | HTTPS | HTTPS: | HTTP: | PAYMENT REF | PAY REF | CUST ID | CUSTOMER ID | ACCT | ACCT#
    payroll = PAYROLL | PAYRLL | PAYROL | PAY ROLL | DIR DEP | DIRECT DEP | DIRECT DEPOSIT | DIRDEP | DIR DEPOSIT
    payroll = SALARY | SALARIES | REG SALARY | REG.SALARY | WAGES | EDI PYMNTS | EDI PAYMENTS | PAYMENTS PPD
    payroll = GEHALT | LOHN | LOHN/GEHALT | GEHALT/LOHN | BEZUGE | SALAIRE | PAIE | NOMINA | STIPENDIO
    payroll = PENSJA | WYNAGRODZENIE | LON | LONN | LOENN | SALARIS | LOON | PALKKA
    store = ^STR | ^FIL | ^FILIALE | ^FILIAAL | ^NR | ^NO | ^NUM | ^TERM | ^TERMINAL | ^REG
    store = ^LANE | ^UNIT | ^LOC | ^LOCATION | ^BRANCH | ^KASSE | ^CAISSE | ^CARD | ^KARTE | ^CARTE
    store = ^CARTA | ^KARTA | ^PAS | ^POS | ^STORE# | ^ST# | ^SUCURSAL | ^MAGASIN
    on-date = ON | AM | LE | EL | DU | DATE | DATUM | VOM | IL | DEN | DNIA
    memo = FOR | MEMO | MEMO: | NOTE | NOTE: | FUR | POUR | PARA | PER | VERWENDUNGSZWECK | VERWENDUNGSZWECK:
    """

    /// Words that, alone after a processor prefix, mean the processor's own service
    /// (`GOOGLE *SERVICES` is Google, `APL* ITUNES.COM/BILL` is Apple).
    static let genericService = """
    SERVICES SERVICE SERVICIOS STORAGE CLOUD ADS ADWORDS DOMAINS STORE PLAY BILL BILLING PAYMENT
    PAYMENTS SUBSCRIPTION SUBSCR SUBS MUSIC ONE WORKSPACE GSUITE APPS APP PURCHASE ONLINE INC LLC
    ORDER TOPUP TOP-UP RELOAD FEE FEES CHARGE MEMBERSHIP PREMIUM CARD DIGITAL ACCOUNT WALLET
    INTERNET WEB WWW MOBILE
    """

    /// Currency codes, alone or glued to an amount (`13,80EUR`, `EUR 13.80`).
    static let currencies = """
    EUR USD GBP CHF PLN SEK NOK DKK CZK HUF RON BGN HRK ISK CAD AUD NZD JPY CNY HKD SGD INR RUB
    TRY BRL MXN ZAR ILS AED SAR THB KRW TWD
    """
}
