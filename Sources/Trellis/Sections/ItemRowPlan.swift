import TrellisValues

/// What every item row of a list shares in one rendering, read once for it rather than once
/// per row: the section's actions, what edit mode offers, and where a fetched row's title and
/// detail are among its values.
///
/// The section's settings it reads refresh the whole section when they change
/// (``Section/setNeedsRefresh()``), so a plan never outlives them.
final class ItemRowPlan {
  let actions: SectionActions
  let store: any DataStore
  let deletes: Bool
  let movable: Bool
  let detailAccessory: Accessory
  /// Whether rows read the items through their form's draft (a list inside a form).
  let readsDraft: Bool
  private let titleKeys: [String]
  private let detailKeys: [String]
  private let separator: String
  /// The fault layout whose positions ``titlePositions`` and ``detailPositions`` hold.
  private var layout: ObjectFaultLayout?
  /// The attributes of the rows made last, which rows that set the same ones share.
  let attributes = RowSnapshot.SharedAttributes.Recent()
  /// The attributes of the last row made as a snapshot, and what they were made of.
  private var lastAttributes:
    (
      cellStyle: RowAttributes.CellStyle, reuseIdentifier: String?, isChoice: Bool,
      shared: RowSnapshot.SharedAttributes?
    )?
  private var titlePositions: [Int]?
  private var detailPositions: [Int]?
  /// The title's positions, then the detail's: the keys a made object is read at.
  private var textPositions: [Int] = []

  /// What one item's row shows, read once for its ``Row`` or its snapshot.
  struct Face {
    var text = ""
    var detail: String?
    /// Why the row's values do not fit its object, when they do not.
    var problem: String?
    var accessory = Accessory.none
    /// Whether the row checks its item for a choice rather than opening it.
    var chooses = false
    var reuseIdentifier: String?
    var cellStyle: RowAttributes.CellStyle { detail == nil ? .default : .subtitle }
  }

  init(_ section: ArrayOfObjectsSection) {
    actions = section.effectiveActions
    store = section.currentStore
    let deletes = section.deletes
    self.deletes = deletes
    movable = section.moves && section.store.supportsMoving && section.fetchOptions.sort.isEmpty
    detailAccessory = section.rowDefaults.detailAccessory
    readsDraft = section.ownerDraft != nil
    titleKeys = section.definition.titlePropertyNames
    detailKeys = section.definition.descriptionPropertyNames
    separator = section.definition.titleSeparator
  }

  /// The attributes of a row made as a snapshot, which sets only these three: those of the
  /// row before when they are the same, without making them again.
  func attributes(cellStyle: RowAttributes.CellStyle, reuseIdentifier: String?, isChoice: Bool)
    -> RowSnapshot.SharedAttributes?
  {
    if let last = lastAttributes, last.cellStyle == cellStyle,
      last.reuseIdentifier == reuseIdentifier, last.isChoice == isChoice
    {
      return last.shared
    }
    var made = RowAttributes()
    made.cellStyle = cellStyle
    made.reuseIdentifier = reuseIdentifier
    made.isChoice = isChoice
    let shared = attributes.share(made)
    lastAttributes = (cellStyle, reuseIdentifier, isChoice, shared)
    return shared
  }

  /// The title and detail of a row whose item is a fault, read by position from its fetched
  /// values, or from its object's keys at those positions once the object holds them; `nil`
  /// when they must be read through key-value coding: a key is a key path or not a column, or
  /// the title is empty (which a document's entry shows otherwise). An `observed` read is one
  /// that observation tracks (see ``ObjectFault/unfilledValues(observed:)``).
  func texts(of fault: ObjectFault, observed: Bool) -> (title: String, detail: String?)? {
    if fault.layout !== layout {
      layout = fault.layout
      titlePositions = Self.positions(of: titleKeys, in: fault.layout)
      detailPositions = Self.positions(of: detailKeys, in: fault.layout)
      textPositions = (titlePositions ?? []) + (detailPositions ?? [])
    }
    guard let titlePositions, !titlePositions.isEmpty, let detailPositions else { return nil }
    if let values = fault.unfilledValues(observed: observed) {
      guard let title = joined(titlePositions, of: values) else { return nil }
      return (title, joined(detailPositions, of: values))
    }
    // The object holds the values: the title's and the detail's keys are read from it, in
    // that order.
    guard let values = fault.madeValues(at: textPositions),
      let title = joined(titlePositions.indices, of: values)
    else { return nil }
    return (title, joined(titlePositions.count..<values.count, of: values))
  }

  /// The non-empty texts at `positions`, joined; `nil` when there is none.
  private func joined(_ positions: some Collection<Int>, of values: [Value]) -> String? {
    // Most titles and details are one key: its text alone, without a list of parts.
    if positions.count == 1, let position = positions.first {
      let text = values[position].displayText
      return text.isEmpty ? nil : text
    }
    var parts: [String] = []
    for position in positions {
      let text = values[position].displayText
      if !text.isEmpty { parts.append(text) }
    }
    return parts.isEmpty ? nil : parts.joined(separator: separator)
  }

  /// Where `keys` are among `layout`'s values; `nil` when one is not a plain column key.
  private static func positions(of keys: [String], in layout: ObjectFaultLayout) -> [Int]? {
    var positions: [Int] = []
    for key in keys {
      guard !key.isEmpty, !key.utf8.contains(UInt8(ascii: ".")), let position = layout.index[key]
      else {
        return nil
      }
      positions.append(position)
    }
    return positions
  }
}
