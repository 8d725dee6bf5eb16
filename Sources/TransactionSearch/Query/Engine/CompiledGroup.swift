/// One alternative of a compiled group: conditions that must all hold, exclusions none of
/// which may, and groups of its own (as a `CompiledQuery` has at its top).
struct CompiledClause: Sendable {
    /// Every one must hold; the rarest first, so that a row that fails fails early.
    var conditions: [CompiledCondition] = []
    /// None may hold.
    var exclusions: [CompiledCondition] = []
    /// Each must hold (an excluded one must not).
    var groups: [CompiledGroup] = []

    /// Whether it holds for every row (nothing is asked of a row).
    var isEmpty: Bool { conditions.isEmpty && exclusions.isEmpty && groups.isEmpty }

    /// Whether it is one condition alone: an `OR` of such clauses is one condition.
    var isSingleCondition: Bool { conditions.count == 1 && exclusions.isEmpty && groups.isEmpty }

    /// An upper bound of its rows: its rarest condition's, or an included group's listing.
    var estimate: Int { listing()?.estimate ?? Int.max }

    /// Conditions whose rows hold every row of the clause, the cheapest found: its rarest
    /// condition, or the listing of its cheapest included group; nil when it has neither (a
    /// clause of exclusions only holds for rows no index lists).
    func listing() -> (conditions: [CompiledCondition], estimate: Int)? {
        var best: (conditions: [CompiledCondition], estimate: Int)?
        for condition in conditions where condition.estimate < best?.estimate ?? Int.max {
            best = ([condition], condition.estimate)
        }
        for group in groups where !group.isExcluded {
            if let listed = group.listing(), listed.estimate < best?.estimate ?? Int.max { best = listed }
        }
        return best
    }
}

/// A group the compiler could not make one condition: its clauses, at least one of which must
/// hold (none, when excluded). `(a b) OR c` is a group of two clauses; `-(a b)` an excluded
/// group of one.
struct CompiledGroup: Sendable {
    var clauses: [CompiledClause]
    var isExcluded: Bool

    /// Conditions whose rows hold every row of the group: each clause's listing, together
    /// (a union of posting lists); nil when a clause has none.
    func listing() -> (conditions: [CompiledCondition], estimate: Int)? {
        var conditions: [CompiledCondition] = []
        var estimate = 0
        for clause in clauses {
            guard let listed = clause.listing() else { return nil }
            conditions += listed.conditions
            estimate = estimate.addingReportingOverflow(listed.estimate).overflow ? Int.max : estimate + listed.estimate
        }
        return (conditions, estimate)
    }

    /// How many conditions it holds, at every depth (for the predicate's storage).
    var conditionCount: Int {
        clauses.reduce(0) { $0 + $1.conditions.count + $1.exclusions.count + $1.groups.reduce(0) { $0 + $1.conditionCount } }
    }

    /// How many clauses and groups it holds, itself included, at every depth.
    var nodeCount: (clauses: Int, groups: Int) {
        var count = (clauses: clauses.count, groups: 1)
        for clause in clauses {
            for group in clause.groups {
                let inner = group.nodeCount
                count.clauses += inner.clauses
                count.groups += inner.groups
            }
        }
        return count
    }
}
