// A libFuzzer target for the terminal host's key decoder. Built by Fuzz/run-keys.sh against the
// decoder's folder of TrellisTerminal (Fuzz/build-modules.sh), which needs no other module.
import TrellisTerminal

/// Decodes the input (after its first byte) whole and cut in two at a place the first byte
/// picks, and checks what must always hold:
/// - nothing traps, and no more than `KeyDecoder.maximumPending` bytes ever wait;
/// - a flush leaves nothing waiting;
/// - the two ways give the same keys, unless the whole input waited past the limit.
@_cdecl("LLVMFuzzerTestOneInput")
public func keysFuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let first = bytes.first else { return 0 }
  let input = Array(bytes.dropFirst())
  var whole = KeyDecoder()
  var keys = whole.decode(input)
  guard whole.pending.count <= KeyDecoder.maximumPending else {
    fatalError("\(whole.pending.count) bytes pending")
  }
  keys += whole.flush()
  guard whole.pending.isEmpty else { fatalError("a flush left bytes pending") }
  let cut = input.isEmpty ? 0 : Int(first) % (input.count + 1)
  var split = KeyDecoder()
  var again = split.decode(input[..<cut])
  again += split.decode(input[cut...])
  again += split.flush()
  // A sequence longer than the limit is dropped where it crosses it, which depends on the cut.
  let long = input.count > KeyDecoder.maximumPending
  if !long && again != keys {
    fatalError("cut at \(cut) of \(input): \(again) instead of \(keys)")
  }
  for key in keys { _ = key.description }
  return 0
}
