import MotionSprings
import PropertyBased
import RealModule
import Testing

/// Relative agreement to `tolerance`, treating values near zero by `scale`.
private func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-12, scale: Double = 1) -> Bool {
    abs(a - b) <= tolerance * max(abs(a), abs(b), scale)
}

@Suite("Round trips between parameterizations and platforms")
struct RoundTripTests {
    /// To 1e-12 for ζ ≤ 10 (bounce ≥ −0.9). SwiftUI's (ω, λ) representation forms ω0² = λ² − μ²
    /// when overdamped, which loses about ζ² in relative accuracy: for ζ = 100 (bounce −0.99),
    /// ~1e-12 instead of 1e-16. The second property pins that documented bound.
    @Test func durationBounce() async {
        await propertyCheck(count: 300, input: Gen.double(in: 0.01...20), Gen.double(in: -0.9...1)) { d, b in
            let spring = Spring(duration: d, bounce: b)
            #expect(close(spring.duration, d), "duration \(d) bounce \(b) → \(spring.duration)")
            #expect(close(spring.bounce, b, scale: 1), "duration \(d) bounce \(b) → \(spring.bounce)")
        }
        await propertyCheck(count: 300, input: Gen.double(in: 0.01...20), Gen.double(in: -0.999 ... -0.9)) { d, b in
            let spring = Spring(duration: d, bounce: b)
            let zeta = 1 / (1 + b)
            #expect(close(spring.duration, d, 4e-16 * zeta * zeta), "duration \(d) bounce \(b) → \(spring.duration)")
        }
    }

    @Test func responseDampingRatio() async {
        await propertyCheck(count: 300, input: Gen.double(in: 0.01...20), Gen.double(in: 0...50)) { r, z in
            let spring = Spring(response: r, dampingRatio: z)
            #expect(close(spring.response, r))
            #expect(close(spring.dampingRatio, z))
        }
    }

    /// Mass, stiffness and damping survive when underdamped (SwiftUI's getters are then physical).
    @Test func massStiffnessDamping() async {
        await propertyCheck(count: 300, input: Gen.double(in: 0.01...100), Gen.double(in: 0.1...1e5), Gen.double(in: 0...0.999)) { m, k, zeta in
            let c = zeta * 2 * (k * m).squareRoot()
            let spring = Spring(mass: m, stiffness: k, damping: c)
            #expect(close(spring.mass, m))
            #expect(close(spring.stiffness, k, 1e-12))
            #expect(close(spring.damping, c, 1e-12, scale: (k * m).squareRoot()))
            let physical = Spring(physicalMass: m, stiffness: k, damping: c * 3)
            #expect(close(physical.physicalStiffness, k, 1e-12))
            #expect(close(physical.damping, c * 3, 1e-12, scale: (k * m).squareRoot()))
        }
    }

