import Foundation
import Testing
import TransactionSearch

/// Typos are errors with a suggestion (exit 64), never searches: a first word one edit from a
/// command, a field name one edit from a field's; the words themselves can still be searched
/// (after `--`, or quoted).
@Suite struct FSearchTypoTests {
    @Test(arguments: [
        (["imprt", "statement.csv", "--store", "money"], "import"), (["exprot"], "export"), (["delte", "t1"], "delete"),
        (["compcat"], "compact"), (["chek"], "check"), (["inspcet", "x.csv"], "inspect"), (["updte", "t1"], "update"),
        (["stat"], "stats"), (["ad"], "add"), (["Import", "x.csv"], "import"),
    ] as [([String], String)])
    func aMistypedCommandIsAnErrorWithASuggestion(arguments: [String], command: String) throws {
        let output = try FSearchRunner.run(arguments)
        #expect(output.status == 64, "\(arguments): \(output.stdout) \(output.stderr)")
        #expect(output.stderr.hasPrefix("fsearch: '\(arguments[0])' is not a command; did you mean \(command)?\n"), "\(output.stderr)")
        #expect(output.stderr.contains("hint: fsearch \(command)"), "\(output.stderr)")
        #expect(output.stderr.contains("fsearch -- \(arguments[0])"), "\(output.stderr)")
        #expect(output.stdout.isEmpty)
    }

    @Test func aWordLikeACommandIsSearchedAfterDoubleDash() throws {
        let output = try FSearchRunner.run(["--", "chek"])
        #expect(output.status == 0, "\(output.stderr)")
        let afterOptions = try FSearchRunner.run(["--limit", "3", "imprt"])
        #expect(afterOptions.status == 64 && afterOptions.stderr.contains("did you mean import?"), "\(afterOptions.stderr)")
        let command = try FSearchRunner.run(["--limit", "3", "import", "x.csv"])
        #expect(command.status == 64 && command.stderr.contains("'import' is a command: it comes first"), "\(command.stderr)")
        #expect(try FSearchRunner.run(["--limit", "3", "--", "import"]).status == 0)
        // Words that are not one edit from a command stay searches.
        for word in ["coffee", "starbucks", "imports2", "checkers"] { #expect(try FSearchRunner.run([word]).status == 0, "\(word)") }
    }

    @Test(arguments: [
        ("amout>100", "amount>100"), ("merchnt:uncle", "merchant:uncle"), ("-catgory:food", "-category:food"),
        ("dat:2026-03", "date:2026-03"), ("acount:main", "account:main"), ("note:lunch", "notes:lunch"), ("cadr:4242", "card:4242"),
        ("stauts:pending", "status:pending"), ("amuont<5", "amount<5"), ("amout~42", "amount~42"), ("Amout>100", "amount>100"),
    ])
    func aMistypedFieldIsAnErrorWithASuggestion(term: String, meant: String) throws {
        let output = try FSearchRunner.run(["coffee", term])
        #expect(output.status == 64, "\(term): \(output.stdout) \(output.stderr)")
        #expect(output.stderr.contains("did you mean \(meant)?"), "\(output.stderr)")
        #expect(output.stderr.contains("hint: to search the text itself, quote it: '\"\(term)\"'"), "\(output.stderr)")
        let quoted = try FSearchRunner.run(["\"\(term)\""])
        #expect(quoted.status == 0, "\(term) quoted: \(quoted.stderr)")
    }

    @Test func theParserReportsAMistypedFieldWithItsPositionAndTheLenientParseKeepsTheRest() throws {
        #expect(throws: SearchSyntaxError(position: 8, term: "merchnt:uncle", expected: "a field name such as merchant",
                                          kind: .misspelledField, field: "merchant")) {
            try SearchSyntax.parse("coffee merchnt:uncle")
        }
        let lenient = SearchSyntax.parseLeniently("coffee -amout>100 12:30 foo:bar data \"note:x\"")
        #expect(lenient.text == "coffee 12:30 foo:bar data")
        #expect(lenient.terms == [SearchTerm(.text("note:x", field: .all))])
        #expect(lenient.problems.map(\.suggestion) == ["-amount>100"])
        #expect(lenient.problems.first?.description == "at character 9 ('-amout>100'): no field is named 'amout'; did you mean -amount>100?")
        // A known field with the operators of the syntax is never a typo.
        #expect(SearchSyntax.parseLeniently("merchant:x amount>5 date:2026-03").problems.isEmpty)
        // An error saved before kinds existed still reads back.
        let old = try JSONDecoder().decode(SearchSyntaxError.self, from: Data(#"{"position": 3, "term": "t", "expected": "e"}"#.utf8))
        #expect(old == SearchSyntaxError(position: 3, term: "t", expected: "e"))
        let again = try JSONDecoder().decode(SearchSyntaxError.self, from: try JSONEncoder().encode(lenient.problems[0]))
        #expect(again == lenient.problems[0])
    }

    @Test @MainActor func theSearchModelReportsAMistypedFieldAndSearchesTheRest() async throws {
        let store = TransactionStore()
        try store.add(TransactionDraft(date: try .day(2026, 3, 14), merchant: "Coffee Lab", amount: -4))
        let model = TransactionSearchModel(store: store)
        model.searchText = "coffee amout>100"
        while model.isSearching { try await Task.sleep(for: .milliseconds(5)) }
        #expect(model.problems.map(\.kind) == [.misspelledField])
        #expect(model.result.total.count == 1)
    }
}
