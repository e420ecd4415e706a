/// A colour, as `UIColor`: kept by name so that list code that colours its views compiles; nothing
/// is drawn.
///
/// ```swift
/// cell.textLabel?.textColor = note.done ? .secondaryLabel : .label
/// tableView.backgroundColor = UIColor(white: 0.95, alpha: 1)
/// ```
///
/// Dynamic (light and dark) colours and `cgColor` are not offered; the system colours are the
/// ones list code commonly uses.
public final class UIColor: NSObject, Sendable {
    /// The colour's name, as the system colour's property (`"systemBackground"`) or `"rgba(…)"`.
    public let name: String

    private init(name: String) {
        self.name = name
        super.init()
    }

    /// A colour from components in 0…1.
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(name: "rgba(\(red), \(green), \(blue), \(alpha))")
    }

    /// A grey from a white level in 0…1.
    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(name: "white(\(white), \(alpha))")
    }

    public override var description: String { name }

    public static let clear = UIColor(name: "clear")
    public static let white = UIColor(name: "white")
    public static let black = UIColor(name: "black")
    public static let red = UIColor(name: "red")
    public static let green = UIColor(name: "green")
    public static let blue = UIColor(name: "blue")
    public static let gray = UIColor(name: "gray")
    public static let systemBackground = UIColor(name: "systemBackground")
    public static let secondarySystemBackground = UIColor(name: "secondarySystemBackground")
    public static let systemGroupedBackground = UIColor(name: "systemGroupedBackground")
    public static let label = UIColor(name: "label")
    public static let secondaryLabel = UIColor(name: "secondaryLabel")
    public static let systemGray = UIColor(name: "systemGray")
    public static let systemRed = UIColor(name: "systemRed")
    public static let systemBlue = UIColor(name: "systemBlue")
    public static let systemGreen = UIColor(name: "systemGreen")
    public static let tintColor = UIColor(name: "tintColor")
}

/// An image, as `UIImage`: kept by name; nothing is drawn.
///
/// ```swift
/// cell.imageView?.image = UIImage(systemName: note.done ? "checkmark.circle" : "circle")
/// ```
///
/// Unlike UIKit's, the failable initializers always succeed: every name exists here.
public final class UIImage: NSObject, Sendable {
    /// The symbol's or the file's name.
    public let name: String

    /// The SF Symbol named `systemName` (every name exists here).
    public init?(systemName: String) {
        name = systemName
        super.init()
    }

    /// The image named `named` in the app's bundle (every name exists here).
    public init?(named: String) {
        name = named
        super.init()
    }
}

/// A view that shows an image, as `UIImageView` (recorded only).
///
/// ```swift
/// let star = UIImageView(image: UIImage(systemName: "star"))
/// cell.accessoryView = star
/// ```
@MainActor
open class UIImageView: UIView {
    /// The image shown.
    open var image: UIImage?

    /// An image view showing `image`.
    public init(image: UIImage?) {
        self.image = image
        super.init(frame: .zero)
    }

    public required init?(coder: NSCoder) { return nil }
}
