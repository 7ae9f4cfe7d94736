import Foundation
import MotionLab

/// The animation engine: 10⁴ animated values driven frame by frame for 1 s at 60 fps, against
/// the same frame values evaluated straight from the closed forms.
///
/// Each value has two or three transactions whose non-merging animations (timing curves and
/// interpolating springs) combine — with the animations shared (a few `withAnimation` calls
/// animate all the properties, each to its own target at its own frame), and with every
/// transaction building its own animation, so that each timing curve has its own solver table
/// (≈ 6 KB) and the tables no longer fit in cache — or a single transaction, one animation. The
/// values are `Double`s, or two-component `AnimatablePair<Double, Double>`s against the same
/// closed forms applied component by component.
enum AnimationBenchmarks {
    static func run() -> [BenchmarkResult] {
        let shared = Workload(palette: 8), own = Workload(palette: nil), single = Workload(palette: 8, single: true)
        return [frames(shared, initial: shared.initial, target: shared.target),
                frames(own, initial: own.initial, target: own.target),
                frames(single, initial: single.initial, target: single.target),
                frames(shared, initial: shared.initialPairs, target: shared.targetPairs),
                frames(single, initial: single.initialPairs, target: single.targetPairs)]
    }

    typealias Pair = AnimatablePair<Double, Double>

    /// One entry of a value's combination in closed form: a timing curve or an underdamped
    /// interpolating spring (its unit step response and SwiftUI's ε = 0.001 finish time). The curve
    /// itself is kept apart, in ``Workload/curve`` (the same `UnitCurve`, sharing its solver's table),
    /// so that reading an entry's constants copies no reference-counted storage.
    struct ClosedForm {
        var isCurve: Bool
        var duration: Double
        var omega0 = 0.0, zeta = 0.0, omegaD = 0.0, b = 0.0

        init(_ animation: Animation) {
            if let bezier = animation.base as? BezierAnimation {
                isCurve = true
                duration = bezier.duration
            } else {
                let spring = animation.base as! SpringAnimation
                isCurve = false
                omega0 = (spring.stiffness / spring.mass).squareRoot()
                zeta = spring.damping / ((spring.mass * spring.stiffness).squareRoot() * 2.0)
                precondition(zeta > 0 && zeta < 1, "the workload's springs are underdamped")
                omegaD = omega0 * (1.0 - zeta * zeta).squareRoot()
                b = (omega0 * zeta - spring.initialVelocity) / omegaD
                duration = Swift.max(-log(0.001 / (1.0 + Swift.abs(b))) / (zeta * omega0), 1.0)
            }
        }

        /// The fraction of its interval the entry covers `time` after it began, or nil once finished.
        @inline(__always)
        func fraction(at time: Double, curve: UnsafePointer<UnitCurve>) -> Double? {
            if isCurve {
                guard duration >= time else { return nil }
                return curve.pointee.value(at: Swift.min(Swift.max(time / duration, 0), 1))
            }
            guard duration > time else { return nil }
            return 1.0 - exp((-zeta * omega0) * time) * (cos(omegaD * time) + b * sin(omegaD * time))
        }
    }

    /// The values and their transactions, flattened: value i owns transactions
    /// `first[i] ..< first[i + 1]`, in frame order.
    struct Workload {
        let count = 10_000
        let frameCount = 60  // 1 s at 60 fps
        let clock = FrameClock(fps: 60)
        var initial: [Double] = []
        /// Two-component values: the first component is the `Double` workload's value, the second
        /// drawn from a generator of its own (so the `Double` workload is the same either way).
        var initialPairs: [Pair] = []
        var first: [Int] = [0]
        var frame: [Int] = []
        var target: [Double] = []
        var targetPairs: [Pair] = []
        var animation: [Animation] = []
        var closedForm: [ClosedForm] = []
        /// The entry's timing curve, taken from its animation (`.linear` for a spring).
        var curve: [UnitCurve] = []
        let palette: Int?
        /// Whether each value has one transaction (else two or three, combining).
        let single: Bool

