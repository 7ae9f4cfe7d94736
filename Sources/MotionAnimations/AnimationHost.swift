/// A headless stand-in for the view graph that runs SwiftUI state changes frame by frame.
///
/// A host owns ``HostState`` values and a ``FrameClock``. Code changes the states as a SwiftUI
/// view's actions do — plain assignments, ``withAnimation(_:_:)``,
/// ``withAnimation(_:completionCriteria:_:completion:)``, ``withTransaction(_:_:)`` — either at once
/// or in actions scheduled with ``at(_:perform:)``; ``step()`` and ``run(through:sampling:)`` then
/// render frames and read what each state shows.
///
/// ```swift
/// let host = AnimationHost()
/// @HostState(host) var offset = 0.0
/// host.at(0.5) {
///     withAnimation(.bouncy) {
///         offset = -200
///     } completion: {
///         withAnimation { offset = 0 }
///     }
/// }
/// let frames = host.run(through: 2) { $offset.presentedValue }
/// ```
///
/// Frame k, at time k/fps, runs in this order: the actions scheduled for it (each a transaction
/// of its own; a change on this frame holds the value shown, and its animation is first sampled
/// on the next frame); the update of every state's animation; then the completions this update
/// fired, each as a new transaction of the same frame, so an animation a completion starts is
/// first sampled on the next frame too. A change made between frames happens on the next frame.
///
/// A change finds its transaction in a per-thread stack, as SwiftUI keeps its current transaction
/// in thread data; a transaction lasts one synchronous call, so hosts in tests running in parallel
/// never see each other's. A host and its states belong to one thread at a time.
public final class AnimationHost {
    /// The display's frame clock.
    public let clock: FrameClock

    /// The values every state's animations read as ``AnimationContext/environment``, from the next update on
    /// (an action that sets them on a frame reaches that frame's update).
    public var environment = EnvironmentValues() {
        didSet { forEachCell { $0.setEnvironment(environment) } }
    }

    /// The last frame rendered, or nil before the first.
    public private(set) var frame: Int?

    /// How many transactions have changed a state of this host. They are numbered from 0 in the
    /// order of their first change, and events name them by that number; a plain assignment
    /// outside any action is a transaction of its own.
    public private(set) var transactionCount = 0

    /// The frame being rendered, or the next one between frames: where a change happens.
    private var transactionFrame = 0
    /// The scheduled actions, ordered by frame and then by scheduling.
    private var schedule: [(frame: Int, action: () -> Void)] = []
    /// The states, held weakly: a state nobody refers to has nothing to show.
    private var cells: [WeakCell] = []
    /// Completions whose animations have completed, in that order, to run on this frame.
    private var due: [CompletionRecord] = []
    /// Completions of transactions that started no animation, with the time they fire.
    private var finalizing: [(time: Double, record: CompletionRecord)] = []

    /// The delay of SwiftUI's transaction finalization: when a completion whose changes started no
    /// animation runs.
    static var finalizeDelay: Double { 0.01 }

    /// A host rendering on `clock`.
    ///
    /// - Parameter clock: The frame clock (60 fps unless given).
    public init(clock: FrameClock = FrameClock()) {
        self.clock = clock
    }

    /// The time of the frame being rendered, else of the last frame rendered (0 before the first).
    public var time: Double { clock.time(ofFrame: frame ?? 0) }

    /// The frame time at which a change made now happens.
    var transactionTime: Double { clock.time(ofFrame: transactionFrame) }

    /// Whether nothing is scheduled, running or waiting to complete.
    public var isIdle: Bool {
        guard schedule.isEmpty, due.isEmpty, finalizing.isEmpty else { return false }
        var idle = true
        forEachCell { if !$0.isIdle { idle = false } }
        return idle
    }

    /// Schedules `action` — code that changes states, as a SwiftUI action does — on the frame of
    /// `time` (the first frame at or after it), or on the next frame if that one has begun.
    ///
    /// - Parameters:
    ///   - time: When the action happens, in seconds: finite and not negative.
    ///   - action: The code to run; its changes outside any `withAnimation` jump.
    public func at(_ time: Double, perform action: @escaping () -> Void) {
        precondition(time.isFinite && time >= 0, "AnimationHost.at: time \(time) must be finite and ≥ 0")
        let frame = Swift.max(clock.frame(at: time), transactionFrame)
        let index = schedule.firstIndex { $0.frame > frame } ?? schedule.endIndex
        schedule.insert((frame, action), at: index)
    }

