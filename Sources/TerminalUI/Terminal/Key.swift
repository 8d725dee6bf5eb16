/// A key a person pressed, as `KeyDecoder` reads it from a terminal in raw mode.
package enum Key: Hashable, Sendable {
    /// A printable character (a letter, a digit, a space, an accented or wide character).
    case character(Character)
    /// Return (CR, or LF).
    case enter
    /// Tab.
    case tab
    /// Shift-Tab (`ESC [ Z`).
    case backTab
    /// Backspace (DEL, or Ctrl-H).
    case backspace
    /// The forward delete key (`ESC [ 3 ~`).
    case delete
    /// Escape pressed on its own.
    case escape
    /// The arrow keys (`ESC [ A`... or `ESC O A`..., modifiers ignored).
    case up, down, left, right
    /// Home and End (`ESC [ H`, `ESC [ 1 ~`, `ESC [ 7 ~`, `ESC O H`; `F`, `4`, `8` for End).
    case home, end
    /// Page Up and Page Down (`ESC [ 5 ~`, `ESC [ 6 ~`).
    case pageUp, pageDown
    /// Ctrl and a letter, other than those above (Ctrl-I is Tab, Ctrl-M Return, Ctrl-H
    /// Backspace): the lower-case letter, such as `c` for Ctrl-C.
    case control(Character)
    /// A sequence or control byte with no meaning here (a function key, Alt and a letter).
    case unknown
}
