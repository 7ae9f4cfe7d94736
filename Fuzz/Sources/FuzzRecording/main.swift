import MotionLab

/// The recording CSV reader on arbitrary bytes: every input is either a recording whose times
/// strictly increase and whose values are finite, or a RecordingError — never a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    do {
        let recording = try RecordingReader.parse(text, name: "fuzz.csv")
        precondition(recording.times.count == recording.values.count && !recording.times.isEmpty)
        for i in recording.times.indices {
            precondition(recording.times[i].isFinite && recording.values[i].isFinite)
            if i > 0 { precondition(recording.times[i] > recording.times[i - 1]) }
        }
        // Fitting and the step metrics must also answer with a result or an error.
        _ = try? KeyframeFitting.fit(recording, keyframeCount: 3)
        _ = try? StepAnalysis.metrics(of: recording)
    } catch {
        precondition(!error.description.isEmpty)
    }
    return 0
}
