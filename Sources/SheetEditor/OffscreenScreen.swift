/// A screen in memory: what the terminal layer would show after drawing models the way it does
/// (only the lines that changed). For measuring redraws without a terminal, and for tests.
package struct OffscreenScreen: Sendable {
    package private(set) var lines: [String] = []
    private var last: ScreenModel?

    package init() {}

    /// Draws `model`; returns how many lines were written.
    @discardableResult
    package mutating func draw(_ model: ScreenModel) -> Int {
        let changed = model.changedLines(since: last)
        if lines.count != model.lines.count { lines = Array(repeating: "", count: model.lines.count) }
        for index in changed { lines[index] = model.lines[index].text }
        last = model
        return changed.count
    }
}