    /// Each platform's `init(_ spring:)` followed by `.spring` gives the same motion: ω0 and ζ agree.
    @Test func platforms() async {
        await propertyCheck(count: 300, input: Gen.double(in: 0.05...5), Gen.double(in: -0.95...0.99), Gen.double(in: 0.2...5)) { d, b, m in
            let base = Spring(duration: d, bounce: b)
            let spring = Spring(naturalFrequency: base.naturalFrequency, dampingRatio: base.dampingRatio, mass: m)
            let images: [(String, Spring)] = [
                ("android", AndroidSpring(spring).spring),
                ("flutter", FlutterSpringDescription(spring).spring),
                ("motion", MotionSpring(spring).spring),
                ("react-spring", ReactSpringConfig(spring).spring),
                ("rebound", ReboundSpringConfig(spring).spring),
                ("core-animation", CoreAnimationSpring(spring).spring),
                ("figma", FigmaSpring(spring).spring),
                ("rebound-origami", ReboundSpringConfig(origamiTension: ReboundSpringConfig(spring).origamiTension,
                                                        origamiFriction: ReboundSpringConfig(spring).origamiFriction).spring),
            ]
            for (name, image) in images {
                #expect(close(image.naturalFrequency, spring.naturalFrequency), "\(name): ω0")
                #expect(close(image.physicalDampingRatio, spring.physicalDampingRatio, 1e-12), "\(name): ζ")
                #expect(close(image.value(target: 1, time: 0.3 * d), spring.value(target: 1, time: 0.3 * d), 1e-12), "\(name): x(t)")
            }
            // Motion's visualDuration/bounce: exact inside its clamp.
            let visual = MotionSpring.visualDurationAndBounce(of: spring)
            if visual.note == nil {
                let back = MotionSpring(visualDuration: visual.visualDuration, bounce: visual.bounce).spring
                #expect(close(back.naturalFrequency, spring.naturalFrequency))
                #expect(close(back.physicalDampingRatio, spring.physicalDampingRatio))
            } else {
                #expect(spring.physicalDampingRatio > 1 || spring.physicalDampingRatio < 0.05)
            }
            // Flutter's duration/bounce getters are SwiftUI's.
            let flutter = FlutterSpringDescription(spring)
            #expect(close(flutter.duration, base.duration))
            #expect(close(flutter.bounce, base.bounce, 1e-12, scale: 1))
            #expect(close(FlutterSpringDescription.withDurationAndBounce(duration: d, bounce: b).spring.dampingRatio, base.dampingRatio))
            // react-spring's frequency config is the period and the ratio.
            let react = ReactSpringConfig(spring)
            let viaFrequency = ReactSpringConfig(frequency: react.frequency, damping: react.dampingRatio, mass: m)
            #expect(close(viaFrequency.tension, react.tension) && close(viaFrequency.friction, react.friction, 1e-12, scale: react.tension.squareRoot()))
        }
    }

    /// Documented constants: Rebound's default is Origami (40, 7) = tension 230.2, friction 22.
    @Test func reboundDefaultAndOrigami() {
        #expect(close(ReboundSpringConfig.default.tension, 230.2, 1e-14))
        #expect(close(ReboundSpringConfig.default.friction, 22, 1e-14))
        #expect(close(ReboundSpringConfig.default.origamiTension, 40, 1e-14))
        #expect(close(ReboundSpringConfig.default.origamiFriction, 7, 1e-14))
    }

    /// Motion's visualDuration: stiffness (2π/(1.2·vd))², damping 2ζ√k, clamped ζ.
    @Test func motionVisualDuration() {
        let m = MotionSpring(visualDuration: 0.3, bounce: 0.25)
        let root = 2 * Double.pi / 0.36
        #expect(close(m.stiffness, root * root, 1e-15))
        #expect(close(m.damping, 2 * 0.75 * root, 1e-15))
        #expect(close(MotionSpring(visualDuration: 0.3, bounce: 0.99).spring.physicalDampingRatio, 0.05, 1e-14))
        #expect(close(MotionSpring(visualDuration: 0.3, bounce: -0.5).spring.physicalDampingRatio, 1, 1e-14))
    }

    /// Core Animation's initial velocity is in distances per second.
    @Test func coreAnimationRelativeVelocity() {
        let ca = CoreAnimationSpring(Spring.bouncy, target: 200, initialVelocity: 100)
        #expect(ca.initialVelocity == 0.5)
        #expect(ca.absoluteInitialVelocity(distance: 200) == 100)
    }
}

@Suite("Motion invariants")
struct MotionInvariantTests {
    /// Advancing by update() in two steps equals one step of the sum (the closed form is a flow).
    @Test func updateIsAFlow() async {
        await propertyCheck(count: 200, input: Gen.double(in: 0.1...2), Gen.double(in: -0.9...0.95), Gen.double(in: 0...0.5), Gen.double(in: 0...0.5)) { d, b, h1, h2 in
            let spring = Spring(duration: d, bounce: b)
            var (x, v) = (0.0, 1.5)
            spring.update(value: &x, velocity: &v, target: 2, deltaTime: h1)
            spring.update(value: &x, velocity: &v, target: 2, deltaTime: h2)
            let direct = (spring.value(target: 2, initialVelocity: 1.5, time: h1 + h2),
                          spring.velocity(target: 2, initialVelocity: 1.5, time: h1 + h2))
            #expect(close(x, direct.0, 1e-12, scale: 2))
            #expect(close(v, direct.1, 1e-11, scale: 2 * spring.naturalFrequency))
        }
    }

