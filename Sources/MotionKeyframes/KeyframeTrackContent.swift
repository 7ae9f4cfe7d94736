/// A group of keyframes that defines an interpolation curve of an animatable value (SwiftUI's
/// `KeyframeTrackContent`): a keyframe, several in sequence, or a type of yours whose `body`
/// composes them.
///
/// ```swift
/// struct Wobble: KeyframeTrackContent {
///     var body: some KeyframeTrackContent<Double> {
///         CubicKeyframe(1.1, duration: 0.1)
///         CubicKeyframe(0.95, duration: 0.1)
///         SpringKeyframe(1, spring: .bouncy)
///     }
/// }
/// ```
public protocol KeyframeTrackContent<Value> {
    /// The value the keyframes move.
    associatedtype Value: Animatable = Body.Value
    /// The keyframes this content is made of.
    associatedtype Body: KeyframeTrackContent where Body.Value == Value

    /// The keyframes, written with the builder.
    @KeyframeTrackContentBuilder<Value> var body: Body { get }

    /// Appends the keyframes in order (an implementation detail of the builders: the default
    /// reads ``body``).
    func _appendKeyframes(to list: inout [Keyframe<Value>])
}

extension KeyframeTrackContent {
    public func _appendKeyframes(to list: inout [Keyframe<Value>]) { body._appendKeyframes(to: &list) }

    /// The keyframes in order.
    public var keyframes: [Keyframe<Value>] {
        var list: [Keyframe<Value>] = []
        _appendKeyframes(to: &list)
        return list
    }
}

/// Keyframes in sequence: what the track builder makes of a block.
public struct KeyframeSequence<Value: Animatable>: KeyframeTrackContent {
    /// The keyframes, in order.
    public var elements: [Keyframe<Value>]

    /// A sequence of `keyframes`.
    public init(_ keyframes: [Keyframe<Value>]) { elements = keyframes }

    public var body: KeyframeSequence { return self }
    public func _appendKeyframes(to list: inout [Keyframe<Value>]) { list.append(contentsOf: elements) }
}

/// Builds track content from the keyframes in a closure (SwiftUI's `KeyframeTrackContentBuilder`),
/// with `if`/`else`, `if` alone, `for` loops and your own ``KeyframeTrackContent`` types.
@resultBuilder
public struct KeyframeTrackContentBuilder<Value: Animatable> {
    public static func buildExpression<K: KeyframeTrackContent>(_ expression: K) -> K where K.Value == Value {
        expression
    }

    public static func buildBlock() -> KeyframeSequence<Value> { KeyframeSequence([]) }

    public static func buildPartialBlock(first: some KeyframeTrackContent<Value>) -> KeyframeSequence<Value> {
        KeyframeSequence(first.keyframes)
    }

    public static func buildPartialBlock(
        accumulated: KeyframeSequence<Value>, next: some KeyframeTrackContent<Value>
    ) -> KeyframeSequence<Value> {
        KeyframeSequence(accumulated.elements + next.keyframes)
    }

    public static func buildArray(_ components: [KeyframeSequence<Value>]) -> KeyframeSequence<Value> {
        KeyframeSequence(components.flatMap(\.elements))
    }

    public static func buildOptional(_ component: KeyframeSequence<Value>?) -> KeyframeSequence<Value> {
        component ?? KeyframeSequence([])
    }

    public static func buildEither(first: KeyframeSequence<Value>) -> KeyframeSequence<Value> { first }
    public static func buildEither(second: KeyframeSequence<Value>) -> KeyframeSequence<Value> { second }

    public static func buildLimitedAvailability(_ component: KeyframeSequence<Value>) -> KeyframeSequence<Value> {
        component
    }
}
