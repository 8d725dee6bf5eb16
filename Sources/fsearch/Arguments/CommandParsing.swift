import CommandLineSupport
import Foundation
import TransactionSearch

/// Parses a command's words against its spec; prints help when asked (returns nil).
func parseCommand(_ words: [String], _ spec: CommandSpec) throws(FSearchError) -> ParsedArguments? {
    let arguments: ParsedArguments
    do throws(UsageError) { arguments = try ArgumentParser.parse(words, for: spec) } catch {
        throw FSearchError.arguments(error, command: spec.name.replacingOccurrences(of: "fsearch ", with: "") + " ")
    }
    if arguments.wantsHelp {
        Console.write(spec.helpText + "\n")
        return nil
    }
    return arguments
}

/// The store directory a command changes: `--store`, else `FSEARCH_STORE`; required.
func requiredStore(_ arguments: ParsedArguments, _ spec: CommandSpec) throws(FSearchError) -> String {
    guard let store = DataSource.storePath(arguments) else {
        throw FSearchError.usage("\(spec.name) needs --store DIR", hint: spec.usage + " (or set \(DataSource.storeVariable)=DIR once)")
    }
    return store
}

/// The `--store` option of a command that changes a store.
let storeOption = CommandSpec.Option.value("store", "DIR", help: "The store directory (default: $\(DataSource.storeVariable)).")
