import CommandLineSupport
import Testing

@Suite struct ArgumentParserTests {
    let spec = CommandSpec(
        name: "tool", abstract: "A test command.", arguments: "[QUERY...]", argumentsHelp: "words",
        acceptsArguments: true,
        options: [
            .value("group", "BY", short: "g", help: "grouping"),
            .value("card", "CARD", repeatable: true, help: "card filter"),
            .flag("quiet", short: "q", help: "quiet"),
            .flag("json", help: "json"),
        ])

    @Test func readsValuesInBothFormsFlagsAndArguments() throws {
        let parsed = try ArgumentParser.parse(["coffee", "--group", "day", "-q", "--card=4242", "--card", "Amex", "shop"], for: spec)
        #expect(parsed.arguments == ["coffee", "shop"])
        #expect(parsed.value("group") == "day")
        #expect(parsed.allValues("card") == ["4242", "Amex"])
        #expect(parsed.has("quiet"))
        #expect(!parsed.has("json"))
    }

    @Test func aDashWordThatNamesNoOptionIsAnArgumentAndSoIsANegativeNumber() throws {
        let parsed = try ArgumentParser.parse(["coffee", "-uber", "-12.50", "-g", "month"], for: spec)
        #expect(parsed.arguments == ["coffee", "-uber", "-12.50"])
        #expect(parsed.value("group") == "month")
    }

    @Test func doubleDashEndsTheOptions() throws {
        let parsed = try ArgumentParser.parse(["--", "--json", "-q"], for: spec)
        #expect(parsed.arguments == ["--json", "-q"])
        #expect(parsed.flags.isEmpty)
    }

    @Test func combinedShortFlagsAndHelpAnywhere() throws {
        let parsed = try ArgumentParser.parse(["x", "-qh"], for: spec)
        #expect(parsed.wantsHelp && parsed.has("quiet"))
        #expect(spec.helpText.contains("--group <BY>"))
        #expect(spec.helpText.contains("(repeatable)"))
    }

    @Test(arguments: [
        (["--gruop", "day"], "unknown option '--gruop'", "did you mean --group?"),
        (["--group"], "--group needs a value (<BY>)", "--group <BY>"),
        (["--group", "day", "--group", "month"], "--group is given twice", "give it once"),
        (["--json=yes"], "--json takes no value", nil),
        (["-x"], "unknown option '-x'", "put -- before arguments that begin with -"),
    ] as [([String], String, String?)])
    func badCommandLinesSayWhatIsWrong(words: [String], message: String, hint: String?) {
        #expect(throws: UsageError(message, hint: hint)) { try ArgumentParser.parse(words, for: spec) }
    }

    @Test func argumentsAreRefusedWhereNoneAreAccepted() {
        let strict = CommandSpec(name: "stats", abstract: "", options: [])
        #expect(throws: UsageError("unexpected argument 'x'", hint: "usage: stats [options]")) {
            try ArgumentParser.parse(["x"], for: strict)
        }
    }
}
