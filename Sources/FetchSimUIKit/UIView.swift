/// The base of UIKit's responder chain, as `UIResponder`: here only a superclass, since events
/// reach a simulation through the simulator (FetchSimTesting), not through touches.
///
/// ```swift
/// let responder: UIResponder = viewController   // views and view controllers are responders
/// ```
@MainActor
open class UIResponder: NSObject {
    public override init() { super.init() }
}

/// A rectangle on screen, as `UIView`: a frame, a hierarchy and nothing drawn.
///
/// Layout, drawing and animation are ignored (docs/apple-api.md); a table view reads only its
/// frame's height, to know how many rows are on screen.
///
/// ```swift
/// let view = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
/// view.addSubview(tableView)
/// ```
@MainActor
open class UIView: UIResponder {
    /// The view's frame in its superview's coordinates.
    open var frame: CGRect
    /// The view's own coordinate space: its frame's size at the origin.
    open var bounds: CGRect {
        get { CGRect(origin: .zero, size: frame.size) }
        set { frame.size = newValue.size }
    }
    /// The views it contains, back to front.
    open private(set) var subviews: [UIView] = []
    /// The view that contains it.
    open private(set) weak var superview: UIView?
    /// Whether the view is hidden (recorded; nothing is drawn either way).
    open var isHidden = false
    /// A number the app identifies the view by.
    open var tag = 0
    /// The background colour (recorded; nothing is drawn).
    open var backgroundColor: UIColor?
    /// The tint colour (recorded).
    open var tintColor: UIColor?

    /// A view with `frame`.
    public init(frame: CGRect) {
        self.frame = frame
        super.init()
    }

    /// A view with an empty frame.
    public convenience override init() { self.init(frame: .zero) }

    /// Unarchiving a view from a nib or storyboard: FetchSim has neither, so this answers nil.
    public required init?(coder: NSCoder) { return nil }

    /// Adds `view` on top of the subviews, taking it from its former superview.
    open func addSubview(_ view: UIView) {
        view.removeFromSuperview()
        subviews.append(view)
        view.superview = self
    }

    /// Takes the view out of its superview.
    open func removeFromSuperview() {
        superview?.subviews.removeAll { $0 === self }
        superview = nil
    }

    /// Lays out the view now; FetchSim's views have no layout except a list's rows on screen.
    open func layoutIfNeeded() {}

    /// Marks the view for layout; a simulation lays out when the run-loop turn ends.
    open func setNeedsLayout() {}
}

/// A line of text, as `UILabel`: only its text is kept (fonts and colours are ignored).
///
/// ```swift
/// cell.textLabel?.text = note.title        // what the consistency check compares
/// cell.textLabel?.textColor = .secondaryLabel
/// cell.textLabel?.numberOfLines = 0
/// ```
@MainActor
open class UILabel: UIView {
    /// The text shown.
    open var text: String?
    /// The text colour (recorded).
    open var textColor: UIColor?
    /// How many lines the text may take (recorded, unused).
    open var numberOfLines = 1
}
