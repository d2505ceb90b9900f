import Trellis

/// Resolves a descriptor's objects, texts and conditions against a root object, with errors
/// located in the descriptor.
final class DescriptorBinder {
  let descriptor: TableDescriptor
  let library: DescriptorLibrary
  let root: any KeyValueCoding
  private var named: [String: any KeyValueCoding] = [:]

  init(descriptor: TableDescriptor, library: DescriptorLibrary, root: any KeyValueCoding) {
    self.descriptor = descriptor
    self.library = library
    self.root = root
  }

  func error(_ message: String, _ location: SourceLocation?) -> Diagnostic {
    Diagnostic(message, at: location?.inFile(descriptor.file), file: descriptor.file)
  }

  func warning(_ message: String, _ location: SourceLocation?) -> Diagnostic {
    Diagnostic(
      message, at: location?.inFile(descriptor.file), file: descriptor.file, severity: .warning)
  }

  // MARK: Objects

  /// The object `object` names, starting from `scope`.
  func resolve(_ object: DescriptorObject?, from scope: any KeyValueCoding) throws(Diagnostic)
    -> any KeyValueCoding
  {
    switch object {
    case nil: return scope
    case .root?: return root
    case .named(let name, let location)?:
      if let cached = named[name] { return cached }
      let resolved: any KeyValueCoding
      if let value = library.objects[name] {
        if case .object(let ref) = value, let object = ref.object as? KeyValueCoding {
          resolved = object
        } else {
          resolved = DocumentObject(value)
        }
      } else if (try? root.value(forKey: name)) != nil {
        resolved = root.object(atKeyPath: name)
      } else {
        let candidates = (Array(library.objects.keys) + root.propertyNames).sorted()
        var message = "unknown substitution ':\(name)'"
        if let close = NameSuggestion.closest(to: name, among: candidates) {
          message += " (did you mean ':\(close)'?)"
        } else {
          message += "; substitutions are ':self', the library's objects and the root's properties"
        }
        throw error(message, location)
      }
      named[name] = resolved
      return resolved
    case .keyPath(let keyPath, let location)?:
      do { _ = try scope.value(forKeyPath: keyPath) } catch {
        throw self.error("cannot read '\(keyPath)': \(error)", location)
      }
      return scope.object(atKeyPath: keyPath)
    }
  }

  /// The value `object` names, as a value.
  func value(_ object: DescriptorObject, from scope: any KeyValueCoding) throws(Diagnostic)
    -> Value
  {
    resolvedValue(try resolve(object, from: scope))
  }

  private func resolvedValue(_ object: any KeyValueCoding) -> Value {
    if let view = object as? KeyPathObject { return view.value }
    if let document = object as? DocumentObject { return document.root }
    return .object(ObjectReference(object))
  }

  /// The elements of the list `object` names, each as an object.
  func elements(
    _ object: DescriptorObject, from scope: any KeyValueCoding, at location: SourceLocation?
  )
    throws(Diagnostic) -> [any KeyValueCoding]
  {
    let list = try resolve(object, from: scope)
    guard let array = resolvedValue(list).arrayValue else {
      throw error("'list' must name a list, not \(resolvedValue(list).type.inWords)", location)
    }
    return array.indices.map { list.object(atKeyPath: String($0)) }
  }

  // MARK: Texts and conditions

  /// The text `text` gives for `scope`.
  func text(_ text: DescriptorText?, _ scope: any KeyValueCoding) throws(Diagnostic) -> String? {
    switch text {
    case nil: return nil
    case .literal(let s)?: return s
    case .keyPath(let keyPath, let location)?:
      do {
        let value = try read(keyPath, of: scope)
        return value.isNull ? nil : RowSnapshot.displayable(value).displayText
      } catch { throw self.error("cannot read '\(keyPath)': \(error)", location) }
    case .function(let name, let location)?:
      let value = try call(name, location, scope)
      return value.isNull ? nil : value.displayText
    case .object(let object)?:
      let value = try value(object, from: scope)
      return value.isNull ? nil : RowSnapshot.displayable(value).displayText
    case .count(let count)?:
      return try counter(for: count).number.map(count.text)
    }
  }

