/// A small, fast, seeded random number generator (Steele, Lea and Flood's SplitMix64), for
/// reproducible inputs: the same seed gives the same sequence on every platform and run.
/// Not for cryptography.
package struct SplitMix64: RandomNumberGenerator, Sendable, Hashable {
    package private(set) var state: UInt64

    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1), with 53 random bits.
    package mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }
}
