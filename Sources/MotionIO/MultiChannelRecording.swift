/// Several channels of one recording, each a ``Recording`` with its own sample times.
///
/// A plain CSV (`time,x,y,…`, or `frame,…` with a frame rate) gives every channel the same
/// times; a tracker CSV (one row per object per frame) gives each object's channels
/// the frames the object was seen on, so channels may differ in their times and counts.
public struct MultiChannelRecording: Sendable, Hashable {
    /// The channels read, in the order asked for (or the file's order).
    public var channels: [Recording]
    /// How the file was laid out.
    public var layout: RecordingLayout

    public init(channels: [Recording], layout: RecordingLayout = .plain) {
        self.channels = channels
        self.layout = layout
    }

    /// The channels' names, in order.
    public var names: [String] { channels.map(\.channel) }

    /// The channel named `name`, if it was read.
    public subscript(name: String) -> Recording? { channels.first { $0.channel == name } }

    /// The earliest sample time of any channel (the common clock's origin); `nil` when empty.
    public var startTime: Double? { channels.compactMap(\.times.first).min() }

    /// Whether every channel has the same sample times.
    public var sharesTimes: Bool {
        guard let first = channels.first else { return true }
        return channels.allSatisfy { $0.times == first.times }
    }
}

/// How a recording CSV lays out its channels.
public enum RecordingLayout: String, Sendable, Hashable {
    /// One row per sample time, one column per channel (`time,x,y,scale`); a tracker's wide
    /// export (`time,a.x,a.y,b.x,b.y`) is this layout too.
    case plain
    /// One row per object per frame: `time|t|frame, id|object|track, x, y[, …]`. Each object's
    /// value columns become channels named `ID.x`, `ID.y`, …
    case tracker
}
