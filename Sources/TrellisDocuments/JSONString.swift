/// JSON's string syntax: the one escaper of the document writer and the web host's messages.
package enum JSONString {
  /// Appends `string` to `output` as a JSON string literal, quotes included: `"` and `\`
  /// escaped, control characters as escapes, everything else (slashes, non-ASCII) as it is.
  package static func append(_ string: String, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    var string = string
    string.withUTF8 { bytes in
      var start = 0
      for (index, byte) in bytes.enumerated() where byte == 0x22 || byte == 0x5C || byte < 0x20 {
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        start = index + 1
        output.append(0x5C)
        switch byte {
        case 0x22, 0x5C: output.append(byte)
        case 0x0A: output.append(UInt8(ascii: "n"))
        case 0x0D: output.append(UInt8(ascii: "r"))
        case 0x09: output.append(UInt8(ascii: "t"))
        case 0x08: output.append(UInt8(ascii: "b"))
        case 0x0C: output.append(UInt8(ascii: "f"))
        default: output.append(contentsOf: ("u" + hex(UInt32(byte))).utf8)
        }
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
    }
    output.append(UInt8(ascii: "\""))
  }
}
