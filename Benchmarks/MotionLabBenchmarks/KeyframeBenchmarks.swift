import MotionLab

/// Keyframe timelines: sorted-time evaluation in one pass against per-sample evaluation.
enum KeyframeBenchmarks {
    static func run() -> [BenchmarkResult] { [sortedSweep(), linearScaling()] + KeyframeSearchBenchmarks.run() }

    /// Building and sweeping a timeline is linear in its keyframes: the cost per keyframe at
    /// 10⁵ keyframes against the cost per keyframe at 10⁴ (a ratio near 1 means linear).
    static func linearScaling() -> BenchmarkResult {
        func costPerKeyframe(_ k: Int) -> Double {
            var generator = SplitMix64(seed: 11)
            let keyframes: [Keyframe<Double>] = (0..<k).map { i in
                let to = (generator.unit() - 0.5) * 100, d = 0.01 + 0.02 * generator.unit()
                return i % 3 == 0 ? .linear(LinearKeyframe(to, duration: d)) : .cubic(CubicKeyframe(to, duration: d))
            }
            return measure(units: k, repetitions: 3) {
                let timeline = TimelineDocument(initialValue: .scalar(0), tracks: [TimelineDocument.Track(nil, keyframes: keyframes)])
                let path = timeline.paths[0]
                let times = (0..<(4 * k)).map { Double($0) / Double(4 * k) * path.duration }
                blackHole(path.values(atSorted: times))
            }
        }
        let small = costPerKeyframe(10_000), large = costPerKeyframe(100_000)
        return BenchmarkResult(
            name: "Timeline of 10⁵ keyframes: build + 4·10⁵ sorted values, per keyframe",
            subject: "10⁵ keyframes", reference: "10⁴ keyframes",
            subjectNanoseconds: large, referenceNanoseconds: small,
            notes: [("linear time", "cost per keyframe ×\(format(large / small)) for 10× the keyframes")])
    }

    /// A 1000-keyframe track (cubic, linear and spring keyframes) at 10⁶ sorted times.
    static func sortedSweep() -> BenchmarkResult {
        var generator = SplitMix64(seed: 7)
        var keyframes: [Keyframe<Double>] = []
        for i in 0..<1000 {
            let to = (generator.unit() - 0.5) * 100
            let duration = 0.01 + 0.05 * generator.unit()
            switch i % 5 {
            case 0: keyframes.append(.linear(LinearKeyframe(to, duration: duration, timingCurve: .easeInOut)))
            case 1: keyframes.append(.spring(SpringKeyframe(to, duration: duration, spring: .snappy)))
            default: keyframes.append(.cubic(CubicKeyframe(to, duration: duration)))
            }
        }
        let timeline = TimelineDocument(initialValue: .scalar(0), tracks: [TimelineDocument.Track(nil, keyframes: keyframes)])
        let path = timeline.paths[0]
        let count = 1_000_000
        let times = (0..<count).map { Double($0) / Double(count - 1) * path.duration }
        var sweep: [Double] = []
        let subject = measure(units: count, repetitions: 5) {
            sweep = path.values(atSorted: times)
            blackHole(sweep)
        }
        var single = [Double](repeating: 0, count: count)
        let reference = measure(units: count, repetitions: 5) {
            for i in 0..<count { single[i] = path.value(at: times[i]) }
            blackHole(single)
        }
        let worst = zip(sweep, single).map { abs($0 - $1) }.max() ?? 0
        return BenchmarkResult(
            name: "Keyframe track, 1000 keyframes at 10⁶ sorted times",
            subject: "one sweep, O(n + k)",
            reference: "value(at:) per sample (binary search)",
            subjectNanoseconds: subject, referenceNanoseconds: reference,
            notes: [("max |difference|", format(worst))])
    }
}
