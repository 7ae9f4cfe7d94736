/// The frame loop shared by scenarios and phase animators.
///
/// On frame k (time k/fps): the scheduled transactions and triggers of the frame are applied, the
/// animator is updated, transactions without animation whose finalization is due complete, a
/// phase animator starts its next phase if the current one logically completed on this frame
/// (so the new animation is first sampled on the next frame), and the frame is recorded. The
/// loop runs past the sample window until everything has finished, and stops with an infinite
/// duration for a looping phase animator, a `repeatForever`, or when nothing settles within
/// ``settleHorizon`` seconds.
///
/// The engine moves the value's `animatableData`; what the run reports is the typed value: the
/// latest model value (the last value set) with the presented data written in, so parts outside
/// `animatableData` show the model's, as SwiftUI shows them. Vectors of the run (velocities,
/// spring offsets) are written into the model value the same way. For a vector value this is
/// the value itself.
struct AnimationSimulation<Value: Animatable> {
    typealias Data = Value.AnimatableData

    /// An action scheduled before a frame's update.
    enum Action {
        case transaction(Value, Animation?)
        case trigger
    }

    /// A phase animator's configuration and progress.
    struct Phases {
        var values: [Value]
        var animations: [Animation?]
        var looping: Bool
        /// The transaction and index of the phase in progress.
        var current: (transaction: Int, index: Int)?
    }

    /// How long after the last action and the window the loop waits for everything to finish.
    static var settleHorizon: Double { 600 }

    let clock: FrameClock
    var animator: Animator<Data>
    /// The model value as typed: the last value set.
    private var model: Value
    var schedule: [(frame: Int, action: Action)]
    var phases: Phases?
    var lastActionTime: Double

    private var segments: [FluidSpringSegment<Value>] = []
    private var openSegment: Int?
    private var cycles: [PhaseCycle<Value>] = []
    private var openCycle: Int?
    /// The frame the open cycle started on.
    private var openCycleFrame = 0

    init(clock: FrameClock, initialValue: Value, schedule: [(frame: Int, action: Action)], phases: Phases?,
         lastActionTime: Double) {
        self.clock = clock
        animator = Animator(value: initialValue.animatableData, clock: clock)
        model = initialValue
        self.schedule = schedule
        self.phases = phases
        self.lastActionTime = lastActionTime
    }

    /// `data` as the typed value: the model value with `data` written in.
    @inline(__always)
    private func typed(_ data: Data) -> Value {
        var value = model
        value.animatableData = data
        return value
    }

    /// `data` written into `model`.
    @inline(__always)
    private func typed(_ data: Data, in model: Value) -> Value {
        var value = model
        value.animatableData = data
        return value
    }

    /// `items` sorted by frame, keeping the given order within a frame.
    static func stableSorted(_ items: [(frame: Int, action: Action)]) -> [(frame: Int, action: Action)] {
        items.enumerated().sorted { ($0.element.frame, $0.offset) < ($1.element.frame, $1.offset) }.map(\.element)
    }

    mutating func run(window: SampleWindow) -> AnimationRun<Value> {
        let wanted = window.frames(on: clock)
        let wantedSet = Set(wanted)
        let lastWanted = wanted.last ?? 0
        let horizon = Swift.max(clock.time(ofFrame: lastWanted), lastActionTime) + Self.settleHorizon
        var frames: [AnimationFrame<Value>] = []
        var infinite = false
        var next = 0
        var k = 0
        while true {
            let now = clock.time(ofFrame: k)
            let eventCount = animator.events.count
            while next < schedule.count && schedule[next].frame == k {
                switch schedule[next].action {
                case let .transaction(value, animation):
                    apply(value, animation, at: now)
                case .trigger:
                    startCycle(at: now, frame: k)
                    startPhase(1 % phases!.values.count, at: now)
                }
                next += 1
            }
            let wasRunning = animator.animator
            animator.update(at: now)
            trackSegment(after: wasRunning, frame: k, at: now)
            advancePhase(at: now, frame: k, eventsSince: eventCount)
            if wantedSet.contains(k) {
                let shown = animator.presentedValue
                // Adding a zero of the value's shape gives a velocity that has not been written
                // yet (the shapeless zero) the value's components.
                frames.append(AnimationFrame(time: now, value: typed(shown),
                                             velocity: animator.velocity(at: now).map { typed($0 + shown.scaled(by: 0)) }))
            }
            if k >= lastWanted && next >= schedule.count {
                if let phases, phases.looping {
                    infinite = true
                    break
                }
                let busy = !animator.isIdle || phases?.current != nil
                if !busy { break }
                if let running = animator.animation, running.repeatsForever {
                    infinite = true
                    break
                }
                if now > horizon {
                    infinite = true
                    break
                }
            }
            k += 1
        }
        let events = animator.events.sorted {
            ($0.time, $0.transaction, $0.kind) < ($1.time, $1.transaction, $1.kind)
        }
        let removals = events.filter { $0.kind == .removed }.map(\.time)
        let duration = infinite ? Double.infinity : (removals.max() ?? 0)
        return AnimationRun(fps: clock.fps, frames: frames, events: events, duration: duration,
                            springSegments: segments, phaseCycles: cycles)
    }

