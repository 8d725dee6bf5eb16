/// The cleaning pipeline over one descriptor's tokens; `clean` and `explain` both run it.
///
/// Order (docs/payees.md explains why): at the front, repeatedly, wallet markers, processor
/// prefixes, brands, non-merchant rows, payment phrases and leading noise; then the tail cut
/// (references, store numbers, dates, phones, amounts, `*` suffixes); then place names at the
/// end; then stray punctuation; then casing. The live name is `t[lo..<hi]`; tokens are
/// classified lazily, in order, up to `made` (`need`).
struct PayeePipeline<Sink: PayeeStepSink> {
    /// The descriptor's UTF-8 bytes.
    let p: UnsafeBufferPointer<UInt8>
    /// Its tokens (stack memory owned by `PayeeCleaner.run`).
    let t: UnsafeMutableBufferPointer<PayeeToken>
    /// The tables.
    let words: PayeeWordTable
    /// The token count.
    let n: Int
    /// The first token of the name.
    var lo = 0
    /// One past the last token of the name.
    var hi: Int
    /// Tokens before this index are classified.
    var made = 0
    /// The stripped processor's name index, or -1.
    var processor: Int32 = -1
    /// How many processor prefixes were stripped (`PAYPAL *SQ *...` has two; at most two).
    var processorCount = 0
    /// The processor is a transfer service: the rest is a person.
    var transfer = false
    /// The tail was cut at a store number or reference: place words before it are the name's.
    var storeCut = false
    /// Where steps go (nowhere for `clean`).
    var sink: Sink

    /// Sets up over tokenised bytes.
    init(bytes: UnsafeBufferPointer<UInt8>, tokens: UnsafeMutableBufferPointer<PayeeToken>, count: Int,
         words: PayeeWordTable, sink: Sink) {
        self.p = bytes
        self.t = tokens
        self.words = words
        self.n = count
        self.hi = count
        self.sink = sink
    }

    /// Runs every step and returns the result.
    mutating func run() -> CleanedPayee {
        if !hasContent(0, n) { return CleanedPayee(payee: PayeeRender.collapsed(p)) }
        if let done = front() { return done }
        cutTail()
        stripLocation()
        trimEdges()
        return finish()
    }

    /// Classifies the tokens before index `j` that are not yet.
    @inline(__always)
    mutating func need(_ j: Int) {
        if made >= j { return }
        let stop = min(j, n)
        while made < stop {
            if t[made].flags.contains(.pending) { t[made] = PayeeTokenizer.finish(p, t[made], words) }
            made += 1
        }
    }

    /// The longest phrase of a kind in `kinds` that starts at `t[i]` and ends by `hi`, or -1.
    /// `first` is the entry to take the first word's phrases from (the token's own entry, or
    /// the entry of its domain core for `NETFLIX.COM`). Classifies tokens only as far as it
    /// compares them.
    mutating func match(_ i: Int, _ kinds: KindMask, first: Int32) -> Int32 {
        guard first >= 0 else { return -1 }
        let e = words.entries[Int(first)]
        if !e.flags.starts(kinds) { return -1 }
        var c = Int(e.phraseStart)
        let stop = c + Int(e.phraseCount)
        while c < stop {
            let index = c
            let phrase = words.phrases[index]
            c += 1
            if phrase.kind.bit & kinds == 0 { continue }
            let length = Int(phrase.length)
            if length > hi - i { continue }
            var k = 1
            let base = Int(phrase.hashStart)
            while k < length {
                need(i + k + 1)
                if t[i + k].hash != words.hashes[base + k] { break }
                k += 1
            }
            if k == length { return Int32(index) }
        }
        return -1
    }

    // MARK: Front

    /// The front loop: returns a finished result when a brand, label or processor decides it.
    private mutating func front() -> CleanedPayee? {
        var rounds = 0
        while lo < hi && rounds < 32 {
            rounds += 1
            need(lo + 1)
            let tk = t[lo]
            let w = tk.word
            if w.starts(PayeePhraseKind.wallet.bit) {
                let ph = match(lo, PayeePhraseKind.wallet.bit, first: tk.entry)
                if ph >= 0 && hasContent(lo + Int(words.phrases[Int(ph)].length), hi) {
                    advance(to: lo + Int(words.phrases[Int(ph)].length), "wallet-marker")
                    continue
                }
            }
            if processorCount < 2 && w.starts(PayeePhraseKind.processor.bit | PayeePhraseKind.transfer.bit) {
                let ph = match(lo, PayeePhraseKind.processor.bit | PayeePhraseKind.transfer.bit, first: tk.entry)
                if ph >= 0 && !words.phrases[Int(ph)].flags.contains(.weak) {
                    if let done = applyProcessor(ph) { return done }
                    continue
                }
            }
            if processor < 0 && w.starts(PayeePhraseKind.nonMerchant.bit), let done = nonMerchant() { return done }
            if !transfer, let done = brand() { return done }
            if processorCount == 0 && w.starts(PayeePhraseKind.processor.bit) {
                let ph = match(lo, PayeePhraseKind.processor.bit, first: tk.entry)
                if ph >= 0 { need(lo + Int(words.phrases[Int(ph)].length) + 1) }
                if ph >= 0, lo + Int(words.phrases[Int(ph)].length) < hi,
                    t[lo + Int(words.phrases[Int(ph)].length)].flags.contains(.letter)
                {
                    if let done = applyProcessor(ph) { return done }
                    continue
                }
            }
            if w.starts(PayeePhraseKind.payment.bit) {
                let ph = match(lo, PayeePhraseKind.payment.bit, first: tk.entry)
                if ph >= 0 {
                    let next = skipNoise(from: lo + Int(words.phrases[Int(ph)].length), afterPhrase: true, prepositions: true)
                    if hasContent(next, hi) {
                        advance(to: next, "payment-phrase")
                        continue
                    }
                }
            }
            let next = skipNoise(from: lo, afterPhrase: processorCount > 0)
            if next > lo && hasContent(next, hi) {
                advance(to: next, "leading-noise")
                continue
            }
            if tk.flags.contains(.open), let close = closing(lo), hasContent(close + 1, hi) {
                advance(to: close + 1, "parenthetical")
                continue
            }
            if processor >= 0 && w.starts(cutKinds) && match(lo, cutKinds, first: tk.entry) >= 0 {
                return processorSelf()  // VENMO PAYMENT 1234 WEB ID: 99 has no person in it
            }
            break
        }
        return nil
    }

