import Foundation
import Testing
@testable import TerminalUI
@testable import fsearch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `fsearch -i` end to end, on a pseudo-terminal of 100x30 opened by the test (no tool): the
/// screen is read back through a small emulator, and every wait is for something to appear on
/// it (generous deadlines, no fixed sleeps), so a slow machine makes the test slower, not
/// flaky. Then the terminal must answer as before: its settings restored and a shell's `read`
/// working on it.
@Suite(.serialized) struct FSearchInteractiveTests {
    /// How long any one thing may take to appear: far beyond what it needs on a loaded machine.
    static let patience = 60_000

    /// 40 rows: six Starbucks, two Star Market, the rest others.
    static let csv: String = {
        var lines = ["id,date,merchant,category,card,account,amount,currency,notes"]
        let merchants = ["Starbucks", "Lidl", "Uber", "Starbucks", "Aldi", "Star Market", "Netflix", "Shell"]
        for index in 0..<40 {
            let merchant = index < 30 ? merchants[index % merchants.count] : "Bakery \(index)"
            let day = String(format: "2026-03-%02d", 1 + index % 28)
            lines.append("r\(index),\(day),\(merchant),Food,Visa 4242,Main,-\(index + 1).50,EUR,note \(index)")
        }
        return lines.joined(separator: "\n") + "\n"
    }()

    /// fsearch running on a pseudo-terminal, with what it has drawn.
    final class Run {
        let terminal: PseudoTerminal
        let process = Process()
        let output: TerminalOutput
        var screen: ScreenEmulator
        /// The terminal's modes before fsearch started.
        private(set) var modesBefore: (local: tcflag_t, input: tcflag_t) = (0, 0)
        private var consumed = 0

        init(_ arguments: [String], columns: Int = 100, rows: Int = 30, colour: Bool = false, in directory: URL) throws {
            terminal = try #require(PseudoTerminal.open(columns: columns, rows: rows))
            output = TerminalOutput(master: terminal.master)
            screen = ScreenEmulator(columns: columns, rows: rows)
            process.executableURL = FSearchRunner.binary
            process.arguments = arguments
            process.currentDirectoryURL = directory
            var environment = ProcessInfo.processInfo.environment
            for name in FSearchRunner.settingVariables + ["NO_COLOR"] { environment[name] = nil }
            if !colour { environment["NO_COLOR"] = "1" }
            environment["TERM"] = "xterm-256color"
            environment["SWIFT_BACKTRACE"] = "enable=no"
            process.environment = environment
            let handle = FileHandle(fileDescriptor: terminal.slave, closeOnDealloc: false)
            process.standardInput = handle
            process.standardOutput = handle
            process.standardError = handle
            modesBefore = modes
            try process.run()
        }

        /// Reads until the screen satisfies `condition`; false after `patience`.
        func waitForScreen(_ condition: (ScreenEmulator) -> Bool) -> Bool {
            let deadline = Clock.now + FSearchInteractiveTests.patience
            while true {
                let bytes = output.bytes
                if bytes.count > consumed {
                    screen.feed(Array(bytes[consumed...]))
                    consumed = bytes.count
                }
                if condition(screen) { return true }
                if Clock.now > deadline { return false }
                output.read(forMilliseconds: 50)
            }
        }

        /// Reads until what was written after the first `mark` bytes contains `needle`; false
        /// after `patience`.
        func waitForOutput(after mark: Int, containing needle: String) -> Bool {
            let deadline = Clock.now + FSearchInteractiveTests.patience
            while !String(decoding: output.bytes[mark...], as: UTF8.self).contains(needle) {
                if Clock.now > deadline { return false }
                output.read(forMilliseconds: 50)
            }
            return true
        }

        /// Sends keys, as a person typing them would.
        func type(_ bytes: [UInt8]) {
            var bytes = bytes
            _ = bytes.withUnsafeMutableBytes { write(terminal.master, $0.baseAddress, $0.count) }
        }

        func type(_ text: String) { type(Array(text.utf8)) }

        /// Waits for the process to end, reading what it writes meanwhile; false after `patience`.
        func waitForExit() -> Bool {
            let deadline = Clock.now + FSearchInteractiveTests.patience
            while process.isRunning {
                if Clock.now > deadline { return false }
                output.read(forMilliseconds: 50)
            }
            output.read(forMilliseconds: 100)
            return true
        }

        /// The terminal's local and input modes.
        var modes: (local: tcflag_t, input: tcflag_t) {
            var settings = termios()
            _ = tcgetattr(terminal.slave, &settings)
            return (settings.c_lflag, settings.c_iflag)
        }

        /// The lines of the list with a row (an amount, no count).
        var rowLines: [String] {
            screen.lines[3 ..< screen.rows - 1].filter { $0.contains(" EUR") && !$0.contains("transaction") }
        }

        func close() {
            if process.isRunning { process.terminate() }
            terminal.close()
        }
    }

