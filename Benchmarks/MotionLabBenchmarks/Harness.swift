import Foundation

/// One comparison: MotionLab's code against an in-run reference on the same machine.
struct BenchmarkResult {
    var name: String
    var subject: String
    var reference: String
    /// Nanoseconds per unit of work (a sample, a solve, a spring), best of the repetitions.
    var subjectNanoseconds: Double
    var referenceNanoseconds: Double
    /// Accuracy and other measured facts, as (label, value) pairs.
    var notes: [(String, String)] = []

    /// How many times faster the subject is than the reference (> 1: faster).
    var speedup: Double { referenceNanoseconds / subjectNanoseconds }
}

/// Wall-clock timing: the best of `repetitions` runs of `body`, in nanoseconds per `units`.
/// Best-of is the least noisy estimator of the cost on a shared 2-core machine.
func measure(units: Int, repetitions: Int = 7, _ body: () -> Void) -> Double {
    let clock = ContinuousClock()
    var best = Double.infinity
    for _ in 0..<repetitions {
        let elapsed = clock.measure(body)
        let nanos = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
        best = min(best, nanos / Double(units))
    }
    return best
}

/// Keeps the optimiser from deleting work whose result is otherwise unused: unoptimised and
/// never inlined, so the call (and the value it is passed) cannot be proven useless, as an empty
/// `withExtendedLifetime` body specialised for `Double` could be.
@inline(never) @_optimize(none)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
