import FlowKernel
import Testing

/// Proves that a flow released what it made: track objects as they are created, end the flow, and
/// check that none of them is still alive.
///
/// The tracker holds only weak references, so tracking never keeps anything alive.
///
/// ```swift
/// let leaks = LeakTracker()
/// registry.register(CatalogScreen.self) { leaks.track(CatalogScreen()) }
/// ...
/// try navigator.dismiss()
/// leaks.expectNoLeaks()
/// ```
@MainActor
public final class LeakTracker {
    private struct Entry {
        weak var object: AnyObject?
        let name: String
    }

    private var entries: [Entry] = []

    /// Makes a tracker with nothing tracked.
    public init() {}

    /// Tracks an object and returns it, so tracking fits inside a factory.
    ///
    /// - Parameters:
    ///   - object: The object to watch.
    ///   - name: How to name it in a failure; the object's type by default.
    @discardableResult
    public func track<Object: AnyObject>(_ object: Object, as name: String? = nil) -> Object {
        entries.append(Entry(object: object, name: name ?? String(describing: Object.self)))
        return object
    }

    /// How many objects were tracked in all.
    public var trackedCount: Int { entries.count }

    /// The names of tracked objects that are still alive, in the order they were tracked.
    public var survivors: [String] {
        entries.filter { $0.object != nil }.map(\.name)
    }

    /// Records a test issue naming every tracked object that is still alive, or saying that
    /// nothing was tracked: a check over nothing proves nothing, and usually means the objects
    /// were made where the tracker does not see them.
    ///
    /// - Returns: whether something was tracked and every tracked object was released.
    @discardableResult
    public func expectNoLeaks(sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        guard trackedCount > 0 else {
            CheckIssues.record("Nothing was tracked, so no leak could be found: track the screens and flows the test makes.", sourceLocation: sourceLocation)
            return false
        }
        let alive = survivors
        guard !alive.isEmpty else { return true }
        CheckIssues.record(
            "\(alive.count) of \(trackedCount) tracked objects are still alive: \(alive.joined(separator: ", "))", sourceLocation: sourceLocation)
        return false
    }
}
