/// A form of lines typed one field at a time (the edit form, the bulk form): which line the
/// keys go to, and moving between them.
package protocol FieldForm {
    /// One line per field.
    var values: [LineEditor] { get set }
    /// The index of the field being typed.
    var active: Int { get set }
}

extension FieldForm {
    /// The line being typed.
    package var activeValue: LineEditor {
        get { values[active] }
        set { values[active] = newValue }
    }

    /// Moves to the next field (after the last, the first).
    package mutating func next() { active = (active + 1) % values.count }
    /// Moves to the previous field (before the first, the last).
    package mutating func previous() { active = (active + values.count - 1) % values.count }
}
