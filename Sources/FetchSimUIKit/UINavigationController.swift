/// A stack of view controllers, as `UINavigationController`: pushing loads the pushed view, as
/// showing it would; nothing animates.
///
/// ```swift
/// let navigation = UINavigationController(rootViewController: NotesViewController())
/// navigation.pushViewController(DetailViewController(), animated: true)
/// ```
@MainActor
open class UINavigationController: UIViewController {
    /// The stack, root first.
    open private(set) var viewControllers: [UIViewController] = []

    /// A stack holding `rootViewController`.
    public init(rootViewController: UIViewController) {
        super.init(nibName: nil, bundle: nil)
        push(rootViewController)
    }

    public required init?(coder: NSCoder) { return nil }

    /// The controller on top.
    open var topViewController: UIViewController? { viewControllers.last }

    /// Pushes `viewController`, loading its view.
    open func pushViewController(_ viewController: UIViewController, animated: Bool) { push(viewController) }

    /// Pops the top controller (not the root) and returns it.
    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
        guard viewControllers.count > 1 else { return nil }
        let top = viewControllers.removeLast()
        top.navigationControllerStorage = nil
        return top
    }

    private func push(_ viewController: UIViewController) {
        viewControllers.append(viewController)
        viewController.navigationControllerStorage = self
        viewController.loadViewIfNeeded()
    }
}
