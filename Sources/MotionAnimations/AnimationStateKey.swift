/// A key into an ``AnimationState``: its type names a slot, and ``defaultValue`` is what the slot
/// holds before an animation writes it (SwiftUI's `AnimationStateKey`).
public protocol AnimationStateKey {
    /// The type of the value stored under this key.
    associatedtype Value

    /// The value of the slot before it is written.
    static var defaultValue: Value { get }
}
