import Observation
import TransactionSearch

/// Where an interactive search writes its frames and what it asks of the terminal around it:
/// the real terminal (`InteractiveTerminal`), or a test's or the bench's recorder.
@MainActor
package protocol BrowseHost: AnyObject {
    /// Writes bytes to the screen.
    func write(_ text: String)
    /// Ends the session: `q`, Esc on the list, or Ctrl-C (`interrupted`).
    func end(_ reason: BrowseExit)
    /// Ctrl-Z: puts the program in the background, the terminal restored.
    func suspend()
}

/// How a person left the interactive search.
package enum BrowseExit: Hashable, Sendable {
    /// `q` or Esc on the list.
    case quit
    /// Ctrl-C.
    case interrupted
}

/// A change of a transaction made from the edit form: the store directory's `update`, or a
/// failure in words.
package typealias TransactionEditor = @MainActor (_ id: String, _ patch: TransactionPatch) -> Result<Transaction, EditFailure>

/// A change of every row a search matches, made from the bulk form: the store directory's
/// `update(matching:)`, answering how many rows changed, or a failure in words.
package typealias BulkEditor = @MainActor (_ query: Query, _ patch: TransactionPatch) -> Result<Int, EditFailure>

/// Why an edit was not saved, as the person reads it.
package struct EditFailure: Error, Hashable, Sendable {
    /// The sentence shown.
    package var message: String

    /// A failure saying `message`.
    package init(_ message: String) {
        self.message = message
    }
}

/// The interactive search: it drives a `TransactionSearchModel` (the search box is its
/// `searchText`, Tab cycles its `grouping`, the list reads `sections` and `row(at:)`) and
/// draws `BrowseScreen` for the model's state, its own and the terminal's size.
///
/// Keys arrive as bytes (`receive`) and are decoded (`KeyDecoder`); a read's keys are applied
/// together, the search box given to the model once, and the screen redrawn at once (the
/// typed text shows before the search ends). The model runs the search off the main actor and
/// drops a search a later keystroke overtakes; when its result arrives, the observation of the
/// model (`withObservationTracking`) schedules one redraw, however many properties changed,
/// and `ScreenFrame` writes only the lines that differ. So keys typed faster than the screen
/// redraws never queue stale results.
@MainActor
package final class BrowseSession {
    /// The search being driven.
    package let model: TransactionSearchModel
    /// The screen's own state.
    package internal(set) var state: BrowseState
    /// The terminal's size.
    package private(set) var size: TerminalSize
    let settings: BrowseSettings
    let editor: TransactionEditor?
    let bulkEditor: BulkEditor?
    weak var host: (any BrowseHost)?
    var decoder = KeyDecoder()
    var frame = ScreenFrame()
    /// The image last written.
    package private(set) var image: ScreenImage?
    /// Called after each redraw with its image (the bench stops its clock here).
    package var redrawn: ((ScreenImage) -> Void)?
    /// Whether the session has ended (nothing is drawn or read after).
    package private(set) var hasEnded = false
    /// The query of the result last drawn: a new one sends the selection back to the top.
    private var drawnQuery: Query?
    /// A redraw is scheduled (a burst of model changes draws once).
    private var redrawScheduled = false

    /// A session of `model` on a terminal of `size`, writing to `host`; `editor` saves the
    /// edit form and `bulkEditor` the bulk form (nil when rows cannot be edited,
    /// `settings.readOnlyReason` says why).
    package init(model: TransactionSearchModel, settings: BrowseSettings, size: TerminalSize, editor: TransactionEditor?,
                 bulkEditor: BulkEditor? = nil, host: any BrowseHost) {
        self.model = model
        self.settings = settings
        self.size = size
        self.editor = editor
        self.bulkEditor = bulkEditor
        self.host = host
        state = BrowseState(text: model.searchText)
    }

    /// Draws the first frame.
    package func start() {
        redraw()
    }

    /// Bytes read from the terminal: the keys they complete are applied, then the screen is
    /// redrawn.
    package func receive(_ bytes: some Sequence<UInt8>) {
        handle(decoder.decode(bytes))
    }

    /// Whether a lone ESC or part of a sequence waits for more bytes: call `keysTimedOut()`
    /// when none come soon.
    package var isWaitingForKeys: Bool { decoder.isWaiting }

    /// No more bytes came after a lone ESC: it is the Escape key.
    package func keysTimedOut() {
        handle(decoder.flush())
    }

    /// The terminal has a new size: everything is drawn again for it.
    package func resize(to newSize: TerminalSize) {
        size = newSize
        repaint()
    }

    /// Draws the whole screen again (after a resize, a return from the background, Ctrl-L).
    package func repaint() {
        frame.invalidate()
        redraw()
    }

    /// Applies `keys` in order, hands the search box to the model, and redraws.
    package func handle(_ keys: [Key]) {
        guard !hasEnded else { return }
        for key in keys {
            apply(key)
            if hasEnded { return }
        }
        if model.searchText != state.query.text { model.searchText = state.query.text }
        redraw()
    }

    /// Ends the session for `reason` (the host restores the terminal).
    func end(_ reason: BrowseExit) {
        hasEnded = true
        host?.end(reason)
    }

    /// Draws the screen for the current state and writes what changed. Reading the model
    /// registers an observation of what was read: its next change schedules a redraw.
    package func redraw() {
        guard !hasEnded else { return }
        let image = withObservationTracking {
            render()
        } onChange: { [weak self] in
            Task { @MainActor in self?.setNeedsRedraw() }
        }
        let bytes = frame.update(to: image)
        if !bytes.isEmpty { host?.write(bytes) }
        self.image = image
        redrawn?(image)
    }

    /// Schedules one redraw for any number of changes.
    private func setNeedsRedraw() {
        guard !redrawScheduled else { return }
        redrawScheduled = true
        Task { @MainActor [weak self] in
            guard let self else { return }
            self.redrawScheduled = false
            self.redraw()
        }
    }

    /// The image for the model's state now; a result for a new query brings the selection
    /// back to the first row.
    private func render() -> ScreenImage {
        let content = BrowseContent(model: model)
        if model.answeredQuery != drawnQuery {
            if drawnQuery != nil {
                state.selected = 0
                state.top = 0
            }
            drawnQuery = model.answeredQuery
        }
        let viewport = ListViewport(count: content.count, sections: content.grouping == .none ? [] : content.sections)
        state.keepSelectionVisible(viewport, height: BrowseScreen.listHeight(size))
        return BrowseScreen.image(state, content, size: size, settings: settings)
    }
}
