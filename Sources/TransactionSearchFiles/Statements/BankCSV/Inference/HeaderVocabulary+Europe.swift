import TransactionSearch

/// Header names of the languages added for Central and Northern Europe, Greece and Turkey,
/// with more English and Portuguese names (Polish, Czech, Slovak, Hungarian, Romanian, Swedish,
/// Danish, Norwegian, Finnish, Lithuanian, Latvian, Estonian, Greek, Turkish), in the line format
/// of `HeaderVocabulary.table`: from the exports quoted in docs/bank-files.md and the banking
/// terms of each language. A name that repeats one of another language with the same role only
/// adds its language to it.
extension HeaderVocabulary {
    static let europeanTable = """
        en date0: date (utc) | transaction date (utc) | date created | created | activity date
        en date1: date finished
        en valueDate: interest date
        en merchant: partner name | payer name | name of payee
        en description: narration | transaction remarks | appears on your statement as
        en amount: amount (total) | billing amount | amount in account currency
        en indicator: debit/credit flag | balance impact
        en type: transaction code | tran type | payment type
        en category: category group
        en card: card last four digits
        en reference: transferwise id | archive code
        en balance: running bal. | balance after transaction | closing balance
        * ignore-original: exchange from | exchange to | exchange to amount | total fees | amount (tip) | amount (fee)
        * ignore-original: amount (tax) | tax rate | fx rate
        * ignore-other: member name | card holder full name | attachment | terminal location | funding source | destination
        * ignore-other: beginning balance | ending balance | statement period venmo fees | year to date venmo fees | disclaimer
        * ignore-other: tax exempt | product | item title | item id | shipping address | address status | from email address
        * ignore-other: to email address | option 1 name | option 1 value | option 2 name | option 2 value
        * ignore-other: shipping and handling amount | insurance amount | sales tax | invoice number | custom number | receipt id
        * ignore-other: subject | country code | contact phone number | reference txn id
        * ignore-counterparty: partner iban | payee account number
        * ignore-other: absender e-mail-adresse | empfänger e-mail-adresse | lieferadresse | adress-status | artikelbezeichnung
        * ignore-other: artikelnummer | versand- und bearbeitungsgebühr | versicherungsbetrag | umsatzsteuer | option 1 wert
        * ignore-other: option 2 wert | rechnungsnummer | zollnummer | anzahl | empfangsnummer | adresszeile 1 | adresszusatz | ort
        * ignore-other: bundesland | plz | land | telefon | betreff | ländervorwahl

        pt date0: dt. lançamento | data da transação | data transação | data do lançamento
        pt merchant: remetente
        pt description: lançamento | descrição do lançamento | título
        pt notes: observação | complemento
        pt amount: valor (r$) | valor em r$
        pt type: tipo lançamento | tipo de lançamento
        pt reference: n° documento | nº documento | número do documento | documento
        pt balance: saldo contabilístico | saldo (r$)

        pl date2: data
        pl type: typ
        pl status: status
        pl date0: data operacji | data transakcji | data zlecenia | data wykonania
        pl date1: data księgowania | data ksiegowania | data zaksięgowania
        pl valueDate: data waluty | data waluty operacji
        pl merchant: nadawca/odbiorca | odbiorca/nadawca | nazwa nadawcy | nazwa odbiorcy | dane kontrahenta | kontrahent
        pl merchant: nazwa kontrahenta | odbiorca | nadawca | zleceniodawca/odbiorca | beneficjent
        pl description: opis transakcji | tytuł | tytuł operacji | tytuł przelewu | opis | szczegóły transakcji
        pl notes: opis dodatkowy | szczegóły | uwagi | informacje dodatkowe | dodatkowe informacje
        pl amount: kwota | kwota w walucie rachunku | kwota transakcji (waluta rachunku)
        pl amount1: kwota operacji | kwota transakcji
        pl debit: obciążenia | obciążenie | wydatki | wypłaty | winien | kwota obciążenia
        pl credit: uznania | uznanie | wpływy | wpłaty | ma | kwota uznania
        pl indicator: winien/ma | obciążenie/uznanie | strona operacji
        pl type: opis operacji | typ transakcji | typ operacji | rodzaj operacji | rodzaj transakcji
        pl currency: waluta | waluta rachunku
        pl status: stan | status transakcji
        pl category: kategoria
        pl subcategory: podkategoria
        pl card: karta | numer karty
        pl account: rachunek | numer rachunku | rachunek własny
        pl reference: numer referencyjny | id transakcji | identyfikator transakcji | nr transakcji | referencje własne zleceniodawcy
        pl time: godzina | czas operacji
        pl balance: saldo po operacji | saldo po transakcji | saldo księgowe | saldo dostępne
        * ignore-counterparty: numer konta | nr rachunku | rachunek nadawcy | rachunek odbiorcy | rachunek kontrahenta
        * ignore-counterparty: numer rachunku kontrahenta | numer rachunku nadawcy | numer rachunku odbiorcy
        * ignore-original: waluta operacji | oryginalna kwota operacji | kurs wymiany | prowizja | opłata

        cs date2: datum
        cs debit: debet
        cs type: typ
        cs status: status
        cs category: kategorie
        cs date0: datum provedení | datum transakce | datum operace | datum pohybu
        cs date1: datum zaúčtování | zaúčtováno | datum zpracování
        cs valueDate: datum valuty | datum splatnosti
        cs merchant: název protiúčtu | protistrana | název protistrany | jméno protistrany | příjemce | plátce | obchodník
        cs merchant: název obchodníka | název účtu protistrany
        cs description: zpráva pro příjemce | popis | popis transakce | uživatelská identifikace | označení platby
        cs notes: poznámka | komentář | zpráva pro mě | zpráva | doplňující údaj | upřesnění
        cs amount: objem | částka | částka v měně účtu | zaúčtovaná částka
        cs debit: výdaj | výdaje | odchozí
        cs credit: příjem | příjmy | kredit | příchozí
        cs indicator: debet/kredit | směr
        cs type: typ transakce | typ pohybu | druh transakce | typ platby
        cs currency: měna | měna účtu
        cs status: stav
        cs category: kategorie transakce
        cs card: karta | číslo karty
        cs account: číslo účtu | účet | vlastní účet
        cs reference: id operace | id pohybu | id transakce | referenční číslo
        cs time: čas
        cs balance: zůstatek | zůstatek po transakci | disponibilní zůstatek
        * ignore-counterparty: protiúčet | číslo protiúčtu | protiúčet a kód banky | číslo účtu protistrany
        * ignore-bank: kód banky | název banky
        * ignore-other: ks | vs | ss | konstantní symbol | variabilní symbol | specifický symbol | provedl | id pokynu
        * ignore-original: původní částka | původní měna | směnný kurz | poplatek | poplatky

        sk date2: dátum
        sk debit: debet
        sk type: typ
        sk reference: referencia
        sk date0: dátum transakcie | dátum realizácie | dátum operácie | dátum pohybu
        sk date1: dátum zaúčtovania | zaúčtované dňa
        sk valueDate: dátum valuty | dátum splatnosti
        sk merchant: názov protiúčtu | protistrana | názov protistrany | meno protistrany | príjemca | platiteľ | obchodník
        sk merchant: názov obchodníka
        sk description: popis | popis transakcie | správa pre príjemcu | informácia pre príjemcu | účel platby
        sk notes: poznámka | komentár | doplňujúce údaje
        sk amount: suma | čiastka | suma v mene účtu
        sk debit: výdaj | výdavky
        sk credit: kredit | príjem | príjmy
        sk indicator: debet/kredit | kredit/debet
        sk type: typ transakcie | druh transakcie
        sk currency: mena | mena účtu
        sk status: stav
        sk category: kategória
        sk card: karta | číslo karty
        sk account: číslo účtu | účet
        sk reference: id transakcie | referencia platiteľa
        sk time: čas
        sk balance: zostatok | zostatok po transakcii
        * ignore-counterparty: protiúčet | číslo protiúčtu | iban protiúčtu

        hu date2: dátum
        hu date0: tranzakció dátuma | tranzakció időpontja | terhelés dátuma | vásárlás dátuma
        hu date1: könyvelés dátuma | könyvelési dátum | könyvelés napja
        hu valueDate: értéknap | értéknap dátuma
        hu merchant: partner neve | partner | kedvezményezett neve | kedvezményezett | ellenoldali név | ellenoldali partner neve
        hu merchant: kereskedő | címzett | megbízó neve
        hu description: közlemény | leírás | tranzakció leírása | tétel leírása
        hu notes: megjegyzés | kiegészítő információ
        hu amount: összeg | tranzakció összege | könyvelt összeg
        hu debit: terhelés | tartozik
        hu credit: jóváírás | követel
        hu indicator: terhelés/jóváírás | t/j | tartozik/követel
        hu type: típus | tranzakció típusa | művelet típusa | forgalom típusa
        hu currency: pénznem | deviza | devizanem
        hu status: állapot | státusz
        hu category: kategória
        hu card: kártya | kártyaszám
        hu account: számlaszám | saját számla | számla
        hu reference: tranzakció azonosító | azonosító | hivatkozás
        hu time: időpont | idő
        hu balance: egyenleg | egyenleg a tranzakció után
        * ignore-counterparty: partner számlaszáma | ellenoldali számlaszám | kedvezményezett számlaszáma

        ro date2: data
        ro valueDate: data valuta
        ro debit: debit
        ro credit: credit
        ro indicator: debit/credit | d/c
        ro currency: monedă | moneda
        ro status: status
        ro category: categorie
        ro card: card
        ro date0: data tranzacției | data tranzactiei | data operațiunii | data operatiunii
        ro date1: data înregistrării | data inregistrarii | data finalizării tranzacției | data finalizarii tranzactiei | data decontării
        ro valueDate: data valutei | data valutei tranzactiei
        ro merchant: beneficiar | plătitor | platitor | nume beneficiar | beneficiar/plătitor | comerciant | contrapartidă | partener
        ro description: descriere | detalii tranzacție | detalii tranzactie | explicație | explicatie | detalii
        ro notes: observații | observatii | mențiuni | mentiuni
        ro amount: sumă | suma | valoare | sumă tranzacție
        ro debit: debitare
        ro credit: creditare
        ro type: tip tranzacție | tip tranzactie | tip operațiune | tip
        ro status: stare
        ro card: număr card | numar card
        ro account: cont | număr cont | numar cont
        ro reference: referință | referinta | referinta tranzactiei | referință tranzacție
        ro balance: sold | sold contabil | sold final | sold disponibil
        * ignore-counterparty: cont beneficiar | iban beneficiar | cont plătitor | cont platitor

        sv date0: transaktionsdatum
        sv date2: datum
        sv valueDate: valutadatum
        sv description: text
        sv debit: debet
        sv type: transaktionstyp | typ
        sv status: status
        sv account: konto | kontonummer
        sv balance: saldo
        sv date0: transaktionsdag | köpdatum
        sv date1: bokföringsdag | bokföringsdatum | bokförd | bokfört datum
        sv valueDate: valutadag | räntedag | räntedatum
        sv merchant: mottagare | avsändare | namn | betalningsmottagare | motpart | text/mottagare | butik
        sv description: beskrivning | rubrik | transaktionstext | specifikation
        sv notes: meddelande | anteckning | egen anteckning | referens
        sv amount: belopp | summa | belopp sek
        sv debit: uttag
        sv credit: insättning | kredit
        sv type: betalningstyp
        sv category: kategori
        sv subcategory: underkategori
        sv card: kort | kortnummer
        sv reference: verifikationsnummer | radnummer
        sv balance: bokfört saldo | disponibelt belopp
        * ignore-bank: clearingnummer

        da notes: note
        da debit: debet
        da type: type
        da status: status
        da account: konto | kontonummer
        da reference: reference
        da balance: saldo
        da date0: købsdato | transaktionsdato
        da date1: bogføringsdato | bogført
        da date2: dato
        da valueDate: rentedato | valør | valørdato
        da merchant: modtager | afsender | navn | modpart | beløbsmodtager
        da description: tekst | beskrivelse | posteringstekst
        da notes: besked | meddelelse | kommentar
        da amount: beløb | beløb i dkk
        da debit: udbetaling | hævning
        da credit: indbetaling | kredit
        da type: posteringstype
        da category: kategori
        da subcategory: underkategori
        da reference: referencenummer
        * ignore-other: afstemt

        nb type: type
        nb status: status
        nb account: konto | kontonummer
        nb balance: saldo
        nb date0: transaksjonsdato | kjøpsdato
        nb date1: bokføringsdato | bokført dato
        nb date2: dato
        nb valueDate: rentedato | valuteringsdato
        nb merchant: mottaker | avsender | navn | betalingsmottaker
        nb description: forklaring | beskrivelse | tekst | tittel | transaksjonstekst
        nb notes: melding | notat
        nb amount: beløp | beløp i nok
        nb debit: ut | ut fra konto | uttak
        nb credit: inn | inn på konto | innskudd
        nb type: transaksjonstype | betalingstype
        nb category: kategori
        nb reference: kid | referanse | arkivreferanse
        * ignore-counterparty: til konto | fra konto

        fi balance: saldo
        fi date0: maksupäivä | tapahtumapäivä | ostopäivä
        fi date1: kirjauspäivä | kirjauspvm
        fi date2: päivämäärä | pvm
        fi valueDate: arvopäivä
        fi merchant: saaja/maksaja | saajan nimi | maksaja | maksunsaaja | nimi | saaja
        fi description: selitys | otsikko | tapahtuman selitys
        fi notes: viesti | lisätiedot | viite | viitenumero
        fi amount: määrä | summa | määrä euroa | rahamäärä
        fi debit: veloitus | otto
        fi credit: hyvitys | pano
        fi type: laji | tapahtumalaji | tapahtumatyyppi
        fi type1: tapahtumalajikoodi
        fi currency: valuutta | valuuttalaji
        fi status: tila
        fi category: kategoria
        fi card: kortti | kortin numero
        fi account: tilinumero | tili
        fi reference: arkistointitunnus | arkistotunnus
        * ignore-counterparty: saajan tilinumero | saajan tilinumero ja pankin bic | maksajan tilinumero
        * ignore-bank: saajan pankin bic | saajan bic-tunnus

        lt date2: data
        lt date0: operacijos data | mokėjimo data
        lt date1: įrašo data | įskaitymo data
        lt valueDate: valiutavimo data
        lt merchant: gavėjas | mokėtojas | gavėjas/mokėtojas | mokėtojo arba gavėjo pavadinimas | pavadinimas | kontrahentas
        lt description: paaiškinimai | mokėjimo paskirtis | paskirtis | aprašymas
        lt notes: pastabos | komentaras
        lt amount: suma | suma eur
        lt debit: debetas
        lt credit: kreditas
        lt indicator: d/k | debetas/kreditas | kreditas/debetas
        lt type: operacijos tipas | tipas
        lt type1~: kodas
        lt currency: valiuta
        lt status: būsena | statusas
        lt category: kategorija
        lt account: sąskaitos nr. | sąskaita | sąskaitos numeris | kliento sąskaita
        lt reference: įrašo id | operacijos id | dok. nr. | dokumento nr.
        lt balance: likutis
        * ignore-counterparty: gavėjo sąskaita | mokėtojo sąskaita | kontrahento sąskaita

        lv date0: darījuma datums | operācijas datums
        lv date1: grāmatošanas datums
        lv date2: datums
        lv valueDate: valutēšanas datums
        lv merchant: saņēmējs/maksātājs | saņēmējs | maksātājs | partneris | darījuma partneris
        lv description: informācija saņēmējam | maksājuma mērķis | apraksts | detaļas
        lv notes: piezīmes
        lv amount: summa
        lv debit: debets
        lv credit: kredīts
        lv indicator: debets/kredīts | kredīts/debets | d/k
        lv type: maksājuma veids | darījuma veids
        lv type1~: ieraksta tips
        lv status: statuss
        lv category: kategorija
        lv account: klienta konts | konts | konta numurs
        lv reference: arhīva kods | refernces numurs | references numurs | dokumenta numurs
        lv balance: atlikums
        * ignore-counterparty: partnera konts | saņēmēja konts | maksātāja konts

        et indicator: d/c
        et account: konto
        et balance: saldo
        et date0: tehingu kuupäev
        et date1: kande kuupäev | broneerimise kuupäev
        et date2: kuupäev
        et valueDate: väärtuspäev
        et merchant: saaja/maksja | saaja/maksja nimi | saaja | maksja | makse saaja
        et description: selgitus | kirjeldus | makse selgitus
        et notes: märkused | viitenumber
        et amount: summa
        et debit: deebet
        et credit: kreedit
        et indicator: deebet/kreedit | deebet/kreedit (d/c)
        et type: tehingu tüüp | tüüp
        et type1~: reatüüp
        et currency: valuuta
        et status: olek | staatus
        et category: kategooria
        et account: kliendi konto
        et reference: arhiveerimistunnus | dokumendi number | kande viide
        * ignore-counterparty: saaja/maksja konto
        * ignore-bank: saaja panga kood | saaja/maksja panga bic
        * ignore-other: tühi | isikukood või registrikood | makse algataja nimi | konto teenusepakkuja viide
        * ignore-original: teenustasu

        el date0: ημερομηνία συναλλαγής | ημ/νία συναλλαγής
        el date1: ημερομηνία καταχώρησης | ημερομηνία λογιστικοποίησης
        el date2: ημερομηνία | ημ/νία
        el valueDate: ημερομηνία αξίας | ημ/νία αξίας | αξία
        el merchant: δικαιούχος | επωνυμία | έμπορος | αντισυμβαλλόμενος | κατάστημα
        el description: περιγραφή | αιτιολογία | περιγραφή συναλλαγής
        el notes: σχόλια | παρατηρήσεις
        el amount: ποσό | ποσό συναλλαγής
        el debit: χρέωση | χρεώσεις
        el credit: πίστωση | πιστώσεις
        el indicator: χ/π | χρέωση/πίστωση | πρόσημο | πρόσημο ποσού
        el type: τύπος | είδος συναλλαγής | τύπος συναλλαγής
        el currency: νόμισμα
        el status: κατάσταση
        el category: κατηγορία
        el card: κάρτα | αριθμός κάρτας
        el account: λογαριασμός | αριθμός λογαριασμού
        el reference: αριθμός αναφοράς | κωδικός συναλλαγής
        el time: ώρα
        el balance: υπόλοιπο | λογιστικό υπόλοιπο | διαθέσιμο υπόλοιπο

        tr date0: işlem tarihi
        tr date1: kayıt tarihi
        tr date2: tarih | tarih/saat
        tr valueDate: valör tarihi
        tr merchant: alıcı | gönderen | karşı taraf | işyeri | üye işyeri | alıcı adı
        tr description: açıklama | işlem açıklaması | işlem
        tr notes: not | etiket
        tr amount: tutar | işlem tutarı | miktar
        tr debit: borç
        tr credit: alacak
        tr indicator: borç/alacak | b/a
        tr type: işlem tipi | işlem türü | kanal
        tr currency: para birimi | döviz
        tr status: durum
        tr category: kategori
        tr card: kart | kart numarası
        tr account: hesap | hesap no
        tr reference: dekont no | referans no | işlem no
        tr time: saat
        tr balance: bakiye
        """

