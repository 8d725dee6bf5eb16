/// The pipeline's tail steps: the cut after the name, place names, stray punctuation, casing.
extension PayeePipeline {
    /// Every cut-word kind (reference fields, payroll wording, store labels, `ON` + date).
    var cutKinds: KindMask {
        PayeePhraseKind.cutReference.bit | PayeePhraseKind.cutPayroll.bit | PayeePhraseKind.cutStore.bit | PayeePhraseKind.cutOnDate.bit
    }

    /// Cuts the name at the first token after it that starts noise: the `*` suffix, a bracket,
    /// a reference or payroll word, a store number, card mask, date, phone, amount or address.
    /// A web address that is the name itself is reduced to its name part.
    mutating func cutTail() {
        need(lo + 1)
        if lo < hi && (t[lo].flags.contains(.dot) || t[lo].flags.contains(.slash))
            && t[lo].noise == .url,
            let (a, b) = PayeeNoiseShape.urlCore(p, Int(t[lo].start), Int(t[lo].end)),
            a != Int(t[lo].start) || b != Int(t[lo].end)
        {
            if let core = PayeeTokenizer.make(p, a, b, colonAfter: false, table: words), core.isContent {
                let removed = Sink.records ? text(lo, lo + 1) : ""
                t[lo] = core
                if Sink.records { record("url", removed) }
            }
        }
        var i = lo + 1
        let memo = transfer ? PayeePhraseKind.cutMemo.bit : 0
        while i < hi {
            need(i + 1)
            let tk = t[i]
            var rule: StaticString? = nil
            var store = false  // a store, terminal or reference number: what follows is location
            if tk.flags.contains(.symbol) {
                if tk.flags.contains(.star) {
                    rule = "star-suffix"
                } else if tk.flags.contains(.open) || tk.flags.contains(.close) {
                    rule = "parenthetical"
                } else if p[Int(tk.start)] == 0x2F {
                    rule = "reference"
                } else if p[Int(tk.start)] == 0x23 && i + 1 < hi && at(i + 1).flags.contains(.digit) {
                    rule = "store-number"
                    store = true
                }
            } else if tk.word.starts(PayeePhraseKind.wallet.bit),
                match(i, PayeePhraseKind.wallet.bit, first: tk.entry) >= 0
            {
                rule = "wallet-marker"
            } else if tk.word.starts(cutKinds | memo),
                case let ph = match(i, cutKinds | memo, first: tk.entry), ph >= 0
            {
                let phrase = words.phrases[Int(ph)]
                let after = i + Int(phrase.length)
                switch phrase.kind {
                case .cutStore: if after < hi && numberAt(after) { rule = "store-number"; store = true }
                case .cutOnDate:
                    if after < hi && at(after).noise == .date { rule = "date" }
                case .cutPayroll: rule = "payroll"
                case .cutMemo: rule = "memo"
                default: rule = "reference"
                }
            }
            if rule == nil && tk.flags.contains(.letter) && t[i - 1].word.contains(.legalForm) && i - 1 > lo {
                rule = "legal-form"  // STADTWERKE MUENCHEN GMBH | ABSCHLAG STROM
            }
            if rule == nil {
                switch tk.noise {
                case .digits:
                    let d = Int(tk.digits)
                    if d >= 7 { rule = "reference"; store = true } else if d >= 4 || (d == 3 && p[Int(tk.start)] == 0x30) {
                        rule = "store-number"
                        store = true
                    }
                case .storeNumber: rule = "store-number"; store = true
                case .reference: rule = "reference"; store = true
                case .masked: rule = "masked-card"
                case .date, .time: rule = "date"
                case .phone: rule = "phone"
                case .amount, .currency: rule = "amount"
                case .url: rule = "url"
                case .none: break
                }
            }
            if let rule, hasContent(lo, i) {
                let removed = Sink.records ? text(i, hi) : ""
                hi = i
                storeCut = store
                if Sink.records { record(rule, removed) }
                return
            }
            i += 1
        }
    }

