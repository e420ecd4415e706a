/// What a content configuration gives a cell, as UIKit's `UIContentConfiguration`.
///
/// UIKit's protocol asks for `makeContentView()` and `updated(for:)`; FetchSim draws nothing and
/// asks instead for the texts the cell shows, which the consistency check compares. An app's own
/// configuration says what the user reads:
///
/// ```swift
/// struct NoteConfiguration: UIContentConfiguration {
///     var title: String
///     var shownTexts: (text: String?, secondaryText: String?) { (title, nil) }
/// }
/// cell.contentConfiguration = NoteConfiguration(title: "Milk")
/// ```
public protocol UIContentConfiguration {
    /// The text FetchSim compares: the primary text and the secondary text, as the user reads them.
    var shownTexts: (text: String?, secondaryText: String?) { get }
}

/// The standard list cell's content, as `UIListContentConfiguration` (iOS 14): a text and a
/// secondary text (images and styling are ignored).
///
/// ```swift
/// var content = cell.defaultContentConfiguration()
/// content.text = note.title
/// content.secondaryText = note.body
/// cell.contentConfiguration = content
/// ```
public struct UIListContentConfiguration: UIContentConfiguration, Hashable, Sendable {
    /// The primary text.
    public var text: String?
    /// The secondary text.
    public var secondaryText: String?

    /// An empty configuration.
    public init() {}

    /// The configuration of a plain cell, as `UIListContentConfiguration.cell()`.
    public static func cell() -> UIListContentConfiguration { .init() }
    /// The configuration of a cell with a subtitle, as `.subtitleCell()`.
    public static func subtitleCell() -> UIListContentConfiguration { .init() }
    /// The configuration of a cell with a value on the right, as `.valueCell()`.
    public static func valueCell() -> UIListContentConfiguration { .init() }

    public var shownTexts: (text: String?, secondaryText: String?) { (text, secondaryText) }
}

/// What a list cell shows, as FetchSim compares cells: its text and secondary text, from the
/// content configuration when there is one, else from `textLabel` and `detailTextLabel`.
struct CellContent: Hashable, Sendable, CustomStringConvertible {
    var text: String?
    var secondaryText: String?

    /// `"Milk | 2 items"`, or `"Milk"` without secondary text: the form the check quotes.
    var description: String {
        "\"" + ([text ?? ""] + (secondaryText.map { [$0] } ?? [])).joined(separator: " | ") + "\""
    }

    /// The texts as the simulated table's cell columns.
    var columns: [String] { [text ?? ""] + (secondaryText.map { [$0] } ?? []) }
}

/// A row of a table view, as `UITableViewCell`: its style, labels, content configuration and
/// accessory. A cell is reused: the table keeps cells that scroll away and hands them out again
/// from `dequeueReusableCell`, after `prepareForReuse()` — whatever the app does not reset stays.
///
/// ```swift
/// final class NoteCell: UITableViewCell {
///     required init(style: CellStyle, reuseIdentifier: String?) {
///         super.init(style: .subtitle, reuseIdentifier: reuseIdentifier)
///     }
///     required init?(coder: NSCoder) { nil }
/// }
/// tableView.register(NoteCell.self, forCellReuseIdentifier: "Note")
/// let cell = tableView.dequeueReusableCell(withIdentifier: "Note", for: indexPath)
/// cell.textLabel?.text = note.title
/// ```
///
/// What the cell shows — the content configuration's texts when set, else the two labels' —
/// is what the consistency check compares with the data source; images, fonts and colours are
/// recorded and not compared. `init(style:reuseIdentifier:)` is `required` here (see there).
@MainActor
open class UITableViewCell: UIView {
    /// The cell's built-in layout, as `UITableViewCell.CellStyle`: whether it has a
    /// `detailTextLabel` (not for `.default`, as in UIKit); where the labels sit is not simulated.
    ///
    /// ```swift
    /// let cell = UITableViewCell(style: .subtitle, reuseIdentifier: "Note")
    /// cell.detailTextLabel?.text = "2 items"
    /// ```
    public enum CellStyle: Int, Sendable {
        case `default`, value1, value2, subtitle
    }

