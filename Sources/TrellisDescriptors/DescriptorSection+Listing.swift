import Trellis

/// Rows that follow a list in the data: a section made with a listing takes its entries from
/// it when it is made and whenever the data changes, and deletes a listed row's element from
/// the data.
protocol DescriptorRowListing: AnyObject {
  /// The section's entries for the data as it is now.
  func entries() -> [DescriptorSection.Entry]
  /// Deletes the element the entry at `position` shows from the data, if it shows one;
  /// false when it shows none (the row only leaves the table).
  func delete(at position: Int) throws(TableEditError) -> Bool
}

extension DescriptorSection {
  /// A section whose rows `listing` gives.
  static func listing(
    _ listing: any DescriptorRowListing, id: String, descriptor: SectionDescriptor,
    object: any KeyValueCoding, binder: DescriptorBinder, header: String?, footer: String?
  ) -> DescriptorSection {
    let section = DescriptorSection(
      id: id, descriptor: descriptor, object: object,
      entries: listing.entries(), binder: binder, header: header, footer: footer)
    section.listing = listing
    return section
  }

  /// Takes the listing's entries again: the data changed. Rows whose identities stay are
  /// bound to the objects the listing gives now.
  func relist() {
    guard let listing else { return }
    let fresh = listing.entries()
    let moved = fresh.map(\.id) != entries.map(\.id)
    entries = fresh
    if moved { setNeedsRefresh() }
  }

  /// Deletes the listed element of the row at `index` from the data, returning the row's
  /// entry; `nil` when the row shows no listed element.
  func removeListed(at index: Int) throws(TableEditError) -> Any? {
    guard let listing else { return nil }
    let entry = entries[index]
    guard try listing.delete(at: index) else { return nil }
    relist()
    return entry
  }
}
