/// A key for a value the host of an animation sets and the animation reads (SwiftUI's
/// `EnvironmentKey`).
///
/// ```swift
/// struct AnimationPausedKey: EnvironmentKey { static let defaultValue = false }
/// extension EnvironmentValues {
///     var animationPaused: Bool {
///         get { self[AnimationPausedKey.self] }
///         set { self[AnimationPausedKey.self] = newValue }
///     }
/// }
/// ```
public protocol EnvironmentKey {
    /// The type of the value.
    associatedtype Value
    /// The value read where none has been set.
    static var defaultValue: Value { get }
}

/// The values a host sets for the animations it runs (SwiftUI's `EnvironmentValues`, without the
/// view system's own entries): one slot per ``EnvironmentKey`` type, each reading its default
/// until it is set. An animation reads them through ``AnimationContext/environment``.
public struct EnvironmentValues: CustomStringConvertible {
    private var storage: [ObjectIdentifier: Any] = [:]

    /// Values with every key at its default.
    public init() {}

    /// The value for `key`, or its default.
    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get { storage[ObjectIdentifier(key)] as? K.Value ?? K.defaultValue }
        set { storage[ObjectIdentifier(key)] = newValue }
    }

    public var description: String { "EnvironmentValues(\(storage.count) set)" }
}