        /// With `palette` n, each slot's animations come from n built once and shared, as one
        /// `withAnimation` animates many properties; with nil every transaction builds its own (each
        /// timing curve then has its own solver table). With `single`, each value takes the first
        /// transaction of its plan only.
        init(palette: Int?, single: Bool = false) {
            self.palette = palette
            self.single = single
            var generator = SplitMix64(seed: 60)
            var seconds = SplitMix64(seed: 61)
            func uniform(_ a: Double, _ b: Double) -> Double { a + (b - a) * generator.unit() }
            let makers: [() -> Animation] = [
                { .easeInOut(duration: uniform(0.4, 0.8)) },
                { .easeInOut(duration: uniform(0.9, 1.2)) },
                { .easeOut(duration: uniform(0.3, 0.7)) },
                { .interpolatingSpring(duration: uniform(0.3, 0.7), bounce: uniform(0.1, 0.4)) },
                { .timingCurve(0.25, 0.1, 0.25, 1, duration: uniform(0.9, 1.2)) },
                { .easeIn(duration: uniform(0.9, 1.2)) },
            ]
            let palettes = palette.map { n in makers.map { make in (0..<n).map { _ in make() } } }
            func pick(_ slot: Int) -> Animation {
                guard let palettes else { return makers[slot]() }
                return palettes[slot][Int(generator.unit() * Double(palettes[slot].count))]
            }
            for i in 0..<count {
                initial.append(uniform(-100, 100))
                initialPairs.append(Pair(initial[i], -100 + 200 * seconds.unit()))
                let f1 = Int(generator.unit() * 6)  // the first transactions are spread over frames 0…5
                let f2 = f1 + 6 + Int(generator.unit() * 13)
                let f3 = f2 + 4 + Int(generator.unit() * 7)
                // The last entry of every value runs past t = 1 s: a curve starts at ≥ 0.1 s and lasts
                // ≥ 0.9 s, a spring lasts ≥ 1 s. Every value is animating on every frame from its first.
                let plan: [(Int, Animation)]
                switch i % 4 {
                case 0: plan = [(f1, pick(0)), (f2, pick(1))]
                case 1: plan = [(f1, pick(2)), (f2, pick(3))]
                case 2: plan = [(f1, pick(3)), (f2, pick(4))]
                default: plan = [(f1, pick(0)), (f2, pick(3)), (f3, pick(5))]
                }
                for (f, a) in single ? Array(plan.prefix(1)) : plan {
                    frame.append(f)
                    target.append(uniform(-100, 100))
                    targetPairs.append(Pair(target[target.count - 1], -100 + 200 * seconds.unit()))
                    animation.append(a)
                    closedForm.append(ClosedForm(a))
                    curve.append((a.base as? BezierAnimation)?.curve ?? .linear)
                }
                first.append(frame.count)
            }
        }

        var valueFrames: Int { count * frameCount }
    }

    /// The frames of every value through the engine, as an app drives it: one `Animator` per
    /// value; on each frame each value takes the transactions of that frame, then `update(at:)`,
    /// then `presentedValue`. Writes the values frame-major.
    @inline(never)
    static func engineFrames<V: VectorArithmetic>(_ w: Workload, initial: [V], target: [V], into out: inout [V]) {
        var animators = initial.map { Animator(value: $0) }
        var next = w.first
        for k in 0..<w.frameCount {
            let t = w.clock.time(ofFrame: k)
            for i in 0..<w.count {
                while next[i] < w.first[i + 1] && w.frame[next[i]] == k {
                    animators[i].setValue(target[next[i]], animation: w.animation[next[i]], at: t)
                    next[i] += 1
                }
                animators[i].update(at: t)
                out[k * w.count + i] = animators[i].presentedValue
            }
        }
    }

