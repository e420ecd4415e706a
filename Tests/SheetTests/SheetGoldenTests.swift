import Sheet
import Testing

@Suite struct SheetGoldenTests {
    @Test(arguments: GoldenCase.all, [80, 40])
    func plainRenderingMatchesGolden(_ golden: GoldenCase, width: Int) {
        let lines = SheetRenderer(width: width).render(golden.model, window: golden.window)
        Golden.check(lines, named: "\(golden.name)-\(width)")
    }

    @Test(arguments: [80, 40])
    func styledRenderingMatchesGolden(width: Int) {
        let model = SheetModel.groceries.withDeletionsOf(.withDeletions)
        let lines = SheetRenderer(width: width, style: bracketStyle).render(model, window: .all)
        Golden.check(lines, named: "styled-\(width)")
    }
}

/// Wraps text in its role's name: `[header:path  id]`.
let bracketStyle: @Sendable (SheetStyleRole, String) -> String = { role, text in "[\(role):\(text)]" }

extension SheetModel {
    /// This model with the deletions of `other`.
    func withDeletionsOf(_ other: SheetModel) -> SheetModel {
        var model = self
        model.deleted = other.deleted
        model.deletedSections = other.deletedSections
        return model
    }
}
