import Adapters

extension Interpreter {
    /// What was logged while the line (`adapter`, `fetch`) attached or built the adapter: Core
    /// Data's warning when a difference delegate is set on a controller with a section key (rule
    /// 24; only when `attached`, a new delegate), and the diffable data source's first `apply` of
    /// a snapshot with duplicate identifiers (rule D3), as Core Data logs it.
    func attachLog(attached: Bool = true) -> [OutputBlock] {
        let warnings = attached ? (workspace.controller?.delegateLog ?? []) : []
        let logged = workspace.adapter?.lastEvent.loggedError.map { [$0] } ?? []
        return (warnings + logged).map { .line($0, .error) }
    }
}

extension LineOutcome {
    /// This outcome with `blocks` after its text (the JSON answer is unchanged).
    func appending(_ blocks: [OutputBlock]) -> LineOutcome {
        var outcome = self
        outcome.text += blocks
        return outcome
    }
}
