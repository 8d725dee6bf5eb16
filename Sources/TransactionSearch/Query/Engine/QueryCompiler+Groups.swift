/// Compiling terms one by one, groups included (docs/SPEC.md section 11). Constants are folded
/// first: a clause that cannot hold leaves its group, a clause that asks nothing makes its
/// group hold everywhere, an `OR` of single conditions is one condition (the union of their
/// strings, amounts, days and statuses: one pass over the index lists its rows), a group of
/// one clause is that clause. Only what is left is a `CompiledGroup`.
extension QueryCompiler {
    /// What one term (or group) adds to the clause it is in.
    enum TermOutcome {
        /// Holds for every row: nothing to add.
        case always
        /// Holds for no row: the clause cannot hold.
        case never
        /// Constrains nothing (an empty phrase; an exclusion that excludes nothing).
        case skip
        case condition(CompiledCondition)
        case exclusion(CompiledCondition)
        /// A group of one clause, included: its parts join the clause.
        case clause(CompiledClause)
        case group(CompiledGroup)
    }

    /// The outcome of one term in a clause whose words are matched in `scope`. `negated`: the
    /// term is inside an excluded group (its words are then never matched approximately, as an
    /// excluded word is not).
    func termOutcome(_ term: SearchTerm, scope: TermField, negated: Bool, into compiled: inout CompiledQuery) -> TermOutcome {
        let condition: CompiledCondition
        switch term.condition {
        case .text(let text, let field):
            let phrase = TermFolding.phrase(text)
            if phrase.isEmpty { return .skip }  // an empty term constrains nothing
            condition = textCondition(phrase, field: field)
            if !term.isExcluded && !negated && (field == .all || field == .merchant) && !compiled.highlightTerms.contains(phrase) {
                compiled.highlightTerms.append(phrase)
            }
        case .word(let text):
            let words = TermFolding.words(of: text)
            if words.isEmpty { return .skip }
            if words.count > 1 {  // a word that folds to several is all of them
                let clause = SearchClause(words.map { SearchTerm(.word(String(decoding: $0, as: UTF8.self))) })
                return groupOutcome([clause], isExcluded: term.isExcluded, scope: scope, negated: negated, into: &compiled)
            }
            condition = wordCondition(words[0], field: scope, widening: !term.isExcluded && !negated, into: &compiled)
        case .magnitude(let bounds):
            condition = magnitudeCondition(AmountScaling.range(bounds))
        case .amountNear(let value, let tolerance):
            condition = magnitudeCondition(AmountScaling.nearRange(value, tolerance: tolerance))
        case .dates(let from, let to):
            let first = from?.daysSince1970 ?? Int32.min, last = to?.daysSince1970 ?? Int32.max
            if first > last { return term.isExcluded ? .skip : .never }
            condition = dateCondition(first...last)
        case .relativeDates:
            // Worked out before compiling; if not, it is taken as holding everywhere (as the
            // cache's predicate takes it), never as excluding rows.
            return term.isExcluded ? .skip : .always
        case .status(let status):
            condition = statusCondition(pending: status == .pending)
        case .anyOf(let clauses):
            return groupOutcome(clauses, isExcluded: term.isExcluded, scope: scope, negated: negated, into: &compiled)
        }
        if condition.holdsAlways { return term.isExcluded ? .never : .always }
        if condition.isUnsatisfiable { return term.isExcluded ? .skip : .never }
        return term.isExcluded ? .exclusion(condition) : .condition(condition)
    }

    /// The outcome of a group: its clauses compiled, constants folded, and what is left as one
    /// condition, one clause or a group.
    func groupOutcome(_ clauses: [SearchClause], isExcluded: Bool, scope: TermField, negated: Bool,
                      into compiled: inout CompiledQuery) -> TermOutcome {
        var kept: [CompiledClause] = []
        var holdsEverywhere = false
        for clause in clauses {
            guard let compiledClause = compileClause(clause.terms, scope: scope, negated: negated || isExcluded, into: &compiled) else { continue }
            if compiledClause.isEmpty { holdsEverywhere = true }
            kept.append(compiledClause)
        }
        if holdsEverywhere { return isExcluded ? .never : .always }
        if kept.isEmpty { return isExcluded ? .skip : .never }
        if kept.allSatisfy(\.isSingleCondition) {
            var union = kept[0].conditions[0]
            for clause in kept.dropFirst() { union.formUnion(clause.conditions[0]) }
            if union.holdsAlways { return isExcluded ? .never : .always }
            countRows(of: &union)
            return isExcluded ? .exclusion(union) : .condition(union)
        }
        if kept.count == 1 {
            let clause = kept[0]
            if !isExcluded { return .clause(clause) }
            if clause.exclusions.count == 1 && clause.conditions.isEmpty && clause.groups.isEmpty {
                return .condition(clause.exclusions[0])  // -(-a) is a
            }
        }
        // Likelier alternatives first: a row that matches stops at the first clause it meets.
        kept.sort { $0.estimate > $1.estimate }
        return .group(CompiledGroup(clauses: kept, isExcluded: isExcluded))
    }

    /// A clause compiled, or nil when it cannot hold. Every term is compiled, also after one
    /// that cannot hold: its words are still highlighted and corrected, as anywhere else.
    func compileClause(_ terms: [SearchTerm], scope: TermField, negated: Bool, into compiled: inout CompiledQuery) -> CompiledClause? {
        var clause = CompiledClause()
        var canHold = true
        for term in terms {
            switch termOutcome(term, scope: scope, negated: negated, into: &compiled) {
            case .always, .skip: break
            case .never: canHold = false
            case .condition(let condition): clause.conditions.append(condition)
            case .exclusion(let exclusion): clause.exclusions.append(exclusion)
            case .clause(let inner):
                clause.conditions += inner.conditions
                clause.exclusions += inner.exclusions
                clause.groups += inner.groups
            case .group(let group): clause.groups.append(group)
            }
        }
        clause.conditions.sort { $0.estimate < $1.estimate }
        return canHold ? clause : nil
    }

    /// Counts a condition's rows again, exactly per posting field, after a union.
    func countRows(of condition: inout CompiledCondition) {
        var estimate = 0
        for field in TextField.withColumns {
            let rows = text[field].useCount(of: condition.codes[field])
            condition.rowsByField[PostingField.column(field).index] = rows
            estimate += rows
        }
        let descriptorRows = text.descriptors.rowCount(of: condition.descriptors)
        condition.rowsByField[PostingField.descriptor.index] = descriptorRows
        estimate += descriptorRows
        for range in condition.magnitudes { estimate += magnitudeCount(range) }
        for days in condition.dayRanges { estimate += rowCount(instantsIn: clock.instantWindow(days: days.lowerBound, days.upperBound)) }
        if let pending = condition.pending { estimate += (pending ? ClassFilter.pending : .posted).rowCount(in: table.classes) }
        condition.estimate = estimate
    }
}

extension CompiledQuery {
    /// Each word matched approximately once, the corrections in the order of their words'
    /// folded bytes (as the reference lists them), wherever in the query the words were.
    mutating func finishSearchAids() {
        var seen = Set<[UInt8]>()
        widenedWords = widenedWords.filter { seen.insert($0).inserted }
        var terms = Set<String>()
        corrections = corrections.filter { terms.insert($0.term).inserted }
            .sorted { Array($0.term.utf8).lexicographicallyPrecedes(Array($1.term.utf8)) }
    }
}
