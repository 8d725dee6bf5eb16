/// How a compiled query is answered: chosen by `QueryPlanner` from the estimates the compiler
/// gathered, run by `QueryExecutor`, and printed by `diagnostics.explainPlan`.
///
/// - `buckets`: no text and no filter but dates: totals and groups are read from the buckets,
///   in time proportional to the groups;
/// - `scan`: candidate rows come from the smallest source (a condition's postings, a filter's
///   postings, a status or kind class, the date window, a group's clauses' postings together,
///   or all rows), narrowed by the status and kind classes and visited in row order
///   (`RowSelection`); those the predicate accepts are tallied;
/// - `subtract`: when a term matches most rows (or the query only excludes), the bucket
///   tallies are taken whole and the rows that fail are subtracted, found from the postings of
///   the strings the term does *not* match (or those an exclusion or an excluded group does, or
///   the live rows outside a status or kind class): a set difference on the index.
enum QueryPlan: Equatable {
    case nothing
    case buckets
    case scan(Driver, estimate: Int)
    case subtract([RemovalSource], estimate: Int)

    /// Where candidate rows come from in a scan.
    enum Driver: Equatable {
        case allRows
        case condition(Int)
        case cards, categories, accounts
        case dateWindow(ClosedRange<Int64>)
        /// The rows of a status or kind class, read from its bitset.
        case rowClass(ClassFilter)
        /// The union of the listings of a group's clauses (`CompiledGroup.listing`): a
        /// superset of its rows, which the predicate then tests.
        case group(Int)
    }

    /// Where the rows to subtract come from.
    enum RemovalSource: Equatable {
        /// Rows whose string in `field` the condition does not match.
        case complement(condition: Int, field: PostingField)
        /// Rows an exclusion matches.
        case exclusion(Int)
        /// Live rows outside a status or kind class.
        case outsideClass(ClassFilter)
        /// The listing of an excluded group: a superset of the rows it holds for.
        case excludedGroup(Int)
    }
}
