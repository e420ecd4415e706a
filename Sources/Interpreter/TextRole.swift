/// What a piece of REPL output is, so a terminal sink can colour it (and a plain one not).
package enum TextRole: Sendable {
    case header, sectionHeader, inserted, moved, updated, deleted, dim, error, good
}
