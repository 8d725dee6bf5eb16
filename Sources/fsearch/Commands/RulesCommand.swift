import CommandLineSupport
import Foundation
import TransactionSearch

/// `fsearch rules add|list|show|remove|apply`: the store's rules, which run in order on every
/// add and import, and over the stored rows on `apply`.
enum RulesCommand {
    static let spec = CommandSpec(
        name: "fsearch rules", abstract: "Rules: a search and what to set on the rows it finds, run on every import.",
        arguments: "add NAME | list | show NAME | remove NAME | apply",
        argumentsHelp: "What to do with the store's rules.", acceptsArguments: true,
        options: [storeOption, ChangeOptions.whereOption, ChangeOptions.setOption, ChangeOptions.tagOption,
                  .value("before", "NAME", help: "add: place the rule before this one (default: last)."),
                  .flag("dry-run", help: "apply: list each row's change and change nothing.")],
        discussion: """
            Rules run in order on every add and import, before the rows are stored, and over every
            stored row with `rules apply`. A field a person set by hand is never changed by a rule.
            A rule's search matches exactly (no typo is forgiven).

            EXAMPLES:
              fsearch rules add Groceries --where 'merchant:lidl' --set category=Groceries
              fsearch rules add Work --where 'uber date:this-month' --tag work --before Groceries
              fsearch rules list
              fsearch rules apply --dry-run
              fsearch rules remove Groceries
            """)

    static let actions = ["add", "list", "show", "remove", "apply"]

    static func run(_ words: [String]) throws(FSearchError) -> Int32 {
        guard let arguments = try parseCommand(words, spec) else { return 0 }
        guard let action = arguments.arguments.first else {
            throw FSearchError.usage("rules needs what to do: " + actions.joined(separator: ", "), hint: spec.usage)
        }
        guard actions.contains(action) else {
            let meant = EditDistance.closest(to: action.lowercased(), among: actions, limit: 2).map { "; did you mean \($0)?" } ?? ""
            throw FSearchError.usage("rules \(VisibleText.escaped(action)): not one of " + actions.joined(separator: ", ") + meant, hint: spec.usage)
        }
        let names = Array(arguments.arguments.dropFirst())
        let needsName = action == "add" || action == "show" || action == "remove"
        guard names.count == (needsName ? 1 : 0) else {
            throw FSearchError.usage(needsName ? "rules \(action) takes one NAME (quote a name with spaces)" : "rules \(action) takes no NAME",
                                     hint: spec.usage)
        }
        var newRule: Rule?
        if action == "add" {
            guard let search = arguments.value("where") else {
                throw FSearchError.usage("say which rows with --where QUERY", hint: "e.g. --where 'merchant:lidl'")
            }
            newRule = Rule(name: names[0], search: search, actions: try ChangeOptions.actions(arguments, allowingTags: true))
        }
        let storePath = try requiredStore(arguments, spec)
        let writes = action == "add" || action == "remove" || (action == "apply" && !arguments.has("dry-run"))
        let durable = try DataSource.open(store: storePath, writable: writes)
        defer { BackgroundCompaction.close(durable, path: storePath) }
        do throws(DurableStoreError) {
            switch action {
            case "add":
                let rule = newRule!
                try durable.addRule(rule, before: arguments.value("before"))
                let count = (try? durable.store.matchCount(of: rule)) ?? 0
                Console.write("Added rule \(VisibleText.escaped(rule.name)): it matches \(count) stored row\(count == 1 ? "" : "s") now; "
                              + "fsearch rules apply changes them, later imports are changed as they come.\n")
            case "list":
                Console.write(list(durable.store))
            case "show":
                guard let rule = durable.store.rules.first(where: { $0.name.lowercased() == names[0].lowercased() }) else {
                    throw DurableStoreError.rule(RuleError(rule: names[0], .unknownRule(names[0])))
                }
                Console.write(show(rule, in: durable.store))
            case "remove":
                let removed = try durable.removeRule(named: names[0])
                Console.write("Removed rule \(VisibleText.escaped(removed.name)); what it set stays set.\n")
            default:
                let dryRun = arguments.has("dry-run")
                let change = try durable.applyRules(dryRun: dryRun)
                Console.write(ChangeOptions.lines(of: change).map { $0 + "\n" }.joined())
                for skipped in change.skipped { Console.error("fsearch: note: \(skipped)") }
                Console.write(dryRun
                    ? "\(change.count) row\(change.count == 1 ? "" : "s") would change. Nothing changed; run it without --dry-run to change them.\n"
                    : "Changed \(change.count) row\(change.count == 1 ? "" : "s")." + (change.count > 0 ? " fsearch undo reverts it.\n" : "\n"))
            }
        } catch {
            throw FSearchError.change(error, path: storePath)
        }
        return 0
    }

    /// Each rule in order: its number, name, rows it matches now, search and actions.
    static func list(_ store: TransactionStore) -> String {
        let rules = store.rules
        guard !rules.isEmpty else { return "No rules. Add one: fsearch rules add NAME --where QUERY --set category=VALUE\n" }
        return rules.enumerated().map { index, rule in
            let count = (try? store.matchCount(of: rule)) ?? 0
            return "\(index + 1). \(VisibleText.escaped(rule.name))  (\(count) row\(count == 1 ? "" : "s") now)\n"
                + "   where \(VisibleText.escaped(rule.search))\n"
                + "   set   \(rule.actions.map { VisibleText.escaped($0.description) }.joined(separator: ", "))\n"
        }.joined()
    }

    /// One rule whole, and the rows whose fields it set.
    static func show(_ rule: Rule, in store: TransactionStore) -> String {
        let count = (try? store.matchCount(of: rule)) ?? 0
        let position = (store.rules.firstIndex(of: rule) ?? 0) + 1
        let set = store.transactions().filter { row in RuleAction.fields.contains { row.sources[$0] == .rule(rule.name) } }.count
        return """
            rule      \(VisibleText.escaped(rule.name)) (number \(position) of \(store.rules.count))
            where     \(VisibleText.escaped(rule.search))
            set       \(rule.actions.map { VisibleText.escaped($0.description) }.joined(separator: ", "))
            matches   \(count) row\(count == 1 ? "" : "s") now
            set on    \(set) row\(set == 1 ? "" : "s") (the fields it set last)

            """
    }
}
