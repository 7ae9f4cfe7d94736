import MotionAnimations
import MotionKeyframes
import MotionNumerics

/// An animation scenario as a keyframe timeline a format can carry: the engine is run
/// on a frame clock and the presented value's frames — what SwiftUI shows — are joined by the
/// fewest straight-line keyframes (shared by every property) that pass within the tolerance of
/// every frame, with the largest deviation at a frame stated. Straight lines take the merges'
/// velocity kinks and the jumps of an interrupted animation in their stride, where smooth
/// keyframes would need many pieces.
public struct ScenarioExport: Sendable {
    /// The baked timeline (time 0 = the scenario's time 0).
    public var timeline: TimelineDocument
    /// The largest |baked − presented value| over the frames and properties, in value units.
    public var maxError: Double
    /// How it was made: the frame rate, the frames, the keyframes.
    public var notes: [String]

    /// The scenario `document` run at `fps` frames per second until every animation is done,
    /// baked within `tolerance` (value units; default 0.1 % of the smallest property range that
    /// moves, so every property is kept at least that closely).
    public init(_ document: AnimationScenarioDocument, fps: Double = 60, tolerance: Double? = nil) throws(ExportError) {
        guard fps.isFinite, fps > 0, fps <= AnimationScenarioDocument.maximumFPS else {
            throw ExportError("the frame rate must be in (0, \(Int(AnimationScenarioDocument.maximumFPS))]; got \(fps)")
        }
        let clock = FrameClock(fps: fps)
        let probe = document.run(clock: clock, window: .times([0]))
        guard probe.duration.isFinite else {
            throw ExportError(AnimationScenarioDocument.unendingRun + ": there is no timeline to export")
        }
        let run = document.run(clock: clock, window: .range(from: 0, to: probe.duration + 1 / fps))
        guard run.frames.count >= 2 else { throw ExportError("the scenario shows \(run.frames.count) frame; a timeline needs at least 2") }
        let times = run.frames.map(\.time)
        let names = document.initialValue.pairs?.map(\.name)
        let columns: [[Double]] = names.map { names in names.map { name in run.frames.map { $0.value[name] ?? 0 } } }
            ?? [run.frames.map { $0.value.scalar ?? 0 }]
        for (column, name) in zip(columns, names ?? ["value"]) where !column.allSatisfy(\.isFinite) {
            throw ExportError("the scenario's \(name) is not finite on some frame")
        }
        let ranges = columns.map { ($0.max() ?? 0) - ($0.min() ?? 0) }.filter { $0 > 0 }
        let budget = tolerance ?? (ranges.min() ?? 1) * 1e-3
        guard budget.isFinite, budget > 0 else { throw ExportError("the tolerance must be a finite number > 0; got \(budget)") }
        // Greedy chords shared by every property, each within the budget.
        let baking = ChordBaking(times: times, columns: columns, budgets: Array(repeating: budget, count: columns.count))
        let kept = baking.kept
        let worst = baking.errors.max() ?? 0
        let tracks = zip(columns, names ?? [""]).map { column, name in
            TimelineDocument.Track(names == nil ? nil : name, keyframes: baking.keyframes(column, times: times))
        }
        let initial: AnimatableValue = names.map { names in .properties(zip(names, columns).map { AnimatableValue.Property($0, $1[0]) }) }
            ?? .scalar(columns[0][0])
        timeline = TimelineDocument(initialValue: initial, tracks: tracks)
        maxError = worst
        notes = ["the scenario was run at \(DecimalText.significant(fps)) fps (\(run.frames.count) frames over \(DecimalText.significant(probe.duration)) s) and its frames joined by \(kept.count - 1) straight-line keyframes within \(DecimalText.significant(budget, digits: 3)); the largest deviation at a frame is \(DecimalText.significant(worst, digits: 3))"]
    }
}