    // MARK: Transactions and phases

    private mutating func apply(_ value: Value, _ animation: Animation?, at now: Double) {
        model = value
        let transaction = animator.setValue(value.animatableData, animation: animation, at: now)
        guard animation != nil else { return }
        switch animator.lastOutcome {
        case .jumped: break
        case .combined: closeSegment(at: now, end: .combined)
        case .created, .merged:
            closeSegment(at: now, end: .merged)
            openSegmentIfFluid(transaction: transaction, at: now)
        }
    }

    /// Starts the next phase if the current one's transaction logically completed on this frame
    /// (among the events from `eventsSince` on); after phase 0 the cycle ends, and a looping
    /// animator starts the next.
    private mutating func advancePhase(at now: Double, frame k: Int, eventsSince eventCount: Int) {
        guard let phases, let current = phases.current,
              animator.events[eventCount...].contains(where: { $0.kind == .logicallyComplete && $0.transaction == current.transaction })
        else { return }
        let count = phases.values.count
        if current.index != 0 {
            startPhase((current.index + 1) % count, at: now)
            return
        }
        closeCycle(frame: k, interrupted: false)
        if phases.looping {
            startCycle(at: now, frame: k)
            startPhase(1 % count, at: now)
        } else {
            self.phases?.current = nil
        }
    }

    private mutating func startPhase(_ index: Int, at now: Double) {
        guard var phases else { return }
        let transaction = animator.transactionCount
        animator.recordPhase(index, transaction: transaction, at: now)
        phases.current = (transaction, index)
        self.phases = phases
        let valueBefore = animator.presentedValue
        let modelBefore = model
        let velocityBefore = shownVelocity(at: now)
        apply(phases.values[index], phases.animations[index], at: now)
        let valueAfter = animator.presentedValue
        let velocityAfter = shownVelocity(at: now)
        // Before the transaction the model was the previous phase's value. A zero of the value's
        // shape gives a shapeless zero velocity the value's components.
        let change = PhaseChange(phase: index, transaction: transaction, time: now, valueBefore: typed(valueBefore, in: modelBefore),
                                 valueAfter: typed(valueAfter),
                                 velocityBefore: velocityBefore.map { typed($0 + valueBefore.scaled(by: 0), in: modelBefore) },
                                 velocityAfter: velocityAfter.map { typed($0 + valueAfter.scaled(by: 0)) })
        if let openCycle { cycles[openCycle].changes.append(change) }
    }

    /// The analytic velocity of the value shown at frame time `now`: the running animations'
    /// (see ``Animator/velocity(at:)``), zero when nothing runs (the value rests at the model),
    /// nil when a custom animation's rate is not known.
    private func shownVelocity(at now: Double) -> Data? {
        animator.animator == nil ? .zero : animator.velocity(at: now)
    }

    private mutating func startCycle(at now: Double, frame k: Int) {
        closeCycle(frame: k, interrupted: true)
        cycles.append(PhaseCycle(startTime: now, changes: [], duration: nil, isInterrupted: false))
        openCycle = cycles.count - 1
        openCycleFrame = k
    }

    /// Ends the open cycle on frame `k`: its duration is the whole frames since it started.
    private mutating func closeCycle(frame k: Int, interrupted: Bool) {
        guard let openCycle else { return }
        cycles[openCycle].duration = clock.elapsed(fromFrame: openCycleFrame, toFrame: k)
        cycles[openCycle].isInterrupted = interrupted
        self.openCycle = nil
    }

    // MARK: Fluid-spring segments

    private mutating func openSegmentIfFluid(transaction: Int, at now: Double) {
        guard let running = animator.animator, let fluid = running.animation.fluidSpring else { return }
        let state = running.state[SpringState<Data>.self]
        segments.append(FluidSpringSegment(
            transaction: transaction, animation: fluid, startTime: now, initialOffset: typed(state.offset),
            initialVelocity: typed(state.velocity), initialForce: typed(state.force), target: typed(running.interval),
            isBlended: fluid.blendDuration > 0 && state.blendInterval != 0))
        openSegment = segments.count - 1
    }

    private mutating func closeSegment(at now: Double, end: FluidSpringSegment<Value>.End) {
        guard let openSegment else { return }
        segments[openSegment].endTime = now
        segments[openSegment].end = end
        self.openSegment = nil
    }

    private mutating func trackSegment(after previous: AnimatorState<Data>?, frame k: Int, at now: Double) {
        guard let openSegment else { return }
        guard let running = animator.animator else {
            if previous != nil { closeSegment(at: now, end: .removed) }
            return
        }
        guard running.lastSampleFrame == k else { return }
        let state = running.state[SpringState<Data>.self]
        segments[openSegment].samples.append(.init(time: now, offset: typed(running.previousValue),
                                                   stepTime: running.beginTime + state.time))
    }
}
