import MotionKeyframes

/// What an import made: the timeline, and — when `approximate` fitted something a timeline cannot
/// represent exactly (a Lottie curved motion path) — how, and how far it is off.
public struct ImportedTimeline: Sendable, Equatable {
    /// The imported timeline.
    public var timeline: TimelineDocument
    /// The largest deviation, over the samples and properties, of the timeline from what the file
    /// plays, in value units; 0 when the import is exact.
    public var maxError: Double
    /// For people: what was approximated, how, and its largest deviation; empty when exact.
    public var notes: [String]

    public init(timeline: TimelineDocument, maxError: Double = 0, notes: [String] = []) {
        self.timeline = timeline
        self.maxError = maxError
        self.notes = notes
    }
}
