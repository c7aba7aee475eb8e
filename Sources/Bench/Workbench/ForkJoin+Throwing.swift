import Boards

extension ForkJoin {
    /// ``mapTasks(count:workers:_:)`` for a body that throws: the results in task
    /// order, or the first failure in task order (every task runs either way).
    static func mapTasks<T>(count: Int, workers: Int,
                            _ body: @Sendable (_ task: Int) throws(WorkbenchError) -> T) throws(WorkbenchError) -> [T] {
        try mapTasks(count: count, workers: workers) { task in Result { () throws(WorkbenchError) in try body(task) } }
            .map { result throws(WorkbenchError) in try result.get() }
    }
}
