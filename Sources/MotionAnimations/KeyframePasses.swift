import MotionKeyframes

/// The timelines a keyframe animator plays, in order, each from the time it starts: built all
/// at once for triggers, one pass after another for a repeating animator as frames ask for them.
///
/// A triggered pass starts on its trigger's frame, and its timeline's time is the whole frames
/// since that frame over fps, so a trigger plays the same frames wherever it falls.
struct KeyframePasses<Value> {
    /// One timeline played from `start`; a triggered one from frame `startFrame`.
    struct Pass {
        var start: Double
        var startFrame: Int?
        var timeline: KeyframeTimeline<Value>
    }

    private let clock: FrameClock

    private let animator: KeyframeAnimator<Value>
    private var passes: [Pass] = []
    /// The pass the last frame read.
    private var current = 0
    /// Each pass's completions.
    private(set) var events: [AnimationEvent] = []
    /// Whether the animator never finishes: it repeats a timeline that lasts.
    let endsNever: Bool

    init(animator: KeyframeAnimator<Value>, clock: FrameClock) {
        self.animator = animator
        self.clock = clock
        if let triggers = animator.triggers {
            endsNever = false
            for trigger in triggers {
                let frame = clock.frame(at: trigger)
                let timeline = passes.last.map {
                    animator.continuation($0.timeline, clock.elapsed(fromFrame: $0.startFrame!, toFrame: frame))
                } ?? animator.timeline(animator.initialValue)
                passes.append(Pass(start: clock.time(ofFrame: frame), startFrame: frame, timeline: timeline))
            }
            for (index, pass) in passes.enumerated() {
                var end = clock.time(ofFrame: pass.startFrame! + clock.frame(at: pass.timeline.duration))
                if index + 1 < passes.count { end = Swift.min(end, passes[index + 1].start) }
                events.append(AnimationEvent(time: end, kind: .logicallyComplete, transaction: index))
                events.append(AnimationEvent(time: end, kind: .removed, transaction: index))
            }
        } else {
            let first = animator.timeline(animator.initialValue)
            passes = [Pass(start: 0, startFrame: 0, timeline: first)]
            endsNever = animator.repeating && first.duration > 0
            if !endsNever {
                let end = clock.time(ofFrame: clock.frame(at: first.duration))
                events = [AnimationEvent(time: end, kind: .logicallyComplete, transaction: 0),
                          AnimationEvent(time: end, kind: .removed, transaction: 0)]
            }
        }
    }

    /// Frame `k`; frames must come in order.
    mutating func frame(_ k: Int) -> AnimationFrame<Value> {
        let now = clock.time(ofFrame: k)
        guard !passes.isEmpty, now >= passes[0].start else {
            return AnimationFrame(time: now, value: animator.initialValue, velocity: nil)
        }
        if endsNever {
            // A pass owns (start, start + duration]; the next begins from where it ended, at rest.
            while now > passes[current].start + passes[current].timeline.duration {
                let pass = passes[current]
                let end = pass.timeline.value(time: pass.timeline.duration)
                passes[current] = Pass(start: pass.start + pass.timeline.duration, startFrame: nil,
                                       timeline: animator.timeline(end))
            }
        } else {
            while current + 1 < passes.count && passes[current + 1].start <= now { current += 1 }
        }
        let pass = passes[current]
        let local = pass.startFrame.map { clock.elapsed(fromFrame: $0, toFrame: k) } ?? now - pass.start
        return AnimationFrame(time: now, value: pass.timeline.value(time: local),
                              velocity: pass.timeline.velocity(time: local))
    }
}
