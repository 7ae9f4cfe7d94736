/// A recorded motion beside a model of it, played back in the HTML report: two dots move
/// along a track, one at the recorded value and one at the model's, with play, pause and a
/// scrub slider. Without scripts the page shows the static plots instead.
public struct MotionPlayer: Sendable, Hashable {
    /// What is played (shown above the player).
    public var title: String
    /// Sample times in seconds, increasing.
    public var times: [Double]
    /// The recorded value at each time.
    public var recorded: [Double]
    /// The model's value at each time.
    public var model: [Double]
    /// The model's name (a fit's: `spring`, `timing curve`, `keyframes`).
    public var modelName: String

    /// At most this many samples are played; longer recordings are thinned evenly.
    public static let maximumSamples = 2000

    /// A player of `recorded` beside `model` at `times` (the three of one length; a longer
    /// recording than ``maximumSamples`` is thinned evenly, keeping the last sample).
    ///
    /// - Parameters:
    ///   - title: what is played.
    ///   - times: sample times in seconds, increasing.
    ///   - recorded: the recorded values.
    ///   - model: the model's values at the same times.
    ///   - modelName: the model's name.
    public init(title: String, times: [Double], recorded: [Double], model: [Double], modelName: String) {
        let n = min(times.count, recorded.count, model.count)
        var keep = Array(0..<n)
        if n > Self.maximumSamples {
            keep = (0..<Self.maximumSamples).map { $0 * (n - 1) / (Self.maximumSamples - 1) }
        }
        self.title = title
        self.times = keep.map { times[$0] }
        self.recorded = keep.map { recorded[$0] }
        self.model = keep.map { model[$0] }
        self.modelName = modelName
    }
}
