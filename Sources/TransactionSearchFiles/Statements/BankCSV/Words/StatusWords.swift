import TransactionSearch

/// What a status cell says of its row, in the languages whose headers the reader knows:
/// pending (`Pending`, `Vorgemerkt`, `Oczekująca`, `Varaus`), posted (`Completed`, `Booked`,
/// `Issued`, `Gebucht`, `Zaksięgowana`), or not a transaction at all (`Declined`, `Reverted`,
/// `Failed`, `Abgelehnt`): a payment that never moved money, left out and listed.
enum StatusWord: Hashable, Sendable {
    case pending, posted
    /// The row was never booked: declined, failed, cancelled, reverted.
    case notATransaction

    /// The status a cell's folded key (`ByteText.key`) names, or nil for a word not known.
    static func of(key: String) -> StatusWord? {
        if pendingKeys.contains(key) { return .pending }
        if postedKeys.contains(key) { return .posted }
        if notATransactionKeys.contains(key) { return .notATransaction }
        return nil
    }

    /// The transaction status, when the word names one.
    var status: TransactionStatus? {
        switch self {
        case .pending: .pending
        case .posted: .posted
        case .notATransaction: nil
        }
    }

    /// Words folded as cells are (`ByteText.key`), so that `Zaksięgowana` and `zaksiegowana`
    /// meet.
    private static func keys(_ words: String) -> Set<String> {
        Set(words.split(separator: "|").map { HeaderName.normalizedKey(String($0)) }.filter { !$0.isEmpty })
    }

    private static let pendingKeys = keys("""
        pending|pend|authorized|authorised|authorization|authorisation|hold|on hold|held|uncleared|not cleared|in progress|\
        processing|reserved|scheduled|unclaimed|placed|\
        vorgemerkt|vormerkung|umsatz vorgemerkt|in bearbeitung|offen|ausstehend|nicht gebucht|reserviert|\
        en attente|en cours|a venir|non comptabilisé|pendiente|en proceso|retenido|in sospeso|in attesa|in lavorazione|\
        non contabilizzato|in behandeling|in afwachting|gereserveerd|pendente|em processamento|processando|agendado|\
        oczekująca|oczekujące|w trakcie realizacji|zablokowana|blokada|nierozliczona|przetwarzana|\
        čekající|nezaúčtováno|blokace|rezervace|zpracovává se|autorizováno|\
        čakajúca|nezaúčtované|blokácia|rezervácia|spracováva sa|\
        függőben|folyamatban|zárolt|foglalás|előjegyzett|\
        în așteptare|în aşteptare|în procesare|blocat|rezervat|neconfirmat|\
        reserverat|reserverad|väntande|preliminär|ej bokförd|kommande|\
        reserveret|afventer|venter|ikke bogført|\
        reservert|ventende|ikke bokført|\
        varaus|katevaraus|odottaa|käsittelyssä|kirjaamaton|tuleva|\
        laukiama|rezervuota|neįvykdyta|vykdoma|\
        gaida|rezervēts|apstrādē|bloķēts|\
        ootel|broneeritud|reserveeritud|töötlemisel|\
        σε εκκρεμότητα|εκκρεμεί|δέσμευση|υπό επεξεργασία|\
        beklemede|bekleyen|provizyon|işlemde
        """)

    private static let postedKeys = keys("""
        posted|post|completed|complete|booked|cleared|reconciled|settled|processed|final|done|success|successful|executed|\
        issued|paid|sent|received|refunded|partially refunded|reversed|\
        gebucht|umsatz gebucht|verbucht|ausgeführt|abgeschlossen|erledigt|\
        comptabilisé|comptabilisée|exécuté|exécutée|effectué|effectuée|validé|terminé|\
        contabilizado|contabilizada|completado|realizado|ejecutado|liquidado|\
        contabilizzato|contabilizzata|eseguito|completato|registrato|\
        verwerkt|geboekt|voltooid|uitgevoerd|\
        concluído|concluída|efetuado|efetuada|processado|lançado|\
        zaksięgowana|zaksięgowano|zrealizowana|wykonana|rozliczona|\
        zaúčtováno|provedeno|dokončeno|zpracováno|\
        zaúčtované|vykonané|dokončené|spracované|\
        könyvelt|teljesült|teljesítve|lezárt|\
        înregistrat|finalizat|efectuat|decontat|\
        bokförd|bokfört|genomförd|utförd|slutförd|\
        bogført|gennemført|udført|\
        bokført|gjennomført|utført|\
        kirjattu|veloitettu|suoritettu|valmis|\
        įvykdyta|užregistruota|atlikta|\
        izpildīts|apstrādāts|grāmatots|\
        teostatud|kirjendatud|tehtud|\
        ολοκληρώθηκε|εκτελέστηκε|λογιστικοποιήθηκε|\
        tamamlandı|gerçekleşti|onaylandı
        """)

    private static let notATransactionKeys = keys("""
        declined|rejected|failed|cancelled|canceled|reverted|voided|void|expired|denied|refused|\
        abgelehnt|storniert|fehlgeschlagen|abgebrochen|zurückgewiesen|\
        refusé|rejeté|annulé|échoué|rechazado|denegado|cancelado|anulado|rifiutato|annullato|stornato|\
        geweigerd|afgewezen|geannuleerd|mislukt|recusado|negado|estornado|\
        odrzucona|anulowana|nieudana|zamítnuto|zrušeno|neprovedeno|zamietnuté|zrušené|\
        elutasítva|visszautasítva|törölve|respins|anulat|eșuat|eşuat|\
        nekad|avvisad|makulerad|afvist|annulleret|avvist|kansellert|hylätty|peruttu|\
        atmesta|atšaukta|noraidīts|atcelts|tagasi lükatud|tühistatud|\
        απορρίφθηκε|ακυρώθηκε|reddedildi|iptal edildi
        """)
}
