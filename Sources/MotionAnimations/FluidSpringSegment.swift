/// A stretch of a run during which one bare fluid spring drove the value: from the transaction
/// that created the animator or merged into it, to the next merge or combine, or to removal.
///
/// It keeps what the integrator showed and the state the spring started from, so the exact
/// spring can be set beside it (see the extension where `Value` has ``VectorComponents``).
/// Positions are in the animator's coordinates: 0 where the animator began, the cumulative
/// interval at the model value.
public struct FluidSpringSegment<Value> {
    /// One sampled frame of the segment.
    public struct Sample {
        /// The frame time.
        public var time: Double
        /// The integrated position shown on the frame.
        public var offset: Value
        /// The time of the integrator's step that produced it: the first 1/300 s step at or after
        /// the frame, so up to 1/300 s later.
        public var stepTime: Double
    }

    /// Why a segment ended.
    public enum End: Sendable, Hashable {
        /// The next spring merged into it.
        case merged
        /// An animation that does not merge joined it.
        case combined
        /// The spring finished and the animator was removed.
        case removed
    }

    /// The transaction that started the segment.
    public var transaction: Int
    /// The spring.
    public var animation: FluidSpringAnimation
    /// The frame time at which the spring started (the transaction's frame).
    public var startTime: Double
    /// The position it started from.
    public var initialOffset: Value
    /// The velocity it started with (carried over by a merge).
    public var initialVelocity: Value
    /// The force of its first half-kick (carried over by a merge, not k·(target − offset)).
    public var initialForce: Value
    /// The target: the cumulative interval.
    public var target: Value
    /// Whether the response was being blended from a previous spring's, which the closed form
    /// (fixed response) does not follow.
    public var isBlended: Bool
    /// The sampled frames, in order.
    public var samples: [Sample] = []
    /// The frame time at which the segment ended, nil if it outlived the run.
    public var endTime: Double?
    /// How it ended.
    public var end: End?

    /// The frame time of the removal, if the segment ended by finishing.
    public var removalTime: Double? { end == .removed ? endTime : nil }
}

extension FluidSpringSegment: Sendable where Value: Sendable {}

extension FluidSpringSegment.Sample: Sendable where Value: Sendable {}
