import Foundation
import TrellisValues

/// Reads a binary property list (`bplist00`) into a ``LocatedDocument``.
///
/// Trellis reads the format itself rather than through `PropertyListSerialization`, so that
/// dictionaries keep the order their keys have in the file. Binary files have no lines: the
/// document's location map is empty, its objects' byte offsets are kept instead (for later
/// errors about an entry), and reading errors name the byte offset in their message.
///
/// Sets read as arrays; UIDs (keyed archives) are not supported. Every offset and reference is
/// checked; cycles, nesting beyond the depth limit and shared containers that would expand out
/// of proportion to the file are errors.
struct BinaryPlistReader {
  private let bytes: [UInt8]
  private let file: String?
  private let options: DocumentReadOptions
  private var offsets: [Int] = []
  private var referenceSize = 1
  /// Where objects end: the offset table's start.
  private var objectsEnd = 0
  /// The containers being read, to find cycles.
  private var inProgress: [Bool] = []
  /// Objects already read (shared objects are read once), with their expanded sizes.
  private var cache: [(value: Value, size: Int)?] = []
  /// The most values a tree may expand to: shared containers must not multiply the file.
  private var sizeLimit: Int { 4 * bytes.count + 1024 }

  init(bytes: [UInt8], file: String?, options: DocumentReadOptions) {
    self.bytes = bytes
    self.file = file
    self.options = options
  }

  private func error(_ message: String, at offset: Int? = nil) -> Diagnostic {
    let place = offset.map { " at byte offset \($0)" } ?? ""
    return Diagnostic("binary property list: \(message)\(place)", file: file)
  }

