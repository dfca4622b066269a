import Synchronization

/// A value shared between threads, reached only while holding its lock.
public final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    public init(_ value: Value) { mutex = Mutex(value) }

    /// Runs `body` with the value, alone.
    public func withLock<R: Sendable>(_ body: (inout sending Value) throws -> sending R) rethrows -> R {
        try mutex.withLock(body)
    }

    /// A copy of the value as it is now.
    public var value: Value { mutex.withLock { $0 } }
}
