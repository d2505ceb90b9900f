import Foundation

extension RowSnapshot {
  /// Everything a row shows, compared and hashed field by field.
  struct Contents: Hashable, Sendable {
    var id: RowID
    var kind: RowKind
    var text: String?
    var detail: String?
    var value: Value?
    var imageName: String?
    var accessory: Accessory
    var editingAccessory: Accessory
    var editingStyle: EditingStyle
    var isEnabled: Bool
    var isMovable: Bool
    var isDeletable: Bool
    var height: Double?
    var themeStyle: String?
    var attributes: RowAttributes
    var validationMessage: String?
    var keyPath: String?
    var style: ResolvedStyle?
  }

  /// A row's fields, shared by copies of a snapshot until one of them writes.
  ///
  /// A rendered row holds its fields from the start. A deferred row holds its identity and
  /// where it comes from, and is rendered by its ``DeferredRows`` the first time a field is
  /// read.
  final class Storage: @unchecked Sendable {
    /// The row's identity, known without rendering.
    let id: RowID
    /// The fields; `nil` while a deferred row has not been rendered.
    var rendered: Contents?
    /// Where a deferred row comes from; `nil` for a rendered row.
    let source: DeferredRows?
    /// The row's element index in its source.
    let index: Int

    init(_ contents: Contents) {
      id = contents.id
      rendered = contents
      source = nil
      index = 0
    }

    init(deferred id: RowID, index: Int, source: DeferredRows) {
      self.id = id
      self.index = index
      self.source = source
      rendered = nil
    }

    /// The fields, rendering a deferred row on first use.
    var contents: Contents {
      if source == nil, let rendered { return rendered }
      return source?.contents(of: self) ?? Contents.placeholder(id: id)
    }

    /// Whether the fields exist: always for a rendered row, once read for a deferred one.
    var isResolved: Bool { source?.isResolved(self) ?? true }
  }
}

extension RowSnapshot.Contents {
  /// An empty row, for a deferred row whose source can no longer render it.
  static func placeholder(id: RowID) -> Self {
    RowSnapshot.Contents(
      id: id, kind: .plain, text: nil, detail: nil, value: nil, imageName: nil,
      accessory: .none, editingAccessory: .none, editingStyle: .none, isEnabled: true,
      isMovable: false, isDeletable: false, height: nil, themeStyle: nil,
      attributes: RowAttributes(), validationMessage: nil, keyPath: nil, style: nil)
  }
}
