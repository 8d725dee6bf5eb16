/// Where the pipeline reports its steps. `clean` runs the pipeline with `PayeeNoSteps`, whose
/// `records` is a constant false, so after specialisation the recording code (and the text it
/// would render) is gone; `explain` runs the very same code with `PayeeStepList`.
protocol PayeeStepSink {
    /// Whether steps are wanted at all (checked before any step text is made).
    static var records: Bool { get }
    /// Takes one step.
    mutating func add(_ step: PayeeCleaningStep)
}

/// Records nothing: the fast path.
struct PayeeNoSteps: PayeeStepSink {
    @inline(__always) static var records: Bool { false }
    @inline(__always) mutating func add(_ step: PayeeCleaningStep) {}
}

/// Records every step: the explain path.
struct PayeeStepList: PayeeStepSink {
    static var records: Bool { true }
    /// The steps so far.
    var steps: [PayeeCleaningStep] = []
    mutating func add(_ step: PayeeCleaningStep) { steps.append(step) }
}