    /// Strips place words from the end: country and state codes, then a known city. A city
    /// with no state or country after it stays when the tail was cut at a store number (it
    /// came before the number, so it is the name's: `PIZZA NAPOLI 4711 MUENCHEN`), in a name
    /// someone typed in mixed case unless two name words stay (`Hotel Paris`), and in a
    /// transfer's person name. Never after a connecting word (`CAFE DE PARIS`), never the
    /// first word. Then `NAME COUNTRY CITY` tails (`LA BOUTIK DFR GUERANDE`).
    mutating func stripLocation() {
        need(hi)
        let start = hi
        var sawRegion = false
        while hi - lo >= 2 {
            let last = hi - 1
            let tk = t[last]
            if tk.flags.contains(.symbol) {
                if !hasContent(lo, last) { break }
                hi = last
                continue
            }
            let f = tk.word
            if (f.contains(.state) || f.contains(.country)) && !connectorBefore(last) && hasContent(lo, last) {
                hi = last
                sawRegion = true
                continue
            }
            var cityStart = -1
            var j = max(lo + 1, hi - 4)
            while j < hi && cityStart < 0 {
                if t[j].word.starts(PayeePhraseKind.city.bit) {
                    let ph = match(j, PayeePhraseKind.city.bit, first: t[j].entry)
                    if ph >= 0 && j + Int(words.phrases[Int(ph)].length) == hi { cityStart = j }
                }
                j += 1
            }
            if cityStart > lo && !connectorBefore(cityStart) && (sawRegion || !transfer) {
                let remaining = contentCount(lo, cityStart)
                if remaining >= 1 && (sawRegion || (!storeCut && (remaining >= 2 || !mixedCase(lo, hi)))) {
                    hi = cityStart
                    sawRegion = true
                    continue
                }
            }
            break
        }
        var i = max(lo + 2, hi - 3)
        while i <= hi - 2 {
            if t[i].word.contains(.country) && !connectorBefore(i) && hasContent(lo, i) {
                var plain = true
                for k in (i + 1)..<hi where !t[k].flags.contains(.letter) || t[k].flags.contains(.digit) { plain = false }
                if plain { hi = i; break }
            }
            i += 1
        }
        if hi != start && Sink.records { record("location", text(hi, start)) }
    }

    /// Drops punctuation-only tokens at either end of the name (`- ACME`, `ACME &`).
    mutating func trimEdges() {
        need(hi)
        guard hasContent(lo, hi) else { return }
        let (oldLo, oldHi) = (lo, hi)
        while lo < hi && t[lo].flags.contains(.symbol) { lo += 1 }
        while hi > lo && t[hi - 1].flags.contains(.symbol) { hi -= 1 }
        if (lo != oldLo || hi != oldHi) && Sink.records {
            record("edge-punctuation", text(oldLo, lo) + (lo > oldLo && hi < oldHi ? " " : "") + text(hi, oldHi))
        }
    }

    /// Applies the casing rule and makes the payee string.
    mutating func finish() -> CleanedPayee {
        need(hi)
        let payee = lo < hi ? PayeeRender.payee(p, t, lo, hi, words) : ""
        if payee.isEmpty { return CleanedPayee(payee: PayeeRender.collapsed(p)) }  // cannot happen; never empty
        if Sink.records {
            let before = text(lo, hi)
            if before != payee { sink.add(PayeeCleaningStep(rule: "casing", removed: before, text: payee)) }
        }
        return CleanedPayee(payee: payee, processor: processorName(unless: payee))
    }

    // MARK: Helpers

    /// The processor's name, unless it is the payee itself.
    func processorName(unless payee: String) -> String? {
        guard processor >= 0 else { return nil }
        let name = words.names[Int(processor)]
        return name == payee ? nil : name
    }

    /// Skips leading noise from `i`: symbols, dates, times, masks, references, amounts, and
    /// numbers (any of three or more digits after a phrase, four or more otherwise, so
    /// `99 CENTS ONLY` and `24 HOUR FITNESS` keep theirs).
    mutating func skipNoise(from start: Int, afterPhrase: Bool, prepositions: Bool = false) -> Int {
        var i = start
        while i < hi {
            need(i + 1)
            let tk = t[i]
            if tk.flags.contains(.symbol) {
                if tk.flags.contains(.open) { break }
                i += 1
                continue
            }
            switch tk.noise {
            case .digits:
                if Int(tk.digits) < (afterPhrase ? 3 : 4)
                    && !(afterPhrase && i + 1 < hi && at(i + 1).word.starts(PayeePhraseKind.payment.bit))
                {
                    return i  // 99 CENTS ONLY; but Debitk.12 VISA Debit skips the 12
                }
            case .date, .time, .masked, .reference, .amount, .phone, .currency: break
            case .storeNumber: if !afterPhrase && !tk.flags.contains(.hashSign) { return i }
            case .url, .none:
                if afterPhrase && tk.flags.contains(.colonAfter) && tk.digits == 0 && tk.letters <= 3 {
                    break  // a field label after a phrase: BEA NR:
                }
                if prepositions && i == start && tk.word.contains(.preposition) && hasContent(i + 1, hi) {
                    break  // ÜBERWEISUNG AN, TRANSFERENCIA DE, SWISH FRAN
                }
                return i
            }
            i += 1
        }
        return i
    }

