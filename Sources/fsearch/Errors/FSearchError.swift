import CommandLineSupport
import TransactionSearch

/// Why fsearch stops: the cause, as the part of fsearch or the library that found it says it.
/// Commands throw causes; `ErrorReport` turns every one into the line, the hint and the exit
/// code a person sees, in one place.
enum FSearchError: Error {
    /// A command line fsearch cannot use (a value out of range, a missing option).
    case usage(String, hint: String? = nil)
    /// What the argument parser refused, for the command named (`"import "`, or `""`).
    case arguments(UsageError, command: String)
    /// A search box text the syntax refuses, with the text as typed.
    case query(SearchSyntaxError)
    /// A change to a store that breaks a rule of a transaction (or names an unknown id).
    case invalidChange(ValidationError)
    /// A file (or standard input, named so) that cannot be imported; nothing was.
    case badFile(ImportError, name: String)
    /// Data that is wrong in another way.
    case badData(String, hint: String? = nil)
    /// A store directory that cannot be opened, read or written.
    case store(StoreFileError, path: String)
    /// A change a store directory refused.
    case change(DurableStoreError, path: String)
    /// Input that is not there.
    case missingInput(String, hint: String? = nil)
    /// The system refused to read or write.
    case io(String, hint: String? = nil)
    /// Any other failure (exit 1).
    case failed(String, hint: String? = nil)
}
