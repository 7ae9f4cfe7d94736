import MotionAnimations
import MotionJSON
import Testing

/// SwiftUI's fluid spring integrator converges only below a damping fraction that depends on the
/// response; beyond it the motion grows every step. The bound is checked against the step matrix's
/// eigenvalues, computed here from the update rule, and against the engine's own motion.
@Suite("Fluid spring: where SwiftUI's integrator converges")
struct FluidSpringStabilityTests {
    /// The spectral radius of one kick–drift–kick step on (offset from target, half-step
    /// velocity): [[1, Δt], [−kΔt, 1 + cΔt − kΔt²]], c = −2ζ√k, from its characteristic polynomial.
    static func spectralRadius(response: Double, dampingFraction zeta: Double) -> Double {
        let dt = 1.0 / 300, k = min((2 * Double.pi / response) * (2 * Double.pi / response), 45000)
        let c = -2 * zeta * k.squareRoot()
        let (a, b, cc, d) = (1.0, dt, -k * dt, 1 + c * dt - k * dt * dt)
        let trace = a + d, det = a * d - b * cc
        let disc = trace * trace / 4 - det
        if disc >= 0 {
            return max(abs(trace / 2 + disc.squareRoot()), abs(trace / 2 - disc.squareRoot()))
        }
        return det.squareRoot()  // complex pair: |λ|² = det
    }

    @Test(arguments: [0.01, 0.0296, 0.1, 0.5, 1, 2.5, 10, 100])
    func boundIsWhereTheStepStopsContracting(response: Double) {
        let bound = FluidSpringAnimation.largestStableDampingFraction(response: response)
        #expect(Self.spectralRadius(response: response, dampingFraction: bound * (1 - 1e-6)) < 1)
        #expect(Self.spectralRadius(response: response, dampingFraction: bound * (1 + 1e-6)) > 1)
    }

    /// The engine itself: just below the bound the offset shrinks, just above it grows.
    @Test(arguments: [0.05, 0.5, 2.5])
    func engineGrowsOnlyBeyondTheBound(response: Double) {
        let bound = FluidSpringAnimation.largestStableDampingFraction(response: response)
        func offsetAfterThreeSeconds(_ zeta: Double) -> Double {
            let spring = FluidSpringAnimation(response: response, dampingFraction: zeta)
            var context = AnimationContext<Double>()
            var last = 0.0
            for frame in 1...180 { last = spring.animate(value: 1.0, time: Double(frame) / 60, context: &context) ?? 1.0 }
            return abs(1 - last)
        }
        #expect(offsetAfterThreeSeconds(bound * 0.98) < 1)
        #expect(offsetAfterThreeSeconds(bound * 1.02) > 1e3)
    }

    @Test func scenariosAndExpressionsNameTheBound() {
        for text in [".spring(response: 2.5, dampingFraction: 825)", ".spring(duration: 0.5, bounce: -0.99)",
                     ".snappy(duration: 0.5, extraBounce: -1.14)"] {
            #expect(throws: PathError.self, "\(text)") { try Animation(swiftUI: text) }
            do { _ = try Animation(swiftUI: text) } catch {
                #expect(error.message.contains("diverges") && error.message.contains("must be below"), "\(error.message)")
            }
        }
        #expect((try? Animation(swiftUI: ".spring(response: 0.5, dampingFraction: 23.8)")) != nil)
    }

    /// A blend from a stiff spring passes through its stiffness with the new damping fraction.
    @Test func blendFromAStifferSpringMustConvergeThere() throws {
        func scenario(_ zeta: Double) -> String {
            """
            {"initialValue": 0, "transactions": [
             {"time": 0, "value": 100, "animation": {"type": "spring", "response": 0.02, "dampingFraction": 1}},
             {"time": 0.1, "value": 200, "animation": {"type": "spring", "response": 10, "dampingFraction": \(zeta), "blendDuration": 1}}]}
            """
        }
        do {
            _ = try AnimationScenarioDocument.decode(json: Array(scenario(50).utf8))
            Issue.record("a diverging blend was accepted")
        } catch {
            #expect(error.path == "transactions[1].animation" && error.message.contains("must be below 1.237"), "\(error)")
        }
        let run = try AnimationScenarioDocument.decode(json: Array(scenario(1.2).utf8)).run(window: .range(from: 0, to: 3))
        #expect(run.frames.allSatisfy { $0.value.components.allSatisfy { abs($0) < 1e3 } })
    }
}
