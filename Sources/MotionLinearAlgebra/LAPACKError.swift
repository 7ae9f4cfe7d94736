/// Why a LAPACK call could not produce an answer.
public enum LAPACKError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The operands' shapes do not fit the operation; the text says how.
    case dimensionMismatch(String)
    /// An operand holds NaN or ∞; LAPACK's answer would be meaningless.
    case nonFiniteInput(String)
    /// The matrix is singular or rank-deficient: the pivot or diagonal entry `index` (1-based) is zero.
    case singular(index: Int)
    /// The matrix is not positive definite: the leading minor of order `order` is not positive.
    case notPositiveDefinite(order: Int)
    /// LAPACK rejected argument `index` (1-based); a bug in the facade, reported rather than trapped.
    case invalidArgument(routine: String, index: Int)

    public var description: String {
        switch self {
        case .dimensionMismatch(let text): "dimension mismatch: \(text)"
        case .nonFiniteInput(let text): "non-finite input: \(text)"
        case .singular(let index): "the matrix is singular (zero pivot at \(index))"
        case .notPositiveDefinite(let order):
            "the matrix is not positive definite (leading minor of order \(order))"
        case .invalidArgument(let routine, let index): "\(routine) rejected argument \(index)"
        }
    }
}