  /// The counter of the source `count` names, shared by every screen of the library.
  func counter(for count: DescriptorCount) throws(Diagnostic) -> SourceCount {
    do { return try library.counter(for: count, file: descriptor.file) } catch {
      throw error.diagnostics.first ?? self.error("the count's source cannot be opened", nil)
    }
  }

  /// The result of the function registered as `name`, for `scope`.
  func call(_ name: String, _ location: SourceLocation?, _ scope: any KeyValueCoding)
    throws(Diagnostic) -> Value
  {
    guard let function = library.functions[name] else {
      throw error(unknownName("function", name, Array(library.functions.keys)), location)
    }
    return function(scope.descriptorValue)
  }

  /// The value at `keyPath` of `scope`; `SELF` is the object itself.
  func read(_ keyPath: String, of scope: any KeyValueCoding) throws(BindingError) -> Value {
    if keyPath == "SELF" {
      if let document = scope as? DocumentObject { return document.root }
      return scope.descriptorValue
    }
    return try scope.value(forKeyPath: keyPath)
  }

  func unknownName(_ what: String, _ name: String, _ candidates: [String]) -> String {
    var message = "no \(what) named '\(name)' is registered"
    if let close = NameSuggestion.closest(to: name, among: candidates) {
      message += " (did you mean '\(close)'?)"
    }
    return message
  }

  /// Whether `condition` holds for `scope`; `fallback` when there is none.
  func holds(_ condition: DescriptorCondition?, _ scope: any KeyValueCoding, fallback: Bool)
    throws(Diagnostic) -> Bool
  {
    switch condition {
    case nil: return fallback
    case .constant(let b)?: return b
    case .predicate(let predicate, let location)?:
      do {
        return try predicate.evaluate(on: scope.descriptorValue, variables: library.objects)
      } catch {
        throw self.error("cannot evaluate '\(predicate)': \(error)", location)
      }
    case .object(let object)?:
      let value = try value(object, from: scope)
      switch value {
      case .bool(let b): return b
      case .int(let i): return i != 0
      case .null: return false
      default:
        let location: SourceLocation? =
          switch object {
          case .named(_, let at), .keyPath(_, let at): at
          case .root: nil
          }
        throw error("a condition must be true or false, not \(value.type.inWords)", location)
      }
    }
  }

  /// The items a selection chooses among.
  func choices(_ choices: DescriptorChoices?, _ scope: any KeyValueCoding) throws(Diagnostic)
    -> [Value]
  {
    switch choices {
    case nil: return []
    case .literal(let values)?: return values
    case .object(let object)?:
      let value = try value(object, from: scope)
      guard let array = value.arrayValue else {
        let location: SourceLocation? =
          switch object {
          case .named(_, let at), .keyPath(_, let at): at
          case .root: nil
          }
        throw error("'choices' must be a list, not \(value.type.inWords)", location)
      }
      return array
    }
  }

  /// A name from a fixed set, from a literal, a key path, a function or a substitution; a
  /// whole number is UIKit's constant of that raw value (as RCSTableKit's `:sel` keys return).
  func named<T: RawRepresentable & CaseIterable>(
    _ text: DescriptorText?, _ scope: any KeyValueCoding, _ type: T.Type
  )
    throws(Diagnostic) -> T? where T.RawValue == String
  {
    guard let name = try self.text(text, scope) else { return nil }
    if let value = T(rawValue: name) { return value }
    let all = Array(T.allCases)
    if let index = Int(name), all.indices.contains(index) { return all[index] }
    throw error("'\(name)' is not a valid \(T.self)", Self.location(of: text))
  }

  /// Where a text is written, when it is read from somewhere.
  static func location(of text: DescriptorText?) -> SourceLocation? {
    switch text {
    case .keyPath(_, let at)?, .function(_, let at)?: at
    case .object(.named(_, let at))?, .object(.keyPath(_, let at))?: at
    default: nil
    }
  }
}