    /// Writes the data file in a new directory and runs `body` with the directory.
    func withData(_ body: (URL) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fsearch-interactive-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(Self.csv.utf8).write(to: directory.appendingPathComponent("data.csv"))
        try body(directory)
    }

    /// That the terminal answers after fsearch: a shell's `read` gets a line typed with Enter
    /// (which needs the line discipline and CR-to-LF back) and echoes it.
    func expectTheTerminalAnswers(_ run: Run) throws {
        let after = run.modes
        #expect(after.local == run.modesBefore.local && after.input == run.modesBefore.input)
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "read line; echo \"got:$line\""]
        let handle = FileHandle(fileDescriptor: run.terminal.slave, closeOnDealloc: false)
        shell.standardInput = handle
        shell.standardOutput = handle
        try shell.run()
        run.type("hello\r")
        #expect(run.output.wait(for: "got:hello", milliseconds: Self.patience), "\(run.output.text.suffix(300))")
        shell.waitUntilExit()
    }

    @Test(.enabled(if: PseudoTerminal.isAvailable && FSearchRunner.isBuilt, "needs a pseudo-terminal and the fsearch binary"))
    func typingNarrowsBackspaceWidensEnterShowsARowAndQQuits() throws {
        try withData { directory in
            let run = try Run(["-i", "--file", "data.csv"], in: directory)
            defer { run.close() }
            #expect(run.waitForScreen { $0.lines[2].hasPrefix("40 transactions") }, "\(run.screen.text)")
            #expect(run.screen.isAlternateScreen)
            #expect(run.modes.local & tcflag_t(ICANON | ECHO) == 0)  // raw mode

            run.type("starbucks")
            #expect(run.waitForScreen { $0.lines[0] == "Search: starbucks" && $0.lines[2].hasPrefix("8 transactions") }, "\(run.screen.text)")
            #expect(run.rowLines.count == 8 && run.rowLines.allSatisfy { $0.contains("Starbucks") }, "\(run.screen.text)")

            run.type(Array(repeating: 0x7F, count: 5))
            #expect(run.waitForScreen { $0.lines[0] == "Search: star" && $0.lines[2].hasPrefix("12 transactions") }, "\(run.screen.text)")
            #expect(run.rowLines.contains { $0.contains("Star Market") })

            run.type("\u{1B}[B")
            #expect(run.waitForScreen { $0.lines[29].contains("row 2 of 12") }, "\(run.screen.text)")
            let selected = try #require(run.screen.lines.first { $0.hasPrefix("> ") })
            let id = String(selected.dropFirst(2).prefix { $0 != " " })
            run.type("\r")
            #expect(run.waitForScreen { $0.lines[0].hasPrefix("Transaction \(id)") }, "\(run.screen.text)")
            for field in ["payee", "processor", "import key", "sources", "notes"] {
                #expect(run.screen.lines.contains { $0.hasPrefix("  \(field) ") }, "\(field)")
            }

            run.type("\u{1B}")
            #expect(run.waitForScreen { $0.lines[0] == "Search: star" }, "\(run.screen.text)")
            run.type("q")
            #expect(run.waitForExit())
            #expect(run.process.terminationReason == .exit && run.process.terminationStatus == 0)
            #expect(run.output.text.hasSuffix(TerminalSequence.leaveFullScreen))
            try expectTheTerminalAnswers(run)
        }
    }

    /// A resize redraws at the new size; SIGTERM ends the program as SIGTERM does, the
    /// terminal restored first.
    @Test(.enabled(if: PseudoTerminal.isAvailable && FSearchRunner.isBuilt, "needs a pseudo-terminal and the fsearch binary"))
    func resizeRedrawsAndSIGTERMRestores() throws {
        try withData { directory in
            let run = try Run(["browse", "--file", "data.csv", "lidl"], in: directory)
            defer { run.close() }
            #expect(run.waitForScreen { $0.lines[2].hasPrefix("4 transactions") }, "\(run.screen.text)")
            run.terminal.setSize(columns: 60, rows: 20)
            let mark = run.output.bytes.count
            kill(run.process.processIdentifier, SIGWINCH)  // the test is not the terminal's session: the kernel's signal goes elsewhere
            #expect(run.waitForOutput(after: mark, containing: "\u{1B}[20;1H"))
            let redrawn = String(decoding: run.output.bytes[mark...], as: UTF8.self)
            #expect(redrawn.contains(TerminalSequence.clearScreen) && !redrawn.contains("\u{1B}[21;1H") && !redrawn.contains("\u{1B}[30;1H"))
            kill(run.process.processIdentifier, SIGTERM)
            #expect(run.waitForExit())
            #expect(run.process.terminationReason == .uncaughtSignal && run.process.terminationStatus == SIGTERM)
            #expect(run.output.text.hasSuffix(TerminalSequence.leaveFullScreen))
            try expectTheTerminalAnswers(run)
        }
    }

    /// A crash (SIGILL is what a Swift trap raises on x86) restores the terminal before the
    /// process dies of it.
    @Test(.enabled(if: PseudoTerminal.isAvailable && FSearchRunner.isBuilt, "needs a pseudo-terminal and the fsearch binary"))
    func aCrashRestoresTheTerminal() throws {
        try withData { directory in
            let run = try Run(["-i", "--file", "data.csv"], in: directory)
            defer { run.close() }
            #expect(run.waitForScreen { $0.lines[2].hasPrefix("40 transactions") }, "\(run.screen.text)")
            kill(run.process.processIdentifier, SIGILL)
            #expect(run.waitForExit())
            #expect(run.process.terminationReason == .uncaughtSignal && run.process.terminationStatus == SIGILL)
            #expect(run.output.text.contains(TerminalSequence.leaveFullScreen))
            try expectTheTerminalAnswers(run)
        }
    }

    /// Colour as the table has it on a terminal (matched words, red amounts, the selected row
    /// reversed); Ctrl-C quits with 130.
    @Test(.enabled(if: PseudoTerminal.isAvailable && FSearchRunner.isBuilt, "needs a pseudo-terminal and the fsearch binary"))
    func colourAndControlC() throws {
        try withData { directory in
            let run = try Run(["-i", "--file", "data.csv"], colour: true, in: directory)
            defer { run.close() }
            #expect(run.waitForScreen { $0.lines[2].hasPrefix("40 transactions") }, "\(run.screen.text)")
            run.type("uber")
            #expect(run.waitForScreen { $0.lines[2].hasPrefix("4 transactions") }, "\(run.screen.text)")
            let text = run.output.text
            #expect(text.contains("\u{1B}[1;33mUber\u{1B}[0m") && text.contains("\u{1B}[31m-") && text.contains("\u{1B}[7m> "))
            run.type([0x03])
            #expect(run.waitForExit())
            #expect(run.process.terminationReason == .exit && run.process.terminationStatus == 130)
        }
    }

    /// In a store directory, `e` on a row edits its category and notes, kept in the store.
    @Test(.enabled(if: PseudoTerminal.isAvailable && FSearchRunner.isBuilt, "needs a pseudo-terminal and the fsearch binary"))
    func editingAStoreRow() throws {
        try withData { directory in
            #expect(try FSearchRunner.run(["import", "data.csv", "--store", "store"], in: directory).status == 0)
            let run = try Run(["browse", "--store", "store", "netflix"], in: directory)
            defer { run.close() }
            #expect(run.waitForScreen { $0.lines[2].hasPrefix("3 transactions") }, "\(run.screen.text)")
            run.type("\r")
            #expect(run.waitForScreen { $0.lines[0].hasPrefix("Transaction ") }, "\(run.screen.text)")
            let id = String(run.screen.lines[0].dropFirst("Transaction ".count).prefix { $0 != " " })
            run.type("e")
            #expect(run.waitForScreen { $0.lines[0].hasPrefix("Edit \(id)") }, "\(run.screen.text)")
            run.type([0x15] + Array("Streaming\t".utf8) + [0x15] + Array("family plan\r".utf8))
            #expect(run.waitForScreen { $0.lines[1] == "Saved \(id)." }, "\(run.screen.text)")
            #expect(run.screen.lines.contains("  category     Streaming  (set by hand)"), "\(run.screen.text)")
            run.type("\u{1B}")
            #expect(run.waitForScreen { $0.lines[0].hasPrefix("Search: netflix") })
            run.type("q")
            #expect(run.waitForExit() && run.process.terminationStatus == 0)
            let found = try FSearchRunner.run(["--store", "store", "--category", "Streaming", "--format", "csv"], in: directory)
            #expect(found.stdout.contains("\(id),") && found.stdout.contains("family plan"), "\(found.stdout) \(found.stderr)")
        }
    }

    /// Without a terminal there is no interactive search, and no escape sequence is written.
    @Test(.enabled(if: FSearchRunner.isBuilt, "needs the fsearch binary"))
    func withoutATerminalItIsAUsageError() throws {
        for arguments in [["-i"], ["browse", "star"], ["star", "--interactive"]] {
            let output = try FSearchRunner.run(arguments)
            #expect(output.status == 64, "\(arguments)")
            #expect(output.stderr.contains("the interactive search needs a terminal"), "\(output.stderr)")
            #expect(output.stdout.isEmpty && !output.stderr.contains("\u{1B}"))
        }
        let help = try FSearchRunner.run(["browse", "--help"])
        #expect(help.status == 0 && help.stdout.contains("Tab, Shift-Tab"))
        #expect(try FSearchRunner.run(["-i", "--format", "json"]).status == 64)
        #expect(try FSearchRunner.run(["--help"]).stdout.contains("-i, --interactive"))
    }
}
