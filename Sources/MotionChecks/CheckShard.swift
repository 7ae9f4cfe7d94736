/// One of `count` disjoint parts of a manifest's recordings, for spreading a large check over
/// the machines of a CI matrix (`--shard index/count`).
///
/// A recording belongs to shard `FNV-1a(path) mod count + 1`, where `path` is the recording's
/// path as the manifest resolves it, relative to the manifest's directory: the same on every
/// machine and checkout, independent of the other recordings, so adding a recording moves no
/// other one between shards. Every recording is in exactly one shard.
public struct CheckShard: Sendable, Hashable, CustomStringConvertible {
    /// This shard's number, 1 … ``count``.
    public let index: Int
    /// How many shards there are, 1 … 10 000.
    public let count: Int

    /// A shard; throws unless 1 ≤ index ≤ count ≤ 10 000.
    ///
    /// - Parameters:
    ///   - index: the shard's number, from 1.
    ///   - count: how many shards.
    public init(index: Int, count: Int) throws(CheckShardError) {
        guard (1...10_000).contains(count), (1...count).contains(index) else {
            throw CheckShardError(message: "--shard i/n needs 1 ≤ i ≤ n ≤ 10000; got \(index)/\(count)")
        }
        self.index = index
        self.count = count
    }

    /// Parses `i/n`.
    ///
    /// - Parameter text: the option's value, such as `2/8`.
    public init(parsing text: String) throws(CheckShardError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw CheckShardError(message: "--shard needs i/n (two integers, 1 ≤ i ≤ n), such as 2/8; got '\(text)'")
        }
        try self.init(index: index, count: count)
    }

    public var description: String { "\(index)/\(count)" }

    /// The shard, 1 … `count`, that holds the recording at `path` (relative to the manifest).
    ///
    /// - Parameters:
    ///   - path: the recording's path relative to the manifest's directory.
    ///   - count: how many shards.
    public static func shard(of path: String, count: Int) -> Int {
        Int(fnv1a(path) % UInt64(count)) + 1
    }

    /// Whether the recording at `path` (relative to the manifest) is in this shard.
    ///
    /// - Parameter path: the recording's path relative to the manifest's directory.
    public func contains(_ path: String) -> Bool { Self.shard(of: path, count: count) == index }

    /// The 64-bit FNV-1a hash of the UTF-8 bytes of `text`.
    ///
    /// - Parameter text: the text to hash.
    public static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}

/// A `--shard` value out of range or malformed: the message names it and the valid range.
public struct CheckShardError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    public var description: String { message }
}
