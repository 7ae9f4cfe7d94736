import MotionLab

/// Checks a channel: times strictly increase, times and values are finite.
func checkChannel(_ recording: Recording) {
    precondition(recording.times.count == recording.values.count && !recording.times.isEmpty)
    for i in recording.times.indices {
        precondition(recording.times[i].isFinite && recording.values[i].isFinite)
        if i > 0 { precondition(recording.times[i] > recording.times[i - 1]) }
    }
}

/// The recording CSV reader on arbitrary bytes: every input is either a recording whose times
/// strictly increase and whose values are finite, or a RecordingError — never a crash. The same
/// bytes are read as one channel, as several (plain or tracker), and as a frame-numbered capture;
/// the first byte picks the frame rate, so rates near the limits are tried too; and with each
/// delimiter forced or detected, rows with empty or NaN cells skipped or not (the first byte's
/// low bit), and as a times file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    do {
        let recording = try RecordingReader.parse(text, name: "fuzz.csv")
        checkChannel(recording)
        // Fitting and the step metrics must also answer with a result or an error.
        _ = try? KeyframeFitting.fit(recording, keyframeCount: 3)
        _ = try? StepAnalysis.metrics(of: recording)
    } catch {
        precondition(!error.description.isEmpty)
    }
    // Each delimiter forced (the parse above detects one from the header), rows with empty or
    // NaN cells skipped as gaps: what is kept is still a valid channel.
    let delimiters: [RecordingDialect.Delimiter?] = RecordingDialect.Delimiter.allCases + [nil]
    for delimiter in delimiters {
        do {
            // The first byte picks whether rows are skipped, so both are tried on every delimiter.
            let dialect = RecordingDialect(delimiter: delimiter, skipsInvalidRows: size > 0 && data[0] & 1 == 1)
            let recording = try RecordingReader.parse(text, name: "fuzz.csv", dialect: dialect)
            checkChannel(recording)
            precondition(recording.skippedLines == recording.skippedLines.sorted())
        } catch {
            precondition(!error.description.isEmpty)
        }
    }
    // The same bytes as a --times-file: finite numbers, or an error.
    do {
        let numbers = try NumberColumn.parse(text, name: "times.txt")
        precondition(!numbers.isEmpty && numbers.allSatisfy(\.isFinite))
    } catch {
        precondition(!error.description.isEmpty)
    }
    let rates: [Double] = [60, 1e-300, 1000, 0.001, 29.97, 1001, .nan]
    let fps = rates[Int(size > 0 ? data[0] : 0) % rates.count]
    for clock in [RecordingClock.seconds, RecordingClock(timeUnit: .ms), RecordingClock(fps: fps)] {
        do {
            let channels = try RecordingReader.parseChannels(text, name: "fuzz.csv", clock: clock)
            precondition(!channels.channels.isEmpty)
            channels.channels.forEach(checkChannel)
            _ = try? KeyframeFitting.fit(channels, mode: .count(2))
            _ = MultiChannelStepMetrics(of: channels)
            if let first = channels.names.first {
                checkChannel(try RecordingReader.parse(text, name: "fuzz.csv", column: first, clock: clock))
            }
        } catch {
            precondition(!error.description.isEmpty)
        }
    }
    return 0
}
