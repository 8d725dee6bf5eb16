import Dispatch

/// Typos forgiven (docs/SPEC.md section 8): a word of the query's text that matches nothing
/// exactly in its scope is matched approximately, on the distinct strings of the scope's
/// fields, never on rows: the condition then holds the strings within one or two edits of it,
/// and the rest of the engine (planner, executor, cache) treats it like any text condition.
///
/// Only the plain words of the text are widened: field terms (`merchant:x`, `card:`), quoted
/// phrases, excluded words, numbers and words of fewer than five letters never are.
extension QueryCompiler {
    /// When `word` qualifies and some string of the scope holds it approximately, replaces
    /// `condition` (which matched nothing) with those strings, and notes the correction and the
    /// spellings to highlight.
    func widenApproximately(_ word: [UInt8], field: TermField, condition: inout CompiledCondition, into compiled: inout CompiledQuery) {
        let fields = TextField.approximatelySearched(by: field)
        guard !fields.isEmpty, let pattern = ApproximatePattern(word: word) else { return }
        compiled.widenedWords.append(word)
        var widened = CompiledCondition()
        var found: [ApproximateFind] = []
        // A shared pool's strings of the other field are no candidates here (`FieldStrings`).
        let candidates = fields.map { field in
            let index = text[field]
            return index.sharesStrings ? pattern.candidates(in: index).filter { index.isLive($0) } : pattern.candidates(in: index)
        }
        let distances = distances(of: candidates, in: fields, pattern)
        for (slot, textField) in fields.enumerated() {
            let index = text[textField]
            var codes = CodeSet()
            for (code, distance) in zip(candidates[slot], distances[slot]) where Int(distance) <= pattern.maxDistance {
                codes.insert(code)
                found.append(ApproximateFind(field: textField, code: code, distance: Int(distance), rows: index.useCount(code)))
            }
            widened.codes[textField] = codes
            if textField.keepsPostings { widened.estimate += codes.codes.reduce(0) { $0 + index.rowCount($1) } }
        }
        guard !found.isEmpty else { return }
        widened.setDescriptors(from: text.descriptors, pairs: contents.table.cardAccount)
        widened.estimate += text.descriptors.rowCount(of: widened.descriptors)
        condition = widened
        let spellings = closestSpellings(found, pattern: pattern)
        compiled.corrections.append(Correction(term: String(decoding: word, as: UTF8.self), matched: spellings))
        for spelling in spellings where field == .all || field == .merchant {
            let bytes = Array(spelling.utf8)
            if !compiled.highlightTerms.contains(bytes) { compiled.highlightTerms.append(bytes) }
        }
    }

    /// The distance of the word in each candidate string, by field (`candidates[i]` of
    /// `fields[i]`). A payee whose rows all have a merchant of its folded text (no rows apart,
    /// `PayeesApart`: on mostly distinct text nearly every payee) takes the distance of the
    /// merchant of one of its descriptors instead of being verified: the same folded text, the same
    /// distance. That merchant is a candidate whenever the payee is within reach (each field's
    /// candidates hold every string within reach), so one the merchants' candidates lack is
    /// out of reach, like the payee.
    private func distances(of candidates: [[UInt32]], in fields: [TextField], _ pattern: ApproximatePattern) -> [[UInt8]] {
        guard let payeeSlot = fields.firstIndex(of: .payee), let merchantSlot = fields.firstIndex(of: .merchant) else {
            return split(verify(candidates, of: fields, pattern), like: candidates)
        }
        // Read once: each is a struct of arrays, copied (retained) at every read in a loop.
        let byPayee = text.descriptors.byPayee, apart = contents.payeesApart
        let merchantOf = text.descriptors.merchantOf
        var verified = candidates
        var twins: [(position: Int, merchant: UInt32)] = []
        verified[payeeSlot] = []
        for (position, code) in candidates[payeeSlot].enumerated() {
            if !apart.hasRowsApart(code), let descriptor = byPayee.first(of: code) {
                twins.append((position, merchantOf[descriptor]))
            } else {
                verified[payeeSlot].append(code)
            }
        }
        var distances = split(verify(verified, of: fields, pattern), like: verified)
        guard !twins.isEmpty else { return distances }
        var byMerchant = [UInt8](repeating: .max, count: text[.merchant].codeLimit)
        for (code, distance) in zip(verified[merchantSlot], distances[merchantSlot]) { byMerchant[Int(code)] = distance }
        var payeeDistances: [UInt8] = []
        payeeDistances.reserveCapacity(candidates[payeeSlot].count)
        var (verifiedNext, twinNext) = (0, 0)
        for position in candidates[payeeSlot].indices {
            if twinNext < twins.count && twins[twinNext].position == position {
                payeeDistances.append(byMerchant[Int(twins[twinNext].merchant)])
                twinNext += 1
            } else {
                payeeDistances.append(distances[payeeSlot][verifiedNext])
                verifiedNext += 1
            }
        }
        distances[payeeSlot] = payeeDistances
        return distances
    }

