/// A group of a result with the positions of its rows among all the matching rows (laid out
/// group by group, `TransactionSearchModel.row(at:)`): a section header of a long list, with
/// its title, count and totals.
public struct ResultSection: Hashable, Sendable, Identifiable {
    /// The group: key, title, count, sums and base total.
    public var group: ResultGroup
    /// The positions of the group's rows: `group.count` of them, after the groups before it.
    public var positions: Range<Int>

    /// A section from its group and the positions of its rows.
    public init(group: ResultGroup, positions: Range<Int>) {
        self.group = group
        self.positions = positions
    }

    /// The group's key, unique in a result.
    public var id: GroupKey { group.key }

    /// The sections of a result's groups, in order.
    /// - Complexity: O(groups).
    static func sections(of result: QueryResult) -> [ResultSection] {
        var sections: [ResultSection] = []
        sections.reserveCapacity(result.groups.count)
        var start = 0
        for group in result.groups {
            sections.append(ResultSection(group: group, positions: start ..< start + group.count))
            start += group.count
        }
        return sections
    }
}
