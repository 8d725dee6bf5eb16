import TransactionSearch

/// What each key does, page by page (docs/interactive.md lists them).
///
/// - Everywhere: Ctrl-C quits, Ctrl-Z suspends, Ctrl-L draws the screen again.
/// - The list, search box focused: characters, Backspace, Delete, Ctrl-U (clear), Ctrl-W
///   (delete a word), Left/Right, Ctrl-A/Ctrl-E edit the search; Down, Page Down, Home and End
///   move into the list; Enter shows the selected row; Tab and Shift-Tab cycle the grouping
///   through `Grouping.allCases`; Ctrl-B opens the form that changes every matching row; Esc
///   quits.
/// - The list, rows focused: Up/Down, Page Up/Page Down, Home/End move (Up from the first row
///   goes back to the search box); Enter shows the row; `q` or Esc quits; `/` goes back to
///   the search box, and any other character or editing key goes back and types.
/// - The detail page: Esc (or Backspace, `q`) goes back; `e` edits; Up/Down show the previous
///   and next row.
/// - The edit form and the bulk form: characters and the editing keys type into the field;
///   Tab/Up/Down move between fields; Enter saves; Esc cancels.
extension BrowseSession {
    /// Applies one key to the state (and the model's grouping).
    func apply(_ key: Key) {
        switch key {
        case .control("c"):
            end(.interrupted)
            return
        case .control("z"):
            host?.suspend()
            return
        case .control("l"):
            frame.invalidate()
            return
        default:
            break
        }
        state.message = nil
        switch state.page {
        case .list: applyOnList(key)
        case .detail(let transaction, let position): applyOnDetail(key, transaction, position: position)
        case .edit(let form): applyOnEdit(key, form)
        case .bulkEdit(let form): applyOnBulkEdit(key, form)
        }
    }

    /// The rows a Page Up or Page Down moves: a list's height less one, so one row stays.
    private var pageStep: Int { max(1, BrowseScreen.listHeight(size) - 1) }

    /// A key on the list page.
    private func applyOnList(_ key: Key) {
        let count = model.result.total.count
        switch key {
        case .escape: end(.quit)
        case .enter: showDetail(at: state.selected)
        case .tab: cycleGrouping(by: 1)
        case .backTab: cycleGrouping(by: -1)
        case .control("b"): openBulkEdit()
        case .down: moveInList(to: state.selected + 1)
        case .up:
            if state.focus == .list {
                if state.selected == 0 { state.focus = .query } else { state.selected -= 1 }
            }
        case .pageDown: moveInList(to: state.selected + pageStep)
        case .pageUp: moveInList(to: state.selected - pageStep)
        case .home: moveInList(to: 0)
        case .end: moveInList(to: count - 1)
        case .character("q") where state.focus == .list: end(.quit)
        case .character("/") where state.focus == .list: state.focus = .query
        default:
            guard BrowseSession.isEditing(key) else { break }
            state.focus = .query
            edit(&state.query, with: key)
        }
        state.selected = count == 0 ? 0 : min(max(state.selected, 0), count - 1)
    }

    /// Selects `position` and gives the keys to the list.
    private func moveInList(to position: Int) {
        state.selected = position
        state.focus = .list
    }

    /// Shows the row at `position` whole, when it is loaded (its page is asked for otherwise).
    private func showDetail(at position: Int) {
        guard let row = model.row(at: position) else { return }
        state.selected = position
        state.page = .detail(row.transaction, position: position)
    }

    /// Sets the model's grouping to the next (or previous) of `Grouping.allCases`.
    private func cycleGrouping(by step: Int) {
        let all = Grouping.allCases
        let index = all.firstIndex(of: model.grouping) ?? 0
        model.grouping = all[(index + step % all.count + all.count) % all.count]
    }

    /// A key on the detail page of `transaction`.
    private func applyOnDetail(_ key: Key, _ transaction: Transaction, position: Int) {
        switch key {
        case .escape, .backspace, .character("q"):
            state.page = .list
            state.focus = .list
        case .character("e"):
            if let reason = settings.readOnlyReason ?? (editor == nil ? "rows cannot be edited here" : nil) {
                state.message = BrowseMessage("Cannot edit: \(reason).", isError: true)
            } else {
                state.page = .edit(EditForm(transaction: transaction, position: position))
            }
        case .up where position > 0: showDetail(at: position - 1)
        case .down where position + 1 < model.result.total.count: showDetail(at: position + 1)
        default: break
        }
    }

