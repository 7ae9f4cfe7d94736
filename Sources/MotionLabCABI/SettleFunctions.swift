import MotionLab

private func onset(_ code: Int32) throws -> StepAnalysis.Onset {
    switch code {
    case 0: .detected
    case 1: .firstSample
    default: throw ABIFailure.argument("onset must be 0 (detected) or 1 (first-sample); got \(code)")
    }
}

private func band(_ threshold: Double) throws -> Double {
    try checked { () throws(StepAnalysisError) in try StepAnalysis.checkedThreshold(threshold) }
}

/// The `settle` document of one channel (`timeCount` times, `valueCount` values); `file` is what the document's `file` key says.
@_cdecl("motionlab_settle")
public func motionlab_settle(
    _ times: UnsafePointer<Double>?, _ timeCount: Int, _ values: UnsafePointer<Double>?, _ valueCount: Int,
    _ channel: UnsafePointer<CChar>?, _ file: UnsafePointer<CChar>?, _ threshold: Double, _ onsetCode: Int32,
    _ out: CStringOut, _ error: CStringOut
) -> Int32 {
    guarded(error) {
        let (threshold, onset) = (try band(threshold), try onset(onsetCode))
        try withRecording(times, timeCount, values, valueCount, channel) { data in
            let metrics = try computed { () throws(StepAnalysisError) in try StepAnalysis.metrics(of: data, threshold: threshold, onset: onset) }
            emit(metrics.json(recording: data, file: file.map { String(cString: $0) } ?? "-"), to: out)
        }
    }
}

/// The `settle --columns` document of `channelCount` channels sharing `count` times: `values` holds
/// the channels one after another (`channelCount` × `count`), `names` their names as a JSON array.
@_cdecl("motionlab_settle_channels")
public func motionlab_settle_channels(
    _ times: UnsafePointer<Double>?, _ values: UnsafePointer<Double>?, _ count: Int, _ channelCount: Int,
    _ names: UnsafePointer<CChar>?, _ threshold: Double, _ onsetCode: Int32,
    _ out: CStringOut, _ error: CStringOut
) -> Int32 {
    guarded(error) {
        let (threshold, onset) = (try band(threshold), try onset(onsetCode))
        let recording = try channelRecording(times, values, count, channelCount, names)
        let measured = MultiChannelStepMetrics(of: recording, threshold: threshold, onset: onset)
        if let message = measured.noChannelMeasured { throw ABIFailure.data(message) }
        emit(measured.json, warnings: measured.failures.map { "channel \($0)" }, to: out)
    }
}
