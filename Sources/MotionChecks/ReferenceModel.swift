import MotionAnimations
import MotionKeyframes

/// A ``MotionReference`` made ready to evaluate for one channel of one recording: values at
/// times on the recording's clock.
struct ReferenceModel {
    /// The values at `times` (on the recording's clock, increasing), delayed by `shift` seconds.
    let values: (_ times: [Double], _ shift: Double) -> [Double]

    /// The model of `reference` for the channel `channel` of a recording whose first sample is at
    /// `startTime` and whose frames come every `frameInterval` seconds; `horizon` is the latest
    /// reference time asked for (the recording's span plus the largest shift).
    ///
    /// - Throws: a message when the reference has no value for the channel (a timeline or a
    ///   scenario whose values are objects without that key).
    init(_ reference: MotionReference, channel: String, startTime t0: Double, frameInterval: Double,
         horizon: Double) throws(CheckProblem) {
        switch reference {
        case let .timeline(timeline, path):
            let value: (AnimatableValue) -> Double?
            let names = timeline.initialValue.propertyNames
            if names.isEmpty {
                value = { $0[nil] }
            } else if names.contains(channel) {
                value = { $0[channel] }
            } else {
                throw CheckProblem(subject: path, message: "animates \(names.joined(separator: ", ")), not the recording's channel '\(channel)'")
            }
            if let index = timeline.tracks.firstIndex(where: { $0.property == (names.isEmpty ? nil : channel) }) {
                let path = timeline.paths[index]
                values = { times, shift in path.values(atSorted: times.map { $0 - t0 - shift }) }
            } else {
                // No track animates the channel: it keeps its initial value.
                let constant = value(timeline.initialValue) ?? 0
                values = { times, _ in times.map { _ in constant } }
            }
        case let .scenario(document, path):
            let fps = min(AnimationScenarioDocument.maximumFPS, max(1, (1 / frameInterval).rounded()))
            let component: (AnimatableValue) -> Double?
            if let names = document.initialValue.pairs?.map(\.name) {
                guard names.contains(channel) else {
                    throw CheckProblem(subject: path, message: "animates \(names.joined(separator: ", ")), not the recording's channel '\(channel)'")
                }
                component = { $0[channel] }
            } else {
                component = { $0.scalar }
            }
            let end = min(horizon, AnimationScenarioDocument.maximumTime)
            let run = document.run(clock: FrameClock(fps: fps), window: .range(from: 0, to: end))
            let frameTimes = run.frames.map(\.time)
            let frameValues = run.frames.map { component($0.value) ?? 0 }
            let initial = component(document.initialValue) ?? 0
            values = { times, shift in
                Self.interpolate(times.map { $0 - t0 - shift }, frameTimes, frameValues, before: initial)
            }
        case let .spring(spring, from, to, startTime):
            let start = startTime ?? t0
            values = { times, shift in
                times.map { t in
                    let local = t - start - shift
                    return local <= 0 ? from : spring.value(fromValue: from, toValue: to, time: local)
                }
            }
        case let .curve(curve, from, to, startTime, duration):
            let start = startTime ?? t0
            values = { times, shift in
                times.map { t in
                    let u = min(1, max(0, (t - start - shift) / duration))
                    return from + (to - from) * curve.y(forX: u)
                }
            }
        }
    }

    /// Piecewise-linear interpolation of (`xs`, `ys`) at sorted `queries`; `before` ahead of the
    /// first point, the last value after the last.
    static func interpolate(_ queries: [Double], _ xs: [Double], _ ys: [Double], before: Double) -> [Double] {
        guard let lastValue = ys.last else { return queries.map { _ in before } }
        var j = 0
        return queries.map { q in
            if q < xs[0] { return q < 0 ? before : ys[0] }
            while j + 1 < xs.count && xs[j + 1] <= q { j += 1 }
            guard j + 1 < xs.count else { return lastValue }
            let w = (q - xs[j]) / (xs[j + 1] - xs[j])
            return ys[j] + w * (ys[j + 1] - ys[j])
        }
    }
}