    /// The same frames from the closed forms, the engine's rules written out: the value shown is
    /// (M + a) − I; the frame of a transaction holds the last a; entry j (cumulative target T_j)
    /// lerps from the running result r below it, r ← r + f_j(τ_j)·(T_j − r) with τ_j the whole
    /// frames since it joined over fps, and sits at T_j once finished; the value snaps to M when
    /// the last entry finishes. Returns how many value-frames had an animation running.
    @inline(never)
    static func directFrames<V: VectorArithmetic>(_ w: Workload, initial: [V], target: [V], into out: inout [V]) -> Int {
        // Per transaction: the model after it, the cumulative interval.
        var model = [V](repeating: .zero, count: w.frame.count)
        var interval = model
        for i in 0..<w.count {
            var m = initial[i], cumulative = V.zero
            for j in w.first[i]..<w.first[i + 1] {
                cumulative = j == w.first[i] ? target[j] - m : cumulative + (target[j] - m)
                m = target[j]
                model[j] = m
                interval[j] = cumulative
            }
        }
        var applied = [Int](repeating: 0, count: w.count)   // transactions taken so far
        var finished = [UInt8](repeating: 0, count: w.count)  // entries finished, one bit each
        var removed = [Bool](repeating: false, count: w.count)
        var shown = [V](repeating: .zero, count: w.count)   // a, the last sampled progress value
        var running = 0
        w.closedForm.withUnsafeBufferPointer { forms in w.curve.withUnsafeBufferPointer { curves in
            for k in 0..<w.frameCount {
                for i in 0..<w.count {
                    let base = w.first[i]
                    var n = applied[i], arrived = false
                    while base + n < w.first[i + 1] && w.frame[base + n] == k { n += 1; arrived = true }
                    applied[i] = n
                    let slot = k * w.count + i
                    if n == 0 { out[slot] = initial[i]; continue }
                    let last = base + n - 1
                    let m = model[last], total = interval[last]
                    if removed[i] { out[slot] = m; continue }
                    running += 1
                    if arrived { out[slot] = (m + shown[i]) - total; continue }
                    let tau = w.clock.elapsed(fromFrame: w.frame[base], toFrame: k)
                    var a = V.zero
                    if n == 1 {
                        guard let f = forms[base].fraction(at: tau, curve: curves.baseAddress! + base) else {
                            removed[i] = true; running -= 1; out[slot] = m; continue
                        }
                        a = total.scaled(by: f)
                    } else {
                        var done = finished[i]
                        for j in 0..<n {
                            let bit = UInt8(1) << j
                            if done & bit != 0 { a = interval[base + j]; continue }
                            let d = interval[base + j] - a
                            if let f = forms[base + j].fraction(at: w.clock.elapsed(fromFrame: w.frame[base + j], toFrame: k), curve: curves.baseAddress! + base + j) {
                                a = a + d.scaled(by: f)
                            } else {
                                done |= bit
                                a = a + d
                                if j == n - 1 { removed[i] = true }
                            }
                        }
                        finished[i] = done
                        if removed[i] { running -= 1; out[slot] = m; continue }
                    }
                    shown[i] = a
                    out[slot] = (m + a) - total
                }
            }
        } }
        return running
    }

    static func frames<V: VectorArithmetic>(_ w: Workload, initial: [V], target: [V]) -> BenchmarkResult {
        var engine = [V](repeating: .zero, count: w.valueFrames)
        var direct = engine
        var running = 0
        let subject = measure(units: w.valueFrames, repetitions: 5) {
            engineFrames(w, initial: initial, target: target, into: &engine)
            blackHole(engine[w.valueFrames / 2])
        }
        let reference = measure(units: w.valueFrames, repetitions: 5) {
            running = directFrames(w, initial: initial, target: target, into: &direct)
            blackHole(direct[w.valueFrames / 2])
        }
        var worst = 0.0, largest = 0.0, differing = 0
        for s in 0..<w.valueFrames {
            let difference = (engine[s] - direct[s]).magnitudeSquared.squareRoot()
            if difference > worst { worst = difference }
            if engine[s] != direct[s] { differing += 1 }
            largest = max(largest, direct[s].magnitudeSquared.squareRoot())
        }
        let entries = (0..<w.count).map { w.first[$0 + 1] - w.first[$0] }
        let three = entries.filter { $0 == 3 }.count
        let fps = { (nanoseconds: Double) in format(1e9 / (nanoseconds * Double(w.count))) }
        let animations = w.palette.map { "\(6 * $0) shared animations" } ?? "an animation per transaction"
        let values = V.self == Double.self ? "values" : "AnimatablePair<Double, Double> values"
        let motion = w.single ? "one curve or interpolatingSpring each" : "combined curves + interpolatingSprings"
        let what = w.single ? "\(w.count) values of 1 entry" : "\(w.count - three) values of 2 entries, \(three) of 3"
        return BenchmarkResult(
            name: "Animator, 10⁴ \(values) × 60 frames of \(motion) (\(animations)), per value-frame",
            subject: "Animator: setValue/update/presentedValue",
            reference: w.single ? "closed forms, by hand" : "closed forms and the combine lerp, by hand",
            subjectNanoseconds: subject, referenceNanoseconds: reference,
            notes: [("frames per second, 10⁴ values", "engine \(fps(subject)), direct \(fps(reference))"),
                    ("engine ÷ direct", "\(format(subject / reference))×"),
                    (w.single ? "animations" : "combined", "\(what); \(running) of \(w.valueFrames) value-frames animating"),
                    ("max |engine − direct|", differing == 0 ? "0 (every value-frame bit-identical)"
                        : "\(format(worst)) (\(format(worst / largest)) of max |value| \(format(largest))); \(differing) value-frames differ")])
    }
}
