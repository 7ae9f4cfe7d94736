import MotionCapture
import MotionIO

/// One entry of a manifest's `checks`: which recordings, which channel, what is expected of them
/// and how much a failure counts.
public struct CheckSpecification: Sendable {
    /// The check's name, as testcases and tables show it.
    public var name: String
    /// Paths or globs of recordings, resolved against the manifest's directory.
    public var recordings: [String]
    /// The channel (CSV column) to check; `nil` for recordings with one channel (a recording with
    /// several is then a problem naming them).
    public var column: String?
    /// The unit of the recordings' time column.
    public var timeUnit: TimeUnit
    /// The frame rate of recordings whose first column is `frame` (frame-indexed captures).
    public var fps: Double?
    /// The settling band for step metrics, as a fraction of the step (`settle --threshold`).
    public var threshold: Double
    public var level: CheckLevel
    /// The expectations, in the manifest's order.
    public var expectations: [Expectation]
    /// For videos: the part of the frame to search (`motionlab track --region`); `nil` for all of it.
    public var region: PixelRegion?
    /// For videos: how many moving objects to track (`motionlab track --objects`); their channels
    /// are then `ID.x`, `ID.y`, ….
    public var objects: Int

    public init(name: String, recordings: [String], column: String? = nil, timeUnit: TimeUnit = .s, fps: Double? = nil,
                threshold: Double = 0.02, level: CheckLevel = .error, expectations: [Expectation],
                region: PixelRegion? = nil, objects: Int = 1) {
        self.region = region
        self.objects = objects
        self.fps = fps
        self.name = name
        self.recordings = recordings
        self.column = column
        self.timeUnit = timeUnit
        self.threshold = threshold
        self.level = level
        self.expectations = expectations
    }
}
