import Foundation
import TransactionSearch

/// The base currency of a new store (docs/SPEC.md section 9): `--base`, else the currency of
/// its first import (or first transaction), else the locale's (`LC_ALL`, `LC_MONETARY`, `LANG`,
/// the first one set, as POSIX reads them), else an error asking for `--base`: never a silent
/// EUR.
enum NewStoreBase {
    /// What decided a new store's base currency.
    enum Source: Equatable {
        case option(String)
        case firstImport(String)
        case locale(String)

        /// In words, for the note that a store was created.
        var words: String {
            switch self {
            case .option(let name): name
            case .firstImport(let name): "the currency \(name) names"
            case .locale(let setting): "the locale, \(setting)"
            }
        }
    }

    /// The currency of the locale the environment sets for money, and the setting that gave it
    /// (`LANG=en_US.UTF-8`); nil when none is set or it names no country (`C`, `POSIX`, `en`).
    static func locale(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> (Currency, String)? {
        for name in ["LC_ALL", "LC_MONETARY", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            // The first variable set decides, as for the C library: `LC_ALL=C` names no currency
            // even when `LANG` would.
            return currency(ofLocale: value).map { ($0, "\(name)=\(value)") }
        }
        return nil
    }

    /// The currency of a POSIX locale name (`de_AT.UTF-8@euro`, `en_US`), when it names a
    /// country whose currency is known.
    static func currency(ofLocale name: String) -> Currency? {
        let identifier = name.prefix { $0 != "." && $0 != "@" }
        let parts = identifier.split(separator: "_")
        guard parts.count >= 2, parts[0].count >= 2, parts.last!.count == 2, parts.last!.allSatisfy(\.isUppercase) else { return nil }
        guard let code = Locale(identifier: String(identifier)).currency?.identifier else { return nil }
        return Currency(code)
    }

    /// The error for a new store whose base nothing decides.
    static func undecided(file: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> FSearchError {
        let setting = ["LC_ALL", "LC_MONETARY", "LANG"].lazy.compactMap { name in
            environment[name].flatMap { $0.isEmpty ? nil : "\(name)=\($0)" }
        }.first
        let locale = setting.map { "the locale (\($0)) names none" } ?? "no locale is set"
        let what = file.map { "\($0) names no currency" } ?? "the transaction names no currency"
        return FSearchError.usage("a new store needs a base currency: \(what) and \(locale)",
                                  hint: "give one, e.g. --base EUR (the currency of rows that name none, and of converted totals)")
    }
}
