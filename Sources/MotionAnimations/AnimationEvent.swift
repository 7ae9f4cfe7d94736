/// Something that happened on a frame: a phase began, or a transaction's completion fired.
public struct AnimationEvent: Sendable, Hashable {
    /// What happened.
    public enum Kind: String, Sendable, Hashable, CaseIterable, Comparable {
        /// A phase animator began a phase (``AnimationEvent/phase`` says which).
        case phase
        /// A transaction's animations logically completed (`AnimationCompletionCriteria.logicallyComplete`).
        case logicallyComplete
        /// Every animation a transaction took part in has finished (`AnimationCompletionCriteria.removed`).
        case removed

        /// phase < logicallyComplete < removed: the order of events on one frame.
        public static func < (lhs: Kind, rhs: Kind) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    /// The frame time.
    public var time: Double
    /// What happened.
    public var kind: Kind
    /// The transaction, numbered from 0 in the order applied.
    public var transaction: Int
    /// For a phase event, the index of the phase begun.
    public var phase: Int?

    public init(time: Double, kind: Kind, transaction: Int, phase: Int? = nil) {
        self.time = time
        self.kind = kind
        self.transaction = transaction
        self.phase = phase
    }
}
