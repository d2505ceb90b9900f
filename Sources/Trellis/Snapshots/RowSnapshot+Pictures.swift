import Foundation

/// The pictures an image row takes as data (an upload): PNG, JPEG and GIF, checked by their
/// bytes, as every host draws them. A path or a web address is taken as it is.
extension RowSnapshot {
  /// The formats a `data:` address may hold, with the bytes each one's files begin with.
  private static let pictureFormats: [(type: String, name: String, signatures: [[UInt8]])] = [
    ("image/png", "PNG", [[0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]]),
    ("image/jpeg", "JPEG", [[0xFF, 0xD8, 0xFF]]),
    ("image/gif", "GIF", [Array("GIF87a".utf8), Array("GIF89a".utf8)]),
  ]

  /// Refuses a `data:` address that is not a PNG, JPEG or GIF picture whose bytes are what it
  /// says: a file of another kind chosen in an upload, or bytes renamed as an image.
  static func checkPicture(_ address: String, for name: String) throws(ControlInputError) {
    guard address.prefix(5).lowercased() == "data:" else { return }
    let wanted = "\(name) takes a PNG, JPEG or GIF picture"
    guard let comma = address.firstIndex(of: ",") else {
      throw ControlInputError("\(wanted): this address holds no data")
    }
    let header = address[address.index(address.startIndex, offsetBy: 5)..<comma].lowercased()
    let parts = header.split(separator: ";").map(String.init)
    guard let format = pictureFormats.first(where: { $0.type == parts.first }) else {
      let type = parts.first.flatMap { $0.isEmpty ? nil : $0 } ?? "text"
      throw ControlInputError("\(wanted): this file is \(type)")
    }
    guard parts.dropFirst().contains("base64"),
      let bytes = Data(base64Encoded: String(address[address.index(after: comma)...]))
    else {
      throw ControlInputError("\(wanted): this \(format.name) is not encoded as base64")
    }
    guard format.signatures.contains(where: { bytes.starts(with: $0) }) else {
      throw ControlInputError("\(wanted): this file is named \(format.name) but is not one")
    }
  }
}
