import Foundation
import MotionLab
import Testing

/// `PhaseAnimator` code as a SwiftUI developer writes it, without the view: an enum of phases,
/// `content` mapping each phase to a struct value, an animation per target phase. Its frames equal
/// the scenario-file path's (held to SwiftUI's printed values elsewhere), component by component.
@Suite struct PhaseAnimatorTypedTests {
    enum Phase: CaseIterable { case rest, lift, spin }

    /// A value of an `Angle`, a `Double` and a `CGPoint`, animatable as SwiftUI's views are.
    struct Pose: Animatable, Equatable {
        var angle = Angle.zero
        var scale = 1.0
        var offset = CGPoint.zero

        var animatableData: AnimatablePair<Double, AnimatablePair<Double, CGPoint.AnimatableData>> {
            get { AnimatablePair(angle.animatableData, AnimatablePair(scale, offset.animatableData)) }
            set {
                angle.animatableData = newValue.first
                scale = newValue.second.first
                offset.animatableData = newValue.second.second
            }
        }

        /// The components in the engine's order: angle (radians × 128), scale, x, y.
        var components: [Double] {
            [angle.radians * 128, scale, Double(offset.x), Double(offset.y)]
        }
    }

    static func pose(_ phase: Phase) -> Pose {
        switch phase {
        case .rest: Pose()
        case .lift: Pose(angle: .degrees(-15), scale: 1.3, offset: CGPoint(x: 10, y: -40))
        case .spin: Pose(angle: .degrees(180), scale: 0.8, offset: CGPoint(x: -5, y: 0))
        }
    }

    static func animator(triggers: [TimeInterval]? = nil) -> PhaseAnimator<Phase, Pose> {
        PhaseAnimator(Phase.allCases, triggers: triggers) { phase in
            pose(phase)
        } animation: { phase in
            switch phase {
            case .rest: .easeInOut(duration: 0.3)
            case .lift: .smooth
            case .spin: .spring(duration: 0.4, bounce: 0.5)
            }
        }
    }

    /// The same animator as a scenario file: phases as objects of the data's components.
    static func document(triggers: String?) throws -> AnimationScenarioDocument {
        func object(_ pose: Pose) -> String {
            let c = pose.components
            return #"{"angle": \#(c[0]), "scale": \#(c[1]), "x": \#(c[2]), "y": \#(c[3])}"#
        }
        let phases = Phase.allCases.map { object(pose($0)) }.joined(separator: ", ")
        let json = #"{"initialValue": \#(object(pose(.rest))), "phaseAnimator": {"phases": [\#(phases)], "#
            + #""animations": [{"type": "easeInOut", "duration": 0.3}, "smooth", {"type": "spring", "duration": 0.4, "bounce": 0.5}]"#
            + (triggers.map { #", "triggers": \#($0)"# } ?? "") + "}}"
        return try AnimationScenarioDocument.decode(json: Array(json.utf8))
    }

    static func expectEqual(_ typed: AnimationRun<Pose>, _ json: AnimationRun<AnimatableValue>) throws {
        try #require(typed.frames.count == json.frames.count)
        for (a, b) in zip(typed.frames, json.frames) {
            #expect(a.time == b.time)
            for (x, y) in zip(a.value.components, b.value.components) {
                #expect(abs(x - y) <= 1e-12 * max(1, abs(y)), "at \(a.time): \(x) vs \(y)")
            }
            #expect((a.velocity == nil) == (b.velocity == nil))
            if let va = a.velocity, let vb = b.velocity {
                for (x, y) in zip(va.components, vb.components) {
                    #expect(abs(x - y) <= 1e-12 * max(1, abs(y)), "velocity at \(a.time)")
                }
            }
        }
        #expect(typed.events == json.events)
        #expect(typed.duration == json.duration)
        #expect(typed.phaseCycles.map(\.startTime) == json.phaseCycles.map(\.startTime))
    }

    /// Looping: rest → lift → spin → rest → …, frame by frame as the scenario file runs it.
    @Test func loopingEqualsTheScenarioFile() throws {
        let window = SampleWindow.range(from: 0, to: 4)
        let typed = Self.animator().run(window: window)
        let json = try Self.document(triggers: nil).run(window: window)
        try Self.expectEqual(typed, json)
        #expect(typed.duration == .infinity)
        // The cycle went through every phase, and the frames carry Poses: the last phase change of
        // the first cycle lands on the rest pose once its ease-in-out ends.
        let cycle = try #require(typed.phaseCycles.first)
        #expect(cycle.changes.map(\.phase) == [1, 2, 0])
        #expect(typed.frames.contains { $0.value.angle.degrees > 179 })
    }

    /// Triggered: one cycle per trigger, then rest.
    @Test func triggeredEqualsTheScenarioFile() throws {
        let window = SampleWindow.range(from: 0, to: 5)
        let typed = Self.animator(triggers: [0.5, 2.5]).run(window: window)
        let json = try Self.document(triggers: "[0.5, 2.5]").run(window: window)
        try Self.expectEqual(typed, json)
        #expect(typed.phaseCycles.count == 2)
        #expect(typed.frames.last?.value == Self.pose(.rest))
    }

    /// A `CGPoint` moves component by component: its run equals two scalar phase animators of the
    /// same phases and animations, bit for bit up to 1e-12.
    @Test func pointEqualsTwoScalarRuns() throws {
        let points: [Phase: CGPoint] = [.rest: .zero, .lift: CGPoint(x: 30, y: -80), .spin: CGPoint(x: -12, y: 25)]
        let animations: [Phase: Animation?] = [.rest: .easeInOut(duration: 0.4), .lift: .linear(duration: 0.25),
                                               .spin: .timingCurve(0.2, 0.9, 0.3, 1, duration: 0.5)]
        let window = SampleWindow.range(from: 0, to: 3)
        for triggers in [nil, [0.1, 0.6]] as [[TimeInterval]?] {
            let point = PhaseAnimator(Phase.allCases, triggers: triggers) { points[$0]! } animation: { animations[$0]! }
                .run(window: window)
            let scalars = [\CGPoint.x, \CGPoint.y].map { axis in
                PhaseAnimator(phases: Phase.allCases.map { Double(points[$0]![keyPath: axis]) },
                              animations: Phase.allCases.map { animations[$0]! }, triggers: triggers).run(window: window)
            }
            try #require(point.frames.count == scalars[0].frames.count && point.frames.count == scalars[1].frames.count)
            for (k, frame) in point.frames.enumerated() {
                #expect(abs(Double(frame.value.x) - scalars[0].frames[k].value) <= 1e-12, "x at \(frame.time)")
                #expect(abs(Double(frame.value.y) - scalars[1].frames[k].value) <= 1e-12, "y at \(frame.time)")
            }
            #expect(point.events == scalars[0].events)
        }
    }

    /// The animation closure gets the target phase; nil jumps. Into lift with nil: the value is
    /// there on the phase's frame.
    @Test func nilAnimationJumpsIntoItsPhase() throws {
        let run = PhaseAnimator(Phase.allCases, triggers: [0]) { Self.pose($0) } animation: { phase in
            phase == .lift ? nil : .linear(duration: 0.2)
        }.run(window: .range(from: 0, to: 1))
        #expect(run.frames[0].value == Self.pose(.lift))
        let change = try #require(run.phaseCycles.first?.changes.first)
        #expect(change.phase == 1 && change.valueAfter == Self.pose(.lift))
    }
}