    /// Keywords of those languages, in the format of `keywords` (tried after them).
    static let europeanKeywords = """
        date: dátum | datum | dato | päivä* | päivämäärä | kuupäev | datums | tarih | ημερομηνία
        amount: kwota | částka | čiastka | suma | összeg* | sumă | valoare | belopp | beløb | beløp | määrä | summa | tutar | ποσό | objem
        merchant: odbiorca | nadawca | kontrahent | příjemce | príjemca | protistrana | kedvezményezett | beneficiar | mottagare
        merchant: mottaker | modtager | saaja | maksaja | gavėjas | mokėtojas | saņēmējs | maksātājs | saaja/maksja | alıcı
        merchant: δικαιούχος
        description: opis | tytuł | popis | leírás | közlemény | descriere | detalii | beskrivning | beskrivelse | forklaring
        description: selitys | paaiškinimai | apraksts | selgitus | açıklama | περιγραφή | αιτιολογία
        notes: uwagi | poznámka | zpráva | megjegyzés | observații | meddelande | besked | melding | viesti | pastabos | piezīmes
        notes: märkused | σχόλια
        currency: waluta | měna | mena | pénznem | monedă | valuutta | valiuta | valūta | valuuta | döviz | νόμισμα
        category: kategoria | kategorie | kategória | categorie | kategori | kategorija | kategooria | κατηγορία
        reference: referencja | referenční | referencia | referință | referens | referanse | arkistointitunnus | arhīva
        reference: arhiveerimistunnus | referans
        balance: zůstatek | zostatok | egyenleg | likutis | atlikums | bakiye | υπόλοιπο
        status: stan | stav | állapot | stare | tila | būsena | statuss | olek | durum | κατάσταση
        time: godzina | čas | idő | ora | tid | aika | laikas | laiks | aeg | saat | ώρα
        """
}
