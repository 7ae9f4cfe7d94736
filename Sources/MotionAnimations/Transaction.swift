/// The context of a state change: the animation it runs with and the completions that wait for
/// the animations it starts (SwiftUI's `Transaction`).
///
/// State changes made inside ``withTransaction(_:_:)`` or ``withAnimation(_:_:)`` belong to that
/// transaction; a change made outside any belongs to a transaction without animation and jumps.
/// An ``AnimationHost`` runs them on its frame clock.
///
/// ```swift
/// var transaction = Transaction(animation: .snappy)
/// transaction.addAnimationCompletion(criteria: .removed) { print("settled") }
/// withTransaction(transaction) { offset = 100 }
/// ```
public struct Transaction {
    /// The animation, if this transaction sets one: `.some(nil)` sets "no animation", `nil`
    /// leaves the animation of the enclosing transaction in force, as SwiftUI's property list does.
    var animationSetting: Animation??
    /// The completions added, in order.
    var completions: [(criteria: AnimationCompletionCriteria, body: () -> Void)] = []

    /// A transaction that sets nothing: inside another transaction, the enclosing animation applies.
    public init() {}

    /// A transaction with `animation` (nil: the changes jump).
    ///
    /// - Parameter animation: The animation of the changes made in the transaction.
    public init(animation: Animation?) {
        self.animation = animation
    }

    /// The animation of the changes made in the transaction; nil when they jump.
    public var animation: Animation? {
        get { animationSetting ?? nil }
        set { animationSetting = .some(newValue) }
    }

    /// Adds a completion to run when the animations this transaction's changes start have completed
    /// by `criteria`, each on the frame its last animation reports it.
    ///
    /// The completion runs exactly once, as an action of its own: its changes form a new
    /// transaction on that frame. When the changes start no animation it runs on the first frame
    /// 0.01 s or more later (SwiftUI's transaction finalization).
    ///
    /// - Parameters:
    ///   - criteria: When the animations count as complete.
    ///   - completion: The code to run then.
    public mutating func addAnimationCompletion(criteria: AnimationCompletionCriteria = .logicallyComplete,
                                                _ completion: @escaping () -> Void) {
        completions.append((criteria, completion))
    }
}

/// When the animations of a transaction count as complete (SwiftUI's `AnimationCompletionCriteria`).
public struct AnimationCompletionCriteria: Hashable, Sendable {
    /// The animations have logically completed, but may still be in their long tail: a fluid
    /// spring after its response, an interpolating spring after its period 2π/√stiffness, a
    /// timing curve at its end.
    ///
    /// A later change that starts more animations on the same values does not delay it: it fires
    /// when the animations of its own change would have logically completed.
    public static let logicallyComplete = AnimationCompletionCriteria(kind: .logicallyComplete)

    /// The animations have entirely finished and are removed.
    ///
    /// A later change that starts more animations on the same values delays it until all of them
    /// have finished.
    public static let removed = AnimationCompletionCriteria(kind: .removed)

    /// The event that meets the criteria.
    let kind: AnimationEvent.Kind
}

/// Runs `body` in `transaction`: the state changes it makes take the transaction's animation and
/// count for its completions (SwiftUI's `withTransaction(_:_:)`).
///
/// A transaction inside another sets what it sets and keeps the rest: its animation, if set, wins
/// for the changes in its body, and the enclosing transactions' completions wait for those changes too.
///
/// - Parameters:
///   - transaction: The animation and completions of the changes.
///   - body: The code that changes state.
/// - Returns: What `body` returns.
public func withTransaction<Result>(_ transaction: Transaction, _ body: () throws -> Result) rethrows -> Result {
    try TransactionScope.run(transaction, body)
}

/// Runs `body` in a transaction with one property set (SwiftUI's `withTransaction(_:_:_:)`):
/// `withTransaction(\.animation, .bouncy) { offset = -40 }`.
///
/// - Parameters:
///   - keyPath: The property of the transaction to set.
///   - value: Its value.
///   - body: The code that changes state.
/// - Returns: What `body` returns.
public func withTransaction<R, V>(_ keyPath: WritableKeyPath<Transaction, V>, _ value: V,
                                  _ body: () throws -> R) rethrows -> R {
    var transaction = Transaction()
    transaction[keyPath: keyPath] = value
    return try withTransaction(transaction, body)
}

/// Runs `body` with `animation`: the state changes it makes animate with it (SwiftUI's
/// `withAnimation(_:_:)`). Inside another `withAnimation`, the innermost animation wins for the
/// changes in its body.
///
/// - Parameters:
///   - animation: The animation; nil makes the changes jump.
///   - body: The code that changes state.
/// - Returns: What `body` returns.
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    try withTransaction(Transaction(animation: animation), body)
}

/// Runs `body` with `animation` and runs `completion` once the animations it starts have
/// completed by `completionCriteria` (SwiftUI's `withAnimation(_:completionCriteria:_:completion:)`).
///
/// ```swift
/// withAnimation(.bouncy) {
///     offset = -200
/// } completion: {
///     withAnimation { offset = 0 }
/// }
/// ```
///
/// The completion runs on the frame on which the last of those animations reports the criteria
/// met, as a new transaction of that frame: the frame shows the value it was rendering, and an
/// animation the completion starts is first sampled on the next frame. When `body` starts no
/// animation, the completion runs on the first frame 0.01 s or more later (at once when called
/// outside a host's action).
///
/// - Parameters:
///   - animation: The animation; nil makes the changes jump.
///   - completionCriteria: When the animations count as complete.
///   - body: The code that changes state.
///   - completion: The code to run when they have completed.
/// - Returns: What `body` returns.
public func withAnimation<Result>(_ animation: Animation? = .default,
                                  completionCriteria: AnimationCompletionCriteria = .logicallyComplete,
                                  _ body: () throws -> Result, completion: @escaping () -> Void) rethrows -> Result {
    var transaction = Transaction(animation: animation)
    transaction.addAnimationCompletion(criteria: completionCriteria, completion)
    return try withTransaction(transaction, body)
}