    /// A key on the edit form.
    private func applyOnEdit(_ key: Key, _ form: EditForm) {
        var form = form
        switch key {
        case .escape:
            state.page = .detail(form.transaction, position: form.position)
            return
        case .enter:
            save(form)
            return
        default: moveOrType(key, in: &form)
        }
        state.page = .edit(form)
    }

    /// Saves the form's change through the editor and shows the transaction as saved; a
    /// failure keeps the form open and says why.
    private func save(_ form: EditForm) {
        let patch = form.patch
        guard !patch.isEmpty else {
            state.page = .detail(form.transaction, position: form.position)
            state.message = BrowseMessage("Nothing changed.")
            return
        }
        guard let editor else { return }
        switch editor(form.transaction.id, patch) {
        case .success(let updated):
            state.page = .detail(updated, position: form.position)
            state.message = BrowseMessage("Saved \(updated.id).")
        case .failure(let failure):
            state.page = .edit(form)
            state.message = BrowseMessage(failure.message, isError: true)
        }
    }

    /// Opens the bulk form over the current search's matching rows, or says why it cannot.
    private func openBulkEdit() {
        if let reason = settings.readOnlyReason ?? (bulkEditor == nil ? "rows cannot be edited here" : nil) {
            state.message = BrowseMessage("Cannot edit: \(reason).", isError: true)
        } else if model.isSearching {
            state.message = BrowseMessage("The search is still running; Ctrl-B again when it ends.", isError: true)
        } else if model.result.total.count == 0 {
            state.message = BrowseMessage("No matching rows to change.", isError: true)
        } else {
            state.page = .bulkEdit(BulkEditForm(query: model.query, count: model.result.total.count))
        }
    }

    /// A key on the bulk form.
    private func applyOnBulkEdit(_ key: Key, _ form: BulkEditForm) {
        var form = form
        switch key {
        case .escape:
            state.page = .list
            return
        case .enter:
            let patch = form.patch
            guard !patch.isEmpty else {
                state.page = .list
                state.message = BrowseMessage("Nothing changed.")
                return
            }
            guard let bulkEditor else { return }
            switch bulkEditor(form.query, patch) {
            case .success(let changed):
                state.page = .list
                state.message = BrowseMessage("Changed \(changed) row\(changed == 1 ? "" : "s") (fsearch undo reverts it).")
            case .failure(let failure):
                state.page = .bulkEdit(form)
                state.message = BrowseMessage(failure.message, isError: true)
            }
            return
        default: moveOrType(key, in: &form)
        }
        state.page = .bulkEdit(form)
    }

    /// Tab, Up and Down move between a form's fields; editing keys type into the active one.
    private func moveOrType(_ key: Key, in form: inout some FieldForm) {
        switch key {
        case .tab, .down: form.next()
        case .backTab, .up: form.previous()
        default: edit(&form.activeValue, with: key)
        }
    }

    /// Whether `key` edits a line (what `edit(_:with:)` applies).
    static func isEditing(_ key: Key) -> Bool {
        switch key {
        case .character, .backspace, .delete, .left, .right, .control("u"), .control("w"), .control("a"), .control("e"): true
        default: false
        }
    }

    /// Applies an editing key to a line: characters, Backspace, Delete, Ctrl-U, Ctrl-W,
    /// Left/Right, Ctrl-A/Ctrl-E (Home/End on a form's field). Other keys do nothing.
    private func edit(_ line: inout LineEditor, with key: Key) {
        switch key {
        case .character(let character): line.insert(String(character))
        case .backspace: line.deleteBackward()
        case .delete: line.deleteForward()
        case .control("u"): line.clear()
        case .control("w"): line.deleteWordBackward()
        case .left: line.moveLeft()
        case .right: line.moveRight()
        case .control("a"), .home: line.moveToStart()
        case .control("e"), .end: line.moveToEnd()
        default: break
        }
    }
}
