import MotionLab

/// `channelCount` channels sharing `count` times, as the multi-channel functions read them: `values`
/// holds the channels one after another (`channelCount` × `count`), `names` their names as a JSON array.
func channelRecording(_ times: UnsafePointer<Double>?, _ values: UnsafePointer<Double>?, _ count: Int, _ channelCount: Int,
                      _ names: UnsafePointer<CChar>?) throws -> MultiChannelRecording {
    guard channelCount >= 1 else { throw ABIFailure.argument("the number of channels must be ≥ 1; got \(channelCount)") }
    guard case .array(let list) = try json(names, "the channel names"), list.count == channelCount else {
        throw ABIFailure.argument("the channel names must be a JSON array of \(channelCount) strings")
    }
    let labels = try list.map { item -> String in
        guard case .string(let s) = item else { throw ABIFailure.argument("a channel name must be a string; got \(item.kindDescription)") }
        return s
    }
    let (product, overflow) = count.multipliedReportingOverflow(by: channelCount)
    guard !overflow else { throw ABIFailure.argument("\(channelCount) channels of \(count) samples are too many") }
    let t = try doubles(times, count)
    guard product == 0 || values != nil else { throw ABIFailure.argument("an array of \(product) numbers was passed as a null pointer") }
    // Each channel straight from its rows of `values` (one copy).
    return MultiChannelRecording(channels: try labels.indices.map { index in
        Recording(times: t, values: try doubles(values.map { $0 + index * count }, count), channel: labels[index], channels: labels)
    })
}