    /// The recurrence on a uniform grid agrees with the closed form to 1e-12 of the motion's scale.
    @Test func uniformSamplesMatchClosedForm() async {
        await propertyCheck(count: 60, input: Gen.double(in: 0.05...3), Gen.double(in: -0.95...1), Gen.double(in: 1e-4...0.05)) { d, b, h in
            let spring = Spring(duration: d, bounce: b)
            let (target, v0) = (-7.0, 30.0)
            let samples = spring.uniformSamples(target: target, initialVelocity: v0, start: 0.01, step: h, count: 3000)
            let scale = max(abs(target), abs(v0) / spring.naturalFrequency)
            for i in stride(from: 0, to: 3000, by: 7) {
                let t = samples.time(i)
                #expect(abs(samples.values[i] - spring.value(target: target, initialVelocity: v0, time: t)) <= 1e-12 * scale)
                #expect(abs(samples.velocities[i] - spring.velocity(target: target, initialVelocity: v0, time: t)) <= 1e-12 * scale * spring.naturalFrequency)
            }
        }
    }

    /// The exact settling time is where the error equals ε, and the error stays inside after it.
    @Test func exactSettlingIsTheLastCrossing() async {
        await propertyCheck(count: 200, input: Gen.double(in: 0.1...2), Gen.double(in: -0.9...0.9), Gen.double(in: -50...50), Gen.double(in: -200...200)) { d, b, target, v0 in
            let spring = Spring(duration: d, bounce: b)
            let epsilon = 1e-3
            let tStar = spring.exactSettlingTime(target: target, initialVelocity: v0, epsilon: epsilon)
            #expect(tStar.isFinite && tStar >= 0)
            let error = { (t: Double) in abs(spring.value(target: target, initialVelocity: v0, time: t) - target) }
            if tStar > 0 {
                #expect(abs(error(tStar) - epsilon) < 1e-9, "error at t* = \(error(tStar))")
            }
            // Densely after t*: inside the band (a margin of one part in 10⁹ for rounding).
            for i in 1...400 {
                let t = tStar + Double(i) * 0.02 * d
                #expect(error(t) < epsilon * (1 + 1e-9), "error \(error(t)) at t = \(t) > t* = \(tStar)")
            }
        }
    }
}

@Suite("Validated constructors")
struct ValidationTests {
    @Test(arguments: [
        (Double.nan, 0.0, "duration"), (0, 0, "duration"), (-1, 0, "duration"), (.infinity, 0, "duration"),
        (0.5, -1, "bounce"), (0.5, -3, "bounce"), (0.5, 1.5, "bounce"), (0.5, .nan, "bounce"),
    ])
    func durationBounce(duration: Double, bounce: Double, parameter: String) {
        do {
            _ = try Spring.validated(duration: duration, bounce: bounce)
            Issue.record("accepted duration \(duration), bounce \(bounce)")
        } catch {
            #expect(error.parameter == parameter)
            #expect(error.description.contains(parameter) && error.description.contains("must be"))
        }
    }

    @Test func massStiffnessDamping() {
        #expect(throws: SpringParameterError(parameter: "mass", value: 0, validRange: "a finite number > 0")) {
            try Spring.validated(mass: 0, stiffness: 1, damping: 1)
        }
        #expect(throws: SpringParameterError(parameter: "stiffness", value: -2, validRange: "a finite number > 0")) {
            try Spring.validated(mass: 1, stiffness: -2, damping: 1)
        }
        #expect(throws: SpringParameterError(parameter: "damping", value: -1, validRange: "a finite number ≥ 0")) {
            try Spring.validated(mass: 1, stiffness: 2, damping: -1)
        }
        #expect(throws: SpringParameterError.self) { try Spring.validated(response: .infinity, dampingRatio: 1) }
        #expect(throws: SpringParameterError.self) { try Spring.validated(settlingDuration: 20, dampingRatio: 1) }
        #expect(throws: SpringParameterError.self) { try Spring.validated(preset: .bouncy, extraBounce: 0.8) }
        #expect((try? Spring.validated(preset: .snappy, duration: 0.3, extraBounce: 0.1)) == Spring(duration: 0.3, bounce: 0.25))
    }
}
