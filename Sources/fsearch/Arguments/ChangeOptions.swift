import CommandLineSupport
import Foundation
import TransactionSearch

/// What a bulk edit or a rule is told to do: `--where QUERY` (the search box syntax) and
/// `--set FIELD=VALUE` (repeatable; an empty value clears the field), or the field options of
/// `update` (`--category Groceries`), and for rules `--tag NAME`.
enum ChangeOptions {
    static let whereOption = CommandSpec.Option.value("where", "QUERY", help: "The rows to change: a search in the search box syntax ('' for every row).")
    static let setOption = CommandSpec.Option.value(
        "set", "FIELD=VALUE", repeatable: true,
        help: "A field to set: " + RuleAction.fields.map(\.rawValue).joined(separator: ", ") + " (an empty VALUE clears it; repeatable).")
    static let tagOption = CommandSpec.Option.value("tag", "NAME", repeatable: true, help: "A tag (#NAME) to add to the notes (repeatable).")

    /// The search `--where` gives.
    /// - Throws: `.usage` when it is missing, `.query` when it does not parse.
    static func query(_ arguments: ParsedArguments) throws(FSearchError) -> Query {
        guard let text = arguments.value("where") else { throw FSearchError.usage("say which rows with --where QUERY", hint: "e.g. --where 'merchant:lidl'") }
        do throws(SearchSyntaxError) { return try Query(parsing: text, limit: Int.max) } catch { throw FSearchError.query(error) }
    }

    /// The actions of `--set` and `--tag`, in the order given (`--set`s first).
    static func actions(_ arguments: ParsedArguments, allowingTags: Bool) throws(FSearchError) -> [RuleAction] {
        var actions: [RuleAction] = []
        for text in arguments.allValues("set") {
            guard let action = RuleAction(text: text), !isTag(action) else {
                let name = text.split(separator: "=", maxSplits: 1).first.map(String.init) ?? text
                let meant = EditDistance.closest(to: name.lowercased(), among: RuleAction.fields.map(\.rawValue), limit: 2).map { "; did you mean \($0)?" } ?? ""
                throw FSearchError.usage("--set '\(VisibleText.escaped(text))': FIELD=VALUE where FIELD is one of "
                                         + RuleAction.fields.map(\.rawValue).joined(separator: ", ") + meant)
            }
            actions.append(action)
        }
        let tags = arguments.allValues("tag")
        if !tags.isEmpty && !allowingTags { throw FSearchError.usage("--tag is for rules; a bulk edit sets --set notes=TEXT") }
        actions += tags.map { .addTag($0) }
        return actions
    }

    private static func isTag(_ action: RuleAction) -> Bool {
        if case .addTag = action { true } else { false }
    }

    /// `base` (the field options' patch) with the `--set` actions (a bulk edit's); a field set
    /// both ways is an error.
    static func patch(_ actions: [RuleAction], into base: TransactionPatch) throws(FSearchError) -> TransactionPatch {
        var patch = base
        for action in actions {
            if case .set(let field, _) = action, base.sets(field) { throw FSearchError.usage("\(field.rawValue) is given twice (--\(field.rawValue) and --set)") }
            if case .clear(let field) = action, base.sets(field) { throw FSearchError.usage("\(field.rawValue) is given twice (--\(field.rawValue) and --set)") }
            switch action {
            case .set(.status, let value): patch.status = .set(try FieldOptions.status(value))
            case .clear(.status): patch.status = .clear
            case .set(let field, let value): field.setTextChange(.set(value), in: &patch)
            case .clear(let field): field.setTextChange(.clear, in: &patch)
            case .addTag: break
            }
        }
        return patch
    }

    /// One line per changed row: its id, date, merchant and each field `old → new`.
    static func lines(of change: BulkChange) -> [String] {
        change.rows.map { row in
            let fields = row.fields.isEmpty
                ? "as it was (now set by hand)"
                : row.fields.map { "\($0.rawValue): \(text($0, row.before)) → \(text($0, row.after))" }.joined(separator: ", ")
            return "\(VisibleText.escaped(row.after.id))  \(row.after.date.description.prefix(10))  "
                + "\(VisibleText.escaped(String(row.after.merchant.prefix(30))))  \(fields)"
        }
    }

    private static func text(_ field: TransactionField, _ transaction: Transaction) -> String {
        field.text(in: transaction).map { "'" + VisibleText.escaped($0) + "'" } ?? "none"
    }
}
