import MotionLab

/// Keyframe timelines: sorted-time evaluation in one pass against per-sample evaluation.
enum KeyframeBenchmarks {
    static func run() -> [BenchmarkResult] { [sortedSweep()] }

    /// A 1000-keyframe track (cubic, linear and spring keyframes) at 10⁶ sorted times.
    static func sortedSweep() -> BenchmarkResult {
        var generator = SplitMix64(seed: 7)
        var keyframes: [Keyframe] = []
        for i in 0..<1000 {
            let to = (generator.unit() - 0.5) * 100
            let duration = 0.01 + 0.05 * generator.unit()
            switch i % 5 {
            case 0: keyframes.append(.linear(LinearKeyframe(to, duration: duration, timingCurve: .easeInOut)))
            case 1: keyframes.append(.spring(SpringKeyframe(to, duration: duration, spring: .snappy)))
            default: keyframes.append(.cubic(CubicKeyframe(to, duration: duration)))
            }
        }
        let timeline = KeyframeTimeline(initialValue: .scalar(0), tracks: [KeyframeTrack(nil, keyframes: keyframes)])
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
