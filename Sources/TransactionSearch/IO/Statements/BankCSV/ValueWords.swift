/// The words bank exports write in a column's cells, in the seven languages: debit/credit
/// indicators, pending/posted statuses, yes/no flags, and the kinds of card transactions that
/// tell which sign a card export gives purchases.
enum ValueWords {
    /// Which way a debit/credit indicator points.
    enum Indicator: Hashable { case debit, credit }

    /// Whether a transaction of this kind takes money out (a purchase) or brings it in (a
    /// payment to the card, a refund), for deciding a card export's sign convention.
    enum Flow: Hashable { case purchase, payment }

    private static func packedSet(_ words: String) -> Set<UInt64> {
        Set(words.split(separator: " ").map { ByteText.packedWord(String($0)) })
    }

    private static let debitWords = packedSet("d dr db deb debit debet s soll af debito cargo addebito dare out")
    private static let creditWords = packedSet("c cr cred credit h haben bij credito abono accredito avere in")

    /// The indicator a cell holds (`D`, `DR`, `Debit`, `débit`, `S`, `Soll`, `Af`, `-`;
    /// `C`, `CR`, `Credit`, `H`, `Haben`, `Bij`, `+`), or nil.
    static func indicator(_ bytes: UnsafeBufferPointer<UInt8>) -> Indicator? {
        if bytes.count == 1 {
            if bytes[0] == UInt8(ascii: "-") { return .debit }
            if bytes[0] == UInt8(ascii: "+") { return .credit }
        }
        guard let packed = packedFoldedWord(bytes) else { return nil }
        if debitWords.contains(packed) { return .debit }
        if creditWords.contains(packed) { return .credit }
        return nil
    }

    private static let pendingKeys: Set<String> = [
        "pending", "pend", "authorized", "authorised", "authorization", "hold", "on hold", "uncleared", "not cleared",
        "vorgemerkt", "vormerkung", "umsatz vorgemerkt", "in bearbeitung", "offen", "ausstehend", "nicht gebucht",
        "en attente", "en cours", "a venir", "non comptabilise", "pendiente", "en proceso", "retenido", "in sospeso",
        "in attesa", "in lavorazione", "non contabilizzato", "in behandeling", "in afwachting", "gereserveerd",
        "pendente", "em processamento", "processando", "agendado",
    ]
    private static let postedKeys: Set<String> = [
        "posted", "post", "completed", "complete", "booked", "cleared", "reconciled", "settled", "processed", "final",
        "done", "success", "successful", "executed", "gebucht", "umsatz gebucht", "verbucht", "ausgefuhrt",
        "abgeschlossen", "erledigt", "comptabilise", "comptabilisee", "execute", "executee", "effectue", "effectuee",
        "valide", "termine", "contabilizado", "contabilizada", "completado", "realizado", "ejecutado", "liquidado",
        "contabilizzato", "contabilizzata", "eseguito", "completato", "registrato", "verwerkt", "geboekt", "voltooid",
        "uitgevoerd", "concluido", "concluida", "efetuado", "efetuada", "processado", "lancado",
    ]

    /// The status a cell's folded key names (`Pending`, `Vorgemerkt`, `En attente`,
    /// `Pendiente`, `In sospeso`, `In behandeling`, `Pendente`; `Posted`, `Completed`,
    /// `Booked`, `Gebucht`, `Comptabilisé`, `Contabilizado`, `Umsatz gebucht`, ...), or nil.
    static func status(key: String) -> TransactionStatus? {
        if pendingKeys.contains(key) { return .pending }
        if postedKeys.contains(key) { return .posted }
        return nil
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

    /// Up to eight letters, accented Latin letters as their base letter, lower-cased and
    /// packed (`Débit` → `debit`); nil for anything else.
    static func packedFoldedWord(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
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
