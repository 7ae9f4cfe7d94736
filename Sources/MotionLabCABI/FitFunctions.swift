import MotionLab

/// One channel of samples, named `channel`, as the fits and `settle` read a recording's column.
/// Counts that differ reach the library, which names them.
func recording(_ times: UnsafePointer<Double>?, _ timeCount: Int, _ values: UnsafePointer<Double>?, _ valueCount: Int,
               _ channel: UnsafePointer<CChar>?) throws -> Recording {
    let name = channel.map { String(cString: $0) } ?? "value"
    return Recording(times: try doubles(times, timeCount), values: try doubles(values, valueCount), channel: name, channels: [name])
}

/// Runs a fit, turning its error into the library's message.
func fitting<T>(_ body: () throws(FitError) -> T) throws -> T {
    do { return try body() } catch { throw ABIFailure.data("\(error)") }
}

func cssTolerance(_ value: Double) throws -> Double {
    guard value.isFinite, value > 0, value < 1 else {
        throw ABIFailure.argument("cssTolerance must be in (0, 1); got \(value)")
    }
    return value
}

/// The `fit keyframes` document of the samples (`timeCount` times, `valueCount` values): keyframes ending at `endTimes` (`mode` 0), `keyframeCount`
/// evenly spaced keyframes (`mode` 1), or the fewest keyframes whose max error is ≤ `tolerance` (`mode` 2).
@_cdecl("motionlab_fit_keyframes")
public func motionlab_fit_keyframes(
    _ times: UnsafePointer<Double>?, _ timeCount: Int, _ values: UnsafePointer<Double>?, _ valueCount: Int,
    _ channel: UnsafePointer<CChar>?,
    _ mode: Int32, _ endTimes: UnsafePointer<Double>?, _ endTimeCount: Int, _ keyframeCount: Int, _ tolerance: Double,
    _ css: Double,
    _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    guarded(error) {
        let fitMode: KeyframeFitting.Mode
        switch mode {
        case 0: fitMode = .endTimes(try doubles(endTimes, endTimeCount))
        case 1:
            guard keyframeCount >= 1, keyframeCount <= 100_000 else {
                throw ABIFailure.argument("keyframes must be in 1…100000; got \(keyframeCount)")
            }
            fitMode = .count(keyframeCount)
        case 2:
            guard tolerance.isFinite, tolerance > 0 else {
                throw ABIFailure.argument("tolerance must be a finite number > 0; got \(tolerance)")
            }
            fitMode = .tolerance(tolerance)
        default: throw ABIFailure.argument("mode must be 0 (end times), 1 (a count) or 2 (a tolerance); got \(mode)")
        }
        let cssTolerance = try cssTolerance(css)
        let data = try recording(times, timeCount, values, valueCount, channel)
        let fit = try fitting { () throws(FitError) in try KeyframeFitting.fit(data, mode: fitMode) }
        emit(fit.json(channel: RecordingChannel(data), cssTolerance: cssTolerance), warnings: fit.warnings, to: out)
    }
}

/// The `fit spring` document of the samples (`timeCount` times, `valueCount` values).
@_cdecl("motionlab_fit_spring")
public func motionlab_fit_spring(
    _ times: UnsafePointer<Double>?, _ timeCount: Int, _ values: UnsafePointer<Double>?, _ valueCount: Int,
    _ channel: UnsafePointer<CChar>?,
    _ css: Double,
    _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    guarded(error) {
        let cssTolerance = try cssTolerance(css)
        let data = try recording(times, timeCount, values, valueCount, channel)
        let fit = try fitting { () throws(FitError) in try SpringFitting.fit(data) }
        emit(fit.json(channel: RecordingChannel(data), cssTolerance: cssTolerance), warnings: fit.warnings, to: out)
    }
}

/// The `fit bezier` document of the samples (`timeCount` times, `valueCount` values).
@_cdecl("motionlab_fit_bezier")
public func motionlab_fit_bezier(
    _ times: UnsafePointer<Double>?, _ timeCount: Int, _ values: UnsafePointer<Double>?, _ valueCount: Int,
    _ channel: UnsafePointer<CChar>?,
    _ css: Double,
    _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    guarded(error) {
        let cssTolerance = try cssTolerance(css)
        let data = try recording(times, timeCount, values, valueCount, channel)
        let fit = try fitting { () throws(FitError) in try BezierFitting.fit(data) }
        emit(fit.json(channel: RecordingChannel(data), cssTolerance: cssTolerance), warnings: fit.warnings, to: out)
    }
}
