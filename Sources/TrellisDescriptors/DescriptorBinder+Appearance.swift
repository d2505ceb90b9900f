import Trellis

extension DescriptorBinder {
  /// The colour `text` gives for `scope`, `nil` for none.
  ///
  /// A key path that cannot be read gives no colour, as RCSTableKit applies only a colour it
  /// finds (its sample reads one from its view controller); ``colorWarning(_:_:_:)`` reports
  /// it. A value that is not a colour is an error.
  func color(_ text: DescriptorText?, _ scope: any KeyValueCoding, _ key: String)
    throws(Diagnostic) -> ThemeColor?
  {
    let value: Value
    switch text {
    case nil: return nil
    case .literal(let written)?: value = .string(written)
    case .keyPath(let keyPath, _)?:
      guard let read = try? read(keyPath, of: scope) else { return nil }
      value = read
    case .function(let name, let location)?: value = try call(name, location, scope)
    case .object(let object)?: value = try self.value(object, from: scope)
    case .count?: value = try self.text(text, scope).map(Value.string) ?? .null
    }
    switch value {
    case .null: return nil
    case .string(let written):
      do { return try ThemeColor(parsing: written, for: key) } catch {
        throw self.error(error.message, Self.location(of: text))
      }
    default:
      throw error(
        "'\(key)' must be a colour (a name, #RRGGBB or rgba(...)), not \(value.type.inWords)",
        Self.location(of: text))
    }
  }

  /// A warning when the key path of a colour cannot be read, so the row has none.
  func colorWarning(_ text: DescriptorText?, _ scope: any KeyValueCoding, _ key: String)
    -> Diagnostic?
  {
    guard case .keyPath(let keyPath, let location)? = text else { return nil }
    do { _ = try read(keyPath, of: scope) } catch {
      var warning = self.error(
        "cannot read '\(keyPath)' for the row's \(key), so it has none: \(error)", location)
      warning.severity = .warning
      return warning
    }
    return nil
  }

  /// The kind (and template) of the cell class `text` names, when it is registered or one of
  /// the libraries'; `nil` otherwise.
  func cellKind(_ text: DescriptorText?, _ scope: any KeyValueCoding) throws(Diagnostic)
    -> (kind: RowKind, template: String?)?
  {
    guard let name = try self.text(text, scope) else { return nil }
    if let registration = library.classes.cells[name] {
      let kind =
        registration.kind ?? (registration.template != nil ? .custom : nil)
        ?? registration.like.flatMap(RCSTableKitReader.kind(ofLibraryClass:)) ?? .plain
      return (kind, registration.template)
    }
    return RCSTableKitReader.kind(ofLibraryClass: name).map { ($0, nil) }
  }

  /// A warning when the cell class `text` names is neither registered nor the library's.
  func cellWarning(_ text: DescriptorText?, _ scope: any KeyValueCoding) -> Diagnostic? {
    guard text != nil, let name = (try? self.text(text, scope)) ?? nil,
      (try? cellKind(text, scope)) ?? nil == nil
    else { return nil }
    var warning = error(
      "cell class '\(name)' is neither RCSTableKit's nor registered: the row is drawn as an "
        + "RCSTableViewCell; register it in Swift (DescriptorLibrary.classes)",
      Self.location(of: text))
    warning.severity = .warning
    return warning
  }
}
