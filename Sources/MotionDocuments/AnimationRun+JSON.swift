import MotionAnimations
import MotionJSON
import MotionKeyframes

extension AnimatableValue {
    /// ``json`` with the shape of `other` when this is the shapeless zero an animation state
    /// starts from (zeros under `other`'s names).
    func json(like other: AnimatableValue) -> JSONValue {
        guard components.isEmpty, let names = other.names else { return json }
        return .object(names.map { ($0, .number(0)) })
    }
}

extension AnimationEvent {
    /// `{"time", "kind", "transaction"}`, and `"phase"` for a phase event.
    public var json: JSONValue {
        var pairs: [(String, JSONValue)] = [("time", .number(time)), ("kind", .string(kind.rawValue)),
                                            ("transaction", .integer(transaction))]
        if let phase { pairs.append(("phase", .integer(phase))) }
        return .object(pairs)
    }
}

extension AnimationRun where Value == AnimatableValue {
    /// The document of `motionlab animate`: `{"fps", "samples": [{"time", "value",
    /// "velocity"}], "events": [{"time", "kind", "transaction"}], "duration"}`, with ∞ as "inf".
    ///
    /// Beside them, the exact physics: `"springSegments"`, each fluid-spring stretch with the
    /// integrator's largest error against the closed-form spring (on frames and on its own 1/300 s
    /// steps) and the exact settling time next to the removal frame; and for a phase animator
    /// `"phaseCycles"`, each cycle's start, duration and phase changes with their jumps.
    public var json: JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("fps", .number(fps)),
            ("samples", .array(frames.map { frame in
                .object([("time", .number(frame.time)), ("value", frame.value.json), ("velocity", frame.velocity?.json ?? .null)])
            })),
            ("events", .array(events.map(\.json))),
            ("duration", .number(duration)),
            ("springSegments", .array(springSegments.map(\.json))),
        ]
        if !phaseCycles.isEmpty { pairs.append(("phaseCycles", .array(phaseCycles.map(\.json)))) }
        return .object(pairs)
    }
}

extension FluidSpringSegment where Value == AnimatableValue {
    /// One fluid-spring stretch: its transaction and spring, when it ran and how it ended, and
    /// the integration next to the exact physics.
    public var json: JSONValue {
        .object([
            ("transaction", .integer(transaction)),
            ("animation", .string(Animation(animation).description)),
            ("startTime", .number(startTime)),
            ("endTime", .optional(endTime)),
            ("end", end.map { .string("\($0)") } ?? .null),
            ("blended", .bool(isBlended)),
            ("initialOffset", initialOffset.json(like: target)),
            ("initialVelocity", initialVelocity.json(like: target)),
            ("target", target.json),
            ("maximumFrameError", .number(maximumFrameError)),
            ("maximumStepError", .number(maximumStepError)),
            ("exactSettlingTime", .optional(exactSettlingTime)),
            ("removalTime", .optional(removalTime)),
        ])
    }
}

extension PhaseCycle where Value == AnimatableValue {
    /// `{"startTime", "duration", "interrupted", "changes": [{"phase", "transaction", "time",
    /// "valueJump", "velocityJump"}]}`; a velocity jump is null where a side has no velocity.
    public var json: JSONValue {
        .object([
            ("startTime", .number(startTime)),
            ("duration", .optional(duration)),
            ("interrupted", .bool(isInterrupted)),
            ("changes", .array(changes.map { change in
                .object([("phase", .integer(change.phase)), ("transaction", .integer(change.transaction)),
                         ("time", .number(change.time)), ("valueJump", change.valueJump.json),
                         ("velocityJump", change.velocityJump?.json ?? .null)])
            })),
        ])
    }
}
