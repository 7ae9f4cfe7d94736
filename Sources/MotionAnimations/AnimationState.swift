/// The state a running animation keeps between frames, one slot per ``AnimationStateKey`` type
/// (SwiftUI's `AnimationState`).
///
/// A value type: a copy is a snapshot, which is how the engine re-evaluates an interrupted
/// animation for its logical completion without disturbing the running one.
public struct AnimationState<Value: VectorArithmetic> {
    var storage: [ObjectIdentifier: Any] = [:]

    /// An empty state: every key reads its default value.
    public init() {}

    /// The value stored under `key`, or its default value.
    public subscript<K: AnimationStateKey>(key: K.Type) -> K.Value {
        get { storage[ObjectIdentifier(key)] as? K.Value ?? K.defaultValue }
        set { storage[ObjectIdentifier(key)] = newValue }
    }

    /// The value for `key`, removed from the state (the key's default when absent).
    mutating func take<K: AnimationStateKey>(_ key: K.Type) -> K.Value {
        storage.removeValue(forKey: ObjectIdentifier(key)) as? K.Value ?? K.defaultValue
    }

    /// Whether `key` has been written.
    func contains<K: AnimationStateKey>(_ key: K.Type) -> Bool {
        storage[ObjectIdentifier(key)] != nil
    }
}
