/// A status or kind filter as a class of rows `RowClasses` keeps as a bitset: pending, posted
/// (live and not pending), expense or income. A scan narrows its candidates by it a word at a
/// time; a subtraction takes out its complement among the live rows; a query with it alone
/// reads its rows straight from the bitset.
enum ClassFilter: Equatable {
    case pending, posted, expense, income

    /// The filters of a compiled query, status first.
    static func filters(of query: CompiledQuery) -> [ClassFilter] {
        var filters: [ClassFilter] = []
        if let pending = query.pending { filters.append(pending ? .pending : .posted) }
        switch query.kind {
        case .expense?: filters.append(.expense)
        case .income?: filters.append(.income)
        case nil: break
        }
        return filters
    }

    /// Rows in the class, or (`complement`) live rows outside it.
    func rowCount(in classes: RowClasses, complement: Bool = false) -> Int {
        let live = classes.count(.live)
        let inside = switch self {
        case .pending: classes.count(.pending)
        case .posted: live - classes.count(.pending)
        case .expense: classes.count(.expense)
        case .income: classes.count(.income)
        }
        return complement ? live - inside : inside
    }

    /// Adds the class's rows, or (`complement`) the live rows outside it, to a selection.
    func addRows(to selection: RowSelection, from classes: RowClasses, complement: Bool = false) {
        let live = UnsafePointer(classes.words(.live))
        switch (self, complement) {
        case (.pending, false), (.posted, true): selection.formUnion(classes.words(.pending))
        case (.posted, false), (.pending, true): selection.formUnion(live, excluding: classes.words(.pending))
        case (.expense, false): selection.formUnion(classes.words(.expense))
        case (.income, false): selection.formUnion(classes.words(.income))
        case (.expense, true): selection.formUnion(live, excluding: classes.words(.expense))
        case (.income, true): selection.formUnion(live, excluding: classes.words(.income))
        }
    }

    /// Keeps only the selected rows in the class (the selection holds live rows only).
    func narrow(_ selection: RowSelection, by classes: RowClasses) {
        switch self {
        case .pending: selection.formIntersection(classes.words(.pending))
        case .posted: selection.subtract(classes.words(.pending))
        case .expense: selection.formIntersection(classes.words(.expense))
        case .income: selection.formIntersection(classes.words(.income))
        }
    }
}
