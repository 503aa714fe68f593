#if canImport(Glibc)
import Glibc
#endif

/// The zone rule a thread set for its run (`LocalZone.withRule`), kept in a
/// POSIX thread-specific slot.
enum ThreadZone {
    /// A rule as the slot holds it: a reference, retained while set.
    private final class Box {
        let rule: ZoneRule
        init(_ rule: ZoneRule) { self.rule = rule }
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        // A thread that ends with a rule set releases it.
        let created = pthread_key_create(&key) { pointer in
            if let pointer { Unmanaged<AnyObject>.fromOpaque(pointer).release() }
        }
        precondition(created == 0, "no thread-specific key for the zone rule")
        return key
    }()

    static var current: ZoneRule? {
        get {
            guard let pointer = pthread_getspecific(key) else { return nil }
            return Unmanaged<Box>.fromOpaque(pointer).takeUnretainedValue().rule
        }
        set {
            if let old = pthread_getspecific(key) { Unmanaged<Box>.fromOpaque(old).release() }
            let pointer = newValue.map { Unmanaged.passRetained(Box($0)).toOpaque() }
            pthread_setspecific(key, pointer)
        }
    }
}
