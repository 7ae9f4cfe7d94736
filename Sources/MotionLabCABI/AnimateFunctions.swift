import MotionLab

/// The `animate` document of a scenario (JSON text): frames at k/`fps` over the window `from`…`to`
/// (NaN: 0 and the scenario's duration), or at `times` when `timeCount` ≥ 0; `defaultAnimation` is
/// `ios17`, `legacy` or `pre17` (null: `ios17`).
@_cdecl("motionlab_animate")
public func motionlab_animate(
    _ scenario: UnsafePointer<CChar>?, _ fps: Double, _ from: Double, _ to: Double,
    _ times: UnsafePointer<Double>?, _ timeCount: Int, _ defaultAnimation: UnsafePointer<CChar>?,
    _ out: CStringOut, _ error: CStringOut
) -> Int32 {
    guarded(error) {
        guard fps.isFinite, fps > 0, fps <= AnimationScenarioDocument.maximumFPS else {
            throw ABIFailure.argument("fps must be in (0, \(DecimalText.shortest(AnimationScenarioDocument.maximumFPS))]; got \(fps)")
        }
        let latest = AnimationScenarioDocument.maximumTime + 600
        for (name, value) in [("from", from), ("to", to)] where !value.isNaN && !(value.isFinite && value >= 0 && value <= latest) {
            throw ABIFailure.argument("\(name) must be a time in [0, \(DecimalText.shortest(latest))] s; got \(value)")
        }
        let versionName = defaultAnimation.map { String(cString: $0) } ?? "ios17"
        guard let version = DefaultAnimationVersion(rawValue: versionName) else {
            throw ABIFailure.argument("defaultAnimation must be ios17, legacy or pre17; got '\(versionName)'")
        }
        let document: AnimationScenarioDocument
        do {
            document = try AnimationScenarioDocument.decode(json: Array(try text(scenario, "the scenario").utf8), defaultAnimation: version)
        } catch let failure as ABIFailure {
            throw failure
        } catch {
            throw ABIFailure.data("scenario: \(error)")
        }
        let clock = FrameClock(fps: fps)
        let window: SampleWindow
        if timeCount >= 0 {
            let list = try doubles(times, timeCount)
            for (index, t) in list.enumerated() where !(t >= 0 && t <= latest) {
                throw ABIFailure.argument("times: item \(index + 1) must be a time in [0, \(DecimalText.shortest(latest))] s; got \(t)")
            }
            window = .times(list)
        } else if !to.isNaN {
            let start = from.isNaN ? 0 : from
            guard to >= start else { throw ABIFailure.argument("to must be ≥ from; got from \(start) to \(to)") }
            window = .range(from: start, to: to)
        } else {
            let duration = document.run(clock: clock, window: .times([])).duration
            guard duration.isFinite else {
                throw ABIFailure.argument(AnimationScenarioDocument.unendingRun + ": give to or times")
            }
            let start = from.isNaN ? 0 : from
            window = .range(from: start, to: max(duration, start))
        }
        emit(document.run(clock: clock, window: window).json, to: out)
    }
}
