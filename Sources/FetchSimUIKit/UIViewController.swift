/// The screen FetchSim's view controllers fill: an iPhone's, 390 × 844 points.
let screenBounds = CGRect(x: 0, y: 0, width: 390, height: 844)

/// A button in a navigation bar, as `UIBarButtonItem`: its title is kept, nothing is drawn.
///
/// ```swift
/// navigationItem.rightBarButtonItem = editButtonItem            // titled "Edit"
/// navigationItem.leftBarButtonItem = UIBarButtonItem(title: "Sort")
/// ```
///
/// UIKit's target–action initializers are not offered: without Objective-C there is no
/// selector to call, and a simulation has no bar to tap.
@MainActor
open class UIBarButtonItem: NSObject {
    /// The button's title.
    open var title: String?
    /// A button titled `title`.
    public init(title: String?) {
        self.title = title
        super.init()
    }
}

/// What a navigation bar shows for a view controller, as `UINavigationItem` (recorded only).
///
/// ```swift
/// override func viewDidLoad() {
///     super.viewDidLoad()
///     navigationItem.title = "Notes"
///     navigationItem.rightBarButtonItem = editButtonItem
/// }
/// ```
@MainActor
open class UINavigationItem: NSObject {
    /// The title the bar shows.
    open var title: String?
    /// The button on the bar's leading side.
    open var leftBarButtonItem: UIBarButtonItem?
    /// The button on the bar's trailing side.
    open var rightBarButtonItem: UIBarButtonItem?
}

/// A screen's controller, as `UIViewController`: its view, loaded on first use with
/// `viewDidLoad()` called once, its title and its editing state.
///
/// ```swift
/// let controller = NotesViewController(nibName: nil, bundle: nil)
/// controller.loadViewIfNeeded()      // loadView(), then viewDidLoad(), once
/// ```
@MainActor
open class UIViewController: UIResponder {
    private var loadedView: UIView?
    private var editing = false

    /// The nib's name: FetchSim loads no nibs, so it is only recorded.
    public let nibName: String?
    /// The nib's bundle, recorded.
    public let nibBundle: Bundle?
    /// The controller's title.
    open var title: String?
    /// The navigation bar's item for this controller.
    public let navigationItem = UINavigationItem()
    weak var navigationControllerStorage: UINavigationController?
    /// The navigation controller whose stack holds this controller, if any.
    open var navigationController: UINavigationController? { navigationControllerStorage }
    /// The button that toggles editing, as UIKit's `editButtonItem` (titled "Edit" or "Done").
    public private(set) lazy var editButtonItem = UIBarButtonItem(title: "Edit")

    /// A controller whose view `loadView()` makes (the nib is never read).
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        nibName = nibNameOrNil
        nibBundle = nibBundleOrNil
        super.init()
    }

    /// `init(nibName: nil, bundle: nil)`.
    public convenience override init() { self.init(nibName: nil, bundle: nil) }

    /// A controller from a storyboard: FetchSim has none, so this answers nil.
    public required init?(coder: NSCoder) { return nil }

    /// The controller's view, loaded on first use (`loadView()`, then `viewDidLoad()`).
    open var view: UIView! {
        get {
            loadViewIfNeeded()
            return loadedView
        }
        set { loadedView = newValue }
    }

    /// Whether the view has been loaded.
    open var isViewLoaded: Bool { loadedView != nil }

    /// Makes the view: a plain view the size of the screen. Subclasses set `view` here.
    open func loadView() { loadedView = UIView(frame: screenBounds) }

    /// Called once, after the view is loaded.
    open func viewDidLoad() {}
    /// Called before the view appears (the simulator calls it once, after loading).
    open func viewWillAppear(_ animated: Bool) {}
    /// Called after the view appeared.
    open func viewDidAppear(_ animated: Bool) {}

    /// Loads the view if it is not loaded: `loadView()`, then `viewDidLoad()`, once.
    open func loadViewIfNeeded() {
        guard loadedView == nil else { return }
        loadView()
        if loadedView == nil { loadedView = UIView(frame: screenBounds) }
        viewDidLoad()
    }

    /// Whether the controller is editing; setting it calls `setEditing(_:animated: false)`.
    open var isEditing: Bool {
        get { editing }
        set { setEditing(newValue, animated: false) }
    }

    /// Starts or ends editing; subclasses call `super`.
    open func setEditing(_ editing: Bool, animated: Bool) {
        self.editing = editing
        editButtonItem.title = editing ? "Done" : "Edit"
    }
}

/// A view controller whose view is a table, as `UITableViewController`: the table's data source
/// and delegate is the controller, whose data-source and delegate methods subclasses `override`.
///
/// ```swift
/// final class NotesViewController: UITableViewController {
///     override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { … }
/// }
/// ```
@MainActor
open class UITableViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
    /// The style of the table `loadView()` makes.
    public let tableViewStyle: UITableView.Style
    /// Recorded, unused (FetchSim's rows are not selected by appearing).
    open var clearsSelectionOnViewWillAppear = true

    /// A controller whose table has `style`.
    public init(style: UITableView.Style) {
        tableViewStyle = style
        super.init(nibName: nil, bundle: nil)
    }

    /// A controller with a plain table.
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        tableViewStyle = .plain
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    public required init?(coder: NSCoder) { return nil }

    /// The controller's table: its view.
    open var tableView: UITableView! {
        get { view as? UITableView }
        set { view = newValue }
    }

    /// Makes a table the size of the screen with the controller as its data source and delegate.
    open override func loadView() {
        let table = UITableView(frame: screenBounds, style: tableViewStyle)
        table.dataSource = self
        table.delegate = self
        view = table
    }

    /// Starts or ends editing of the controller and its table.
    open override func setEditing(_ editing: Bool, animated: Bool) {
        super.setEditing(editing, animated: animated)
        tableView.setEditing(editing, animated: animated)
    }

    // MARK: UITableViewDataSource, with UIKit's answers, for subclasses to override

    open func numberOfSections(in tableView: UITableView) -> Int { 1 }
    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }
    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        UITableViewCell(style: .default, reuseIdentifier: nil)
    }
    open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
    open func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }
    open func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
    open func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }
    open func sectionIndexTitles(for tableView: UITableView) -> [String]? { nil }
    open func tableView(_ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int {
        index
    }
    open func tableView(
        _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath
    ) {}
    open func tableView(
        _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    ) {}

    // MARK: UITableViewDelegate

    open func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
    open func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {}
    open func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
    open func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath)
        -> UITableViewCell.EditingStyle
    { .delete }
    open func tableView(
        _ tableView: UITableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
        toProposedIndexPath proposedDestinationIndexPath: IndexPath
    ) -> IndexPath {
        proposedDestinationIndexPath
    }
    open func tableView(_ tableView: UITableView, shouldIndentWhileEditingRowAt indexPath: IndexPath) -> Bool { true }
    open func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        UITableView.automaticDimension
    }
}