    /// `flat` cut into the lengths of `candidates`' fields.
    private func split(_ flat: [UInt8], like candidates: [[UInt32]]) -> [[UInt8]] {
        var offset = 0
        return candidates.map { codes in
            defer { offset += codes.count }
            return Array(flat[offset ..< offset + codes.count])
        }
    }

    /// The distance of the word in each candidate string (`candidates[i]` of `fields[i]`), in
    /// that order, fields after one another. Many candidates are verified in two halves on two
    /// threads: the merchants of mostly distinct text are thousands of candidates, about 100 ns
    /// apiece (a typo on the bench's long-tail data: 2,893 merchants, and as many payees
    /// before they took their merchant's distance). From `parallelScanMinimum / 50`
    /// candidates (1,000 by default; a candidate costs about as much as 50 rows of a scan).
    private func verify(_ candidates: [[UInt32]], of fields: [TextField], _ pattern: ApproximatePattern) -> [UInt8] {
        // (the field's place in `fields`, the code) of every candidate.
        let flat = candidates.enumerated().flatMap { slot, codes in codes.lazy.map { (slot, $0) } }
        var distances = [UInt8](repeating: 0, count: flat.count)
        let folded = fields.map { text[$0].pool.folded }
        func measure(_ range: Range<Int>, into distances: UnsafeMutableBufferPointer<UInt8>) {
            for position in range {
                let (slot, code) = flat[position]
                let distance = folded[slot].withBytes(code) { pattern.distance(in: $0) }
                distances[position] = UInt8(min(distance, Int(UInt8.max)))
            }
        }
        distances.withUnsafeMutableBufferPointer { distances in
            guard flat.count >= contents.parallelScanMinimum / 50, flat.count > 1, ScanParallelism.hasSecondCore else {
                measure(0..<flat.count, into: distances)
                return
            }
            // Each half writes only its own positions of `distances`.
            nonisolated(unsafe) let output = distances
            let middle = flat.count / 2
            withoutActuallyEscaping(measure) { measure in
                nonisolated(unsafe) let measure = measure
                DispatchQueue.concurrentPerform(iterations: 2) { half in
                    measure(half == 0 ? 0..<middle : middle..<flat.count, output)
                }
            }
        }
        return distances
    }

    /// The spellings of the closest strings found: strings by fewest edits, then most rows,
    /// then folded bytes; the first `Correction.stringsSpelled` of them spelled
    /// (`ApproximatePattern.spelling(in:)`) in that order, repeats skipped, up to
    /// `Correction.spellingLimit`. Only those first strings are ordered (one pass keeps them),
    /// so a word found in thousands of strings costs one comparison per string.
    func closestSpellings(_ found: [ApproximateFind], pattern: ApproximatePattern) -> [String] {
        func precedes(_ a: ApproximateFind, _ b: ApproximateFind) -> Bool {
            if a.rank != b.rank { return a.rank < b.rank }
            let order = text[a.field].pool.folded.withBytes(a.code) { left in
                text[b.field].pool.folded.withBytes(b.code) { right in TitleKey.compare(left, right) }
            }
            return order < 0
        }
        var closest: [ApproximateFind] = []
        closest.reserveCapacity(Correction.stringsSpelled)
        for find in found {
            if closest.count == Correction.stringsSpelled {
                guard precedes(find, closest[closest.count - 1]) else { continue }
                closest.removeLast()
            }
            var position = closest.count
            while position > 0 && precedes(find, closest[position - 1]) { position -= 1 }
            closest.insert(find, at: position)
        }
        var spellings: [String] = []
        for find in closest {
            guard let spelling = text[find.field].pool.folded.withBytes(find.code, { pattern.spelling(in: $0) }) else { continue }
            if !spellings.contains(spelling) { spellings.append(spelling) }
            if spellings.count == Correction.spellingLimit { break }
        }
        return spellings
    }
}

/// A string that holds a word approximately: its field and code, the edits, its rows.
struct ApproximateFind {
    let field: TextField
    let code: UInt32
    let distance: Int
    let rows: Int

    /// Orders by distance, then most rows, as one number.
    var rank: UInt64 { UInt64(distance) << 40 | (UInt64(UInt32.max) - UInt64(min(rows, Int(UInt32.max)))) }
}

extension QueryCompiler {
    /// Copies the facet requests (normalized) and compiles the query each disjunctive facet
    /// counts.
    func compileFacets(of query: Query, into compiled: inout CompiledQuery) {
        compiled.facets = Query.normalizedFacets(query.facets)
        for request in compiled.facets where request.isDisjunctive && query.hasOwnFilter(on: request.field) {
            var relaxed = query.relaxed(for: request.field)
            relaxed.facets = [FacetRequest(request.field, limit: request.limit)]
            compiled.relaxedFacets.append(RelaxedFacet(field: request.field, query: compile(relaxed)))
        }
    }
}
