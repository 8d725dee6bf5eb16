/// A rule as a store keeps it: checked, with its search parsed once.
struct StoredRule: Sendable, Equatable {
    let rule: Rule
    /// The rule's query: every row, no page, exact words.
    let query: Query

    /// The rule checked against the others (`existing`, which it must not share a name with).
    /// - Throws: `RuleError` saying what is wrong.
    init(_ rule: Rule, existing: [StoredRule]) throws(RuleError) {
        func fail(_ reason: RuleError.Reason) -> RuleError { RuleError(rule: rule.name, reason) }
        let name = rule.name.trimmingWhitespace()
        guard !name.isEmpty, name.count <= 100, !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw fail(.badName)
        }
        let folded = name.lowercased()
        guard !existing.contains(where: { $0.rule.name.lowercased() == folded }) else { throw fail(.duplicateName) }
        guard !rule.search.trimmingWhitespace().isEmpty else { throw fail(.emptySearch) }
        let query: Query
        do throws(SearchSyntaxError) { query = try rule.query() } catch { throw fail(.badSearch(error)) }
        guard !rule.actions.isEmpty else { throw fail(.noActions) }
        var sets: Set<TransactionField> = []
        for action in rule.actions {
            switch action {
            case .set(let field, let value):
                try StoredRule.check(field, value: value, fail)
                sets.insert(field)
            case .clear(let field):
                try StoredRule.check(field, value: nil, fail)
                sets.insert(field)
            case .addTag(let tag):
                let text = RuleAction.tagText(tag)
                guard text.count > 1, text.count <= 64, !text.contains(where: { $0.isWhitespace }) else {
                    throw fail(.badAction("a tag is one word of at most 63 characters, not '\(VisibleText.escaped(tag))'"))
                }
            }
        }
        if rule.actions.contains(where: { if case .set(.subcategory, _) = $0 { true } else { false } }) && !sets.contains(.category) {
            throw fail(.badAction("a rule that sets a subcategory sets the category too (a subcategory needs one)"))
        }
        // Tags as they are written in the notes (`#food`), so a rule reads back as it was kept.
        let actions = rule.actions.map { action -> RuleAction in
            if case .addTag(let tag) = action { return .addTag(RuleAction.tagText(tag)) }
            return action
        }
        self.rule = Rule(name: name, search: rule.search, actions: actions)
        self.query = query
    }

    /// Whether a rule may set `field` to `value` (nil: clear it).
    private static func check(_ field: TransactionField, value: String?, _ fail: (RuleError.Reason) -> RuleError) throws(RuleError) {
        guard RuleAction.fields.contains(field) else {
            throw fail(.badAction("a rule sets " + RuleAction.fields.map(\.rawValue).joined(separator: ", ") + ", not \(field.rawValue)"))
        }
        guard let value else { return }
        if field == .status {
            guard TransactionStatus(rawValue: value.trimmingWhitespace().lowercased()) != nil else {
                throw fail(.badAction("status is pending or posted, not '\(VisibleText.escaped(value))'"))
            }
            return
        }
        guard case .text(let limit, let isRequired) = field.kind else { return }
        do throws(ValidationError) {
            _ = try TransactionValidator.validText(value, field, limit: limit, isRequired: isRequired)
        } catch {
            throw fail(.badAction("\(error)"))
        }
    }

    /// The change the rule makes to `transaction`: its actions on the fields no person set by
    /// hand (a category and its subcategory count as one: if a person set either, the rule
    /// leaves both). Empty when it leaves everything.
    func patch(for transaction: Transaction) -> TransactionPatch {
        var patch = TransactionPatch()
        let sources = transaction.sources
        let categoryIsHands = sources[.category] == .hand || sources[.subcategory] == .hand
        var notes = transaction.notes
        for action in rule.actions {
            switch action {
            case .set(let field, let value):
                guard StoredRule.mayChange(field, sources, categoryIsHands) else { continue }
                if field == .status {
                    patch.status = .set(TransactionStatus(rawValue: value.trimmingWhitespace().lowercased()) ?? .posted)
                } else {
                    field.setTextChange(.set(value), in: &patch)
                    if field == .notes { notes = value }
                }
            case .clear(let field):
                guard StoredRule.mayChange(field, sources, categoryIsHands) else { continue }
                if field == .status { patch.status = .clear } else { field.setTextChange(.clear, in: &patch) }
                if field == .notes { notes = nil }
            case .addTag(let tag):
                guard sources[.notes] != .hand else { continue }
                let text = RuleAction.tagText(tag)
                guard !TagWords.notes(notes ?? "", hold: text) else { continue }
                notes = notes.map { $0.trimmingWhitespace().isEmpty ? text : $0 + " " + text } ?? text
                patch.notes = .set(notes ?? text)
            }
        }
        return patch
    }

    private static func mayChange(_ field: TransactionField, _ sources: FieldSources, _ categoryIsHands: Bool) -> Bool {
        if field == .category || field == .subcategory { return !categoryIsHands }
        return sources[field] != .hand
    }

    func encode(into writer: inout BinaryWriter) {
        writer.string(rule.name)
        writer.string(rule.search)
        writer.integer(UInt32(rule.actions.count))
        for action in rule.actions { writer.string(action.description) }
    }

    /// Reads what `encode` wrote, checked again (a rule that no longer checks is damage).
    static func decode(_ reader: inout BinaryReader, existing: [StoredRule]) throws(BinaryReader.Malformed) -> StoredRule {
        let start = reader.offset
        let name = try reader.string()
        let search = try reader.string()
        let count = Int(try reader.integer(UInt32.self))
        guard count <= reader.end - reader.offset else { throw .init(offset: reader.offset - 4, reason: "an impossible action count") }
        var actions: [RuleAction] = []
        for _ in 0..<count {
            let offset = reader.offset
            guard let action = RuleAction(text: try reader.string()) else { throw .init(offset: offset, reason: "an unknown rule action") }
            actions.append(action)
        }
        do throws(RuleError) {
            return try StoredRule(Rule(name: name, search: search, actions: actions), existing: existing)
        } catch {
            throw .init(offset: start, reason: "a rule that does not check: \(error)")
        }
    }
}
