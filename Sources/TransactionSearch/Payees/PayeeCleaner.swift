/// Turns a raw bank or card descriptor into the payee name a person would use, plus the
/// payment processor when one was stripped.
///
/// Deterministic, offline, explainable: the same descriptor always cleans to the same payee
/// for a given `version`, nothing is looked up outside the built-in tables, and `explain`
/// lists every rule that changed the text. `clean` and `explain` run one implementation
/// (`PayeePipeline`), once without and once with step recording.
///
/// ```swift
/// let cleaner = PayeeCleaner()
/// cleaner.clean("SQ *BLUE BOTTLE COFFEE 0123 SAN FRANCISCO CA")
/// // CleanedPayee(payee: "Blue Bottle Coffee", processor: "Square")
/// ```
public struct PayeeCleaner: Sendable {
    /// The rules' version: bump it whenever a rule or table changes what a descriptor cleans
    /// to, so stores re-clean payees cleaned by an older version.
    public static let version: Int = 1

    /// What an empty or all-white-space descriptor cleans to (a payee is never empty).
    public static let unknownPayee: String = PayeeRender.unknown

    private let tables: PayeeTables

    /// One cleaner for the store's validation (its tables are shared by every instance).
    static let shared = PayeeCleaner()

    /// Makes a cleaner. The tables are decoded once per process, on first use.
    public init() {
        tables = PayeeTables.shared
    }

    /// The fast path, run on every imported row: the cleaned payee and processor.
    public func clean(_ descriptor: String) -> CleanedPayee {
        var sink = PayeeNoSteps()
        return run(descriptor, &sink)
    }

    /// The same cleaning with each step recorded: which rule removed or changed what.
    public func explain(_ descriptor: String) -> PayeeExplanation {
        var sink = PayeeStepList()
        let result = run(descriptor, &sink)
        return PayeeExplanation(descriptor: descriptor, result: result, steps: sink.steps)
    }

    /// A folded key for comparing two cleaned payees (a pending and a posted row, say):
    /// lower case, accents dropped, punctuation and spaces removed. `McDonald's` and
    /// `MCDONALDS` share the key `mcdonalds`; `Café de Flore` and `CAFE DE FLORE` share
    /// `cafedeflore`.
    public func payeeKey(_ payee: String) -> String {
        PayeeKey.make(payee)
    }

    /// Tokenises and runs the pipeline with the given step sink.
    @inline(__always)
    private func run<Sink: PayeeStepSink>(_ descriptor: String, _ sink: inout Sink) -> CleanedPayee {
        var text = descriptor
        return text.withUTF8 { bytes in
            withUnsafeTemporaryAllocation(of: PayeeToken.self, capacity: bytes.count + 1) { tokens in
                let count = PayeeTokenizer.tokenize(bytes, into: tokens, table: tables.words)
                var pipeline = PayeePipeline(bytes: bytes, tokens: tokens, count: count, words: tables.words, sink: sink)
                let result = pipeline.run()
                sink = pipeline.sink
                return result
            }
        }
    }
}
