/// One result slot per task (or per worker). Not shared: a slot is written only by
/// the worker that owns it (a task index claimed from an atomic counter, or the
/// worker's own index), and read after the workers are joined, which orders every
/// write before the read, so no lock is needed (and ThreadSanitizer sees the order).
struct TaskSlots: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<UInt64>
    private let count: Int

    init(count: Int) {
        self.count = count
        slots = .allocate(capacity: max(count, 1))
        slots.initialize(repeating: 0)
    }

    func set(_ index: Int, _ value: UInt64) { slots[index] = value }

    var values: [UInt64] { Array(slots.prefix(count)) }

    func deallocate() { slots.deallocate() }
}
