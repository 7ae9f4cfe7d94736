extension VideoTracker {
    /// The numbers of moving objects a tracker follows.
    public static let objectCounts = 1...64

    /// `count` if it is in ``objectCounts``: checked once for every front end (the command line's
    /// `--objects` and the C ABI call this, so both accept and reject the same counts with the same
    /// message, which names the argument without its dashes).
    /// - Parameter count: how many moving objects to follow.
    public static func checkedObjectCount(_ count: Int) throws(CaptureError) -> Int {
        guard objectCounts.contains(count) else {
            throw .invalidOption("objects must be in \(objectCounts.lowerBound)…\(objectCounts.upperBound); got \(count)")
        }
        return count
    }
}
