import TransactionSearch

/// The header names bank exports use, in English, German, French, Spanish, Italian, Dutch and
/// Portuguese, written as people see them; `HeaderVocabulary` folds them (case, accents,
/// punctuation; `ä` also as `ae`) when it loads.
///
/// One line per language, role and rank: `lang role[rank][~][!]: name | name`.
/// - `lang`: `en de fr es it nl pt`, or `*` for words every language uses (`IBAN`).
/// - `role`: a `ColumnRole`, or `ignore-<why>` for columns that are read and left out.
/// - `rank`: when two columns have a role, the lower rank wins (booking date 0 before a
///   posting date 1 before a plain `Date` 2); the others of a date become value dates.
/// - `~`: the name alone is not enough: the column's values must fit the role (`Valuta` is a
///   value date in German and a currency in Italian; `Valor` an amount or a value date).
/// - `!`: a US word (`Posted Date`): evidence for month-first dates when they are ambiguous.
extension HeaderVocabulary {
    static let table = """
        en date0: transaction date | trans date | trans. date | txn date | booking date | date of transaction | started date | purchase date | operation date | transaction posted date
        en date1!: posted date | post date | posting date | date posted
        en date1: completed date | processed date | booked date
        en date2: date | date/time | datetime | date and time | timestamp
        en valueDate: value date | settlement date | effective date
        de date0: buchungstag | buchungsdatum | belegdatum | transaktionsdatum | umsatztag | buchung | datum der buchung
        de date2: datum | datum/uhrzeit
        de valueDate: wertstellung | wertstellungsdatum | valutadatum | wert | valuta datum | wertstellung (valuta)
        * valueDate~: valuta
        fr date0: date d'opération | date de l'opération | date opération | date de transaction | date comptable | date de comptabilisation | date d'exécution
        fr date2: date
        fr valueDate: date de valeur | date valeur
        es date0: fecha operación | fecha de operación | f. operación | fecha contable | fecha movimiento | fecha de movimiento | fecha transacción
        es date2: fecha
        es valueDate: fecha valor | f. valor | fecha de valor
        it date0: data contabile | data operazione | data registrazione | data movimento
        it date2: data
        it valueDate: data valuta | data di valuta
        nl date0: boekdatum | boekingsdatum | transactiedatum
        nl date2: datum
        nl valueDate: rentedatum | valutadatum
        pt date0: data lançamento | data de lançamento | data mov. | data movimento | data operação | data da operação | data do movimento
        pt date2: data
        pt valueDate: data valor | data de valor | data-valor

        en merchant: payee | payee name | merchant | merchant name | name | counterparty | counter party | counterparty name | beneficiary | recipient | payer | payer/payee | paid to | to/from | other party
        de merchant: auftraggeber/empfänger | auftraggeber/begünstigter | begünstigter/auftraggeber | zahlungspflichtiger/empfänger | auftraggeber/zahlungsempfänger | empfänger | zahlungsempfänger | begünstigter/zahlungspflichtiger | begünstigter | auftraggeber | zahlungspflichtiger | empfänger/zahlungspflichtiger | name zahlungsbeteiligter | zahlungsbeteiligter | gegenpartei | empfänger/auftraggeber | händler
        fr merchant: bénéficiaire | tiers | destinataire | contrepartie | nom | émetteur/bénéficiaire | bénéficiaire/émetteur | commerçant | nom du tiers
        es merchant: beneficiario | ordenante | ordenante/beneficiario | beneficiario/ordenante | comercio | nombre | contraparte | establecimiento
        it merchant: ordinante | esercente | controparte | nome | beneficiario/ordinante
        nl merchant: naam / omschrijving | naam | tegenpartij | naam tegenpartij | begunstigde | ontvanger | naam tegenrekening
        pt merchant: favorecido | estabelecimento | beneficiário | destinatário | comerciante

        en description: description | transaction description | narrative | transaction details | particulars | text | statement description | merchant description
        en description~: details
        de description: beschreibung | buchungstext | vorgang/verwendungszweck | umsatztext | buchungsdetails | transaktionsbeschreibung | buchungsinformationen
        fr description: libellé | libellé opération | libellé de l'opération | libellé simplifié | nature de l'opération | opération | intitulé
        es description: concepto | descripción | movimiento | detalle
        it description: descrizione | descrizione operazione | causale | operazione | descrizione movimento
        nl description: omschrijving | beschrijving | omschrijving-1 | omschrijving-2 | omschrijving-3
        pt description: descrição | descritivo | histórico | descrição do movimento

        en notes: memo | notes | note | purpose | payment reference | payment details | remarks | comment | comments | additional info | additional information | extended details | original description | original statement | notes and #tags | message
        de notes: verwendungszweck | zweck | zahlungsreferenz | notiz | notizen | bemerkung | bemerkungen | mitteilung | zusatzinfo
        de status~: info
        fr notes: motif | commentaire | commentaires | détail | détail de l'écriture | informations complémentaires
        es notes: observaciones | notas | más datos | concepto ampliado | información adicional | comentario
        it notes: annotazioni | dettagli | descrizione estesa | informazioni aggiuntive | messaggio
        nl notes: mededelingen | notities | opmerking | opmerkingen | betalingskenmerk
        pt notes: observações | detalhes | informação adicional | descrição detalhada

        en amount: amount | transaction amount | amt | gross
        en amount1: net
        en amount~: value
        de amount: betrag | umsatz | buchungsbetrag | umsatzbetrag
        fr amount: montant | montant de l'opération | montant opération
        es amount: importe | cantidad | monto
        it amount: importo | ammontare
        nl amount: bedrag | transactiebedrag
        pt amount: montante | quantia | valor do movimento
        pt amount~: valor

        en debit: debit | debits | debit amount | withdrawal | withdrawals | withdrawal amount | money out | paid out | out | outflow | outgoing | spent
        de debit: soll | lastschrift | ausgang | ausgaben | belastung | abbuchung | betrag soll
        fr debit: débits | sortie | sorties | montant débit
        es debit: cargo | cargos | debe | gastos | salida
        it debit: addebiti | addebito | uscite | dare | importo dare
        nl debit: af | afschrijving | afschrijvingen | debet
        pt debit: débito | débitos | saída | saídas | valor débito

        en credit: credit | credits | credit amount | deposit | deposits | deposit amount | money in | paid in | in | inflow | incoming | received
        de credit: haben | gutschrift | eingang | einnahmen | betrag haben
        fr credit: crédits | entrée | entrées | montant crédit
        es credit: abono | abonos | haber | ingreso | ingresos
        it credit: accrediti | accredito | entrate | avere | importo avere
        nl credit: bij | bijschrijving | bijschrijvingen
        pt credit: crédito | créditos | entrada | entradas | valor crédito

        en indicator: debit/credit | credit/debit | dr/cr | cr/dr | d/c | c/d | credit debit indicator | debit credit indicator | dc | sign
        de indicator: soll/haben | s/h
        fr indicator: débit/crédit | sens
        es indicator: cargo/abono | debe/haber | signo
        it indicator: dare/avere | segno
        nl indicator: af bij | af/bij | debet/credit | credit/debet
        pt indicator: débito/crédito

        en type: type | transaction type | trans type | trans. type | kind
        en type~: action
        de type: typ | vorgang | umsatzart | buchungsart | transaktionsart | art | vorgangsart | transaktionstyp
        fr type: type d'opération | type de transaction | nature | type opération
        es type: tipo | tipo de movimiento | tipo movimiento | tipo de operación | tipo operación
        it type: tipo operazione | tipologia
        nl type1: code
        nl type: mutatiesoort | soort | soort transactie | transactietype | type transactie
        pt type: tipo de movimento | tipo de transação | natureza

        en currency: currency | ccy | curr | currency code | iso currency code | transaction currency | account currency
        de currency: währung | währungscode
        fr currency: devise | monnaie
        es currency: moneda | divisa
        nl currency: munt | muntsoort
        pt currency: moeda

        en status: status | state | transaction status
        en status~: cleared
        en status: pending | posted | completed | booked
        de status: buchungsstatus | vorgemerkt | gebucht
        fr status: statut | état | état de l'opération
        es status: estado
        it status: stato
        pt status: situação

        en category: category | categories | category name | spending category
        en subcategory: subcategory | sub-category | sub category
        de category: kategorie | umsatzkategorie | hauptkategorie
        de subcategory: unterkategorie
        fr category: catégorie | catégorie de l'opération
        fr subcategory: sous-catégorie
        es category: categoría
        es subcategory: subcategoría
        it category: categoria
        it subcategory: sottocategoria
        nl category: categorie | rubriek
        nl subcategory: subcategorie
        pt subcategory: subcategoria

        en card: card | card number | card no | card no. | card name | card last 4 | card ending | card last four
        de card: karte | kartennummer | karten-nr
        fr card: carte | numéro de carte | n° de carte
        es card: tarjeta | número de tarjeta
        it card: carta | numero carta | numero di carta
        nl card: kaart | kaartnummer | pasnummer
        pt card: cartão | número do cartão

        en account: account | account name
        en account~: account number | account no | account #
        de account: konto | auftragskonto | kontobezeichnung | eigenes konto
        de account~: kontonummer | konto-nr
        * account~: iban
        fr account: compte | numéro de compte | n° de compte
        es account: cuenta | número de cuenta
        it account: conto | numero conto | numero di conto
        nl account: rekening | rekeningnummer | eigen rekening
        pt account: conta | número da conta | número de conta

        en reference: reference | ref | ref. | transaction id | transaction reference | reference number | ref number | bank reference | transaction number | transaction no | fitid | confirmation number | unique id
        en reference~: id
        en pendingReference: pending transaction id | pending reference | pending id
        de reference: referenz | kundenreferenz | kundenreferenz (end-to-end) | end-to-end-referenz | transaktions-id | buchungsreferenz | referenznummer
        fr reference: référence | numéro de référence | référence de l'opération | réf
        es reference: referencia | número de referencia
        it reference: riferimento | numero riferimento | codice riferimento | id transazione
        nl reference: referentie | transactiereferentie | kenmerk
        pt reference: identificador | número de referência | id da transação

        en time: time | transaction time | trade time | time of day
        de time: uhrzeit | zeit | buchungszeit
        fr time: heure
        es time: hora
        it time: ora | orario
        nl time: tijd | tijdstip

        en timeZone: time zone | timezone | tz
        de timeZone: zeitzone
        fr timeZone: fuseau horaire
        es timeZone: zona horaria | huso horario
        it timeZone: fuso orario
        nl timeZone: tijdzone
        pt timeZone: fuso horário

        en balance: balance | running balance | runningbalance | available balance | ledger balance | account balance | balance after
        de balance: kontostand | saldo nach buchung | neuer saldo
        fr balance: solde | solde après opération
        es balance: saldo disponible
        it balance: saldo contabile | saldo disponibile
        nl balance: saldo na mutatie | saldo na transactie
        pt balance: saldo disponível | saldo após movimento
        * balance: saldo

        * ignore-counterparty: tegenrekening | tegenrekening iban/bban | kontonummer/iban | iban zahlungsbeteiligter | iban auftraggeber | iban empfänger | empfänger iban | gegenkonto | counterparty account | counterparty iban | payee account | compte de contrepartie | cuenta contrapartida | cuenta ordenante | conto controparte | conta contraparte
        * ignore-bank: bic | bic (swift-code) | bic swift | swift | blz | bankleitzahl | sort code | routing number | bank code | bic tegenpartij | bic zahlungsbeteiligter
        * ignore-mandate: mandatsreferenz | gläubiger id | gläubiger-id | creditor id | sammlerreferenz | mandate reference
        * ignore-original: lastschrift ursprungsbetrag | auslagenersatz rücklastschrift | original amount | original currency | local amount | local currency | foreign amount | foreign currency | amount (foreign currency) | type foreign currency | foreign currency amount | exchange rate | kurs | wechselkurs | fees & comm | fee | fees | commission
        * ignore-check: check number | checknumber | check # | check or slip # | cheque number
        * ignore-other: quantity | price | symbol | emoji | receipt | address | city | city/state | zip code | country | postal code | tags | labels | tag | flag | card member | category split
        """

    /// Single words that give a role to a name not in the table (`Umsatzdatum`, `Date of
    /// booking`); `*` marks a suffix for German and Dutch compounds (`*betrag`). The role is
    /// always tentative: the column's values must fit it.
    static let keywords = """
        date: date | datum* | fecha | data | dato
        amount: amount | betrag* | montant | importe | importo | bedrag* | montante
        merchant: payee | merchant | empfänger* | beneficiary | beneficiaire | beneficiario | begunstigde
        description: description | beschreibung* | omschrijving* | descrizione | descripción | descrição | libellé | concepto | text*
        notes: memo | notes | note | zweck* | remarks
        currency: currency | währung* | devise | moneda | divisa | moeda
        category: category | kategorie* | catégorie | categoría | categoria | categorie
        reference: reference | referenz* | referencia | riferimento | referentie* | référence
        balance: balance | saldo* | solde | kontostand*
        status: status | estado | stato | statut
        time: time | uhrzeit* | heure | hora | tijd
        """
}