    /// Renders the next frame and returns its time: runs its actions, updates every state, then
    /// runs the completions fired (and those they make due on this frame).
    @discardableResult
    public func step() -> Double {
        let k = transactionFrame
        let now = clock.time(ofFrame: k)
        frame = k
        defer { transactionFrame = k + 1 }
        while let first = schedule.first, first.frame <= k {
            schedule.removeFirst()
            perform(first.action)
        }
        forEachCell { $0.update(at: now) }
        while true {
            let tolerance = FrameClock.tolerance
            if !finalizing.isEmpty {
                let ready = finalizing.filter { now >= $0.time - tolerance }
                finalizing.removeAll { now >= $0.time - tolerance }
                due += ready.map(\.record)
            }
            guard !due.isEmpty else { break }
            let batch = due
            due.removeAll()
            for record in batch { perform(record.body) }
            forEachCell { $0.collectEvents() }
        }
        return now
    }

    /// Renders every frame up to `time`.
    ///
    /// - Parameter time: The last time to render, in seconds (finite).
    public func run(through time: Double) {
        precondition(time.isFinite, "AnimationHost.run: time \(time) must be finite")
        let last = clock.lastFrame(atOrBefore: time)
        while transactionFrame <= last { step() }
    }

    /// Renders every frame up to `time` and reads `sample` after each: what the frame shows.
    ///
    /// ```swift
    /// let frames = host.run(through: 1) { ($offset.presentedValue, $scale.presentedValue) }
    /// ```
    ///
    /// - Parameters:
    ///   - time: The last time to render, in seconds (finite).
    ///   - sample: What to read on each frame, typically states' presented values.
    /// - Returns: One ``HostFrame`` per frame rendered.
    public func run<Sample>(through time: Double, sampling sample: () throws -> Sample) rethrows -> [HostFrame<Sample>] {
        precondition(time.isFinite, "AnimationHost.run: time \(time) must be finite")
        let last = clock.lastFrame(atOrBefore: time)
        var frames: [HostFrame<Sample>] = []
        frames.reserveCapacity(Swift.max(0, last - transactionFrame + 1))
        while transactionFrame <= last {
            let now = step()
            frames.append(HostFrame(frame: transactionFrame - 1, time: now, value: try sample()))
        }
        return frames
    }

    // MARK: For states and transactions

    /// The next transaction number.
    func newTransactionNumber() -> Int {
        defer { transactionCount += 1 }
        return transactionCount
    }

    func register(_ cell: some HostedCell) {
        cells.removeAll { $0.cell == nil }
        cells.append(WeakCell(cell: cell))
    }

    /// A completion is due on the frame being rendered (or the next one).
    func enqueue(_ record: CompletionRecord) {
        due.append(record)
    }

    /// A completion whose changes started no animation: it fires 0.01 s after the transaction.
    func finalize(_ record: CompletionRecord) {
        finalizing.append((transactionTime + Self.finalizeDelay, record))
    }

    /// Runs an action or a completion as a transaction of its own, without animation.
    private func perform(_ action: () -> Void) {
        TransactionScope.run(Transaction(), host: self, detached: true, action)
    }

    private func forEachCell(_ body: (any HostedCell) -> Void) {
        for entry in cells {
            if let cell = entry.cell { body(cell) }
        }
    }

    private struct WeakCell {
        weak var cell: (any HostedCell)?
    }
}

/// One frame a host rendered, with what was read on it.
public struct HostFrame<Sample> {
    /// The frame's number on the host's clock.
    public var frame: Int
    /// The frame time.
    public var time: Double
    /// What was read after the frame was rendered.
    public var value: Sample
}

extension HostFrame: Sendable where Sample: Sendable {}
extension HostFrame: Equatable where Sample: Equatable {}
