import TransactionSearch

/// The texts of rows that are never transactions: opening and closing balances, turnover and
/// totals (`Opening balance`, `Anfangssaldo`, `Umsätze Soll`, `Saldo końcowe`, `Beginning
/// balance as of 04/01/2024`), and the section lines some exports put between their rows
/// (`Pending Transactions`, `Posted Transactions`), which say the status of the rows below.
enum SummaryWords {
    /// How sure a text is to be a summary.
    enum Strength: Hashable {
        /// A balance, turnover or total whatever its place (`Abschlusssaldo`, `Total debits`).
        case certain
        /// A word alone that a summary line writes (`Balance`, `Total`, `Saldo`), but a
        /// merchant may too: a summary only at either end of the rows, or in a row with no date.
        case alone
    }

    /// Whether a text (its folded key, `ByteText.key`) names a balance or total, and how surely.
    static func strength(key: String) -> Strength? {
        if weak.contains(key) { return .alone }
        if strong.contains(key) { return .certain }
        for phrase in strongPrefixes where key.hasPrefix(phrase) {
            let end = key.index(key.startIndex, offsetBy: phrase.count)
            if key[end] == " " { return .certain }
        }
        return nil
    }

    /// The status a section line sets for the rows after it (`Pending Transactions are not
    /// reflected in the balance`: pending; `Posted Transactions`: posted), or nil.
    static func sectionStatus(key: String) -> TransactionStatus? {
        for (phrase, status) in sections where key == phrase || key.hasPrefix(phrase + " ") { return status }
        return nil
    }

    private static func keys(_ words: String) -> [String] {
        words.split(separator: "|").map { HeaderName.normalizedKey(String($0)) }.filter { !$0.isEmpty }
    }

    /// Whole texts, or the start of one (then followed by more: `Kontostand am 30.04.2023`).
    private static let strongList = keys("""
        opening balance|beginning balance|balance brought forward|brought forward|previous balance|starting balance|\
        closing balance|ending balance|balance carried forward|carried forward|new balance|total debits|total credits|\
        transactions total|total transactions|balance as of|balance at|available balance|ledger balance|\
        anfangssaldo|alter kontostand|kontostand am|kontostand vom|saldo vortrag|saldovortrag|endsaldo|neuer kontostand|\
        schlusssaldo|abschlusssaldo|umsätze soll|umsätze haben|summe soll|summe haben|summe umsätze|\
        solde initial|ancien solde|solde précédent|solde final|nouveau solde|total des opérations|total débit|total crédit|\
        solde au|saldo inicial|saldo anterior|saldo final|total cargos|total abonos|saldo iniziale|saldo finale|\
        totale addebiti|totale accrediti|saldo al|beginsaldo|eindsaldo|totaal af|totaal bij|total débitos|total créditos|\
        saldo atual|saldo początkowe|saldo otwarcia|saldo końcowe|saldo zamknięcia|suma obciążeń|suma uznań|\
        počáteční zůstatek|konečný zůstatek|celkem příjmy|celkem výdaje|počiatočný zostatok|konečný zostatok|\
        nyitó egyenleg|záró egyenleg|összes terhelés|összes jóváírás|sold inițial|sold iniţial|sold final|total debit|\
        total credit|ingående saldo|utgående saldo|primosaldo|startsaldo|slutsaldo|ultimosaldo|inngående saldo|\
        alkusaldo|loppusaldo|tapahtumat yhteensä|pradinis likutis|galutinis likutis|sākuma atlikums|beigu atlikums|\
        algsaldo|lõppsaldo|αρχικό υπόλοιπο|τελικό υπόλοιπο|σύνολο χρεώσεων|σύνολο πιστώσεων|devreden bakiye|\
        açılış bakiyesi|kapanış bakiyesi
        """)
    private static let strong = Set(strongList)
    private static let strongPrefixes = strongList.sorted { $0.count > $1.count }

    private static let weak = Set(keys("""
        balance|total|totals|sum|subtotal|turnover|saldo|kontostand|summe|gesamt|umsätze|solde|totaal|totale|\
        obroty|obrat|obraty|forgalom|rulaj|omsättning|summa|i alt|yhteensä|apyvarta|apgrozījums|käive|toplam|\
        likutis|atlikums|zůstatek|zostatok|egyenleg|sold|bakiye|υπόλοιπο
        """))

    private static let sections: [(String, TransactionStatus)] = {
        let pendingPhrases = keys("""
            pending transactions|pending items|pending|authorised transactions|authorized transactions|\
            vorgemerkte umsätze|vorgemerkte buchungen|opérations en attente|movimientos pendientes|transacciones pendientes
            """)
        let postedPhrases = keys("""
            posted transactions|posted items|posted|completed transactions|cleared transactions|booked transactions|\
            gebuchte umsätze|gebuchte buchungen|opérations comptabilisées|movimientos contabilizados
            """)
        return pendingPhrases.map { ($0, .pending) } + postedPhrases.map { ($0, .posted) }
    }()
}
