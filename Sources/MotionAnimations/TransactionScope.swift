#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A transaction in progress: the body of a `withTransaction` or `withAnimation`, or a host's action.
///
/// The innermost scope of the running thread is the current transaction, which a state change
/// reads. It is thread-local, as SwiftUI's own current transaction is, and not a `@TaskLocal`:
/// a task-local value must be `Sendable`, while a transaction carries completion closures and its
/// scope refers to the host and its states, which stay on the thread that runs them. A scope is
/// pushed and popped within one synchronous call, so it never outlives that call or reaches
/// another thread: a task started inside the body does not inherit it, and tests running hosts
/// in parallel each see their own stack.
final class TransactionScope {
    /// The enclosing scope.
    let parent: TransactionScope?
    /// The host whose action this is, if any (inherited by nested scopes).
    let host: AnimationHost?
    /// The animation of the changes made in this scope: this transaction's, if it sets one,
    /// else the enclosing one's.
    let animation: Animation?
    /// This transaction's own completions.
    let ownCompletions: [CompletionRecord]
    /// The completions a change in this scope counts for: this transaction's and every enclosing one's.
    let completions: [CompletionRecord]
    /// This transaction's number in each host it changed.
    private var numbers: [(host: AnimationHost, number: Int)] = []

    private init(_ transaction: Transaction, parent: TransactionScope?, host: AnimationHost?) {
        self.parent = parent
        self.host = host ?? parent?.host
        animation = transaction.animationSetting ?? parent?.animation
        ownCompletions = transaction.completions.map { CompletionRecord(criteria: $0.criteria, body: $0.body) }
        completions = ownCompletions + (parent?.completions ?? [])
    }

    /// This transaction's number in `host`, given on its first change there.
    func number(in host: AnimationHost) -> Int {
        if let entry = numbers.first(where: { $0.host === host }) { return entry.number }
        let number = host.newTransactionNumber()
        numbers.append((host, number))
        return number
    }

    /// The current scope of the running thread.
    static var current: TransactionScope? {
        guard let pointer = pthread_getspecific(currentScopeKey) else { return nil }
        return Unmanaged<TransactionScope>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Runs `body` as the current scope of `transaction`, inside the current one unless
    /// `detached` (an action or a completion, which inherits nothing); `host` marks a host's
    /// action. When the body returns (or throws), the scope closes its completions.
    static func run<Result>(_ transaction: Transaction, host: AnimationHost? = nil, detached: Bool = false,
                            _ body: () throws -> Result) rethrows -> Result {
        let parentPointer = pthread_getspecific(currentScopeKey)
        let parent = detached ? nil : parentPointer.map { Unmanaged<TransactionScope>.fromOpaque($0).takeUnretainedValue() }
        let scope = TransactionScope(transaction, parent: parent, host: host)
        return try withExtendedLifetime(scope) {
            pthread_setspecific(currentScopeKey, Unmanaged.passUnretained(scope).toOpaque())
            defer {
                pthread_setspecific(currentScopeKey, parentPointer)
                scope.close()
            }
            return try body()
        }
    }

    /// The body has returned: each own completion whose changes started nothing is finalized
    /// (0.01 s later on the host's clock; at once outside a host), and one whose animations have
    /// all completed already is due.
    private func close() {
        for record in ownCompletions {
            record.isOpen = false
            if record.parts == 0 {
                if let host {
                    host.finalize(record)
                } else {
                    TransactionScope.run(Transaction(), detached: true, record.body)
                }
            } else if record.pending == 0, let host = record.host {
                host.enqueue(record)
            }
        }
    }
}

/// The thread-local slot of the current ``TransactionScope`` (unretained: the scope's `run`
/// keeps it alive while it is current).
private let currentScopeKey: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key, nil)
    precondition(status == 0, "TransactionScope: no thread-local key available (pthread_key_create returned \(status))")
    return key
}()

/// One completion of one transaction: how many of the changes it waits for have not yet met its criteria.
final class CompletionRecord {
    /// When the animations count as complete.
    let criteria: AnimationCompletionCriteria
    /// The code to run.
    let body: () -> Void
    /// The changes it waits for.
    var parts = 0
    /// Those not yet complete by ``criteria``.
    var pending = 0
    /// Whether the transaction's body is still running (more changes may come).
    var isOpen = true
    /// The host of the last change it waits for, where it runs.
    weak var host: AnimationHost?

    init(criteria: AnimationCompletionCriteria, body: @escaping () -> Void) {
        self.criteria = criteria
        self.body = body
    }

    /// A change of a state of `host` joins.
    func attach(to host: AnimationHost) {
        parts += 1
        pending += 1
        self.host = host
    }

    /// One change has met the criteria, in `host`: the completion is due once all have and the body has returned.
    func partCompleted(in host: AnimationHost) {
        pending -= 1
        if pending == 0 && !isOpen { host.enqueue(self) }
    }
}
