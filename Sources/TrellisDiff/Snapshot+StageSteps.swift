extension Snapshot {
  /// Takes one sequential step of a stage, reading inserted and replaced values from `data`,
  /// the stage's ``Changeset/data``.
  ///
  /// This is the meaning of a ``StageStep``, written once: a host that keeps its own list
  /// (elements, lines) does the same to it.
  ///
  /// - Throws: ``StageStepError`` when the step is outside this snapshot or `data`; the
  ///   snapshot is left as it was.
  public mutating func apply(_ step: StageStep, from data: Self) throws(StageStepError) {
    switch step {
    case .deleteItem(let path):
      guard self[safe: path] != nil else { throw StageStepError(step: step, side: .shown) }
      sections[path.section].items.remove(at: path.item)
    case .deleteSection(let index):
      guard sections.indices.contains(index) else {
        throw StageStepError(step: step, side: .shown)
      }
      sections.remove(at: index)
    case .insertSection(let index):
      guard data.sections.indices.contains(index), (0...sections.count).contains(index) else {
        throw StageStepError(
          step: step, side: data.sections.indices.contains(index) ? .shown : .data)
      }
      sections.insert(data.sections[index], at: index)
    case .insertItem(let path):
      guard let item = data[safe: path] else { throw StageStepError(step: step, side: .data) }
      guard sections.indices.contains(path.section),
        (0...sections[path.section].items.count).contains(path.item)
      else { throw StageStepError(step: step, side: .shown) }
      sections[path.section].items.insert(item, at: path.item)
    case .reloadSection(let index):
      guard data.sections.indices.contains(index) else {
        throw StageStepError(step: step, side: .data)
      }
      guard sections.indices.contains(index) else {
        throw StageStepError(step: step, side: .shown)
      }
      sections[index] = data.sections[index]
    case .reloadItem(let path):
      guard let item = data[safe: path] else { throw StageStepError(step: step, side: .data) }
      guard self[safe: path] != nil else { throw StageStepError(step: step, side: .shown) }
      sections[path.section].items[path.item] = item
    }
  }

  /// Takes every step in order, each as the single-step `apply(_:from:)` takes it.
  ///
  /// - Throws: ``StageStepError`` for the first step that does not fit; the steps before it
  ///   stay taken.
  public mutating func apply(_ steps: [StageStep], from data: Self) throws(StageStepError) {
    for step in steps { try apply(step, from: data) }
  }
}

/// A sequential step that points outside the list it is applied to, or outside the stage's
/// data.
public struct StageStepError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Which list the step does not fit.
  public enum Side: String, Hashable, Sendable {
    /// The list being patched, as the steps before left it.
    case shown
    /// The stage's data, where inserted and replaced values come from.
    case data
  }

  /// The step.
  public var step: StageStep
  /// Which list it does not fit.
  public var side: Side

  /// Creates an error for `step`.
  public init(step: StageStep, side: Side) {
    self.step = step
    self.side = side
  }

  public var description: String {
    switch side {
    case .shown: "\(step) is outside the list shown"
    case .data: "\(step) is outside the stage's data"
    }
  }
}
