import Foundation
import TrellisValues

/// Writes a binary property list (`bplist00`) that keeps dictionary key order.
///
/// Equal scalars (the same string bytes, number, date or data) are written once and shared, as
/// Apple's writer does; every array and dictionary is its own object. References and offsets
/// use the fewest bytes that fit.
struct BinaryPlistWriter {
  var context: DocumentWriteContext

  /// One object of the table before encoding.
  private enum Entry {
    case scalar(Value)
    case array([Int])
    case dictionary(keys: [Int], values: [Int])
  }

  /// The identity of a scalar for sharing: exact bytes and bits, never a looser equality.
  private enum ScalarKey: Hashable {
    case bool(Bool)
    case int(Int)
    case double(UInt64)
    case date(UInt64)
    case string(ExactString)
    case data(Data)
  }

  /// A string compared by its exact UTF-8 bytes, not by canonical equivalence as `String` is.
  private struct ExactString: Hashable {
    let string: String

    init(_ string: String) { self.string = string }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.string.utf8.elementsEqual(rhs.string.utf8) }

    func hash(into hasher: inout Hasher) {
      var string = string
      string.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
  }

  private var entries: [Entry] = []
  private var shared: [ScalarKey: Int] = [:]

  init(context: DocumentWriteContext) {
    self.context = context
  }

  mutating func write(_ value: Value) throws(Diagnostic) -> [UInt8] {
    let top = try collect(value)
    let referenceSize = Self.fieldSize(for: UInt64(entries.count))
    var output: [UInt8] = Array("bplist00".utf8)
    var offsets: [Int] = []
    offsets.reserveCapacity(entries.count)
    for entry in entries {
      offsets.append(output.count)
      encode(entry, referenceSize: referenceSize, into: &output)
    }
    let tableOffset = output.count
    let offsetSize = Self.fieldSize(for: UInt64(tableOffset))
    for offset in offsets { Self.appendBigEndian(UInt64(offset), size: offsetSize, to: &output) }
    output.append(contentsOf: [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)])
    Self.appendBigEndian(UInt64(entries.count), size: 8, to: &output)
    Self.appendBigEndian(UInt64(top), size: 8, to: &output)
    Self.appendBigEndian(UInt64(tableOffset), size: 8, to: &output)
    return output
  }

  /// Adds `value` and what it holds to the object table; returns its reference.
  private mutating func collect(_ value: Value) throws(Diagnostic) -> Int {
    let key: ScalarKey
    switch value {
    case .null, .object: throw context.unrepresentable(value)
    case .bool(let bool): key = .bool(bool)
    case .int(let int): key = .int(int)
    case .double(let double): key = .double(double.bitPattern)
    case .date(let date): key = .date(date.timeIntervalSinceReferenceDate.bitPattern)
    case .string(let string): key = .string(ExactString(string))
    case .data(let data): key = .data(data)
    case .array(let array):
      let reference = entries.count
      entries.append(.array([]))
      var references: [Int] = []
      references.reserveCapacity(array.count)
      for (position, element) in array.enumerated() {
        context.path.append(String(position))
        references.append(try collect(element))
        context.path.removeLast()
      }
      entries[reference] = .array(references)
      return reference
    case .dictionary(let dictionary):
      let reference = entries.count
      entries.append(.array([]))
      var keys: [Int] = []
      var values: [Int] = []
      for (key, element) in dictionary {
        context.path.append(key)
        keys.append(try collect(.string(key)))
        values.append(try collect(element))
        context.path.removeLast()
      }
      entries[reference] = .dictionary(keys: keys, values: values)
      return reference
    }
    if let reference = shared[key] { return reference }
    let reference = entries.count
    entries.append(.scalar(value))
    shared[key] = reference
    return reference
  }

  private func encode(_ entry: Entry, referenceSize: Int, into output: inout [UInt8]) {
    switch entry {
    case .array(let references):
      Self.appendMarker(0xA0, count: references.count, to: &output)
      for reference in references {
        Self.appendBigEndian(UInt64(reference), size: referenceSize, to: &output)
      }
    case .dictionary(let keys, let values):
      Self.appendMarker(0xD0, count: keys.count, to: &output)
      for reference in keys + values {
        Self.appendBigEndian(UInt64(reference), size: referenceSize, to: &output)
      }
    case .scalar(let value):
      switch value {
      case .bool(let bool): output.append(bool ? 0x09 : 0x08)
      case .int(let int): Self.appendInteger(int, to: &output)
      case .double(let double):
        output.append(0x23)
        Self.appendBigEndian(double.bitPattern, size: 8, to: &output)
      case .date(let date):
        output.append(0x33)
        Self.appendBigEndian(date.timeIntervalSinceReferenceDate.bitPattern, size: 8, to: &output)
      case .data(let data):
        Self.appendMarker(0x40, count: data.count, to: &output)
        output.append(contentsOf: data)
      case .string(let string):
        if string.utf8.allSatisfy({ $0 < 0x80 }) {
          Self.appendMarker(0x50, count: string.utf8.count, to: &output)
          output.append(contentsOf: string.utf8)
        } else {
          let units = Array(string.utf16)
          Self.appendMarker(0x60, count: units.count, to: &output)
          for unit in units { Self.appendBigEndian(UInt64(unit), size: 2, to: &output) }
        }
      default: break
      }
    }
  }

  /// A marker with its count in the low nibble, or `0xF` followed by an integer object.
  private static func appendMarker(_ marker: UInt8, count: Int, to output: inout [UInt8]) {
    if count < 15 {
      output.append(marker | UInt8(count))
    } else {
      output.append(marker | 0x0F)
      appendInteger(count, to: &output)
    }
  }

  /// An integer object: 1, 2 or 4 bytes for small non-negative values, else 8 bytes signed.
  private static func appendInteger(_ int: Int, to output: inout [UInt8]) {
    let size = int < 0 ? 8 : byteCount(for: UInt64(int))
    let exponent: UInt8 =
      switch size {
      case 1: 0
      case 2: 1
      case 3, 4: 2
      default: 3
      }
    output.append(0x10 | exponent)
    appendBigEndian(UInt64(bitPattern: Int64(int)), size: 1 << Int(exponent), to: &output)
  }

  /// The fewest bytes (1...8) that hold `value`.
  private static func byteCount(for value: UInt64) -> Int {
    var count = 1
    while count < 8 && value >> (8 * UInt64(count)) != 0 { count += 1 }
    return count
  }

  /// The fewest of 1, 2, 4 or 8 bytes that hold `value`, for references and offsets.
  private static func fieldSize(for value: UInt64) -> Int {
    switch byteCount(for: value) {
    case 1: 1
    case 2: 2
    case 3, 4: 4
    default: 8
    }
  }

  private static func appendBigEndian(_ value: UInt64, size: Int, to output: inout [UInt8]) {
    for shift in stride(from: (size - 1) * 8, through: 0, by: -8) {
      output.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
    }
  }
}
