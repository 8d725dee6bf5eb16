#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import TerminalUI
@testable import fsearch

/// Styles, NO_COLOR, and where the terminal size comes from.
@Suite struct StylerAndSizeTests {
    /// Styles become one SGR sequence and a reset, and take no cells.
    @Test func stylesAreSGRCodes() {
        let styler = Styler(enabled: true)
        #expect(styler.apply(.bold, to: "x") == "\u{1B}[1mx\u{1B}[0m")
        #expect(styler.apply([.red, .bold], to: "-3.00") == "\u{1B}[1;31m-3.00\u{1B}[0m")
        #expect(styler.apply([.reverse, .dim, .green, .underline, .yellow], to: "s") == "\u{1B}[2;4;7;32;33ms\u{1B}[0m")
        #expect(styler.apply([], to: "x") == "x")
        #expect(styler.apply(.bold, to: "") == "")
        #expect(DisplayWidth.of(styler.apply(.red, to: "日本")) == 4)
        #expect(Styler.plain.apply(.bold, to: "x") == "x")
    }

    /// NO_COLOR (any value) or a non-terminal output turns styles off.
    @Test func colourIsOffWithNoColorOrWithoutATerminal() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        #expect(!Styler.forOutput(ends[1], environment: [:]).isEnabled)
        #expect(!Styler.forOutput(ends[1], environment: ["NO_COLOR": "1"]).isEnabled)
        if let terminal = PseudoTerminal.open(columns: 80, rows: 24) {
            defer { terminal.close() }
            #expect(Styler.forOutput(terminal.slave, environment: [:]).isEnabled)
            #expect(!Styler.forOutput(terminal.slave, environment: ["NO_COLOR": ""]).isEnabled)
            #expect(!Styler.forOutput(terminal.slave, environment: ["NO_COLOR": "yes"]).isEnabled)
        }
    }

    /// COLUMNS/LINES, then the terminal size, then 80x24, with either preference.
    @Test func sizeFromEnvironmentTerminalOrDefault() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        let pipeOut = ends[1]
        #expect(TerminalSize.current(descriptor: pipeOut, environment: [:]) == TerminalSize(columns: 80, rows: 24))
        #expect(TerminalSize.current(descriptor: pipeOut, environment: ["COLUMNS": "132", "LINES": "50"]) == TerminalSize(columns: 132, rows: 50))
        #expect(TerminalSize.current(descriptor: pipeOut, environment: ["COLUMNS": " 90 "]) == TerminalSize(columns: 90, rows: 24))
        #expect(TerminalSize.current(descriptor: pipeOut, environment: ["COLUMNS": "wide", "LINES": "-3"]) == .fallback)
        #expect(TerminalSize.ofTerminal(pipeOut) == nil)
        if let terminal = PseudoTerminal.open(columns: 100, rows: 30) {
            defer { terminal.close() }
            let slave = terminal.slave
            #expect(TerminalSize.ofTerminal(slave) == TerminalSize(columns: 100, rows: 30))
            #expect(TerminalSize.current(descriptor: slave, environment: [:]) == TerminalSize(columns: 100, rows: 30))
            #expect(TerminalSize.current(descriptor: slave, environment: ["COLUMNS": "60"]) == TerminalSize(columns: 60, rows: 30))
            #expect(TerminalSize.current(descriptor: slave, environment: ["COLUMNS": "60"], preference: .terminal) == TerminalSize(columns: 100, rows: 30))
            terminal.setSize(columns: 120, rows: 40)
            #expect(TerminalSize.ofTerminal(slave) == TerminalSize(columns: 120, rows: 40))
        }
    }
}