    /// Whether `t[a..<b]` has a token with a letter or digit.
    @inline(__always)
    mutating func hasContent(_ a: Int, _ b: Int) -> Bool {
        var i = a
        while i < b {
            need(i + 1)
            if t[i].isContent { return true }
            i += 1
        }
        return false
    }

    /// How many tokens of `t[a..<b]` have a letter or digit.
    func contentCount(_ a: Int, _ b: Int) -> Int {
        var count = 0
        for i in a..<b where t[i].isContent { count += 1 }
        return count
    }

    /// Whether the tokens mix upper and lower case (a name someone already typed, `Hotel Paris`).
    func mixedCase(_ a: Int, _ b: Int) -> Bool {
        var upper = false, lower = false
        for i in a..<b {
            if t[i].flags.contains(.upper) { upper = true }
            if t[i].flags.contains(.lower) { lower = true }
        }
        return upper && lower
    }

    /// Whether `t[i - 1]` is a connecting word (`DE`, `OF`, `&`).
    func connectorBefore(_ i: Int) -> Bool {
        i - 1 >= lo && t[i - 1].word.contains(.connector)
    }

    /// Whether `t[i]` is a number of some kind (`1234`, `#12`, `XXXX1234`, `#`).
    mutating func numberAt(_ i: Int) -> Bool {
        let tk = at(i)
        if tk.flags.contains(.symbol) { return p[Int(tk.start)] == 0x23 }
        switch tk.noise {
        case .digits, .storeNumber, .masked, .reference: return true
        default: return false
        }
    }

    /// Whether everything from `i` is noise, punctuation or place words.
    mutating func onlyNoise(_ i: Int) -> Bool {
        need(hi)
        var k = i
        while k < hi {
            let tk = t[k]
            let f = tk.word
            if tk.isContent && !f.contains(.state) && !f.contains(.country)
                && tk.noise == .none
            {
                return false
            }
            k += 1
        }
        return true
    }

    /// Whether a weak brand may match with `t[i]` after it: the end, punctuation, noise, a
    /// place word, a legal form, a cut word; not another plain word.
    mutating func allowsWeakBrand(_ i: Int) -> Bool {
        if i >= hi { return true }
        need(i + 1)
        let tk = t[i]
        if tk.flags.contains(.symbol) || tk.noise != .none { return true }
        let f = tk.word
        if f.contains(.state) || f.contains(.country) || f.contains(.legalForm) { return true }
        let kinds = PayeePhraseKind.city.bit | PayeePhraseKind.cutReference.bit | PayeePhraseKind.cutPayroll.bit | PayeePhraseKind.cutStore.bit
        guard f.starts(kinds) else { return false }
        let ph = match(i, kinds, first: tk.entry)
        guard ph >= 0 else { return false }
        let phrase = words.phrases[Int(ph)]
        let after = i + Int(phrase.length)
        return phrase.kind != .cutStore || (after < hi && numberAt(after))
    }

    /// The index of the bracket closing the one at `i`, or nil.
    mutating func closing(_ i: Int) -> Int? {
        var k = i + 1
        while k < hi {
            need(k + 1)
            if t[k].flags.contains(.close) { return k }
            k += 1
        }
        return nil
    }

    /// Moves the front of the name to `next`, recording what went.
    mutating func advance(to next: Int, _ rule: StaticString) {
        let removed = Sink.records ? text(lo, next) : ""
        lo = next
        if Sink.records { record(rule, removed) }
    }

    /// PayeeToken `i`, classified first if it is not yet.
    @inline(__always)
    mutating func at(_ i: Int) -> PayeeToken {
        need(i + 1)
        return t[i]
    }

    /// Records a step with the current text.
    mutating func record(_ rule: StaticString, _ removed: String) {
        sink.add(PayeeCleaningStep(rule: rule.description, removed: removed, text: text(lo, hi)))
    }

    /// The tokens `t[a..<b]` as written, joined by single spaces (for explanations).
    mutating func text(_ a: Int, _ b: Int) -> String {
        need(b)
        return PayeeRender.raw(p, t, a, b)
    }
}