    /// Strips a processor or transfer prefix at `lo`; returns a result when nothing but the
    /// processor's own service words follow.
    private mutating func applyProcessor(_ ph: Int32) -> CleanedPayee? {
        let phrase = words.phrases[Int(ph)]
        processor = phrase.value
        processorCount += 1
        transfer = phrase.kind == .transfer
        let next = skipNoise(from: lo + Int(phrase.length), afterPhrase: true, prepositions: transfer)
        var generic = true
        var k = next
        while k < hi && generic {
            need(k + 1)
            let f = t[k].word
            let noise = t[k].noise
            if t[k].isContent && !f.contains(.genericService) && !f.contains(.state) && !f.contains(.country)
                && (noise == .none || noise == .url)
            {
                generic = false
            }
            k += 1
        }
        if generic { return processorSelf() }
        advance(to: next, transfer ? "transfer" : "processor-prefix")
        return nil
    }

    /// The processor itself is the payee (`GOOGLE *SERVICES`, `VENMO CASHOUT`).
    private mutating func processorSelf() -> CleanedPayee {
        let name = words.names[Int(processor)]
        if Sink.records {
            sink.add(PayeeCleaningStep(rule: "processor-self", removed: text(lo, hi), text: name))
        }
        return CleanedPayee(payee: name)
    }

    /// A brand at `lo` (or, after a payment phrase, right after a city there:
    /// `PAIEMENT CB 1203 PARIS CARREFOUR MARKET`): the brand's name, the rest dropped.
    private mutating func brand() -> CleanedPayee? {
        var ph = brandAt(lo)
        if ph < 0 && lo > 0 && t[lo].word.starts(PayeePhraseKind.city.bit) {  // after a phrase only: not PARIS HILTON
            let city = match(lo, PayeePhraseKind.city.bit, first: t[lo].entry)
            if city >= 0 && lo + Int(words.phrases[Int(city)].length) < hi {
                ph = brandAt(lo + Int(words.phrases[Int(city)].length))
                if ph >= 0 { advance(to: lo + Int(words.phrases[Int(city)].length), "location") }
            }
        }
        guard ph >= 0 else { return nil }
        let name = words.names[Int(words.phrases[Int(ph)].value)]
        if Sink.records { sink.add(PayeeCleaningStep(rule: "brand", removed: text(lo, hi), text: name)) }
        return CleanedPayee(payee: name, processor: processorName(unless: name))
    }

    /// The brand phrase starting at `i` (by the token, or by its web address's name part), or -1.
    private mutating func brandAt(_ i: Int) -> Int32 {
        let tk = at(i)
        var ph: Int32 = -1
        if tk.word.starts(PayeePhraseKind.brand.bit) {
            ph = match(i, PayeePhraseKind.brand.bit, first: tk.entry)
        }
        if ph < 0 && (tk.flags.contains(.dot) || tk.flags.contains(.slash)),
            let (a, b) = PayeeNoiseShape.urlCore(p, Int(tk.start), Int(tk.end))
        {
            ph = match(i, PayeePhraseKind.brand.bit, first: words.lookup(PayeeFold.hash(p, a, b)).entry)
        }
        guard ph >= 0 else { return -1 }
        let phrase = words.phrases[Int(ph)]
        if phrase.flags.contains(.weak) && !allowsWeakBrand(i + Int(phrase.length)) { return -1 }
        return ph
    }

    /// A non-merchant row at `lo` (ATM, interest, fees, checks).
    private mutating func nonMerchant() -> CleanedPayee? {
        let ph = match(lo, PayeePhraseKind.nonMerchant.bit, first: t[lo].entry)
        guard ph >= 0 else { return nil }
        let phrase = words.phrases[Int(ph)]
        let after = lo + Int(phrase.length)
        need(after + 1)
        if phrase.flags.contains(.needsNumber) && after < hi && !numberAt(after) { return nil }
        if phrase.flags.contains(.exclusive) && !onlyNoise(after) { return nil }
        let label = words.names[Int(phrase.value)]
        if Sink.records { sink.add(PayeeCleaningStep(rule: "non-merchant", removed: text(lo, hi), text: label)) }
        return CleanedPayee(payee: label)
    }
}
