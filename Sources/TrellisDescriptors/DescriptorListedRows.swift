import Trellis

/// The rows of a section some of whose rows repeat over a list in the data (`list` on a row):
/// one row per element, taken again whenever the data changes, so that every window shows the
/// list as it is now. Deleting a repeated row (`editingStyle` delete) deletes its element from
/// the data; any other deletable row only leaves this table.
final class DescriptorListedRows: DescriptorRowListing {
  private let section: SectionDescriptor
  /// The object the section's rows resolve their own objects from.
  private let object: any KeyValueCoding
  private let sectionID: String
  private let binder: DescriptorBinder
  /// Rows deleted from this table only, which stay out of it.
  private var removed: Set<RowID> = []
  /// The entries last given, whose positions ``delete(at:)`` is called with.
  private var given: [DescriptorSection.Entry] = []

  init(
    section: SectionDescriptor, object: any KeyValueCoding, sectionID: String,
    binder: DescriptorBinder
  ) {
    self.section = section
    self.object = object
    self.sectionID = sectionID
    self.binder = binder
  }

  func entries() -> [DescriptorSection.Entry] {
    var problems: [Diagnostic] = []
    let all = Self.entries(
      of: section, object: object, sectionID: sectionID, binder: binder, problems: &problems)
    given = all.filter { !removed.contains($0.id) }
    return given
  }

  func delete(at position: Int) throws(TableEditError) -> Bool {
    guard given.indices.contains(position) else {
      throw .rowOutOfRange(path: "[\(sectionID), \(position)]", count: given.count)
    }
    let entry = given[position]
    guard entry.descriptor.list != nil,
      let element = DescriptorSection.listElement(of: entry.object)
    else {
      removed.insert(entry.id)
      return false
    }
    if let reason = DescriptorSection.removeListElement(element) {
      throw .refused(section: sectionID, reason: reason)
    }
    return true
  }

  /// The entries of `section`'s rows over `object`, a row repeated over a list once per
  /// element (its id numbered by the element); what cannot be resolved is added to `problems`
  /// and its rows left out.
  static func entries(
    of section: SectionDescriptor, object: any KeyValueCoding, sectionID: String,
    binder: DescriptorBinder, problems: inout [Diagnostic]
  ) -> [DescriptorSection.Entry] {
    var entries: [DescriptorSection.Entry] = []
    for (rowIndex, row) in section.rows.enumerated() {
      var rowObjects: [any KeyValueCoding]
      do {
        let rowBase = try binder.resolve(row.object, from: object)
        rowObjects = [rowBase]
        if let list = row.list {
          rowObjects = try binder.elements(list, from: rowBase, at: row.location)
        }
      } catch {
        problems.append(error)
        continue
      }
      let name = row.name ?? "row\(rowIndex)"
      for (element, rowObject) in rowObjects.enumerated() {
        let key = row.list == nil ? name : "\(name)#\(element)"
        entries.append(
          DescriptorSection.Entry(
            descriptor: row, object: rowObject, id: RowID(scope: sectionID, .string(key))))
      }
    }
    return entries
  }
}
