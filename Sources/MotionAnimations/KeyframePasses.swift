import MotionKeyframes

/// The timelines a keyframe animator plays, in order, each from the time it starts: built all
/// at once for triggers, one pass after another for a repeating animator as frames ask for them.
struct KeyframePasses<Value> {
    /// One timeline played from `start`.
    struct Pass {
        var start: Double
        var timeline: KeyframeTimeline<Value>
    }

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
        if let triggers = animator.triggers {
            endsNever = false
            for trigger in triggers {
                let start = clock.time(ofFrame: clock.frame(at: trigger))
                let timeline = passes.last.map { animator.continuation($0.timeline, start - $0.start) }
                    ?? animator.timeline(animator.initialValue)
                passes.append(Pass(start: start, timeline: timeline))
            }
            for (index, pass) in passes.enumerated() {
                var end = clock.time(ofFrame: clock.frame(at: pass.start + pass.timeline.duration))
                if index + 1 < passes.count { end = Swift.min(end, passes[index + 1].start) }
                events.append(AnimationEvent(time: end, kind: .logicallyComplete, transaction: index))
                events.append(AnimationEvent(time: end, kind: .removed, transaction: index))
            }
        } else {
            let first = animator.timeline(animator.initialValue)
            passes = [Pass(start: 0, timeline: first)]
            endsNever = animator.repeating && first.duration > 0
            if !endsNever {
                let end = clock.time(ofFrame: clock.frame(at: first.duration))
                events = [AnimationEvent(time: end, kind: .logicallyComplete, transaction: 0),
                          AnimationEvent(time: end, kind: .removed, transaction: 0)]
            }
        }
    }

    /// The frame at `now`; frames must come in time order.
    mutating func frame(at now: Double) -> AnimationFrame<Value> {
        guard !passes.isEmpty, now >= passes[0].start else {
            return AnimationFrame(time: now, value: animator.initialValue, velocity: nil)
        }
        if endsNever {
            // A pass owns (start, start + duration]; the next begins from where it ended, at rest.
            while now > passes[current].start + passes[current].timeline.duration {
                let pass = passes[current]
                let end = pass.timeline.value(time: pass.timeline.duration)
                passes[current] = Pass(start: pass.start + pass.timeline.duration, timeline: animator.timeline(end))
            }
        } else {
            while current + 1 < passes.count && passes[current + 1].start <= now { current += 1 }
        }
        let pass = passes[current]
        let local = now - pass.start
        return AnimationFrame(time: now, value: pass.timeline.value(time: local),
                              velocity: pass.timeline.velocity(time: local))
    }
}
