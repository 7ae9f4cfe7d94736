/// A value and the transactions that change it over time: what `motionlab animate` runs.
public struct AnimationScenario<Value: VectorArithmetic> {
    /// The value before the first transaction.
    public var initialValue: Value
    /// The transactions, in time order.
    public var transactions: [AnimationTransaction<Value>]

    public init(initialValue: Value, transactions: [AnimationTransaction<Value>]) {
        self.initialValue = initialValue
        self.transactions = transactions
    }

    /// Runs the scenario on `clock` and reports the frames of `window`, every event and the
    /// duration. Each transaction takes effect on its frame, in the order given.
    ///
    /// - Parameters:
    ///   - clock: The frame clock (60 fps by default).
    ///   - window: The frames to report.
    public func run(clock: FrameClock = FrameClock(), window: SampleWindow) -> AnimationRun<Value>
    where Value: Animatable {
        let schedule = transactions.map { (frame: clock.frame(at: $0.time),
                                           action: AnimationSimulation<Value>.Action.transaction($0.value, $0.animation)) }
        var simulation = AnimationSimulation(clock: clock, initialValue: initialValue,
                                             schedule: AnimationSimulation.stableSorted(schedule), phases: nil,
                                             lastActionTime: transactions.last?.time ?? 0)
        return simulation.run(window: window)
    }
}

extension AnimationScenario: Sendable where Value: Sendable {}
