import CommandLineSupport
import Foundation

@main
struct Bench {
    static func main() async {
        ImportMemoryProbe.runIfAsked()
        let words = Array(CommandLine.arguments.dropFirst())
        let options: BenchOptions
        do {
            guard let parsed = try BenchOptions.parse(words) else {
                print(BenchOptions.spec.helpText)
                return
            }
            options = parsed
        } catch {
            FileHandle.standardError.write(Data("bench: \(error.message)\n\(error.hint.map { "hint: \($0)\n" } ?? "")".utf8))
            exit(64)
        }
        ReleaseGuard.runReleaseIfDebug(arguments: words, allowDebug: options.allowDebug)
        if let part = options.profile {
            do { try ProfileRun.run(part, options: options) } catch {
                FileHandle.standardError.write(Data("bench: \(error)\n".utf8))
                exit(1)
            }
            return
        }
        do {
            let report = try await BenchRun(options: options).run()
            if options.json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                var output = try encoder.encode(report)
                output.append(0x0A)
                FileHandle.standardOutput.write(output)
            } else {
                print(report.table)
            }
            if !report.mismatches.isEmpty { exit(1) }
        } catch {
            FileHandle.standardError.write(Data("bench: \(error)\n".utf8))
            exit(1)
        }
    }
}
