import TransactionSearch

/// The words bank exports write in a column's cells: debit/credit indicators (Western,
/// Central European, Nordic and Baltic), pending/posted statuses (`StatusWord`), yes/no flags,
/// and the kinds of card transactions (purchase or payment), which sign unsigned amounts.
enum ValueWords {
    /// Which way a debit/credit indicator points; `noEffect` is PayPal's `Memo` (an
    /// authorization that moved no money: not a transaction).
    enum Indicator: Hashable { case debit, credit, noEffect }

    /// Whether a transaction of this kind takes money out (a purchase) or brings it in (a
    /// payment to the card, a refund), for deciding a card export's sign convention.
    enum Flow: Hashable { case purchase, payment }

    private static func packedSet(_ words: String) -> Set<UInt64> {
        Set(words.split(separator: " ").map { ByteText.packedWord(String($0)) })
    }

    private static let debitWords = packedSet(
        "d dr db dbt deb debit debet s soll af debito cargo addebito dare out debetas debets deebet winien obc vydaj terheles tartozik borc uttag veloitus")
    private static let creditWords = packedSet(
        "c cr cred credit h haben bij credito abono accredito avere in k kredit kreditas kredits kreedit ma uznanie uzn prijem jovairas kovetel alacak hyvitys")
    private static let noEffectWords = packedSet("memo")
    /// Longer or non-Latin marks, by their folded key.
    private static let longDebitKeys: Set<String> = ["obciazenie", "udbetaling", "χρεωση"]
    private static let longCreditKeys: Set<String> = ["insattning", "indbetaling", "πιστωση"]

    /// The indicator a cell holds (`D`, `DR`, `Debit`, `débit`, `S`, `Soll`, `Af`, `-`,
    /// `Debetas`, `Winien`; `C`, `CR`, `Credit`, `H`, `Haben`, `Bij`, `+`, `K`, `Kredīts`, `Ma`;
    /// `Memo`: no effect), or nil.
    static func indicator(_ bytes: ByteView) -> Indicator? {
        if bytes.count == 1 {
            if bytes[0] == UInt8(ascii: "-") { return .debit }
            if bytes[0] == UInt8(ascii: "+") { return .credit }
        }
        guard let packed = packedFoldedWord(bytes) else {
            guard bytes.count <= 24 else { return nil }
            let key = ByteText.key(bytes)
            if longDebitKeys.contains(key) { return .debit }
            if longCreditKeys.contains(key) { return .credit }
            return nil
        }
        if debitWords.contains(packed) { return .debit }
        if creditWords.contains(packed) { return .credit }
        if noEffectWords.contains(packed) { return .noEffect }
        return nil
    }

    /// The status a cell's folded key names, when it is pending or posted (`StatusWord` has
    /// the words, a third outcome too: not a transaction).
    static func status(key: String) -> TransactionStatus? {
        StatusWord.of(key: key)?.status
    }

    private static let trueKeys: Set<String> = ["true", "yes", "y", "1", "x", "ja", "j", "oui", "si", "sim", "wahr", "vrai",
                                                "verdadero", "vero", "waar"]
    private static let falseKeys: Set<String> = ["false", "no", "n", "0", "nein", "non", "falso", "nee", "nao", "onwaar",
                                                 "faux", "falsch"]

    /// A yes/no cell (`true`, `Y`, `ja`, `1`; `false`, `N`, `nein`, `0`), or nil.
    static func flag(key: String) -> Bool? {
        if trueKeys.contains(key) { return true }
        if falseKeys.contains(key) { return false }
        return nil
    }

    private static let purchaseWords: Set<String> = [
        "sale", "sales", "purchase", "purchases", "achat", "achats", "compra", "compras", "acquisto", "acquisti",
        "aankoop", "aankopen", "kauf", "einkauf", "kartenzahlung", "fee", "fees", "charge",
    ]
    private static let paymentWords: Set<String> = [
        "payment", "payments", "return", "returns", "refund", "refunds", "credit", "credits", "remboursement",
        "reembolso", "rimborso", "terugbetaling", "erstattung", "gutschrift", "estorno",
    ]

    /// Whether a card transaction kind (a folded key such as `sale` or `payment thank you`)
    /// takes money out or brings it in; nil when it says neither, or both.
    static func flow(key: String) -> Flow? {
        var purchase = false, payment = false
        for word in key.split(separator: " ") {
            let word = String(word)
            if purchaseWords.contains(word) { purchase = true }
            if paymentWords.contains(word) { payment = true }
        }
        if purchase == payment { return nil }
        return purchase ? .purchase : .payment
    }

    /// Up to eight letters, accented Latin letters (`LatinLetters`) as their base letter,
    /// lower-cased and packed (`Débit` → `debit`, `Kredīts` → `kredits`); nil for anything else.
    static func packedFoldedWord(_ bytes: ByteView) -> UInt64? {
        var packed: UInt64 = 0
        var letters = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let letter: UInt8
            if byte < 0x80 {
                letter = byte | 0x20
                guard letter >= UInt8(ascii: "a") && letter <= UInt8(ascii: "z") else { return nil }
                index += 1
            } else {
                guard let base = MonthNames.latinBaseLetter(bytes, at: index) else { return nil }
                letter = base
                index += 2
            }
            letters += 1
            guard letters <= 8 else { return nil }
            packed = packed << 8 | UInt64(letter)
        }
        return letters > 0 ? packed : nil
    }
}