  /// Reads the whole document.
  mutating func read() throws(Diagnostic) -> LocatedDocument {
    let magic = Array("bplist0".utf8)
    guard bytes.count >= 8 + 32, bytes.starts(with: magic) else {
      throw error("not a bplist00 file, or too short", at: 0)
    }
    let trailer = bytes.count - 32
    let offsetSize = Int(bytes[trailer + 6])
    referenceSize = Int(bytes[trailer + 7])
    let objectCount = unsignedInteger(at: trailer + 8, size: 8)
    let top = unsignedInteger(at: trailer + 16, size: 8)
    let tableOffset = unsignedInteger(at: trailer + 24, size: 8)
    guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
      throw error(
        "invalid trailer: offset size \(offsetSize), reference size \(referenceSize)",
        at: trailer)
    }
    guard objectCount > 0, objectCount <= UInt64(bytes.count), top < objectCount,
      tableOffset >= 8, tableOffset <= UInt64(trailer),
      UInt64(trailer) - tableOffset >= objectCount * UInt64(offsetSize)
    else {
      throw error(
        "invalid trailer: \(objectCount) objects, offset table at \(tableOffset)", at: trailer)
    }
    let table = Int(tableOffset)
    objectsEnd = table
    inProgress = Array(repeating: false, count: Int(objectCount))
    cache = Array(repeating: nil, count: Int(objectCount))
    offsets.reserveCapacity(Int(objectCount))
    for object in 0..<Int(objectCount) {
      let offset = unsignedInteger(at: table + object * offsetSize, size: offsetSize)
      guard offset >= 8, offset < tableOffset else {
        throw error(
          "object \(object) has an invalid offset \(offset)", at: table + object * offsetSize)
      }
      offsets.append(Int(offset))
    }
    let root = try object(Int(top), depth: 0).value
    var document = LocatedDocument(root: root, format: .binaryPlist, file: file)
    var budget = sizeLimit
    recordOffsets(of: Int(top), path: "", into: &document.byteOffsets, budget: &budget)
    return document
  }

  /// Records where the object `reference` and, for containers, every object in it start, by
  /// key path (the first path recorded wins, as for text formats). Called once the document
  /// has been read, so every reference is valid and every object cached; `budget` bounds the
  /// walk as the size limit bounds the tree.
  private func recordOffsets(
    of reference: Int, path: String, into byteOffsets: inout [String: Int], budget: inout Int
  ) {
    guard budget > 0 else { return }
    budget -= 1
    let offset = offsets[reference]
    if byteOffsets[path] == nil { byteOffsets[path] = offset }
    let kind = bytes[offset] >> 4
    guard kind == 0xA || kind == 0xC || kind == 0xD,
      let content = try? lengthAndStart(offset, Int(bytes[offset] & 0x0F))
    else { return }
    let (start, count) = content
    let prefix = path.isEmpty ? "" : path + "."
    for position in 0..<count {
      var key = String(position)
      var child = childReference(start, position)
      if kind == 0xD {
        guard case .string(let name)? = cache[child]?.value else { continue }
        key = name
        child = childReference(start, count + position)
      }
      recordOffsets(of: child, path: prefix + key, into: &byteOffsets, budget: &budget)
    }
  }

  /// A big-endian unsigned integer of `size` bytes at `offset` (callers check bounds).
  private func unsignedInteger(at offset: Int, size: Int) -> UInt64 {
    var value: UInt64 = 0
    for index in offset..<offset + size { value = value << 8 | UInt64(bytes[index]) }
    return value
  }

  /// Checks that `count` bytes from `offset` lie before the offset table.
  private func check(_ offset: Int, count: Int) throws(Diagnostic) {
    guard count >= 0, offset <= objectsEnd, count <= objectsEnd - offset else {
      throw error("object runs past the end of the data", at: offset)
    }
  }

  /// Reads object `reference`; returns it and the number of values it expands to.
  private mutating func object(_ reference: Int, depth: Int) throws(Diagnostic) -> (
    value: Value, size: Int
  ) {
    guard reference < offsets.count else { throw error("reference \(reference) is out of range") }
    if let cached = cache[reference] { return cached }
    guard !inProgress[reference] else {
      throw error("object \(reference) contains itself", at: offsets[reference])
    }
    let offset = offsets[reference]
    let marker = bytes[offset]
    let info = Int(marker & 0x0F)
    let value: Value
    var size = 1
    switch marker >> 4 {
    case 0x0:
      switch marker {
      case 0x00: value = .null
      case 0x08: value = .bool(false)
      case 0x09: value = .bool(true)
      default: throw error("unknown marker 0x\(String(marker, radix: 16))", at: offset)
      }
    case 0x1: value = .int(try integer(at: offset))
    case 0x2:
      guard info == 2 || info == 3 else { throw error("invalid real size", at: offset) }
      let size = 1 << info
      try check(offset + 1, count: size)
      let raw = unsignedInteger(at: offset + 1, size: size)
      value = .double(size == 4 ? Double(Float(bitPattern: UInt32(raw))) : Double(bitPattern: raw))
    case 0x3:
      guard marker == 0x33 else { throw error("invalid date marker", at: offset) }
      try check(offset + 1, count: 8)
      let interval = Double(bitPattern: unsignedInteger(at: offset + 1, size: 8))
      value = .date(Date(timeIntervalSinceReferenceDate: interval))
    case 0x4:
      let (start, count) = try lengthAndStart(offset, info)
      try check(start, count: count)
      value = .data(Data(bytes[start..<start + count]))
    case 0x5:
      let (start, count) = try lengthAndStart(offset, info)
      try check(start, count: count)
      guard bytes[start..<start + count].allSatisfy({ $0 < 0x80 }) else {
        throw error("ASCII string holds a non-ASCII byte", at: start)
      }
      value = .string(String(decoding: bytes[start..<start + count], as: UTF8.self))
    case 0x6:
      let (start, count) = try lengthAndStart(offset, info)
      guard count <= Int.max / 2 else { throw error("string is too long", at: offset) }
      try check(start, count: count * 2)
      value = .string(try utf16String(start, count))
    case 0xA, 0xC:
      let (start, count) = try lengthAndStart(offset, info)
      try checkReferences(start, count)
      try checkDepth(depth + 1, at: offset)
      inProgress[reference] = true
      var array: [Value] = []
      for element in 0..<count {
        let child = try object(childReference(start, element), depth: depth + 1)
        array.append(child.value)
        size = try grow(size, by: child.size, at: offset)
      }
      inProgress[reference] = false
      value = .array(array)
    case 0xD:
      let (start, count) = try lengthAndStart(offset, info)
      guard count <= Int.max / 2 else { throw error("dictionary is too long", at: offset) }
      try checkReferences(start, count * 2)
      try checkDepth(depth + 1, at: offset)
      inProgress[reference] = true
      var dictionary = ValueDictionary()
      for entry in 0..<count {
        let keyReference = childReference(start, entry)
        guard case .string(let key) = try object(keyReference, depth: depth + 1).value else {
          throw error("dictionary key is not a string", at: offsets[keyReference])
        }
        if dictionary[key] != nil && !options.allowsDuplicateKeys {
          throw error("duplicate key '\(key)'", at: offset)
        }
        let child = try object(childReference(start, count + entry), depth: depth + 1)
        dictionary[key] = child.value
        size = try grow(size, by: child.size + 1, at: offset)
      }
      inProgress[reference] = false
      value = .dictionary(dictionary)
    case 0x8: throw error("UIDs (keyed archives) are not supported", at: offset)
    default: throw error("unknown marker 0x\(String(marker, radix: 16))", at: offset)
    }
    cache[reference] = (value, size)
    return (value, size)
  }

  /// `size + added`, failing beyond the size limit.
  private func grow(_ size: Int, by added: Int, at offset: Int) throws(Diagnostic) -> Int {
    guard added <= sizeLimit - size else {
      throw error("shared objects expand far beyond the file's size", at: offset)
    }
    return size + added
  }

  private func checkDepth(_ depth: Int, at offset: Int) throws(Diagnostic) {
    if depth > options.maximumDepth {
      throw error("nesting is deeper than \(options.maximumDepth) levels", at: offset)
    }
  }

  private func checkReferences(_ start: Int, _ count: Int) throws(Diagnostic) {
    guard count <= Int.max / referenceSize else { throw error("container is too long", at: start) }
    try check(start, count: count * referenceSize)
  }

  /// The object reference number `position` of the list at `start`.
  private func childReference(_ start: Int, _ position: Int) -> Int {
    let raw = unsignedInteger(at: start + position * referenceSize, size: referenceSize)
    return raw > UInt64(Int.max) ? Int.max : Int(raw)
  }

  /// The integer object at `offset`: 1, 2 and 4 bytes unsigned, 8 bytes signed, 16 bytes only
  /// when the value fits an `Int`.
  private func integer(at offset: Int) throws(Diagnostic) -> Int {
    let info = Int(bytes[offset] & 0x0F)
    guard info <= 4 else { throw error("invalid integer size", at: offset) }
    let size = 1 << info
    try check(offset + 1, count: size)
    if size == 16 {
      let high = unsignedInteger(at: offset + 1, size: 8)
      let low = unsignedInteger(at: offset + 9, size: 8)
      guard (high == 0 && low <= UInt64(Int.max)) || (high == .max && low > UInt64(Int.max)) else {
        throw error("integer is out of range", at: offset)
      }
      return Int(Int64(bitPattern: low))
    }
    let raw = unsignedInteger(at: offset + 1, size: size)
    return size == 8 ? Int(Int64(bitPattern: raw)) : Int(raw)
  }

  /// The start of a data, string or container object's content and its length.
  private func lengthAndStart(_ offset: Int, _ info: Int) throws(Diagnostic) -> (Int, Int) {
    guard info == 0x0F else { return (offset + 1, info) }
    try check(offset + 1, count: 1)
    guard bytes[offset + 1] >> 4 == 0x1 else { throw error("invalid length", at: offset + 1) }
    let length = try integer(at: offset + 1)
    guard length >= 0 else { throw error("negative length", at: offset + 1) }
    return (offset + 2 + (1 << Int(bytes[offset + 1] & 0x0F)), length)
  }

  private func utf16String(_ start: Int, _ count: Int) throws(Diagnostic) -> String {
    var units: [UInt16] = []
    units.reserveCapacity(count)
    for unit in 0..<count {
      units.append(UInt16(unsignedInteger(at: start + unit * 2, size: 2)))
    }
    var result = String.UnicodeScalarView()
    var iterator = units.makeIterator()
    var decoder = UTF16()
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar): result.append(scalar)
      case .emptyInput: return String(result)
      case .error: throw error("string holds invalid UTF-16", at: start)
      }
    }
  }
}
