/// The payee a person would name for one bank or card descriptor.
///
/// `payee` is never empty and never has leading or trailing white space. `processor` names
/// the payment processor or transfer service whose prefix was stripped (`Square` for
/// `SQ *BLUE BOTTLE`, `Zelle` for `ZELLE TO JOHN SMITH`), or is nil when none was, or when
/// the processor is itself the payee (`PAYPAL TRANSFER` is `PayPal` with no processor).
public struct CleanedPayee: Hashable, Sendable {
    /// The cleaned name, e.g. `Blue Bottle Coffee`.
    public var payee: String
    /// The processor stripped from the descriptor, e.g. `Square`.
    public var processor: String?

    /// Makes a result from its parts (tests and callers that store results).
    public init(payee: String, processor: String? = nil) {
        self.payee = payee
        self.processor = processor
    }
}

/// One descriptor's cleaning with every step that changed it, for a "why this payee?" view.
public struct PayeeExplanation: Hashable, Sendable {
    /// The descriptor as given.
    public var descriptor: String
    /// The same result `PayeeCleaner.clean` returns.
    public var result: CleanedPayee
    /// The steps that changed the text, in the order they ran.
    public var steps: [PayeeCleaningStep]

    /// Makes an explanation from its parts.
    public init(descriptor: String, result: CleanedPayee, steps: [PayeeCleaningStep]) {
        self.descriptor = descriptor
        self.result = result
        self.steps = steps
    }
}

/// One rule's effect: what it removed or replaced and the text left after it.
public struct PayeeCleaningStep: Hashable, Sendable {
    /// A stable short rule name such as `processor-prefix`, `store-number` or `location`
    /// (docs/payees.md lists them all).
    public var rule: String
    /// The text the rule removed or replaced (tokens joined by single spaces).
    public var removed: String
    /// The text after this step: the remaining tokens, or the final payee after `casing`.
    public var text: String

    /// Makes a step from its parts.
    public init(rule: String, removed: String, text: String) {
        self.rule = rule
        self.removed = removed
        self.text = text
    }
}
