/// A sequence of keyframes animating one property of a root value — or the root itself
/// (SwiftUI's `KeyframeTrack`).
///
/// ```swift
/// KeyframeTrack(\Pose.scale) {
///     SpringKeyframe(1.4, duration: 0.5, spring: .bouncy)
///     LinearKeyframe(1, duration: 0.2)
/// }
/// ```
///
/// The keyframes move the property's `animatableData`, so an `Angle` track moves radians × 128
/// and a `CGPoint` track both coordinates, each by SwiftUI's rules.
public struct KeyframeTrack<Root, Value: Animatable, Content: KeyframeTrackContent> where Content.Value == Value {
    /// The property the track writes (`\.self` for the root).
    public let keyPath: WritableKeyPath<Root, Value>
    /// The keyframes.
    public let content: Content

    /// A track animating the property at `keyPath`.
    public init(_ keyPath: WritableKeyPath<Root, Value>, @KeyframeTrackContentBuilder<Value> content: () -> Content) {
        self.keyPath = keyPath
        self.content = content()
    }

    /// A track animating the whole root value.
    public init(@KeyframeTrackContentBuilder<Root> content: () -> Content) where Root == Value {
        self.keyPath = \Root.self
        self.content = content()
    }

    /// The track as the timeline resolves it once it knows the initial value (and, for a
    /// timeline that continues a motion, the velocity shaped like the value).
    func resolver() -> KeyframeTrackResolver<Root> {
        let keyframes = content.keyframes
        let keyPath = keyPath
        return KeyframeTrackResolver(keyPath: keyPath) { root, velocity in
            let path = KeyframePath(keyframes: keyframes, initialValue: root[keyPath: keyPath].animatableData,
                                    initialVelocity: velocity.map { $0[keyPath: keyPath].animatableData } ?? .zero)
            return ResolvedKeyframeTrack(
                keyPath: keyPath, duration: path.duration,
                apply: { value, time in value[keyPath: keyPath].animatableData = path.value(at: time) },
                applyVelocity: { value, time in value[keyPath: keyPath].animatableData = path.velocity(at: time) })
        }
    }
}

/// A track waiting for its initial value: it resolves its keyframes against the property's
/// value in the timeline's initial value.
public struct KeyframeTrackResolver<Root> {
    /// The property the track writes.
    let keyPath: PartialKeyPath<Root>
    /// The track resolved against the initial value and, if given, the initial velocity shaped
    /// like the value.
    let resolve: (_ initialValue: Root, _ initialVelocity: Root?) -> ResolvedKeyframeTrack<Root>
}

/// A track resolved against its initial value: its duration, and how it writes its property's
/// value and velocity at a time.
struct ResolvedKeyframeTrack<Root> {
    let keyPath: PartialKeyPath<Root>
    let duration: Double
    let apply: (inout Root, Double) -> Void
    let applyVelocity: (inout Root, Double) -> Void
}

/// A type that defines changes to a value over time (SwiftUI's `Keyframes`): tracks, written
/// with ``KeyframesBuilder``, or a type of yours whose `body` composes them.
public protocol Keyframes<Value> {
    /// The value the keyframes change.
    associatedtype Value = Body.Value
    /// The tracks this type is made of.
    associatedtype Body: Keyframes where Body.Value == Value

    /// The tracks, written with the builder.
    @KeyframesBuilder<Value> var body: Body { get }

    /// Appends the tracks in order (an implementation detail of the builders: the default reads
    /// ``body``).
    func _appendTracks(to list: inout [KeyframeTrackResolver<Value>])
}

extension Keyframes {
    public func _appendTracks(to list: inout [KeyframeTrackResolver<Value>]) { body._appendTracks(to: &list) }
}

/// Tracks in declaration order: what ``KeyframesBuilder`` makes of a block.
public struct KeyframeTracks<Value>: Keyframes {
    var resolvers: [KeyframeTrackResolver<Value>]

    init(_ resolvers: [KeyframeTrackResolver<Value>]) { self.resolvers = resolvers }

    public var body: KeyframeTracks { return self }
    public func _appendTracks(to list: inout [KeyframeTrackResolver<Value>]) { list.append(contentsOf: resolvers) }
}

/// Builds a timeline's tracks from a closure (SwiftUI's `KeyframesBuilder`): ``KeyframeTrack``s,
/// your own ``Keyframes`` types, `if`/`else` and loops — or, for an animatable value, keyframes
/// directly, which make one track of the whole value.
@resultBuilder
public struct KeyframesBuilder<Value> {
    public static func buildExpression<V, C>(_ track: KeyframeTrack<Value, V, C>) -> KeyframeTracks<Value> {
        KeyframeTracks([track.resolver()])
    }

    public static func buildExpression<K: Keyframes>(_ keyframes: K) -> KeyframeTracks<Value> where K.Value == Value {
        var list: [KeyframeTrackResolver<Value>] = []
        keyframes._appendTracks(to: &list)
        return KeyframeTracks(list)
    }

    public static func buildBlock() -> KeyframeTracks<Value> { KeyframeTracks([]) }

    public static func buildPartialBlock(first: KeyframeTracks<Value>) -> KeyframeTracks<Value> { first }

    public static func buildPartialBlock(accumulated: KeyframeTracks<Value>, next: KeyframeTracks<Value>) -> KeyframeTracks<Value> {
        KeyframeTracks(accumulated.resolvers + next.resolvers)
    }

    public static func buildOptional(_ component: KeyframeTracks<Value>?) -> KeyframeTracks<Value> {
        component ?? KeyframeTracks([])
    }

    public static func buildEither(first: KeyframeTracks<Value>) -> KeyframeTracks<Value> { first }
    public static func buildEither(second: KeyframeTracks<Value>) -> KeyframeTracks<Value> { second }

    public static func buildArray(_ components: [KeyframeTracks<Value>]) -> KeyframeTracks<Value> {
        KeyframeTracks(components.flatMap(\.resolvers))
    }

    public static func buildLimitedAvailability(_ component: KeyframeTracks<Value>) -> KeyframeTracks<Value> { component }

    public static func buildFinalResult(_ component: KeyframeTracks<Value>) -> KeyframeTracks<Value> { component }
}

extension KeyframesBuilder where Value: Animatable {
    public static func buildExpression<K: KeyframeTrackContent>(_ content: K) -> KeyframeSequence<Value> where K.Value == Value {
        KeyframeSequence(content.keyframes)
    }

    public static func buildPartialBlock(first: KeyframeSequence<Value>) -> KeyframeSequence<Value> { first }

    public static func buildPartialBlock(accumulated: KeyframeSequence<Value>, next: KeyframeSequence<Value>) -> KeyframeSequence<Value> {
        KeyframeSequence(accumulated.elements + next.elements)
    }

    public static func buildOptional(_ component: KeyframeSequence<Value>?) -> KeyframeSequence<Value> {
        component ?? KeyframeSequence([])
    }

    public static func buildEither(first: KeyframeSequence<Value>) -> KeyframeSequence<Value> { first }
    public static func buildEither(second: KeyframeSequence<Value>) -> KeyframeSequence<Value> { second }

    public static func buildArray(_ components: [KeyframeSequence<Value>]) -> KeyframeSequence<Value> {
        KeyframeSequence(components.flatMap(\.elements))
    }

    /// Keyframes written directly in a timeline: one track of the whole value.
    public static func buildFinalResult(_ component: KeyframeSequence<Value>) -> KeyframeTracks<Value> {
        KeyframeTracks([KeyframeTrack { component }.resolver()])
    }
}
