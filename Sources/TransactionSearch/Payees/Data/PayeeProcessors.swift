/// Payment processor and transfer-service prefixes: `Processor = PREFIX | ...`.
///
/// A card processor's prefix (almost always with its `*`) is stripped and the processor
/// reported (`SQ *BLUE BOTTLE` is Blue Bottle via Square). `~` marks a prefix without a star
/// (`SP ACME`): it applies only when no brand starts there and a name follows. `@` marks a
/// transfer service: what follows is a person (`ZELLE TO JOHN SMITH`), and when nothing
/// follows the service itself is the payee (`VENMO CASHOUT` is Venmo). When only generic
/// service words follow (`GOOGLE *SERVICES`) the processor is the payee.
/// Brands that use a star themselves (`UBER *TRIP`, `DD *DOORDASH`, `AMZN Mktp US*`) are
/// brand-table rows, not processors.
enum PayeeProcessors {
    /// The prefixes. Written from processors' published descriptor formats.
    static let text = """
    Square = SQ * | SQU * | SQUARE * | SQ*SQ * | SQUP *
    Toast = TST * | TST* | TOAST *
    Shopify = SP * | SHOPIFY * | SPT *
    ~Shopify = SP
    PayPal = PP * | PAYPAL * | PAYPAL *PAYPAL * | PAYPAL EUROPE * | PYPL * | PAYPAL EUROPE S.A.R.L. ET CIE S.C.A *
    Zettle = ZTL * | IZ * | IZETTLE * | ZETTLE * | ZETTLE_* | IZ *IZETTLE *
    SumUp = SUMUP * | SUP * | SUMUP *SUMUP *
    Checkout.com = CKO * | CKO*
    Google = GOOGLE * | GOOGLE *GOOGLE * | GOOGLE PLAY * | GOOGLEPLAY *
    Apple = APL * | APL* | APPLE * | APL *APPLE *
    WePay = WPY * | WEPAY *
    Braintree = BT * | BRAINTREE *
    Stripe = STRIPE * | STR * | STRIPE.COM *
    PY = PY *
    Clover = CLV * | CLOVER *
    Eventbrite = EB * | EVENTBRITE *
    Paddle = PADDLE.NET * | PADDLE * | PADDLE.COM *
    FastSpring = FS * | FASTSPRING *
    2Checkout = 2CO.COM * | 2CO * | 2CHECKOUT *
    Klarna = KLARNA * | KLARNA*
    Afterpay = AFTERPAY * | AFTERPAY US *
    Clearpay = CLEARPAY *
    Affirm = AFFIRM * | AFFIRM INC *
    Sezzle = SEZZLE *
    Nayax = NYX * | NAYAX *
    CCV = CCV *
    Buckaroo = BCK *
    Curve = CRV * | CURVE *
    Verifone = VFI *
    Mollie = MOLLIE *
    Adyen = ADYEN *
    PayU = PAYU * | PAYU*
    Przelewy24 = P24 * | PRZELEWY24 *
    Worldline = WL * | WORLDLINE *
    Paysafe = PSC * | PAYSAFECARD *
    Revolut = REVOLUT *
    Patreon = PATREON * | PATREON* MEMBERSHIP
    @Zelle = ZELLE | ZELLE TO | ZELLE FROM | ZELLE PAYMENT | ZELLE PAYMENT TO | ZELLE PAYMENT FROM | ZELLE SENT TO
    @Zelle = ZELLE TRANSFER | ZELLE TRANSFER TO | ZELLE TRANSFER FROM | ZELLE RECEIVED FROM | ZELLE *
    @Zelle = ZELLE INSTANT PMT TO | ZELLE INSTANT PMT FROM | ZELLE SEND TO | ZELLE CREDIT FROM | ZELLE DEBIT TO
    @Zelle = ZELLE PAYMENT TO: | ZELLE PAYMENT FROM: | ZELLE TO: | ZELLE FROM: | ONLINE ZELLE TO | ONLINE ZELLE FROM
    @Venmo = VENMO * | VENMO | VENMO PAYMENT | VENMO CASHOUT | VENMO CASH OUT | VENMO TRANSFER | VENMO INST XFER
    @Venmo = VENMO PAYMENT TO | VENMO FROM | VENMO TO | VENMO *VENMO *
    @Cash App = CASH APP * | CASH APP | CASH APP TO | CASH APP FROM | CASHAPP * | CASHAPP | SQC * | SQ *CASH APP *
    @Cash App = CASH APP TRANSFER | CASH APP PAYMENT | CASH APP*CASH OUT | CASH APP CASH OUT
    @Apple Cash = APPLE CASH | APPLE CASH SENT MONEY | APPLE CASH TO | APPLE CASH FROM | APPLE CASH TRANSFER
    @Swish = SWISH | SWISH BETALNING | SWISH TILL | SWISH FRAN | SWISH INBETALNING | SWISH UTBETALNING
    @Vipps = VIPPS | VIPPS * | VIPPS TIL | VIPPS FRA | VIPPSNR
    @MobilePay = MOBILEPAY | MOBILEPAY * | MOBILEPAY TIL | MOBILEPAY FRA | MOBILE PAY
    @Bizum = BIZUM ENVIADO A | BIZUM RECIBIDO DE | BIZUM ENVIADO | BIZUM RECIBIDO
    @Tikkie = TIKKIE | TIKKIE * | VIA TIKKIE
    @Wise = WISE TO | TRANSFERWISE TO | WISE TRANSFER TO
    """
}
