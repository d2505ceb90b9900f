/// A write an async store started on the caller's domain: the round trip left to run in the
/// background, and what puts back the values the start gave the object when it fails.
///
/// ```swift
/// let write = try store.prepareUpdate(task, values: ["name": "Buy milk"])
/// do { try await write.run() } catch { write.undo.run() }  // the undo on the same domain
/// ```
public struct PreparedStoreWrite {
  /// The store's round trip; safe to run from any task.
  public var run: @Sendable () async throws(StoreError) -> Void
  /// Puts back what the start of the write changed; run it on the domain that started it,
  /// and only when ``run`` failed.
  public var undo: ValuesUndo
  /// What runs on the caller's domain once ``run`` succeeded: the next write to run, or
  /// `nil` when the write is done. A write that must look at the store before it knows what
  /// to write (a form's new object that another client may have saved meanwhile) reads in
  /// ``run`` and decides here.
  package var followUp: FollowUp?

  /// What runs on the caller's domain once a write succeeded.
  package typealias FollowUp = () throws(StoreError) -> PreparedStoreWrite?

  /// A write whose start is done, with `run` left and `undo` to take the start back.
  public init(
    undo: ValuesUndo = ValuesUndo(), run: @escaping @Sendable () async throws(StoreError) -> Void
  ) {
    self.run = run
    self.undo = undo
  }

  /// The write `prepare` starts after the caller changed something itself, which `undo` takes
  /// back: its undo takes back both, the store's start first; when `prepare` throws, `undo`
  /// runs at once.
  package static func after(
    _ undo: ValuesUndo, _ prepare: () throws(StoreError) -> PreparedStoreWrite
  ) throws(StoreError) -> PreparedStoreWrite {
    var write: PreparedStoreWrite
    do throws(StoreError) { write = try prepare() } catch {
      undo.run()
      throw error
    }
    var both = undo
    both.append(write.undo)
    write.undo = both
    return write
  }
}
