import Boards

/// Something a C caller holds by handle: a game, state, agent or vector environment.
///
/// Objects are `@unchecked Sendable` by the header's rule: a handle is used by one
/// thread at a time; only the table that maps handles to objects is shared, and it is
/// behind a mutex.
protocol HandleObject: AnyObject, Sendable {
    /// What the caller holds, for messages (`a state of bagh-chal`).
    var kindDescription: String { get }
}

/// What a handle holds, by kind: looking an object up is a switch, not a dynamic cast
/// to a protocol (which cost about as much as the rest of a cheap call).
enum HandleEntry: Sendable {
    case game(any GameBox)
    case state(any StateBox)
    case agent(any AgentBox)
    case vector(any VectorBox)

    var object: any HandleObject {
        switch self {
        case .game(let o): return o
        case .state(let o): return o
        case .agent(let o): return o
        case .vector(let o): return o
        }
    }
}

/// The live handles: a slot per object, a generation per slot.
///
/// A handle is `generation << 32 | (slot + 1)`, so 0 is never one, and a freed slot
/// given out again gets a new generation: a stale handle is refused, never mistaken
/// for the object now in its slot.
final class HandleTable: Sendable {
    private struct Slots {
        var objects: [HandleEntry?] = []
        var generations: [UInt32] = []
        var free: [Int] = []
    }
    private let slots = Locked(Slots())

    /// Stores `object` and returns its new handle.
    func insert(_ object: HandleEntry) -> UInt64 {
        slots.withLock { s in
            let slot: Int
            if let reused = s.free.popLast() {
                slot = reused
                s.objects[slot] = object
            } else {
                slot = s.objects.count
                s.objects.append(object)
                s.generations.append(1)
            }
            return UInt64(s.generations[slot]) << 32 | UInt64(slot + 1)
        }
    }

    /// Forgets `handle`'s object (ARC frees it once no call is using it).
    func remove(_ handle: UInt64) throws(Failure) {
        let removed = slots.withLock { s -> Bool in
            guard let slot = Self.slot(handle, in: s) else { return false }
            s.objects[slot] = nil
            s.generations[slot] &+= 1
            if s.generations[slot] == 0 { s.generations[slot] = 1 }
            s.free.append(slot)
            return true
        }
        guard removed else { throw Self.unknown(handle) }
    }

    /// The entry of `handle`.
    func get(_ handle: UInt64) throws(Failure) -> HandleEntry {
        let entry = slots.withLock { s in Self.slot(handle, in: s).flatMap { s.objects[$0] } }
        guard let entry else { throw Self.unknown(handle) }
        return entry
    }

    /// The error for `handle`, live but not of the `expected` kind.
    static func wrongKind(_ handle: UInt64, _ entry: HandleEntry, _ expected: String) -> Failure {
        Failure(.handle, "handle \(handle) is \(entry.object.kindDescription), not \(expected)")
    }

    private static func slot(_ handle: UInt64, in s: Slots) -> Int? {
        let index = Int(handle & 0xFFFF_FFFF) - 1
        guard index >= 0, index < s.objects.count, s.objects[index] != nil,
              UInt64(s.generations[index]) == handle >> 32 else { return nil }
        return index
    }

    private static func unknown(_ handle: UInt64) -> Failure {
        Failure(.handle, "handle \(handle) is not live (never made, or already freed)")
    }
}

/// Every handle of the library.
let handles = HandleTable()
