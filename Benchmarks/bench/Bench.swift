import Foundation
import TransactionSearch
import TransactionSearchSupport

@main
struct Bench {
    static func main() {
        var arguments = Array(CommandLine.arguments.dropFirst())
        var rows = 100_000
        var seed: UInt64 = 42
        var years = 4
        var merchants = 3000
        var export: String?
        func value() -> String {
            guard !arguments.isEmpty else {
                FileHandle.standardError.write(Data("bench: an option needs a value\n".utf8))
                exit(64)
            }
            return arguments.removeFirst()
        }
        while !arguments.isEmpty {
            switch arguments.removeFirst() {
            case "--rows": rows = Int(value()) ?? rows
            case "--seed": seed = UInt64(value()) ?? seed
            case "--years": years = Int(value()) ?? years
            case "--merchants": merchants = Int(value()) ?? merchants
            case "--export": export = value()
            case "--probe": break
            default:
                print("usage: swift run -c release bench --rows 100000 [--seed N] [--years N] [--merchants N] [--export FILE.csv]")
                exit(64)
            }
        }
        if CommandLine.arguments.contains("--probe") { Probe.run(); return }
        let drafts = TransactionGenerator(rows: rows, seed: seed, years: years, merchants: merchants).generate()
        if let export {
            let store = TransactionStore()
            do {
                try store.add(contentsOf: drafts)
            } catch {
                FileHandle.standardError.write(Data("bench: generated data was refused: \(error)\n".utf8))
                exit(1)
            }
            guard FileManager.default.createFile(atPath: export, contents: Data(store.export(as: .csv).utf8)) else {
                FileHandle.standardError.write(Data("bench: cannot write \(export)\n".utf8))
                exit(74)
            }
            print("wrote \(rows) rows to \(export)")
        }
    }
}