    /// The control on the cell's trailing edge, as `UITableViewCell.AccessoryType` (recorded, not
    /// drawn).
    ///
    /// ```swift
    /// cell.accessoryType = note.done ? .checkmark : .none
    /// ```
    public enum AccessoryType: Int, Sendable {
        case none, disclosureIndicator, detailDisclosureButton, checkmark, detailButton
    }

    /// What editing a row does, as `UITableViewCell.EditingStyle`: what the data source's
    /// `commit editingStyle` receives when the user swipes to delete (`Simulator.userDeleteRow`).
    ///
    /// ```swift
    /// func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle,
    ///                forRowAt indexPath: IndexPath) {
    ///     if editingStyle == .delete {
    ///         context.delete(fetchedResultsController.object(at: indexPath))
    ///     }
    /// }
    /// ```
    public enum EditingStyle: Int, Sendable {
        case none, delete, insert
    }

    /// The line between rows, as `UITableViewCell.SeparatorStyle` (recorded, not drawn).
    ///
    /// ```swift
    /// tableView.separatorStyle = .none
    /// ```
    public enum SeparatorStyle: Int, Sendable {
        case none, singleLine
    }

    /// How a selected cell looks, as `UITableViewCell.SelectionStyle` (recorded, not drawn).
    ///
    /// ```swift
    /// cell.selectionStyle = .none
    /// ```
    public enum SelectionStyle: Int, Sendable {
        case none, blue, gray, `default`
    }

    /// The style the cell was made with.
    public let style: CellStyle
    /// The identifier the cell is reused under.
    public let reuseIdentifier: String?

    private var primaryLabel: UILabel?
    private var secondaryLabel: UILabel?

    /// The primary label, made on first use, as UIKit's.
    open var textLabel: UILabel? {
        if primaryLabel == nil { primaryLabel = UILabel(frame: .zero) }
        return primaryLabel
    }

    /// The secondary label: nil for the `.default` style, as UIKit's.
    open var detailTextLabel: UILabel? {
        guard style != .default else { return nil }
        if secondaryLabel == nil { secondaryLabel = UILabel(frame: .zero) }
        return secondaryLabel
    }

    /// The image on the leading edge, made on first use (recorded; the check compares text only).
    open var imageView: UIImageView? {
        if leadingImage == nil { leadingImage = UIImageView(image: nil) }
        return leadingImage
    }
    private var leadingImage: UIImageView?
    /// A custom accessory view (recorded).
    open var accessoryView: UIView?

    /// The cell's content configuration (iOS 14); when set, it is what the cell shows.
    open var contentConfiguration: (any UIContentConfiguration)?
    /// The accessory on the trailing edge.
    open var accessoryType = AccessoryType.none
    /// The accessory while editing.
    open var editingAccessoryType = AccessoryType.none
    /// How the cell looks when selected.
    open var selectionStyle = SelectionStyle.default
    /// Whether the cell shows a reorder control while editing (UIKit asks the data source's `canMoveRowAt`).
    open var showsReorderControl = false

    /// A cell of `style`, reused under `reuseIdentifier`.
    ///
    /// `required`, unlike UIKit's: without Objective-C, a table can make a registered class only
    /// through an initializer every subclass has. A subclass that overrides it writes `required`
    /// (the compiler offers the fix-it); docs/apple-api.md lists this edit.
    public required init(style: CellStyle, reuseIdentifier: String?) {
        self.style = style
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: .zero)
    }

    /// A `.default` cell with no reuse identifier, as `UITableViewCell()`: never reused.
    public convenience init() { self.init(style: .default, reuseIdentifier: nil) }

    /// A cell from a nib: FetchSim has none, so this answers nil.
    public required init?(coder: NSCoder) { return nil }

    /// The default list configuration for the cell's style (iOS 14), empty.
    open func defaultContentConfiguration() -> UIListContentConfiguration {
        style == .subtitle ? .subtitleCell() : style == .default ? .cell() : .valueCell()
    }

    /// Called before the table hands the cell out again; UIKit's resets nothing the app set.
    open func prepareForReuse() {}

    /// What the cell shows now.
    var shownContent: CellContent {
        if let configuration = contentConfiguration {
            let texts = configuration.shownTexts
            return CellContent(text: texts.text, secondaryText: texts.secondaryText)
        }
        return CellContent(text: primaryLabel?.text, secondaryText: secondaryLabel?.text)
    }
}
