import MotionLab

/// Runs `body` on one channel of samples, named `channel`, as the fits and `settle` read a
/// recording's column (in pooled arrays: see `SamplePool`). Counts that differ reach the library,
/// which names them.
func withRecording<T>(_ times: UnsafePointer<Double>?, _ timeCount: Int, _ values: UnsafePointer<Double>?, _ valueCount: Int,
                      _ channel: UnsafePointer<CChar>?, _ body: (Recording) throws -> T) throws -> T {
    let name = channel.map { String(cString: $0) } ?? "value"
    return try withPooledDoubles(times, timeCount) { t in
        try withPooledDoubles(values, valueCount) { v in
            try body(Recording(times: t, values: v, channel: name, channels: [name]))
        }
    }
}

/// The keyframe fit's mode: keyframes ending at `endTimes` (`mode` 0), `keyframeCount` evenly
/// spaced keyframes (`mode` 1), or the fewest keyframes whose max error is ≤ `tolerance` (`mode` 2).
private func keyframeMode(_ mode: Int32, _ endTimes: UnsafePointer<Double>?, _ endTimeCount: Int, _ keyframeCount: Int,
                          _ tolerance: Double) throws -> KeyframeFitting.Mode {
    switch mode {
    case 0: .endTimes(try doubles(endTimes, endTimeCount))
    case 1: .count(try checked { () throws(FitArgumentError) in try FitArguments.keyframeCount(keyframeCount) })
    case 2: .tolerance(try checked { () throws(FitArgumentError) in try FitArguments.tolerance(tolerance) })
    default: throw ABIFailure.argument("mode must be 0 (end times), 1 (a count) or 2 (a tolerance); got \(mode)")
    }
}

private func cssTolerance(_ value: Double) throws -> Double {
    try checked { () throws(FitArgumentError) in try FitArguments.cssTolerance(value) }
}

/// Checks the CSS tolerance `css`, fits one channel of samples with `fit` and emits the fit's
/// document and warnings to `out`: what the one-channel fits share.
private func emitFit<Fit: ChannelFitDocument>(
    _ times: UnsafePointer<Double>?, _ timeCount: Int, _ values: UnsafePointer<Double>?, _ valueCount: Int,
    _ channel: UnsafePointer<CChar>?, _ css: Double, _ out: CStringOut,
    _ fit: (Recording) throws(FitError) -> Fit
) throws {
    let cssTolerance = try cssTolerance(css)
    try withRecording(times, timeCount, values, valueCount, channel) { data in
        let result = try computed { () throws(FitError) in try fit(data) }
        emit(result.json(channel: RecordingChannel(data), cssTolerance: cssTolerance), warnings: result.warnings, to: out)
    }
}

/// The `fit keyframes` document of the samples (`timeCount` times, `valueCount` values): keyframes ending at `endTimes` (`mode` 0), `keyframeCount`
/// evenly spaced keyframes (`mode` 1), or the fewest keyframes whose max error is ≤ `tolerance` (`mode` 2).
@_cdecl("motionlab_fit_keyframes")
public func motionlab_fit_keyframes(
    _ times: UnsafePointer<Double>?, _ timeCount: Int, _ values: UnsafePointer<Double>?, _ valueCount: Int,
    _ channel: UnsafePointer<CChar>?,
    _ mode: Int32, _ endTimes: UnsafePointer<Double>?, _ endTimeCount: Int, _ keyframeCount: Int, _ tolerance: Double,
    _ css: Double,
    _ out: CStringOut, _ error: CStringOut
) -> Int32 {
    guarded(error) {
        let fitMode = try keyframeMode(mode, endTimes, endTimeCount, keyframeCount, tolerance)
        try emitFit(times, timeCount, values, valueCount, channel, css, out) { (data) throws(FitError) in try KeyframeFitting.fit(data, mode: fitMode) }
    }
}

/// The `fit keyframes --columns` document of `channelCount` channels sharing `count` times (`values`
/// holds the channels one after another, `names` their names as a JSON array): one multi-track
/// timeline, on shared keyframe times unless `independentTimes` is nonzero; `mode` as for `motionlab_fit_keyframes`.
@_cdecl("motionlab_fit_keyframes_channels")
public func motionlab_fit_keyframes_channels(
    _ times: UnsafePointer<Double>?, _ values: UnsafePointer<Double>?, _ count: Int, _ channelCount: Int,
    _ names: UnsafePointer<CChar>?,
    _ mode: Int32, _ endTimes: UnsafePointer<Double>?, _ endTimeCount: Int, _ keyframeCount: Int, _ tolerance: Double,
    _ independentTimes: Int32, _ css: Double,
    _ out: CStringOut, _ error: CStringOut
) -> Int32 {
    guarded(error) {
        let fitMode = try keyframeMode(mode, endTimes, endTimeCount, keyframeCount, tolerance)
        let cssTolerance = try cssTolerance(css)
        let data = try channelRecording(times, values, count, channelCount, names)
        let fit = try computed { () throws(FitError) in try KeyframeFitting.fit(data, mode: fitMode, independentTimes: independentTimes != 0) }
        emit(fit.json(cssTolerance: cssTolerance), warnings: fit.warnings, to: out)
    }
}

/// The `fit spring` document of the samples (`timeCount` times, `valueCount` values).
@_cdecl("motionlab_fit_spring")
public func motionlab_fit_spring(
    _ times: UnsafePointer<Double>?, _ timeCount: Int, _ values: UnsafePointer<Double>?, _ valueCount: Int,
    _ channel: UnsafePointer<CChar>?,
    _ css: Double,
    _ out: CStringOut, _ error: CStringOut
) -> Int32 {
    guarded(error) {
        try emitFit(times, timeCount, values, valueCount, channel, css, out) { (data) throws(FitError) in try SpringFitting.fit(data) }
    }
}

/// The `fit spring --columns` document of `channelCount` channels sharing `count` times (`values`
/// holds the channels one after another, `names` their names as a JSON array): a spring each, and
/// the choreography. A channel that cannot be fitted is a warning; none fitted is an error.
@_cdecl("motionlab_fit_spring_channels")
public func motionlab_fit_spring_channels(
    _ times: UnsafePointer<Double>?, _ values: UnsafePointer<Double>?, _ count: Int, _ channelCount: Int,
    _ names: UnsafePointer<CChar>?, _ css: Double,
    _ out: CStringOut, _ error: CStringOut
) -> Int32 {
    guarded(error) {
        let cssTolerance = try cssTolerance(css)
        let choreography = SpringChoreography(fitting: try channelRecording(times, values, count, channelCount, names))
        if let message = choreography.noChannelFitted { throw ABIFailure.data(message) }
        emit(choreography.json(cssTolerance: cssTolerance), warnings: choreography.failureWarnings + choreography.fitWarnings, to: out)
    }
}

/// The `fit bezier` document of the samples (`timeCount` times, `valueCount` values).
@_cdecl("motionlab_fit_bezier")
public func motionlab_fit_bezier(
    _ times: UnsafePointer<Double>?, _ timeCount: Int, _ values: UnsafePointer<Double>?, _ valueCount: Int,
    _ channel: UnsafePointer<CChar>?,
    _ css: Double,
    _ out: CStringOut, _ error: CStringOut
) -> Int32 {
    guarded(error) {
        try emitFit(times, timeCount, values, valueCount, channel, css, out) { (data) throws(FitError) in try BezierFitting.fit(data) }
    }
}
