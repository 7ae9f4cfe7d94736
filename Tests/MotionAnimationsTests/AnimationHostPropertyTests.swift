import MotionAnimations
import PropertyBased
import Testing

/// The animations the properties draw from: fluid springs (which merge), interpolating springs
/// and timing curves (which combine), the default animation, and none.
private func animation(_ kind: Int, _ duration: Double, _ bounce: Double) -> Animation? {
    switch kind {
    case 0: .spring(duration: duration, bounce: bounce)
    case 1: .interpolatingSpring(duration: duration, bounce: bounce)
    case 2: .easeInOut(duration: duration)
    case 3: .default
    default: nil
    }
}

/// The same animations as scenario expressions.
private func expression(_ kind: Int, _ duration: Double, _ bounce: Double) -> String {
    switch kind {
    case 0: "\".spring(duration: \(duration), bounce: \(bounce))\""
    case 1: "\".interpolatingSpring(duration: \(duration), bounce: \(bounce))\""
    case 2: "\".easeInOut(duration: \(duration))\""
    case 3: "\"default\""
    default: "null"
    }
}

private func ordered(_ events: [AnimationEvent]) -> [AnimationEvent] {
    events.sorted { ($0.time, $0.transaction, $0.kind) < ($1.time, $1.transaction, $1.kind) }
}

@Suite("Properties of the headless host")
struct AnimationHostPropertyTests {
    /// Actions at given times that change a value in `withAnimation` (or plainly, for no
    /// animation) show, frame by frame and bitwise, what the scenario of the same transactions
    /// shows, with the same events: the host adds the SwiftUI spelling, not another engine.
    @Test func actionsEqualTheScenarioOfTheirTransactions() async {
        await propertyCheck(count: 80, input: Gen.int(in: 0...4).array(of: 1...4), Gen.double(in: 0.1...0.8).array(of: 4),
                            Gen.double(in: -0.3...0.7).array(of: 4), Gen.double(in: -300...300).array(of: 4),
                            Gen.double(in: 0...1.2).array(of: 4)) { kinds, durations, bounces, values, times in
            let sortedTimes = times.prefix(kinds.count).sorted()
            let transactions = kinds.indices.map { i in
                AnimationTransaction(time: sortedTimes[i], value: values[i], animation: animation(kinds[i], durations[i], bounces[i]))
            }
            let scenario = AnimationScenario(initialValue: 0.0, transactions: transactions)
                .run(window: .range(from: 0, to: 3))

            let host = AnimationHost()
            @HostState(host) var x = 0.0
            for transaction in transactions {
                host.at(transaction.time) {
                    if let animation = transaction.animation {
                        withAnimation(animation) { x = transaction.value }
                    } else {
                        x = transaction.value
                    }
                }
            }
            let frames = host.run(through: 3) { $x.presentedValue }
            #expect(frames.map(\.value) == scenario.frames.map(\.value))
            #expect(frames.map(\.time) == scenario.frames.map(\.time))
            guard scenario.duration.isFinite else { return }
            host.run(through: scenario.duration + 0.1)
            #expect(ordered($x.events) == scenario.events)
        }
    }

    /// A completion that starts the next animation is a phase animator's step: `withAnimation(a1)
    /// { x = target } completion: { withAnimation(a0) { x = 0 } }` shows what the triggered phase
    /// animator of phases [0, target] with animations [a0, a1] shows, bitwise, and the completion
    /// runs on the frame the animator begins phase 0.
    @Test func aCompletionChainIsAPhaseAnimatorStep() async throws {
        await propertyCheck(count: 60, input: Gen.int(in: 0...3), Gen.int(in: 0...4), Gen.double(in: 0.1...0.8).array(of: 2),
                            Gen.double(in: -0.3...0.7).array(of: 2), Gen.double(in: -300...300)) { up, back, durations, bounces, target in
            let json = """
                {"initialValue": 0, "phaseAnimator": {"phases": [0, \(target)], "triggers": [0],
                 "animations": [\(expression(back, durations[0], bounces[0])), \(expression(up, durations[1], bounces[1]))]}}
                """
            let document = try #require(try? AnimationScenarioDocument.decode(json: Array(json.utf8)))
            let run = document.run(window: .range(from: 0, to: 3))

            let host = AnimationHost()
            @HostState(host) var x = 0.0
            var completedAt: Double?
            host.at(0) {
                withAnimation(animation(up, durations[1], bounces[1])) {
                    x = target
                } completion: {
                    completedAt = host.time
                    withAnimation(animation(back, durations[0], bounces[0])) { x = 0 }
                }
            }
            let frames = host.run(through: 3) { $x.presentedValue }
            #expect(frames.map(\.value) == run.frames.map { $0.value.scalar! })
            #expect(completedAt == run.events.first { $0.kind == .phase && $0.phase == 0 }?.time)
        }
    }
}
